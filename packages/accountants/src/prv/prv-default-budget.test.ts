import { describe, expect, it } from 'vitest';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { pldEpsilonAt } from '../pld/discrete-pld.js';
import { PrvAccountant, relativeEpsilonError } from './prv-accountant.js';
import { composeRigorousPrv } from './rigorous-prv.js';
import { assertDefaultPrvAgainstOpacus, OPACUS_PRV_CASES } from './test-helpers/opacus-prv-anchor.js';

describe('default PRV budget: a guarantee, never looser than Opacus at the benchmark configurations', () => {
  // ε ≈ 13 (the third configuration, where the clamp of the budget matters) is in test:big
  for (const c of OPACUS_PRV_CASES.slice(0, 2)) {
    it(`q = ${c.q}, σ = ${c.sigma}, T = ${c.steps}, δ = ${c.delta}`, () => assertDefaultPrvAgainstOpacus(c), 60000);
  }
});

describe('relativeEpsilonError: 0.85·relativeError·ε̂, ε̂ clamped to [0.01, 10]', () => {
  it('is proportional to ε̂ inside the clamp', () => {
    expect(relativeEpsilonError(1e-3, 2)).toBeCloseTo(1.7e-3, 15);
    expect(relativeEpsilonError(1e-2, 0.5)).toBeCloseTo(4.25e-3, 15);
  });
  it('stays below Opacus’ absolute 0.01 above ε = 10 at the default, and at 0.85e-5 below ε = 0.01', () => {
    expect(relativeEpsilonError(1e-3, 13)).toBeCloseTo(8.5e-3, 15);
    expect(relativeEpsilonError(1e-3, 1e6)).toBeCloseTo(8.5e-3, 15);
    expect(relativeEpsilonError(1e-3, 0)).toBeCloseTo(8.5e-6, 18);
  });
});

describe('bounded work: grid sizes of the default budget (counted, not timed)', () => {
  // the largest FFT of the REMOVE composition at the default ε error of each configuration
  // (0.85e-3·ε at ε = 1.841 and 0.1600); before the mass-splitting rounding of stage 2 and the
  // choice of the block length and κ by work they were 2^20 and 2^21
  const cases = [
    { q: 0.004, sigma: 1.1, steps: 10000, delta: 1e-5, eps: 1.841, maxFft: 2 ** 19 },
    { q: 0.0001, sigma: 2, steps: 500000, delta: 1e-7, eps: 0.16, maxFft: 2 ** 20 },
  ];
  for (const c of cases) {
    it(`q = ${c.q}, σ = ${c.sigma}, T = ${c.steps}`, () => {
      const e = relativeEpsilonError(1e-3, c.eps);
      const plan = composeRigorousPrv([{ samplingRate: c.q, noiseMultiplier: c.sigma, count: c.steps }], 'remove', e, c.delta * 1e-4, true);
      expect(plan.epsError).toBeLessThanOrEqual(e);
      expect(plan.size).toBeLessThanOrEqual(c.maxFft);
    });
  }
  it('the composed PRV keeps the requested ε error and the planned grid', () => {
    const groups = [{ samplingRate: 0.01, noiseMultiplier: 1, count: 1000 }];
    const plan = composeRigorousPrv(groups, 'remove', 2e-3, 1e-9, true);
    const full = composeRigorousPrv(groups, 'remove', 2e-3, 1e-9);
    expect(full.size).toBeLessThanOrEqual(plan.size);
    // the quadrature bias of the mean corrections and the float error of the split are tiny
    expect(full.epsError).toBeLessThanOrEqual(2e-3 * (1 + 1e-6));
    expect(full.deltaError).toBeLessThanOrEqual(1e-9);
  });
});

describe('skipping ADD’s fine PRV when a coarser ADD guarantee lies below REMOVE’s upper value', () => {
  it('q = 1e-4, σ = 2, T = 5e5, δ = 1e-7 (ADD 0.37 % below REMOVE): the upper value still bounds ADD’s ε', () => {
    const groups = [{ samplingRate: 1e-4, noiseMultiplier: 2, count: 500000 }];
    const delta = 1e-7;
    const b = new PrvAccountant().compose(dpSgdEvent({ samplingRate: 1e-4, noiseMultiplier: 2, steps: 500000 })).getEpsilonBounds(delta);
    // a lower bound on ADD's true ε from its own PRV (Gopi et al. Thm 5.5): ε(δ + η) − e
    const add = composeRigorousPrv(groups, 'add', 2e-4, delta * 1e-4);
    const addLower = pldEpsilonAt(add.pld, delta + add.deltaError) - add.epsError;
    expect(addLower).toBeGreaterThan(0.159);
    expect(b.upper).toBeGreaterThanOrEqual(addLower);
    expect(b.lower).toBeLessThanOrEqual(b.estimate);
    expect(b.estimate).toBeLessThanOrEqual(b.upper);
  }, 60000);
});
