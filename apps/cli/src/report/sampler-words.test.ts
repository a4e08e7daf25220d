import { describe, expect, it } from 'vitest';
import type { SamplerEpsilon } from '@dpbounds/accountants';
import { epsilonWords, samplerEpsilonJson, samplerEpsilonRows } from './sampler-words.js';

// The shape samplerEpsilon gives a shuffled run: a lower bound as its ε, the no-amplification guarantee above it.
const shuffled: SamplerEpsilon = {
  sampler: 'shuffle',
  neighbouring: 'add-remove',
  delta: 1e-5,
  epsilon: { value: 4.1, kind: 'lower-bound', method: 'max test' },
  lower: { value: 4.1, kind: 'lower-bound', method: 'max test' },
  upper: { value: 30, kind: 'guarantee', method: 'one release per epoch' },
  poisson: { value: 1.8, kind: 'guarantee', method: 'pld' },
  poissonValidForRun: false,
  note: "Your loop shuffles; the Poisson accountant's ε = 1.8 does not apply; shuffling's ε is at least 4.1.",
};

describe('sampler words', () => {
  it('never words a lower bound or an estimate as a guarantee', () => {
    expect(epsilonWords({ value: 4.1, kind: 'lower-bound' })).toBe('ε ≥ 4.1 (lower bound: the true ε is at least this)');
    expect(epsilonWords({ value: 0.84, kind: 'estimate' })).toBe('ε ≈ 0.84 (estimate, not a bound)');
    expect(epsilonWords({ value: 1.23456, kind: 'guarantee' })).toBe('ε ≤ 1.235 (guarantee)');
  });

  it('a shuffled run reads as a lower bound with its proven upper bound, the Poisson ε flagged as not applying', () => {
    const rows = samplerEpsilonRows(shuffled);
    expect(rows[0]).toEqual(['ε of shuffling', 'ε ≥ 4.1 (lower bound: the true ε is at least this)']);
    expect(rows).toContainEqual(['proven upper bound', 'ε ≤ 30 (guarantee)']);
    expect(rows.find((r) => r[0] === 'proven lower bound')).toBeUndefined(); // same number as the ε row
    expect(rows.at(-1)).toEqual(['Poisson accountant', 'ε = 1.8 at q = b/N: does NOT apply to this run']);
  });

  it('the JSON keeps every value with its kind', () => {
    const json = samplerEpsilonJson(shuffled);
    expect(json).toMatchObject({ sampling: 'shuffle', epsilon: 4.1, kind: 'lower-bound', poissonValidForRun: false });
    expect(json.upper).toEqual({ epsilon: 30, kind: 'guarantee', neighbouring: 'add-remove', method: 'one release per epoch' });
    expect(json.poisson.kind).toBe('guarantee');
  });

  it('states the epochs priced and the zero-out reading of add-remove, in the JSON and the rows', () => {
    const epochs: SamplerEpsilon = {
      ...shuffled,
      epsilon: { ...shuffled.epsilon, readAs: 'zero-out' },
      upper: { value: 30, kind: 'guarantee', method: 'one release per epoch', readAs: 'zero-out' },
      batchesPerEpoch: 2,
      epochs: 2,
      fullEpochs: 1,
    };
    const json = samplerEpsilonJson(epochs);
    expect(json).toMatchObject({ readAs: 'zero-out', batchesPerEpoch: 2, epochs: 2, fullEpochs: 1, neighbouring: 'add-remove' });
    expect(json.upper).toEqual({ epsilon: 30, kind: 'guarantee', neighbouring: 'add-remove', readAs: 'zero-out', method: 'one release per epoch' });
    expect(json.poisson.readAs).toBeUndefined();
    const rows = samplerEpsilonRows(epochs);
    expect(rows).toContainEqual(['epochs', '2 of 2 batches (the guarantee counts a partial last epoch whole; 1 full)']);
    expect(rows).toContainEqual(['neighbouring', 'add-remove, read as zero-out (the record replaced by one with zero gradient)']);
    expect(samplerEpsilonJson(shuffled)).not.toHaveProperty('batchesPerEpoch');
  });

  it('says when no upper bound is known for a sampler whose ε is not a guarantee', () => {
    const { upper: _upper, ...noUpper } = shuffled;
    expect(samplerEpsilonRows(noUpper)).toContainEqual(['proven upper bound', 'none known for this sampler']);
  });
});
