import { describe, expect, it } from 'vitest';
import { gaussianTradeOff } from '@dpbounds/tradeoff-core';
import { gmipOneStepTradeOff } from './gmip-one-step-trade-off.js';

describe('μ-GMIP exact one-step trade-off (Theorem 5.1)', () => {
  it('the exact one-step curve is a trade-off function: non-increasing, convex on a grid, ≤ 1 − α', () => {
    const { curve, gaussianApproxMu } = gmipOneStepTradeOff({ params: 10, batchSize: 20, noiseStd: 0.1, clip: 1 });
    const xs = Array.from({ length: 101 }, (_, i) => i / 100);
    const ys = xs.map((x) => curve.evaluate(x));
    for (let i = 1; i < ys.length; i++) {
      expect(ys[i] as number).toBeLessThanOrEqual((ys[i - 1] as number) + 1e-12);
      expect(ys[i] as number).toBeLessThanOrEqual(1 - (xs[i] as number) + 1e-12);
    }
    for (let i = 1; i + 1 < ys.length; i++) expect((ys[i - 1] as number) + (ys[i + 1] as number) - 2 * (ys[i] as number)).toBeGreaterThanOrEqual(-1e-9);
    // Corollary 5.1's normal approximation is close to the exact one-step curve.
    expect(Math.abs(curve.evaluate(0.1) - gaussianTradeOff(gaussianApproxMu).evaluate(0.1))).toBeLessThan(0.05);
    // inverse() undoes evaluate()
    const inv = curve.inverse();
    for (const a of [0.01, 0.2, 0.7]) expect(inv.evaluate(curve.evaluate(a))).toBeCloseTo(a, 8);
  });

  it('the one-step curve gets weaker (higher) with more noise and larger batches', () => {
    const at = (n: number, tau: number) => gmipOneStepTradeOff({ params: 50, batchSize: n, noiseStd: tau, clip: 1 }).curve.evaluate(0.05);
    expect(at(20, 0.1)).toBeGreaterThanOrEqual(at(20, 0));
    expect(at(40, 0)).toBeGreaterThanOrEqual(at(20, 0));
  });
});
