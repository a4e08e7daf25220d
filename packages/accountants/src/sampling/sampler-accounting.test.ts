import { describe, expect, it } from 'vitest';
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { RdpAccountant } from '../rdp/rdp-accountant.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { dpSgdEvent, gaussianEvent, selfComposedEvent } from '../events/mechanism-event.js';
import { shuffleEpsilonLowerBound } from './shuffle-lower-bound.js';
import fixtures from './fixtures/sampler-fixtures.json' with { type: 'json' };
import { BATCH_SAMPLERS, samplerEpsilon, samplerEvent, samplerNoiseMultiplier, samplerSupport, type SamplerRun } from './sampler-accounting.js';

const run = { datasetSize: 10_000, batchSize: 100, noiseMultiplier: 1.5, steps: 500 } as const;

describe('samplerEpsilon', () => {
  it('fixed-size PLD equals dp_accounting\'s sensitivity-2 Poisson PLD (h = 1e-4) within 2e-3 relative', () => {
    for (const c of fixtures.fixed_size_pld) {
      const r = samplerEpsilon({ sampler: 'fixed-size', datasetSize: c.datasetSize, batchSize: c.batchSize, noiseMultiplier: c.sigma, steps: c.steps }, c.delta);
      expect(Math.abs(r.epsilon.value - c.epsilon) / c.epsilon).toBeLessThan(2e-3);
    }
  });

  it('fixed-size RDP (tight pair) is below dp_accounting\'s sampling-without-replacement RDP bound (Wang et al. 2019) and above the PLD value', () => {
    for (const c of fixtures.fixed_size_rdp_wor) {
      const runC: SamplerRun = { sampler: 'fixed-size', datasetSize: c.datasetSize, batchSize: c.batchSize, noiseMultiplier: c.sigma, steps: c.steps };
      const rdp = samplerEpsilon(runC, c.delta, { accountant: 'rdp' }).epsilon.value;
      expect(rdp).toBeLessThanOrEqual(c.epsilon * (1 + 1e-9));
      expect(rdp).toBeGreaterThanOrEqual(samplerEpsilon(runC, c.delta).epsilon.value);
    }
  });

  it('fixed-size is never below Poisson at the same q: add-remove by monotonicity in σ (same pair at σ/2), substitution as a numerical fact on these runs', () => {
    for (const neighbouring of ['add-remove', 'substitution'] as const) {
      for (const sigma of [0.8, 1.5, 4]) {
        const r = samplerEpsilon({ ...run, sampler: 'fixed-size', noiseMultiplier: sigma, neighbouring }, 1e-5);
        expect(r.epsilon.value).toBeGreaterThanOrEqual(r.poisson.value);
        expect(r.poissonValidForRun).toBe(false);
        expect(r.neighbouring).toBe(neighbouring);
      }
    }
  });

  it('fixed-size under substitution (symmetrised pair) is never below add-remove, and is PLD only', () => {
    for (const sigma of [0.8, 1.5]) {
      const sub = samplerEpsilon({ ...run, sampler: 'fixed-size', noiseMultiplier: sigma, neighbouring: 'substitution' }, 1e-5);
      const ar = samplerEpsilon({ ...run, sampler: 'fixed-size', noiseMultiplier: sigma }, 1e-5);
      expect(sub.epsilon.value).toBeGreaterThanOrEqual(ar.epsilon.value * (1 - 1e-3));
      expect(sub.epsilon.method).toMatch(/symmetrised/);
      expect(sub.lower?.value).toBeLessThanOrEqual(sub.epsilon.value);
    }
    expect(() => samplerEpsilon({ ...run, sampler: 'fixed-size', neighbouring: 'substitution' }, 1e-5, { accountant: 'rdp' })).toThrow(/accountant/);
  });

  it('is monotone in σ and T for every sampler with a result', () => {
    for (const sampler of ['poisson', 'fixed-size', 'balls-in-bins', 'truncated-poisson'] as const) {
      const extra = sampler === 'truncated-poisson' ? { maxBatchSize: 110 } : {};
      const e = (noiseMultiplier: number, steps: number): number => samplerEpsilon({ ...run, ...extra, sampler, noiseMultiplier, steps }, 1e-5).epsilon.value;
      expect(e(2, 500)).toBeLessThan(e(1.5, 500));
      expect(e(1.5, 700)).toBeGreaterThan(e(1.5, 500));
    }
  });

  it('grows with the batch size b (the rate b/N) for every sampler with a result', () => {
    for (const sampler of ['poisson', 'fixed-size', 'balls-in-bins', 'truncated-poisson'] as const) {
      const e = (batchSize: number): number => samplerEpsilon({ ...run, sampler, batchSize, ...(sampler === 'truncated-poisson' ? { maxBatchSize: 2 * batchSize } : {}) }, 1e-5).epsilon.value;
      expect(e(200)).toBeGreaterThan(e(100));
    }
  });

  it('truncated Poisson tends to Poisson as the cap grows', () => {
    const capped = (maxBatchSize: number): number => samplerEpsilon({ ...run, sampler: 'truncated-poisson', maxBatchSize }, 1e-5).epsilon.value;
    const poisson = samplerEpsilon({ ...run, sampler: 'poisson' }, 1e-5).epsilon.value;
    expect(capped(110)).toBeGreaterThan(capped(130));
    expect(Math.abs(capped(10_000) - poisson) / poisson).toBeLessThan(2e-3);
  });

  it('balls-in-bins: lower bound ≤ estimate at the Poisson rate 1/k ≤ guarantee without amplification', () => {
    const r = samplerEpsilon({ ...run, sampler: 'balls-in-bins' }, 1e-5);
    expect(r.epsilon.kind).toBe('estimate');
    expect(r.upper?.kind).toBe('guarantee');
    expect(r.lower?.kind).toBe('lower-bound');
    expect(r.lower?.value).toBeGreaterThan(0);
    expect(r.lower?.value).toBeLessThan(r.epsilon.value);
    expect(r.epsilon.value).toBeLessThan(r.upper?.value as number);
    // two batches per epoch, two epochs, little noise: Poisson at 1/2 exceeds the guarantee, which then is the answer
    const few = samplerEpsilon({ sampler: 'balls-in-bins', datasetSize: 100, batchSize: 50, noiseMultiplier: 0.5, steps: 4 }, 1e-5);
    expect(few.epsilon).toEqual(few.upper);
    expect(few.lower?.value).toBeLessThanOrEqual(few.epsilon.value);
    expect(r.epsilon.value).toBe(r.poisson.value); // k = N/b exactly: rate 1/k = b/N
    // a partial epoch counts as a whole one in the guarantee
    expect(samplerEpsilon({ ...run, sampler: 'balls-in-bins', steps: 401 }, 1e-5).upper?.value).toBe(r.upper?.value);
  });

  it('says which numbers apply to the run', () => {
    const p = samplerEpsilon({ ...run, sampler: 'poisson' }, 1e-5);
    expect(p.poissonValidForRun).toBe(true);
    expect(p.epsilon).toEqual(p.poisson);
    const f = samplerEpsilon({ ...run, sampler: 'fixed-size' }, 1e-5);
    // the pair is attained by a worst-case data set, so the optimistic end of the grid is a lower bound
    expect(f.lower?.kind).toBe('lower-bound');
    expect(f.lower?.value).toBeLessThanOrEqual(f.epsilon.value);
    expect(f.lower?.value).toBeGreaterThan(0.9 * f.epsilon.value);
    expect(p.lower?.value).toBeLessThanOrEqual(p.epsilon.value);
    expect(samplerEpsilon({ ...run, sampler: 'truncated-poisson', maxBatchSize: 120 }, 1e-5).lower).toBeUndefined();
    expect(f.note).toMatch(/Poisson ε = [\d.]+ does not apply/);
    expect(f.epsilon.kind).toBe('guarantee');
  });

  it('shuffle: its ε is the max-test lower bound, below the no-amplification guarantee, and the Poisson ε is flagged as not applying', () => {
    for (const neighbouring of ['add-remove', 'substitution'] as const) {
      const s = samplerEpsilon({ ...run, sampler: 'shuffle', neighbouring }, 1e-5);
      const lb = shuffleEpsilonLowerBound({ ...run, neighbouring }, 1e-5);
      expect(s.epsilon).toEqual({ value: lb.value, kind: 'lower-bound', method: lb.method });
      expect(s.lower).toEqual(s.epsilon);
      expect(s.upper?.kind).toBe('guarantee');
      expect(s.upper?.value).toBe(new PldAccountant({ neighbouring }).compose(selfComposedEvent(gaussianEvent(run.noiseMultiplier), 5)).getEpsilon(1e-5));
      expect(s.epsilon.value).toBeGreaterThan(0);
      expect(s.epsilon.value).toBeLessThan(s.upper?.value ?? 0);
      expect(s.poissonValidForRun).toBe(false);
      expect(s.poisson.value).toBe(samplerEpsilon({ ...run, sampler: 'poisson', neighbouring }, 1e-5).poisson.value);
      expect(s.note).toMatch(/^Your loop shuffles; the Poisson accountant's ε = [\d.]+ does not apply .*shuffling's ε is at least [\d.]+ .*No upper bound that credits the shuffling is known/);
    }
    // substitution at small σ: the lower bound is above the Poisson ε (the shuffling gap)
    const gap = samplerEpsilon({ ...run, sampler: 'shuffle', neighbouring: 'substitution', noiseMultiplier: 1 }, 1e-5);
    expect(gap.epsilon.value).toBeGreaterThan(gap.poisson.value);
    // before the first full epoch ends no lower bound above 0 is known, and the note says so
    const early = samplerEpsilon({ ...run, sampler: 'shuffle', steps: 50 }, 1e-5);
    expect(early.epsilon.value).toBe(0);
    expect(early.note).toMatch(/no full epoch of 100 batches has run/);
    expect(() => samplerEvent({ ...run, sampler: 'shuffle' })).toThrow(DpboundsTypeError);
    expect(samplerSupport('shuffle').epsilonKind).toBe('lower-bound');
  });

  it('refuses bad runs naming the field', () => {
    expect(() => samplerEpsilon({ ...run, sampler: 'truncated-poisson' }, 1e-5)).toThrow(/maxBatchSize/);
    expect(() => samplerEpsilon({ ...run, sampler: 'truncated-poisson', maxBatchSize: 50 }, 1e-5)).toThrow(/maxBatchSize must be an integer in \[batchSize = 100/);
    expect(() => samplerEpsilon({ ...run, sampler: 'poisson', maxBatchSize: 200 }, 1e-5)).toThrow(/maxBatchSize/);
    expect(() => samplerEpsilon({ ...run, sampler: 'poisson', batchSize: 20_000 }, 1e-5)).toThrow(DpboundsRangeError);
    expect(() => samplerEpsilon({ ...run, sampler: 'bootstrap' as never }, 1e-5)).toThrow(/sampler must be one of/);
    expect(() => samplerEpsilon({ ...run, sampler: 'poisson' }, 1)).toThrow(/delta/);
    expect(() => samplerEpsilon({ ...run, sampler: 'poisson', noiseMultiplier: 0 }, 1e-5)).toThrow(/noiseMultiplier/);
    expect(() => samplerEpsilon({ ...run, sampler: 'truncated-poisson', maxBatchSize: 200 }, 1e-5, { accountant: 'rdp' })).toThrow(/accountant/);
    expect(() => samplerEpsilon({ ...run, sampler: 'poisson' }, 1e-5, { accountant: 'prv' as never })).toThrow(/accountant/);
  });
});

describe('samplerEvent', () => {
  it('gives events that price like samplerEpsilon', () => {
    const f = samplerEvent({ ...run, sampler: 'fixed-size' });
    expect(new PldAccountant().compose(f).getEpsilon(1e-5)).toBe(samplerEpsilon({ ...run, sampler: 'fixed-size' }, 1e-5).epsilon.value);
    expect(samplerEvent({ ...run, sampler: 'poisson' })).toEqual(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1.5, steps: 500 }));
    expect(samplerEvent({ ...run, sampler: 'balls-in-bins', steps: 250 })).toMatchObject({ kind: 'balls-in-bins', epochs: 3 });
    expect(new RdpAccountant().supports(samplerEvent({ ...run, sampler: 'truncated-poisson', maxBatchSize: 120 }))).toBe(false);
    expect(selfComposedEvent(f, 2).count).toBe(2);
  });
});

