import { describe, expect, it } from 'vitest';
import { logAddExp } from '@dpbounds/special-functions';
import { PldAccountant } from '../pld/pld-accountant.js';
import { connectTheDotsPld, optimisticPld } from '../pld/connect-the-dots.js';
import { pldEpsilonAt } from '../pld/discrete-pld.js';
import type { PsgDirection } from '../pld/psg-privacy-loss.js';
import { epsilonOfLogDelta, exactPairLogDelta } from '../pld/test-helpers/exact-pair-delta.js';
import { tiltedEpsilon } from '../pld/tilted-tail.js';
import { fitStepToBudget, tiltedEpsilonCoarsened } from '../pld/tiny-delta.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import fixtures from './fixtures/sampler-fixtures.json' with { type: 'json' };
import { mixPlds } from './mix-plds.js';
import { RdpAccountant } from '../rdp/rdp-accountant.js';
import { truncatedPoissonEpsilon, truncatedPoissonEpsilonWithMethod, truncatedPoissonPlds, truncatedPoissonTiltedEpsilon, truncationParameters } from './truncated-poisson-pld.js';
import { truncatedPoissonRdpCurve, truncatedPoissonRdpEpsilon, type TruncatedPoissonRdpStep } from './truncated-poisson-rdp.js';

const base = { samplingRate: 0.01, datasetSize: 1000, noiseMultiplier: 1, steps: 100 };

describe('truncated Poisson PLD', () => {
  it('matches dp_accounting from_truncated_subsampled_gaussian_mechanism (h = 1e-4) to 1e-5 relative on the data set of N records, never below it by more than 1e-8', () => {
    for (const c of fixtures.truncated_poisson) {
      const run = { samplingRate: c.samplingRate, maxBatchSize: c.maxBatchSize, datasetSize: c.datasetSize, noiseMultiplier: c.sigma, steps: c.steps };
      const neighbouring = c.neighbouring as 'add-remove' | 'substitution';
      // add-remove: the first two PLDs are the larger data set of N records (dp_accounting's convention); the last two, N + 1
      const plds = truncatedPoissonPlds(run, neighbouring, { valueDiscretizationInterval: c.h });
      const atN = Math.max(0, ...plds.slice(0, neighbouring === 'substitution' ? 1 : 2).map((pld) => pldEpsilonAt(pld, c.delta)));
      expect(Math.abs(atN - c.epsilon) / c.epsilon).toBeLessThan(1e-5);
      const eps = truncatedPoissonEpsilon(run, c.delta, neighbouring, { valueDiscretizationInterval: c.h });
      expect(eps).toBeGreaterThan(c.epsilon * (1 - 1e-8));
      expect(eps).toBeGreaterThanOrEqual(atN);
    }
  });

  it('computes the truncation probability and conditional rate from the binomial tails', () => {
    const { truncationProbability, conditionalRate } = truncationParameters(0.01, 12, 1000);
    // scipy.stats.binom: sf(11, 999, 0.01) and sf(12, 1000, 0.01)·12/(p_T·1000)
    expect(Math.abs(truncationProbability - 0.3015079756676959)).toBeLessThan(1e-13);
    expect(Math.abs(conditionalRate - 0.008258026248126455)).toBeLessThan(1e-13);
    expect(truncationParameters(0.01, 1000, 1000)).toEqual({ truncationProbability: 0, conditionalRate: 0 });
  });

  it('tends to the Poisson ε as the cap grows, decreasing in the cap', () => {
    const poisson = new PldAccountant({ valueDiscretizationInterval: 1e-4 }).compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 100 })).getEpsilon(1e-5);
    let prev = Infinity;
    for (const cap of [10, 14, 20, 30, 1000]) {
      const eps = truncatedPoissonEpsilon({ ...base, maxBatchSize: cap }, 1e-5, 'add-remove', { valueDiscretizationInterval: 1e-4 });
      expect(eps).toBeLessThanOrEqual(prev + 1e-9);
      expect(eps).toBeGreaterThanOrEqual(poisson - 1e-9);
      prev = eps;
    }
    expect(Math.abs(prev - poisson)).toBeLessThan(1e-9);
  });

  it('is monotone in σ and T, and pessimistic in the grid', () => {
    const eps = (sigma: number, steps: number, h?: number): number => truncatedPoissonEpsilon({ ...base, maxBatchSize: 12, noiseMultiplier: sigma, steps }, 1e-5, 'add-remove', h === undefined ? undefined : { valueDiscretizationInterval: h });
    expect(eps(1.2, 100)).toBeLessThan(eps(1, 100));
    expect(eps(1, 150)).toBeGreaterThan(eps(1, 100));
    expect(eps(1, 100, 1e-2)).toBeGreaterThanOrEqual(eps(1, 100, 1e-4));
  });

  it('refuses bad input naming the parameter', () => {
    expect(() => truncatedPoissonEpsilon({ ...base, maxBatchSize: 0 }, 1e-5)).toThrow(/maxBatchSize/);
    expect(() => truncatedPoissonEpsilon({ ...base, maxBatchSize: 12 }, 0)).toThrow(/delta/);
    expect(() => truncatedPoissonEpsilon({ ...base, maxBatchSize: 12, noiseMultiplier: 0 }, 1e-5)).toThrow(/noiseMultiplier/);
    expect(() => truncatedPoissonEpsilon({ ...base, maxBatchSize: 12 }, 1e-5, 'add-remove', { h: 1 } as never)).toThrow(/options\.h/);
  });
});

