import { describe, expect, it } from 'vitest';
import { normalGrid } from './test-helpers/normal-grid.js';
import { ballsInBinsAddLogMoments, BALLS_IN_BINS_ADD_MAX_MOMENT } from './balls-in-bins-add-moments.js';

// The add direction of one balls-in-bins epoch: E_Q[A^{−m}] with A = (1/k) Σⱼ Lⱼ, where under Q the
// Lⱼ = exp(τZⱼ − τ²/2) are independent lognormal (τ = 1/σ, Zⱼ standard normal), so that
// D_{m+1}(Q‖P) = log E_Q[A^{−m}] / m.


describe('ballsInBinsAddLogMoments (an upper bound on log E_Q[A^{−m}])', () => {
  it('is at least the exact lognormal moment for one batch per epoch, and within log 2 of it at these orders', () => {
    for (const sigma of [0.8, 1.1, 3]) {
      const tau = 1 / sigma;
      const bound = ballsInBinsAddLogMoments(sigma, 1);
      for (const m of [1, 4, 10, 30]) {
        // k = 1: A = L and E[L^{−m}] = exp(τ² m (m + 1) / 2)
        const exact = (tau * tau * m * (m + 1)) / 2;
        const got = bound[m - 1] as number;
        expect(got).toBeGreaterThanOrEqual(exact);
        expect(got - exact).toBeLessThan(Math.LN2 + 1e-6);
      }
    }
  });

  it('is at least the moment integrated numerically for two batches, and within 0.5 %', () => {
    const { x, w } = normalGrid(0.02);
    for (const sigma of [0.8, 1.5]) {
      const tau = 1 / sigma;
      const bound = ballsInBinsAddLogMoments(sigma, 2);
      for (const m of [1, 2, 4]) {
        let moment = 0;
        for (let i = 0; i < x.length; i++) {
          const l1 = Math.exp(tau * (x[i] as number) - tau * tau / 2);
          for (let j = 0; j < x.length; j++) {
            const l2 = Math.exp(tau * (x[j] as number) - tau * tau / 2);
            moment += (w[i] as number) * (w[j] as number) * (2 / (l1 + l2)) ** m;
          }
        }
        const exact = Math.log(moment);
        const got = bound[m - 1] as number;
        expect(got).toBeGreaterThanOrEqual(exact);
        expect(got - exact).toBeLessThan(5e-3 * Math.max(1, exact));
      }
    }
  });

  it('approaches the second-order expansion m(m + 1)/2 · (e^{τ²} − 1)/k for many batches', () => {
    for (const [sigma, k] of [[1.1, 10_000], [2, 1000]] as const) {
      const bound = ballsInBinsAddLogMoments(sigma, k);
      for (const m of [1, 5, 20]) {
        const expansion = ((m * (m + 1)) / 2) * Math.expm1(1 / (sigma * sigma)) / k;
        const got = bound[m - 1] as number;
        expect(got).toBeGreaterThan(0.95 * expansion);
        expect(got).toBeLessThan(1.1 * expansion);
      }
    }
  });

  it('is finite, non-negative and non-decreasing in m (log-moments of A^{−1} are convex from 0)', () => {
    for (const [sigma, k] of [[0.3, 100_000], [0.5, 3], [10, 50], [1.1, 235]] as const) {
      const bound = ballsInBinsAddLogMoments(sigma, k);
      expect(bound.length).toBe(BALLS_IN_BINS_ADD_MAX_MOMENT);
      for (let i = 0; i < bound.length; i++) {
        expect(Number.isFinite(bound[i]) && (bound[i] as number) >= 0).toBe(true);
        if (i > 0) expect(bound[i] as number).toBeGreaterThanOrEqual(bound[i - 1] as number);
      }
    }
  });

  it('names the bad parameter', () => {
    expect(() => ballsInBinsAddLogMoments(-1, 10)).toThrow(/noiseMultiplier/);
    expect(() => ballsInBinsAddLogMoments(1, 0)).toThrow(/batchesPerEpoch/);
  });
});
