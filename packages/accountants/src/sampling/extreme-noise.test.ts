import { describe, expect, it } from 'vitest';
import { isDpboundsError } from '@dpbounds/special-functions';
import { BALLS_IN_BINS_ADD_MAX_NODES, ballsInBinsAddLogMoments, ballsInBinsAddQuadratureNodes } from '../rdp/balls-in-bins-add-moments.js';
import { ballsInBinsAddRdp, ballsInBinsAddRdpMeanBound, ballsInBinsRdpEpsilon, ballsInBinsRemoveRdp } from '../rdp/balls-in-bins-gaussian-rdp.js';
import { maxTestEpsilonLowerBound } from './balls-in-bins-lower-bound.js';
import { BATCH_SAMPLERS, samplerEpsilon } from './sampler-accounting.js';

// σ whose quadrature once sized a typed array of 5.85e10 (or Infinity) entries, and σ below 1/√(2·MAX)
const HUGE = [1e10, 1e20, 1e300, 9007199254740993];
const TINY = [1e-320, 5e-324];

/** An ε ≥ 0 (+∞ only as a vacuous guarantee), or a typed refusal naming noiseMultiplier: never a plain RangeError or NaN. */
function finiteOrRefused(f: () => number): 'finite' | 'infinite' | 'refused' {
  try {
    const epsilon = f();
    expect(epsilon >= 0).toBe(true);
    return Number.isFinite(epsilon) ? 'finite' : 'infinite';
  } catch (error) {
    expect(isDpboundsError(error)).toBe(true);
    expect((error as { parameter?: string }).parameter).toBe('noiseMultiplier');
    return 'refused';
  }
}

describe('balls-in-bins at extreme noise', () => {
  it('counts the add-moment quadrature nodes and refuses more than the cap, naming noiseMultiplier', () => {
    expect(ballsInBinsAddQuadratureNodes(1.1)).toBe(1071);
    expect(ballsInBinsAddQuadratureNodes(650)).toBeLessThanOrEqual(BALLS_IN_BINS_ADD_MAX_NODES);
    expect(ballsInBinsAddQuadratureNodes(1e10)).toBeGreaterThan(BALLS_IN_BINS_ADD_MAX_NODES);
    expect(ballsInBinsAddQuadratureNodes(1e-320)).toBe(Infinity);
    for (const sigma of [...HUGE, ...TINY]) expect(() => ballsInBinsAddLogMoments(sigma, 100)).toThrow(/noiseMultiplier/);
  });

  it('past the cap the add curve is the arithmetic–geometric mean bound (an upper bound at a bounded cost)', () => {
    const add = ballsInBinsAddRdp(1000, 100);
    for (let alpha = 2; alpha <= 10; alpha++) expect(add[alpha - 2]).toBe(ballsInBinsAddRdpMeanBound(1000, 100, alpha));
  });

  it('huge σ gives a finite guarantee ≥ 0, no larger than at σ = 700; tiny σ is refused naming noiseMultiplier', () => {
    const at700 = ballsInBinsRdpEpsilon({ noiseMultiplier: 700, batchesPerEpoch: 100, epochs: 10 }, 1e-5);
    for (const sigma of HUGE) {
      const epsilon = ballsInBinsRdpEpsilon({ noiseMultiplier: sigma, batchesPerEpoch: 100, epochs: 10 }, 1e-5);
      expect(epsilon).toBeGreaterThanOrEqual(0);
      expect(epsilon).toBeLessThanOrEqual(at700);
    }
    for (const sigma of TINY) {
      expect(() => ballsInBinsRemoveRdp(sigma, 100)).toThrow(/noiseMultiplier/);
      expect(finiteOrRefused(() => ballsInBinsRdpEpsilon({ noiseMultiplier: sigma, batchesPerEpoch: 100, epochs: 10 }, 1e-5))).toBe('refused');
    }
  });

  it('the max-test lower bound bins a tiny σ at a bounded shift: a finite lower bound, no typed array of 1/σ cells', () => {
    const tiny = maxTestEpsilonLowerBound({ batchesPerEpoch: 100, presence: 1, epochs: 2, noiseMultiplier: 1e-320 }, 1e-5);
    expect(Number.isFinite(tiny) && tiny >= 0).toBe(true);
    // the binned σ is 1/200: the same bound as there
    expect(tiny).toBe(maxTestEpsilonLowerBound({ batchesPerEpoch: 100, presence: 1, epochs: 2, noiseMultiplier: 1 / 200 }, 1e-5));
    // a shift that still overlaps in double precision: bounded work, and above the bound at a larger σ
    const small = maxTestEpsilonLowerBound({ batchesPerEpoch: 100, presence: 1, epochs: 2, noiseMultiplier: 1 / 20 }, 1e-5);
    expect(small).toBeGreaterThan(maxTestEpsilonLowerBound({ batchesPerEpoch: 100, presence: 1, epochs: 2, noiseMultiplier: 0.5 }, 1e-5));
  });

  it.each(BATCH_SAMPLERS)('%s, both accountants (truncated-poisson: PLD only): huge σ is a finite ε, tiny σ an ε ≥ 0 or a typed refusal naming noiseMultiplier', (sampler) => {
    for (const accountant of sampler === 'truncated-poisson' ? (['pld'] as const) : (['pld', 'rdp'] as const)) {
      for (const sigma of [...HUGE, ...TINY]) {
        const run = { sampler, datasetSize: 10_000, batchSize: 100, noiseMultiplier: sigma, steps: 1000, ...(sampler === 'truncated-poisson' ? { maxBatchSize: 200 } : {}) };
        const outcome = finiteOrRefused(() => samplerEpsilon(run, 1e-5, { accountant }).epsilon.value);
        if (HUGE.includes(sigma)) expect(outcome, `${sampler} ${accountant} σ = ${sigma}`).toBe('finite');
      }
    }
  });
});