describe('truncated Poisson under add-remove covers the addition neighbour (N + 1 records)', () => {
  it('q = 1, B = N = 2: the added record always displaces one, so one step is the sensitivity-2 Gaussian, not the Poisson (q = 1) one', () => {
    const eps = truncatedPoissonEpsilon({ samplingRate: 1, maxBatchSize: 2, datasetSize: 2, noiseMultiplier: 1, steps: 1 }, 0.01);
    // the addition neighbour's batch is 2 of its 3 records: the added one displaces another with
    // probability 2/3 (brute force: δ(2.32) ≈ 0.15 for gradients +1 and −1), so the Poisson q = 1 value is optimistic
    const sensitivityOne = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: 1, steps: 1 })).getEpsilon(0.01);
    expect(eps).toBeGreaterThan(sensitivityOne + 0.5);
  });
  it('add-remove prices both neighbours: remove and add directions with N and with N + 1 records in the larger data set', () => {
    const run = { samplingRate: 0.05, maxBatchSize: 3, datasetSize: 40, noiseMultiplier: 1, steps: 5 };
    const plds = truncatedPoissonPlds(run, 'add-remove');
    expect(plds).toHaveLength(4);
  });
});

// Tiny δ: below what the composed grid resolves (docs/math/pld-tiny-delta.md, docs/math/batch-samplers.md §4)

const tiny = { samplingRate: 0.01, maxBatchSize: 14, datasetSize: 1000, noiseMultiplier: 1, steps: 20 };
const coarse = { valueDiscretizationInterval: 1e-3 };