describe('samplerNoiseMultiplier', () => {
  it('returns the smallest σ (1e-4 relative) whose sampler ε meets the target', () => {
    for (const sampler of ['poisson', 'fixed-size', 'balls-in-bins', 'truncated-poisson'] as const) {
      const base = { datasetSize: 10_000, batchSize: 100, steps: 300, sampler, ...(sampler === 'truncated-poisson' ? { maxBatchSize: 115 } : {}) };
      const { noiseMultiplier, epsilon } = samplerNoiseMultiplier(base, { epsilon: 2, delta: 1e-5 });
      expect(epsilon.epsilon.value).toBeLessThanOrEqual(2);
      expect(samplerEpsilon({ ...base, noiseMultiplier: noiseMultiplier * (1 - 1e-4) }, 1e-5).epsilon.value).toBeGreaterThan(2);
    }
  });

  it('calibrates fixed-size under substitution on the symmetrised ε', () => {
    const base = { datasetSize: 10_000, batchSize: 100, steps: 300, sampler: 'fixed-size', neighbouring: 'substitution' } as const;
    const { noiseMultiplier, epsilon } = samplerNoiseMultiplier(base, { epsilon: 2, delta: 1e-5 });
    expect(epsilon.epsilon.value).toBeLessThanOrEqual(2);
    expect(samplerEpsilon({ ...base, noiseMultiplier: noiseMultiplier * (1 - 1e-4) }, 1e-5).epsilon.value).toBeGreaterThan(2);
    expect(noiseMultiplier).toBeGreaterThanOrEqual(samplerNoiseMultiplier({ ...base, neighbouring: 'add-remove' }, { epsilon: 2, delta: 1e-5 }).noiseMultiplier * (1 - 1e-3));
  });

  it('calibrates shuffle on its guarantee (one Gaussian release per epoch), never on its lower bound', () => {
    const base = { datasetSize: 10_000, batchSize: 100, steps: 300, sampler: 'shuffle' } as const;
    const { noiseMultiplier, epsilon } = samplerNoiseMultiplier(base, { epsilon: 2, delta: 1e-5 });
    expect(epsilon.upper?.value).toBeLessThanOrEqual(2);
    expect(epsilon.epsilon.value).toBeLessThan(epsilon.upper?.value ?? 0);
    expect(samplerEpsilon({ ...base, noiseMultiplier: noiseMultiplier * (1 - 1e-4) }, 1e-5).upper?.value).toBeGreaterThan(2);
  });

  it('refuses a run that already carries σ', () => {
    expect(() => samplerNoiseMultiplier({ ...run, sampler: 'poisson' } as never, { epsilon: 1, delta: 1e-5 })).toThrow(/run\.noiseMultiplier/);
  });
});

describe('samplerSupport', () => {
  it('lists every sampler with the kind of its ε', () => {
    expect(BATCH_SAMPLERS).toEqual(['poisson', 'fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson']);
    expect(BATCH_SAMPLERS.map((s) => samplerSupport(s).epsilonKind)).toEqual(['guarantee', 'guarantee', 'lower-bound', 'estimate', 'guarantee']);
    expect(() => samplerSupport('x' as never)).toThrow(/sampler/);
  });
});
