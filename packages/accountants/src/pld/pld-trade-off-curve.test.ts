import { gaussianTradeOff } from '@dpbounds/tradeoff-core';
import { describe, expect, it } from 'vitest';
import { dpSgdEvent, nonPrivateEvent } from '../events/mechanism-event.js';
import { PldAccountant, pldProfileRangeEpsilon } from './pld-accountant.js';
import { pldTradeOffCurve } from './pld-trade-off-curve.js';

describe('PLD as a trade-off curve', () => {
  it('matches the Gaussian curve G_{√T/σ} from below for q = 1 (never optimistic)', () => {
    const acc = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: 2, steps: 4 }));
    const curve = pldTradeOffCurve(acc);
    const exact = gaussianTradeOff(1);
    for (const a of [1e-4, 1e-3, 0.01, 0.05, 0.1, 0.3, 0.5, 0.9]) {
      const got = curve.evaluate(a);
      const want = exact.evaluate(a);
      expect(got).toBeLessThanOrEqual(want + 1e-9);
      expect(got).toBeGreaterThan(want - 5e-3);
    }
  });

  it('is convex, non-increasing and below 1 − α for a subsampled run', () => {
    const curve = pldTradeOffCurve(new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })));
    const xs = Array.from({ length: 101 }, (_, i) => i / 100);
    const ys = xs.map((x) => curve.evaluate(x));
    for (let i = 0; i < xs.length; i++) expect(ys[i] as number).toBeLessThanOrEqual(1 - (xs[i] as number) + 1e-12);
    for (let i = 1; i < xs.length; i++) expect(ys[i] as number).toBeLessThanOrEqual((ys[i - 1] as number) + 1e-12);
    for (let i = 1; i < xs.length - 1; i++) expect((ys[i - 1] as number) + (ys[i + 1] as number) - 2 * (ys[i] as number)).toBeGreaterThanOrEqual(-1e-9);
    // consistent with the accountant's own δ(0): total variation = max_α (1 − α − f(α))
    const tv = Math.max(...xs.map((x, i) => 1 - x - (ys[i] as number)));
    expect(tv).toBeLessThanOrEqual(new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })).getDelta(0) + 1e-3);
  });

  it('is the identity for an empty run and 0 (no privacy) with a non-private step', () => {
    const empty = pldTradeOffCurve(new PldAccountant());
    expect(empty.evaluate(0.3)).toBeCloseTo(0.7, 12);
    const none = pldTradeOffCurve(new PldAccountant().compose(nonPrivateEvent()));
    expect(none.evaluate(0.3)).toBe(0);
  });
});

describe('PLD trade-off curve at low FPR', () => {
  it('reaches f(0) = 1 − δ(∞) (no false detectability at FPR 0) and stays below the exact curve where it is known', () => {
    const acc = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1 / 120, noiseMultiplier: 1.2, steps: 1200 }));
    const curve = pldTradeOffCurve(acc);
    expect(curve.evaluate(0)).toBeGreaterThan(1 - 1e-12);
    // every point is consistent with the accountant's rigorous lower bound on δ(ε): 1 − f(α) − e^ε α ≥ … never exceeds δ_upper
    for (const e of [0, 0.5, 1, 2]) {
      const dUpper = acc.getDeltaBounds(e).upper;
      for (const a of [0, 1e-6, 1e-3, 0.01, 0.1, 0.5]) expect(1 - curve.evaluate(a) - Math.exp(e) * a).toBeLessThanOrEqual(dUpper + 1e-9);
    }
    const full = pldTradeOffCurve(new PldAccountant().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: 2, steps: 4 })));
    for (const a of [0, 1e-8, 1e-4, 0.01, 0.5]) expect(full.evaluate(a)).toBeLessThanOrEqual(gaussianTradeOff(1).evaluate(a) + 1e-9);
  });
});

describe('the privacy profile\'s ε range (pldProfileRangeEpsilon)', () => {
  it('never tilts: the curve of a run whose δ = 1e-15 is below the grid\'s floor costs no tilted query, and the range is the RDP bound there', () => {
    const ledger = dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 10_000 });
    const acc = new PldAccountant().compose(ledger);
    const inside = acc as unknown as { tiltedEpsilonFor(delta: number): number | undefined };
    const tilted = inside.tiltedEpsilonFor.bind(acc);
    let tiltedQueries = 0;
    inside.tiltedEpsilonFor = (delta) => {
      tiltedQueries++;
      return tilted(delta);
    };
    pldTradeOffCurve(acc);
    expect(tiltedQueries).toBe(0);
    // below the floor the range is the RDP fallback (a guarantee, looser than the tilted ε)
    const range = pldProfileRangeEpsilon(acc, 1e-15);
    expect(acc.getEpsilonBounds(1e-15).note).toMatch(/tilted/);
    expect(range).toBeGreaterThanOrEqual(acc.getEpsilon(1e-15));
    // above the floor it is the grid's ε, the same as getEpsilon
    expect(pldProfileRangeEpsilon(acc, 1e-5)).toBe(acc.getEpsilon(1e-5));
  });

  it('has getEpsilon\'s edge cases: 0 for δ ≥ 1 or an empty ledger, ∞ for δ = 0 or a non-private step', () => {
    const acc = new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 10 }));
    expect(pldProfileRangeEpsilon(acc, 1)).toBe(0);
    expect(pldProfileRangeEpsilon(new PldAccountant(), 1e-5)).toBe(0);
    expect(pldProfileRangeEpsilon(acc, 0)).toBe(Infinity);
    expect(pldProfileRangeEpsilon(new PldAccountant().compose(nonPrivateEvent()), 1e-5)).toBe(Infinity);
  });
});