describe('truncated Poisson at δ below what the composed grid resolves (exponential tilting)', () => {
  it('answers δ = 1e-16 for the reported run (was +∞): finite, above its δ = 1e-14 value', () => {
    const run = { samplingRate: 0.01, maxBatchSize: 120, datasetSize: 10_000, noiseMultiplier: 1, steps: 5 };
    const at16 = truncatedPoissonEpsilon(run, 1e-16, 'add-remove', coarse);
    expect(Number.isFinite(at16)).toBe(true);
    expect(at16).toBeGreaterThan(truncatedPoissonEpsilon(run, 1e-14, 'add-remove', coarse));
  });

  it('says which method answered: the FFT composition above its floor, tilting below it, the RDP bound below what tilting resolves', () => {
    const run = { ...tiny, steps: 2 };
    expect(truncatedPoissonEpsilonWithMethod(run, 1e-8, 'add-remove', coarse).method).toBe('pld');
    expect(truncatedPoissonEpsilonWithMethod(run, 1e-16, 'add-remove', coarse).method).toBe('pld-tilted');
    expect(truncatedPoissonEpsilonWithMethod(run, 1e-320, 'add-remove', coarse).method).toBe('rdp-fallback');
  });

  it('one step (T = 1): ≥ the exact ε of the mixture (5) and within 1e-4 of it, δ from 1e-16 to 1e-300, both relations', () => {
    const run = { ...tiny, steps: 1 };
    for (const neighbouring of ['add-remove', 'substitution'] as const) {
      const sizes = neighbouring === 'substitution' ? [run.datasetSize] : [run.datasetSize, run.datasetSize + 1];
      const directions: PsgDirection[] = neighbouring === 'substitution' ? ['replace'] : ['remove', 'add'];
      for (const delta of [1e-16, 1e-50, 1e-300]) {
        // exact: (1 − p_T)·δ_Poisson(ε) + p_T·δ_replace(q_T, σ/2)(ε), the largest ε over sizes and directions
        let exact = 0;
        for (const size of sizes) {
          const { truncationProbability: pT, conditionalRate: qT } = truncationParameters(run.samplingRate, run.maxBatchSize, size);
          for (const d of directions) {
            const logDelta = (e: number): number => logAddExp(Math.log1p(-pT) + exactPairLogDelta(d, run.samplingRate, run.noiseMultiplier, e), Math.log(pT) + exactPairLogDelta('replace', qT, run.noiseMultiplier / 2, e));
            exact = Math.max(exact, epsilonOfLogDelta(logDelta, delta));
          }
        }
        const got = truncatedPoissonEpsilon(run, delta, neighbouring, coarse);
        expect(got, `${neighbouring}, δ = ${delta}`).toBeGreaterThanOrEqual(exact);
        expect(got / exact - 1, `${neighbouring}, δ = ${delta}`).toBeLessThanOrEqual(1e-4);
      }
    }
  });

  it('agrees with the FFT composition where both resolve (δ = 1e-6, 1e-8; the same discretisation): within 1e-6 relative', () => {
    for (const delta of [1e-6, 1e-8]) {
      const composed = truncatedPoissonEpsilon(tiny, delta, 'add-remove', coarse);
      const tilted = truncatedPoissonTiltedEpsilon(tiny, delta, 'add-remove', coarse) as number;
      expect(Math.abs(tilted / composed - 1), `δ = ${delta}`).toBeLessThanOrEqual(1e-6);
    }
  });

  it('is finite and non-increasing in δ from 1e-10 (above the grid floor, 6.9e-12) through 1e-300 (tilted) to 1e-320 (the RDP bound)', () => {
    let previous = 0;
    for (const delta of [1e-10, 1e-16, 1e-300, 1e-320]) {
      const eps = truncatedPoissonEpsilon(tiny, delta, 'add-remove', coarse);
      expect(Number.isFinite(eps), `δ = ${delta}`).toBe(true);
      expect(eps, `δ = ${delta}`).toBeGreaterThanOrEqual(previous);
      previous = eps;
    }
  });

  it('a cap that almost never binds: the Poisson PLD accountant\'s tilted ε while p_T·T ≪ δ, far above it once δ ≪ p_T', () => {
    const poisson = new PldAccountant({ valueDiscretizationInterval: 1e-3 }).compose(dpSgdEvent({ samplingRate: tiny.samplingRate, noiseMultiplier: tiny.noiseMultiplier, steps: tiny.steps }));
    // B = 150: p_T ≈ 3e-122, B = 60: p_T ≈ 2e-27 (N + 1 records)
    for (const [maxBatchSize, deltas] of [[150, [1e-100]], [60, [1e-16]]] as const) {
      for (const delta of deltas) {
        const got = truncatedPoissonEpsilon({ ...tiny, maxBatchSize }, delta, 'add-remove', coarse);
        expect(Math.abs(got / poisson.getEpsilon(delta) - 1), `B = ${maxBatchSize}, δ = ${delta}`).toBeLessThanOrEqual(1e-6);
      }
    }
    // B = 60 at δ = 1e-300: the truncated part (weight ≈ 2e-27, sensitivity 2) decides ε; it is not lost to underflow
    expect(truncatedPoissonEpsilon({ ...tiny, maxBatchSize: 60 }, 1e-300, 'add-remove', coarse)).toBeGreaterThan(poisson.getEpsilon(1e-300) + 10);
  });

  it('stays above a rigorous lower bound of the same analysis (optimistic steps tilted with errors subtracted, Hoeffding shift), within that shift\'s width + 0.005', () => {
    const h = 1e-3;
    const T = tiny.steps;
    for (const delta of [1e-16, 1e-100]) {
      const eta = delta / 1000;
      const logMassTruncation = Math.max(-700, Math.log((1e-3 * delta) / T));
      let lower = 0;
      for (const size of [tiny.datasetSize, tiny.datasetSize + 1]) {
        const { truncationProbability: pT, conditionalRate: qT } = truncationParameters(tiny.samplingRate, tiny.maxBatchSize, size);
        const truncated = optimisticPld('replace', qT, tiny.noiseMultiplier / 2, { h, logMassTruncation });
        for (const d of ['remove', 'add'] as const) {
          const poisson = optimisticPld(d, tiny.samplingRate, tiny.noiseMultiplier, { h, logMassTruncation });
          const mixed = mixPlds(truncated.pld, poisson.pld, pT);
          const meanRemainder = pT * truncated.meanRemainder + (1 - pT) * poisson.meanRemainder;
          const below = tiltedEpsilon([{ pld: mixed, count: T }], delta + eta, 2 ** 22, false) as number;
          lower = Math.max(lower, below + T * meanRemainder - h * Math.sqrt((T * Math.log(1 / eta)) / 2));
        }
      }
      const got = truncatedPoissonEpsilon(tiny, delta, 'add-remove', coarse);
      expect(got, `δ = ${delta}`).toBeGreaterThanOrEqual(lower);
      // the gap is the Hoeffding width h·√(T·log(1/η)/2) (0.049 at δ = 1e-100) plus the discretisation bias
      expect(got - lower, `δ = ${delta}`).toBeLessThanOrEqual(h * Math.sqrt((T * Math.log(1 / eta)) / 2) + 0.005);
    }
  });

  it('bounds its work: at most five grids are tilted per mixture, and the grid step grows at most 41 times', () => {
    let built = 0;
    const pld = connectTheDotsPld('remove', 0.01, 1, { h: 1e-2 });
    // a window of 4 bins never fits: every coarsening is tried once, then the caller is told
    expect(tiltedEpsilonCoarsened(() => {
      built++;
      return [{ pld, count: 50 }];
    }, 1e-20, 4)).toBeUndefined();
    expect(built).toBe(5);
    let sized = 0;
    expect(fitStepToBudget(1e-4, () => {
      sized++;
      return 2 ** 30;
    }, 2 ** 22, Infinity)).toBeUndefined();
    expect(sized).toBeLessThanOrEqual(42);
  });
});

