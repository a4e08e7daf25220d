/**
 * The sampler calibrations at full size (`pnpm test:big`): each bisects about 20 PLD compositions
 * of a run of N = 10 000, b = 100, T = 300, seconds to tens of seconds each. The default suite
 * (src/sampling/sampler-accounting.test.ts) checks the same properties on a short run.
 */
import { describe, expect, it } from 'vitest';
import { samplerEpsilon, samplerNoiseMultiplier } from '../../src/index.js';
import { accountantEvaluationWork } from '../../src/calibration/calibration-work.js';

describe('samplerNoiseMultiplier at full size', () => {
  it.each(['poisson', 'fixed-size', 'balls-in-bins', 'truncated-poisson'] as const)('returns the smallest σ (1e-4 relative) whose sampler ε meets the target (%s, N = 10 000, b = 100, T = 300)', (sampler) => {
    const base = { datasetSize: 10_000, batchSize: 100, steps: 300, sampler, ...(sampler === 'truncated-poisson' ? { maxBatchSize: 115 } : {}) };
    const { noiseMultiplier, epsilon } = samplerNoiseMultiplier(base, { epsilon: 2, delta: 1e-5 });
    expect(epsilon.epsilon.value).toBeLessThanOrEqual(2);
    expect(samplerEpsilon({ ...base, noiseMultiplier: noiseMultiplier * (1 - 1e-4) }, 1e-5).epsilon.value).toBeGreaterThan(2);
  });

  it('calibrates fixed-size under substitution on the symmetrised ε (N = 10 000, b = 100, T = 300)', () => {
    const base = { datasetSize: 10_000, batchSize: 100, steps: 300, sampler: 'fixed-size', neighbouring: 'substitution' } as const;
    const { noiseMultiplier, epsilon } = samplerNoiseMultiplier(base, { epsilon: 2, delta: 1e-5 });
    expect(epsilon.epsilon.value).toBeLessThanOrEqual(2);
    expect(samplerEpsilon({ ...base, noiseMultiplier: noiseMultiplier * (1 - 1e-4) }, 1e-5).epsilon.value).toBeGreaterThan(2);
    expect(noiseMultiplier).toBeGreaterThanOrEqual(samplerNoiseMultiplier({ ...base, neighbouring: 'add-remove' }, { epsilon: 2, delta: 1e-5 }).noiseMultiplier * (1 - 1e-3));
  });

  it.each(['shuffle', 'balls-in-bins'] as const)('calibrates on the loop\'s epochs: fewer batches per epoch need more noise (%s, both k calibrated)', (sampler) => {
    const base = { sampler, datasetSize: 1000, batchSize: 300, steps: 40 } as const;
    const four = samplerNoiseMultiplier(base, { epsilon: 4, delta: 1e-5 });
    const three = samplerNoiseMultiplier({ ...base, batchesPerEpoch: 3 }, { epsilon: 4, delta: 1e-5 });
    expect(four.epsilon.batchesPerEpoch).toBe(4);
    expect(three.epsilon.batchesPerEpoch).toBe(3);
    expect(three.noiseMultiplier).toBeGreaterThan(four.noiseMultiplier);
    const at = sampler === 'shuffle' ? three.epsilon.upper?.value : three.epsilon.epsilon.value;
    expect(at).toBeLessThanOrEqual(4);
  });
});

describe('samplerNoiseMultiplier at a target far above ε at the start (the library fuzz: target.epsilon = 1e15 … MAX_VALUE)', () => {
  it.each([[1e15], [2 ** 53 + 1], [1e308], [Number.MAX_VALUE]])('epsilon %s: the σ floor (fixed-size: 2 × 0.01) after two search evaluations and the ε there', (target) => {
    const run = { sampler: 'fixed-size', datasetSize: 60_000, batchSize: 256, steps: 10_000 } as const; // the @example
    const r = samplerNoiseMultiplier(run, { epsilon: target, delta: 1e-5 });
    expect(r.noiseMultiplier).toBe(0.02);
    expect(r.epsilon.epsilon.value).toBeLessThanOrEqual(target);
    // two PLD evaluations of the search and the sampler ε at the answer (three more units): the walk down took eight or more
    expect(r.work).toBeLessThanOrEqual(5 * accountantEvaluationWork('pld', run.steps));
  });
});
