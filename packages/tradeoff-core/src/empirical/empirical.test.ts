import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, DpboundsRangeError, DpboundsTypeError, normalCdf } from '@dpbounds/special-functions';
import { gaussianTradeOff } from '../curve/gaussian-trade-off.js';
import { expectTradeOffProperties } from '../test-helpers/curve-properties.js';
import { clopperPearson } from './clopper-pearson.js';
import { empiricalTradeOff } from './empirical-trade-off.js';

describe('Clopper–Pearson intervals', () => {
  it('match reference values (scipy.stats.binomtest(...).proportion_ci(method="exact"))', () => {
    const ci = clopperPearson(5, 100, { confidence: 0.95 });
    expect(ci.lower).toBeCloseTo(0.016431, 5);
    expect(ci.upper).toBeCloseTo(0.112836, 5);
    // large n (attack evaluations with 10⁷ scores): k = 1 and n − 1 from mpmath at 50 digits
    // ((1 − p)ⁿ and its first term solved directly; scipy is off by 1e-7 there), k = 50 000 from
    // scipy's exact interval
    const refs: [number, number, number, number, number][] = [
      [50000, 10_000_000, 0.004956376926611066, 0.005043910044320239, 1e-9],
      [1, 10_000_000, 2.5317807952240305e-9, 5.5716421173607312e-7, 1e-9],
      [9_999_999, 10_000_000, 1 - 5.5716421173607312e-7, 1 - 2.5317807952240305e-9, 1e-12],
    ];
    for (const [k, n, lo, hi, tol] of refs) {
      const r = clopperPearson(k, n);
      expect(Math.abs(r.lower - lo) / lo, `lower ${k}/${n}`).toBeLessThan(tol);
      expect(Math.abs(r.upper - hi) / hi, `upper ${k}/${n}`).toBeLessThan(tol);
    }
    expect(clopperPearson(0, 10).lower).toBe(0);
    expect(clopperPearson(0, 10).upper).toBeCloseTo(1 - 0.025 ** (1 / 10), 12);
    expect(clopperPearson(10, 10).upper).toBe(1);
    expect(clopperPearson(10, 10).lower).toBeCloseTo(0.025 ** (1 / 10), 12);
  });

  it('contain k/n, widen with confidence, shrink with n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, frac) => {
        const k = Math.round(frac * n);
        const a = clopperPearson(k, n, { confidence: 0.9 });
        const b = clopperPearson(k, n, { confidence: 0.99 });
        expect(a.lower).toBeLessThanOrEqual(k / n);
        expect(a.upper).toBeGreaterThanOrEqual(k / n);
        expect(b.lower).toBeLessThanOrEqual(a.lower + 1e-15);
        expect(b.upper).toBeGreaterThanOrEqual(a.upper - 1e-15);
      }),
      { seed: 41, numRuns: 40 },
    );
    expect(() => clopperPearson(3, 2)).toThrow(DpboundsRangeError);
    expect(() => clopperPearson(1.5, 2)).toThrow(/k must be an integer/);
    expect(() => clopperPearson(1, 2, { confidence: 1 })).toThrow(/confidence/);
  });
});

describe('empiricalTradeOff', () => {
  it('handles ties between and within groups as diagonal ROC segments', () => {
    const e = empiricalTradeOff([1, 1, 2, 3], [1, 0, 0, 2]);
    // thresholds 3, 2, 1, 0
    expect(Array.from(e.roc.thresholds)).toEqual([Infinity, 3, 2, 1, 0]);
    expect(Array.from(e.roc.tpr)).toEqual([0, 0.25, 0.5, 1, 1]);
    expect(Array.from(e.roc.fpr)).toEqual([0, 0, 0.25, 0.5, 1]);
    // Mann–Whitney with ties counted ½: P[member > non-member] + ½P[=]
    let wins = 0;
    for (const a of [1, 1, 2, 3]) for (const b of [1, 0, 0, 2]) wins += a > b ? 1 : a === b ? 0.5 : 0;
    expect(e.auc).toBeCloseTo(wins / 16, 15);
  });

  it('TPR@FPR takes the best threshold with FPR ≤ the target, with a Clopper–Pearson interval', () => {
    const e = empiricalTradeOff([5, 4, 3, 2, 1], [0, 0.5, 3.5, -1]);
    const [row] = e.tprAtFpr([0.1]);
    expect(row?.tpr).toBe(0.4); // thresholds 5, 4 are above every non-member
    expect(row?.achievedFpr).toBe(0);
    expect(row?.threshold).toBe(4);
    expect(row?.tprLower).toBeCloseTo(clopperPearson(2, 5).lower, 15);
    expect(row?.tprUpper).toBeCloseTo(clopperPearson(2, 5).upper, 15);
    expect(() => e.tprAtFpr([1.5])).toThrow(/fprs\[0\]/);
  });

  it('its hull is a trade-off curve; on Gaussian scores it estimates G_μ (seeded)', () => {
    const rng = createRng(2026);
    const mu = 1.5;
    const n = 20000;
    const members = Float64Array.from({ length: n }, () => rng.normal() + mu);
    const non = Float64Array.from({ length: n }, () => rng.normal());
    const e = empiricalTradeOff(members, non, { confidence: 0.99 });
    expectTradeOffProperties(e.curve, 1e-12, 'empirical hull');
    expect(e.auc).toBeCloseTo(normalCdf(mu / Math.SQRT2), 2);
    const g = gaussianTradeOff(mu);
    for (const row of e.tprAtFpr([0.01, 0.1, 0.5])) {
      const truth = 1 - g.evaluate(row.fpr);
      expect(row.tprLower).toBeLessThanOrEqual(row.tpr);
      expect(row.tpr).toBeLessThanOrEqual(row.tprUpper);
      expect(Math.abs(row.tpr - truth)).toBeLessThan(0.03);
    }
    const band = e.band(64);
    expect(band.fpr.length).toBe(64);
    for (let k = 0; k < 64; k++) {
      expect(band.tprLower[k]).toBeLessThanOrEqual(band.tpr[k] as number);
      expect(band.tprUpper[k]).toBeGreaterThanOrEqual(band.tpr[k] as number);
      expect(band.fprLower[k]).toBeLessThanOrEqual(band.fpr[k] as number);
    }
  });

  it('rejects empty or non-finite scores and bad confidence', () => {
    expect(() => empiricalTradeOff([], [1])).toThrow(DpboundsTypeError);
    expect(() => empiricalTradeOff([1, Number.NaN], [1])).toThrow(/memberScores\[1\]/);
    expect(() => empiricalTradeOff([1], [Infinity])).toThrow(DpboundsRangeError);
    expect(() => empiricalTradeOff([1], [0], { confidence: 0 })).toThrow(/confidence/);
  });
});