describe('truncation does not always cost privacy in this analysis (why no "≥ Poisson" assertion)', () => {
  it('q = 1, B = 1: every step is truncated and keeps the record with probability 1/N, far below the q = 1 (full-batch) Poisson ε', () => {
    const run = { samplingRate: 1, maxBatchSize: 1, datasetSize: 1000, noiseMultiplier: 1, steps: 10 };
    const poisson = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: 1, steps: 10 })).getEpsilon(1e-5);
    expect(truncatedPoissonEpsilon(run, 1e-5)).toBeLessThan(poisson);
  });
});

describe('truncated Poisson below what tilting resolves (δ ≲ T·1e-304): the RDP bound of the same analysis', () => {
  const stepOf = (run: typeof tiny, neighbouring: 'add-remove' | 'substitution'): TruncatedPoissonRdpStep => ({
    samplingRate: run.samplingRate,
    noiseMultiplier: run.noiseMultiplier,
    mixtures: (neighbouring === 'substitution' ? [run.datasetSize] : [run.datasetSize, run.datasetSize + 1]).map((size) => truncationParameters(run.samplingRate, run.maxBatchSize, size)),
  });

  it('one step (T = 1): ≥ the exact ε of the mixture (5) at δ = 1e-300 and 1e-320, both relations', () => {
    for (const neighbouring of ['add-remove', 'substitution'] as const) {
      const step = stepOf(tiny, neighbouring);
      const directions: PsgDirection[] = neighbouring === 'substitution' ? ['replace'] : ['remove', 'add'];
      for (const delta of [1e-300, 1e-320]) {
        let exact = 0;
        for (const { truncationProbability: pT, conditionalRate: qT } of step.mixtures) {
          for (const d of directions) {
            const logDelta = (e: number): number => logAddExp(Math.log1p(-pT) + exactPairLogDelta(d, tiny.samplingRate, tiny.noiseMultiplier, e), Math.log(pT) + exactPairLogDelta('replace', qT, tiny.noiseMultiplier / 2, e));
            exact = Math.max(exact, epsilonOfLogDelta(logDelta, delta));
          }
        }
        expect(truncatedPoissonRdpEpsilon(step, 1, delta, neighbouring), `${neighbouring}, δ = ${delta}`).toBeGreaterThanOrEqual(exact);
      }
    }
  });

  it('its sensitivity-2 part (weak triangle inequality) is ≥ the Rényi divergence D_α(M₋₁‖M₊₁) computed by quadrature, α = 2 … 64', () => {
    const q = 0.0086;
    const sigma = 0.5;
    const logDensity = (mean: number, x: number): number => logAddExp(Math.log1p(-q) - (x * x) / (2 * sigma * sigma), Math.log(q) - ((x - mean) * (x - mean)) / (2 * sigma * sigma));
    const orders = [2, 3, 5, 10, 32, 64];
    // p_T = 1: the curve is the sensitivity-2 pair alone (the noise multiplier passed is 2σ, halved inside)
    const bound = truncatedPoissonRdpCurve({ samplingRate: 0.5, noiseMultiplier: 2 * sigma, mixtures: [{ truncationProbability: 1, conditionalRate: q }] }, 1, orders, 'add-remove');
    orders.forEach((alpha, i) => {
      // trapezoid rule in log space on [−60, 60] (the normalising constants cancel in p^α q^{1−α} up to one factor)
      const dx = 1e-3;
      const logs: number[] = [];
      for (let x = -60; x <= 60; x += dx) logs.push(alpha * logDensity(-1, x) + (1 - alpha) * logDensity(1, x));
      const max = Math.max(...logs);
      const integral = max + Math.log(logs.reduce((sum, v) => sum + Math.exp(v - max), 0) * dx) - Math.log(sigma * Math.sqrt(2 * Math.PI));
      const exact = integral / (alpha - 1);
      expect(bound[i] as number, `α = ${alpha}`).toBeGreaterThanOrEqual(exact);
    });
  });

  it('is never below the tilted ε where tilting answers (a looser bound of the same pair), T = 20', () => {
    for (const delta of [1e-16, 1e-300]) {
      expect(truncatedPoissonRdpEpsilon(stepOf(tiny, 'add-remove'), tiny.steps, delta, 'add-remove'), `δ = ${delta}`).toBeGreaterThanOrEqual(truncatedPoissonEpsilon(tiny, delta, 'add-remove', coarse));
    }
  });

  it('a cap that never binds (B = N, p_T = 0): the subsampled-Gaussian RDP bound, ≥ the RDP accountant\'s ε and within 2 % of it (integer orders only)', () => {
    const run = { ...tiny, maxBatchSize: tiny.datasetSize };
    const rdp = new RdpAccountant().compose(dpSgdEvent({ samplingRate: run.samplingRate, noiseMultiplier: run.noiseMultiplier, steps: run.steps })).getEpsilon(1e-320);
    const got = truncatedPoissonEpsilon(run, 1e-320, 'add-remove', coarse);
    expect(got).toBeGreaterThanOrEqual(rdp);
    expect(got / rdp - 1).toBeLessThanOrEqual(0.02);
  });
});

