import { describe, expect, it } from 'vitest';
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { gdpEpsilon } from '@dpbounds/tradeoff-core';
import { RdpAccountant } from '../rdp/rdp-accountant.js';
import { ballsInBinsRdpEpsilon } from '../rdp/balls-in-bins-gaussian-rdp.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { dpSgdEvent, gaussianEvent, selfComposedEvent } from '../events/mechanism-event.js';
import { shuffleEpsilonLowerBound } from './shuffle-lower-bound.js';
import fixtures from './fixtures/sampler-fixtures.json' with { type: 'json' };
import { BATCH_SAMPLERS, samplerEpsilon, samplerEvent, samplerNoiseMultiplier, samplerSupport, type SamplerEpsilon, type SamplerRun } from './sampler-accounting.js';

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

  it.each([0.8, 1.5])('fixed-size under substitution (symmetrised pair) is never below add-remove (σ = %s)', (sigma) => {
    {
      const sub = samplerEpsilon({ ...run, sampler: 'fixed-size', noiseMultiplier: sigma, neighbouring: 'substitution' }, 1e-5);
      const ar = samplerEpsilon({ ...run, sampler: 'fixed-size', noiseMultiplier: sigma }, 1e-5);
      expect(sub.epsilon.value).toBeGreaterThanOrEqual(ar.epsilon.value * (1 - 1e-3));
      expect(sub.epsilon.method).toMatch(/symmetrised/);
      expect(sub.lower?.value).toBeLessThanOrEqual(sub.epsilon.value);
    }
  });

  it('fixed-size under substitution with RDP is the sampling-without-replacement bound (Wang et al. 2019): dp_accounting\'s value to 1e-3 (its order grid is coarser), never below the tight PLD', () => {
    for (const c of fixtures.fixed_size_rdp_wor) {
      const runC: SamplerRun = { sampler: 'fixed-size', datasetSize: c.datasetSize, batchSize: c.batchSize, noiseMultiplier: c.sigma, steps: c.steps, neighbouring: 'substitution' };
      const rdp = samplerEpsilon(runC, c.delta, { accountant: 'rdp' });
      expect(rdp.epsilon.kind).toBe('guarantee');
      expect(rdp.epsilon.method).toMatch(/without replacement/);
      expect(rdp.epsilon.value).toBeLessThanOrEqual(c.epsilon * (1 + 1e-9));
      expect(rdp.epsilon.value).toBeGreaterThanOrEqual(c.epsilon * (1 - 1e-3));
      expect(rdp.epsilon.value).toBeGreaterThanOrEqual(samplerEpsilon(runC, c.delta).epsilon.value);
    }
  });

  // one test per sampler (each a few PLD compositions), the shared point σ = 1.5, T = 500 priced once
  it.each(['poisson', 'fixed-size', 'balls-in-bins', 'truncated-poisson'] as const)('is monotone in σ and T for every sampler with a result (%s)', (sampler) => {
    const extra = sampler === 'truncated-poisson' ? { maxBatchSize: 110 } : {};
    const e = (noiseMultiplier: number, steps: number): number => samplerEpsilon({ ...run, ...extra, sampler, noiseMultiplier, steps }, 1e-5).epsilon.value;
    const at = e(1.5, 500);
    expect(e(2, 500)).toBeLessThan(at);
    expect(e(1.5, 700)).toBeGreaterThan(at);
  });

  it.each(['poisson', 'fixed-size', 'balls-in-bins', 'truncated-poisson'] as const)('grows with the batch size b (the rate b/N) for every sampler with a result (%s)', (sampler) => {
    const e = (batchSize: number): number => samplerEpsilon({ ...run, sampler, batchSize, ...(sampler === 'truncated-poisson' ? { maxBatchSize: 2 * batchSize } : {}) }, 1e-5).epsilon.value;
    expect(e(200)).toBeGreaterThan(e(100));
  });

  it('truncated Poisson tends to Poisson as the cap grows', () => {
    const capped = (maxBatchSize: number): number => samplerEpsilon({ ...run, sampler: 'truncated-poisson', maxBatchSize }, 1e-5).epsilon.value;
    const poisson = samplerEpsilon({ ...run, sampler: 'poisson' }, 1e-5).epsilon.value;
    expect(capped(110)).toBeGreaterThan(capped(130));
    expect(Math.abs(capped(10_000) - poisson) / poisson).toBeLessThan(2e-3);
  });

  // one test per relation; the comparison of the two relations reuses the results of both
  const ballsInBins = new Map<string, SamplerEpsilon>();
  const ballsInBinsAt = (neighbouring: 'add-remove' | 'substitution'): SamplerEpsilon => {
    const known = ballsInBins.get(neighbouring) ?? samplerEpsilon({ ...run, sampler: 'balls-in-bins', neighbouring }, 1e-5);
    ballsInBins.set(neighbouring, known);
    return known;
  };
  it.each(['add-remove', 'substitution'] as const)('balls-in-bins: its ε is the random-allocation guarantee, with lower bound ≤ Poisson estimate at rate 1/k ≤ guarantee (%s)', (neighbouring) => {
    {
      const r = ballsInBinsAt(neighbouring);
      expect(r.epsilon.kind).toBe('guarantee');
      expect(r.upper).toEqual(r.epsilon);
      // the random-allocation RDP bound is below one Gaussian release per epoch (PLD), and is the ε
      const unamplified = new PldAccountant({ neighbouring }).compose(samplerEvent({ ...run, sampler: 'balls-in-bins', neighbouring, batchesPerEpoch: r.batchesPerEpoch as number })).getEpsilon(1e-5);
      expect(r.epsilon.method).toMatch(/random allocation/);
      expect(r.epsilon.value).toBeLessThan(unamplified);
      expect(r.epsilon.value).toBe(ballsInBinsRdpEpsilon({ noiseMultiplier: run.noiseMultiplier, batchesPerEpoch: r.batchesPerEpoch as number, epochs: r.epochs as number }, 1e-5, neighbouring));
      expect(r.estimate?.kind).toBe('estimate');
      expect(r.lower?.kind).toBe('lower-bound');
      expect(r.lower?.value).toBeGreaterThan(0);
      expect(r.lower?.value).toBeLessThan(r.estimate?.value as number);
      expect(r.estimate?.value).toBeLessThan(r.epsilon.value);
      expect(r.estimate?.value).toBe(r.poisson.value); // k = N/b exactly: rate 1/k = b/N
      // the estimate is asymptotic in k: the value and the note say it can be below the true ε
      expect(r.estimate?.method).toMatch(/not a finite-k guarantee; at small k it can be below the true ε\)$/);
      expect(r.note).toMatch(/estimates ≈ [\d.]+, which the papers prove only as k grows \(at small k it can be below the true ε: quote the proven ε\)/);
      // a partial epoch counts as a whole one in the guarantee
      expect(samplerEpsilon({ ...run, sampler: 'balls-in-bins', neighbouring, steps: 401 }, 1e-5).epsilon.value).toBe(r.epsilon.value);
    }
  });

  it('balls-in-bins: substitution costs more than add-remove; with two batches per epoch no estimate is given', () => {
    // substitution costs more than add-remove (the weak triangle inequality joins a removal and an addition)
    expect(ballsInBinsAt('substitution').epsilon.value).toBeGreaterThan(ballsInBinsAt('add-remove').epsilon.value);
    // two batches per epoch, two epochs, little noise: Poisson at 1/2 exceeds the guarantee, so no estimate is given
    const few = samplerEpsilon({ sampler: 'balls-in-bins', datasetSize: 100, batchSize: 50, noiseMultiplier: 0.5, steps: 4 }, 1e-5);
    expect(few.estimate).toBeUndefined();
    expect(few.lower?.value).toBeLessThanOrEqual(few.epsilon.value);
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
      expect(s.epsilon).toEqual({ value: lb.value, kind: 'lower-bound', method: lb.method, ...(neighbouring === 'add-remove' ? { readAs: 'zero-out' } : {}) });
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

  it('says "ε = +∞" in the note when the ε leaves double precision (fixed-size, σ = 1e-320, RDP)', () => {
    const s = samplerEpsilon({ sampler: 'fixed-size', batchSize: 100, datasetSize: 10_000, noiseMultiplier: 1e-320, steps: 100, neighbouring: 'add-remove' }, 1e-5, { accountant: 'rdp' });
    expect(s.epsilon.value).toBe(Infinity);
    expect(s.note).toContain('fixed-size batches give ε = +∞ (a guarantee)');
    expect(s.note).not.toContain('Infinity');
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

describe('samplerEpsilon: the loop\'s batches per epoch', () => {
  const DELTA = 1e-5;
  /** ε of E Gaussian releases of sensitivity 1: the exact μ-GDP ε with μ = √E/σ. */
  const releases = (epochs: number, sigma: number): number => gdpEpsilon(Math.sqrt(epochs) / sigma, DELTA);

  it.each(['shuffle', 'balls-in-bins'] as const)('default k = ⌈N/b⌉ (the last, smaller batch kept), stated in the result with the epochs counted (%s)', (sampler) => {
    const s = samplerEpsilon({ sampler, datasetSize: 1000, batchSize: 400, noiseMultiplier: 0.5, steps: 3 }, DELTA);
    expect([s.batchesPerEpoch, s.epochs, s.fullEpochs]).toEqual([3, 1, 1]);
    expect(samplerEpsilon({ sampler, datasetSize: 1000, batchSize: 400, batchesPerEpoch: 3, noiseMultiplier: 0.5, steps: 3 }, DELTA)).toEqual(s);
  });

  it('samplers without epochs state no batches per epoch', () => {
    const p = samplerEpsilon({ ...run, sampler: 'poisson' }, DELTA);
    expect(p.batchesPerEpoch).toBeUndefined();
    expect(p.epochs).toBeUndefined();
  });

  it('the auditor\'s shuffle run (N = 1000, b = 400, σ = 0.5, T = 3) with the trainer\'s k = ⌊N/b⌋ = 2: 2 epochs, guarantee ≥ 2 Gaussian releases', () => {
    const s = samplerEpsilon({ sampler: 'shuffle', datasetSize: 1000, batchSize: 400, batchesPerEpoch: 2, noiseMultiplier: 0.5, steps: 3 }, DELTA);
    expect([s.batchesPerEpoch, s.epochs, s.fullEpochs]).toEqual([2, 2, 1]);
    expect(s.upper?.value).toBeGreaterThanOrEqual(releases(2, 0.5));
    expect(s.upper?.method).toMatch(/2 epochs of 2 batches/);
    expect(s.note).toMatch(/\(2 epochs of 2 batches\)/);
    expect(s.epsilon.value).toBeLessThanOrEqual(s.upper?.value as number);
  });

  it('the auditor\'s balls-in-bins run (N = 1000, b = 333, σ = 0.5, T = 4) with the trainer\'s k = round(N/L) = 3: 2 epochs, guarantee priced on 2 epochs', () => {
    const s = samplerEpsilon({ sampler: 'balls-in-bins', datasetSize: 1000, batchSize: 333, batchesPerEpoch: 3, noiseMultiplier: 0.5, steps: 4 }, DELTA);
    expect([s.batchesPerEpoch, s.epochs, s.fullEpochs]).toEqual([3, 2, 1]);
    // the guarantee is the smaller of 2 Gaussian releases and the random-allocation RDP bound of 2 epochs, above either for 1 epoch
    const twoEpochs = Math.min(releases(2, 0.5), ballsInBinsRdpEpsilon({ noiseMultiplier: 0.5, batchesPerEpoch: 3, epochs: 2 }, DELTA));
    const oneEpoch = Math.max(releases(1, 0.5), ballsInBinsRdpEpsilon({ noiseMultiplier: 0.5, batchesPerEpoch: 3, epochs: 1 }, DELTA));
    expect(s.upper?.value).toBeGreaterThanOrEqual(twoEpochs * (1 - 1e-9));
    expect(s.upper?.value).toBeGreaterThan(oneEpoch);
    // its ε is that guarantee, priced on 2 epochs of 3 batches
    expect(s.epsilon).toEqual(s.upper);
    expect(s.epsilon.method).toMatch(/one Gaussian release per epoch \(2 epochs of 3 batches\)|random allocation over 2 epochs of 3 batches/);
    expect(samplerEvent({ sampler: 'balls-in-bins', datasetSize: 1000, batchSize: 333, batchesPerEpoch: 3, noiseMultiplier: 0.5, steps: 4 })).toMatchObject({ kind: 'balls-in-bins', epochs: 2, batchesPerEpoch: 3 });
  });

  it.each(['shuffle', 'balls-in-bins'] as const)('fewer batches per epoch never give a smaller guarantee or balls-in-bins ε (more epochs for the same T) (%s)', (sampler) => {
    for (const [N, b, sigma, T] of [[1000, 300, 0.5, 4]] as const) {
      // ⌈N/b⌉ = 4 down to 2 (k = 1, a single batch, is the slowest lower bound to evaluate)
      const ks = [4, 3, 2];
      {
        let previous: { upper: number; epsilon: number; lower: number } | undefined;
        for (const k of ks) {
          const s = samplerEpsilon({ sampler, datasetSize: N, batchSize: b, batchesPerEpoch: k, noiseMultiplier: sigma, steps: T }, DELTA);
          const now = { upper: s.upper?.value as number, epsilon: s.epsilon.value, lower: s.lower?.value ?? 0 };
          if (previous !== undefined) {
            expect(now.upper, `${sampler} k = ${k}`).toBeGreaterThanOrEqual(previous.upper);
            if (sampler === 'balls-in-bins') {
              expect(now.epsilon, `${sampler} k = ${k}`).toBeGreaterThanOrEqual(previous.epsilon);
              expect(now.lower, `${sampler} k = ${k}`).toBeGreaterThanOrEqual(previous.lower - 1e-9);
            }
          }
          previous = now;
        }
      }
    }
  });

  it('shuffle under add-remove reads the relation as zero-out and says so on each of its values (not on the Poisson ε)', () => {
    const s = samplerEpsilon({ ...run, sampler: 'shuffle' }, DELTA);
    expect(s.neighbouring).toBe('add-remove');
    expect([s.epsilon.readAs, s.upper?.readAs, s.lower?.readAs]).toEqual(['zero-out', 'zero-out', 'zero-out']);
    expect(s.poisson.readAs).toBeUndefined();
    expect(s.note).toMatch(/read add-remove as zero-out/);
    const sub = samplerEpsilon({ ...run, sampler: 'shuffle', neighbouring: 'substitution' }, DELTA);
    expect([sub.epsilon.readAs, sub.upper?.readAs]).toEqual([undefined, undefined]);
    expect(sub.note).not.toMatch(/zero-out/);
    // balls-in-bins assigns every record independently: add-remove holds as it is
    const bins = samplerEpsilon({ ...run, sampler: 'balls-in-bins' }, DELTA);
    expect([bins.epsilon.readAs, bins.upper?.readAs, bins.lower?.readAs]).toEqual([undefined, undefined, undefined]);
  });

  // One calibration per sampler here: shuffle at k = 4, whose k = 3 guarantee then misses the
  // target; balls-in-bins at k = 1 (each of its ~17 evaluations a PLD, no random-allocation RDP
  // bound), which must agree with shuffle's k = 1 (both one Gaussian release per epoch), while
  // k = 4 meets the target with 10 % less noise. That follows the guarantee's decrease in σ
  // (tested above); test/big/sampler-accounting.big-test.ts calibrates k = 4 and k = 3 of both.
  it('calibrates on the loop\'s epochs: fewer batches per epoch need more noise (shuffle)', () => {
    const base = { sampler: 'shuffle', datasetSize: 1000, batchSize: 300, steps: 40 } as const;
    const four = samplerNoiseMultiplier(base, { epsilon: 4, delta: DELTA });
    expect(four.epsilon.batchesPerEpoch).toBe(4);
    expect(four.epsilon.upper?.value).toBeLessThanOrEqual(4);
    const threeAtFour = samplerEpsilon({ ...base, batchesPerEpoch: 3, noiseMultiplier: four.noiseMultiplier }, DELTA);
    expect(threeAtFour.batchesPerEpoch).toBe(3);
    expect(threeAtFour.upper?.value).toBeGreaterThan(4);
  });

  it('calibrates on the loop\'s epochs: fewer batches per epoch need more noise (balls-in-bins)', () => {
    const base = { sampler: 'balls-in-bins', datasetSize: 1000, batchSize: 300, steps: 40 } as const;
    const one = samplerNoiseMultiplier({ ...base, batchesPerEpoch: 1 }, { epsilon: 4, delta: DELTA });
    expect([one.epsilon.batchesPerEpoch, one.epsilon.epochs]).toEqual([1, 40]);
    expect(one.epsilon.epsilon.value).toBeLessThanOrEqual(4);
    const shuffled = samplerNoiseMultiplier({ ...base, sampler: 'shuffle', batchesPerEpoch: 1 }, { epsilon: 4, delta: DELTA });
    expect(Math.abs(one.noiseMultiplier - shuffled.noiseMultiplier) / shuffled.noiseMultiplier).toBeLessThan(1e-4);
    const four = samplerEpsilon({ ...base, noiseMultiplier: 0.9 * one.noiseMultiplier }, DELTA);
    expect(four.batchesPerEpoch).toBe(4);
    expect(four.epsilon.value).toBeLessThanOrEqual(4);
  });

  it('refuses batches per epoch outside the sampler\'s range, or for a sampler without epochs, naming the field, range and value', () => {
    const bins = { sampler: 'balls-in-bins', datasetSize: 1000, batchSize: 400, noiseMultiplier: 1, steps: 10 } as const;
    expect(() => samplerEpsilon({ ...bins, batchesPerEpoch: 0 }, DELTA)).toThrow(/^batchesPerEpoch must be an integer in \[1, ∞\); found 0/);
    expect(() => samplerEpsilon({ ...bins, batchesPerEpoch: 1.5 }, DELTA)).toThrow(DpboundsRangeError);
    expect(() => samplerEpsilon({ ...bins, batchesPerEpoch: 1001 }, DELTA)).toThrow('batchesPerEpoch must be an integer in [1, datasetSize = 1000]; found 1001');
    expect(samplerEpsilon({ ...bins, batchesPerEpoch: 1000 }, DELTA).epochs).toBe(1);
    expect(() => samplerEpsilon({ ...bins, sampler: 'shuffle', batchesPerEpoch: 4 }, DELTA)).toThrow('batchesPerEpoch must be an integer in [1, ⌈datasetSize/batchSize⌉ = 3]; found 4');
    for (const sampler of ['poisson', 'fixed-size'] as const) {
      expect(() => samplerEpsilon({ ...bins, sampler, batchesPerEpoch: 2 }, DELTA)).toThrow(/batchesPerEpoch must be absent \(only the shuffle and balls-in-bins samplers run in epochs\)/);
    }
    expect(() => samplerNoiseMultiplier({ sampler: 'shuffle', datasetSize: 1000, batchSize: 400, steps: 10, batchesPerEpoch: 0 }, { epsilon: 1, delta: DELTA })).toThrow(/batchesPerEpoch/);
    expect(() => samplerEvent({ ...bins, batchesPerEpoch: -1 })).toThrow(/batchesPerEpoch/);
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
  // A short run (N = 100, b = 50, T = 10: every branch of each sampler's calibration, about 20
  // evaluations of its ε); the run of N = 10 000, b = 100, T = 300 is calibrated in
  // test/big/sampler-accounting.big-test.ts.
  it.each(['poisson', 'fixed-size', 'balls-in-bins', 'truncated-poisson'] as const)('returns the smallest σ (1e-4 relative) whose sampler ε meets the target (%s)', (sampler) => {
    const base = { datasetSize: 100, batchSize: 50, steps: 10, sampler, ...(sampler === 'truncated-poisson' ? { maxBatchSize: 60 } : {}) };
    const { noiseMultiplier, epsilon } = samplerNoiseMultiplier(base, { epsilon: 1, delta: 1e-5 });
    expect(epsilon.epsilon.value).toBeLessThanOrEqual(1);
    expect(samplerEpsilon({ ...base, noiseMultiplier: noiseMultiplier * (1 - 1e-4) }, 1e-5).epsilon.value).toBeGreaterThan(1);
  });

  // short run here; N = 10 000, b = 100, T = 300 in test/big/sampler-accounting.big-test.ts
  it('calibrates fixed-size under substitution on the symmetrised ε', () => {
    const base = { datasetSize: 100, batchSize: 50, steps: 10, sampler: 'fixed-size', neighbouring: 'substitution' } as const;
    const { noiseMultiplier, epsilon } = samplerNoiseMultiplier(base, { epsilon: 1, delta: 1e-5 });
    expect(epsilon.epsilon.value).toBeLessThanOrEqual(1);
    expect(epsilon.epsilon.method).toMatch(/symmetrised/);
    expect(samplerEpsilon({ ...base, noiseMultiplier: noiseMultiplier * (1 - 1e-4) }, 1e-5).epsilon.value).toBeGreaterThan(1);
    expect(noiseMultiplier).toBeGreaterThanOrEqual(samplerNoiseMultiplier({ ...base, neighbouring: 'add-remove' }, { epsilon: 1, delta: 1e-5 }).noiseMultiplier * (1 - 1e-3));
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
    expect(BATCH_SAMPLERS.map((s) => samplerSupport(s).epsilonKind)).toEqual(['guarantee', 'guarantee', 'lower-bound', 'guarantee', 'guarantee']);
    expect(() => samplerSupport('x' as never)).toThrow(/sampler/);
  });
});

describe('samplerEpsilon: truncated Poisson below what even the tilted PLD resolves', () => {
  it('δ = 1e-320: the RDP bound of the same mixture, finite, named in the method, above the δ = 1e-5 value', () => {
    const run: SamplerRun = { sampler: 'truncated-poisson', datasetSize: 1000, batchSize: 10, maxBatchSize: 14, noiseMultiplier: 1, steps: 2 };
    const tinyDelta = samplerEpsilon(run, 1e-320);
    expect(tinyDelta.epsilon.method).toMatch(/^rdp: .*weak triangle inequality/);
    expect(Number.isFinite(tinyDelta.epsilon.value)).toBe(true);
    expect(tinyDelta.epsilon.value).toBeGreaterThan(samplerEpsilon(run, 1e-5).epsilon.value);
  });
});