describe('truncatedPoissonEpsilonWithMethod: the tilted compositions a work budget counts', () => {
  const run = { samplingRate: 0.01, maxBatchSize: 150, datasetSize: 10_000, noiseMultiplier: 4, steps: 20 };
  it('sees the width of each tilted composition before it runs, and none where the FFT composition answers', () => {
    const widths: number[] = [];
    const tilted = truncatedPoissonEpsilonWithMethod(run, 1e-12, 'add-remove', undefined, (w) => widths.push(w));
    expect(tilted.method).toBe('pld-tilted');
    expect(widths.length).toBeGreaterThanOrEqual(4); // at least one per direction and data-set size
    expect(widths.every((w) => Number.isInteger(w) && w > 0 && w <= 2 ** 22)).toBe(true);
    const none: number[] = [];
    expect(truncatedPoissonEpsilonWithMethod(run, 1e-5, 'add-remove', undefined, (w) => none.push(w)).method).toBe('pld');
    expect(none).toEqual([]);
  });
  it('a hook that throws stops the computation there (the budget refusal)', () => {
    let calls = 0;
    expect(() => truncatedPoissonEpsilonWithMethod(run, 1e-12, 'add-remove', undefined, () => {
      calls++;
      throw new Error('over budget');
    })).toThrow('over budget');
    expect(calls).toBe(1);
  });
});
