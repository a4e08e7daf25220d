import { DpboundsRangeError, DpboundsTypeError, logNormalCdf, normalSf } from '@dpbounds/special-functions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matrixFromRows } from '../matrix/matrix.js';
import { liraOffline, liraOnline } from './lira.js';
import { shadowScoresFromMatrix, shadowScoresFromRows } from './shadow-scores.js';

// Target 0: in {3, 5} (mean 4, sd √2), out {0, 2} (mean 1, sd √2). Target 1: in {1, 1.5}, out {-1, 0, 1}.
const shadow = shadowScoresFromRows({ targets: 2, targetIndex: [0, 0, 0, 0, 1, 1, 1, 1, 1], scores: [3, 5, 0, 2, 1, 1.5, -1, 0, 1], isIn: [1, 1, 0, 0, 1, 1, 0, 0, 0] });

describe('liraOnline', () => {
  it('is the Gaussian log-likelihood ratio with per-example deviations', () => {
    const { scores } = liraOnline([4, 0], shadow);
    // Target 0 at s = 4: z_in = 0, z_out = 3/√2, equal deviations → Λ = 9/4.
    expect(scores[0]).toBeCloseTo(2.25, 13);
    // Target 1 at s = 0: in mean 1.25, sd √0.125; out mean 0, sd 1.
    const sIn = Math.sqrt(0.125);
    expect(scores[1]).toBeCloseTo(-0.5 * (1.25 / sIn) ** 2 - Math.log(sIn), 12);
    expect(logNormalCdf(0)).toBeCloseTo(Math.log(0.5), 15);
  });

  it('uses one pooled within-target deviation per side with variance "fixed"', () => {
    const { scores } = liraOnline([4, 0], shadow, { variance: 'fixed' });
    const pooledIn = Math.sqrt((2 + 0.125) / 2);
    const pooledOut = Math.sqrt((2 + 2) / 3);
    const expected0 = -0.5 * 0 - Math.log(pooledIn) + 0.5 * (3 / pooledOut) ** 2 + Math.log(pooledOut);
    expect(scores[0]).toBeCloseTo(expected0, 12);
  });

  it('is increasing in the observed score when the in mean is above the out mean and deviations are equal (property)', () => {
    const equal = shadowScoresFromMatrix(matrixFromRows([[1, 3, -1, 1]]), [1, 1, 0, 0]);
    fc.assert(
      fc.property(fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: 1e-6, max: 10, noNaN: true }), (s, step) => {
        const [a, b] = [liraOnline([s], equal).scores[0] as number, liraOnline([s + step], equal).scores[0] as number];
        expect(b).toBeGreaterThan(a);
      }),
      { seed: 3, numRuns: 200 },
    );
  });

  it('names the target that lacks in or out scores', () => {
    const noIn = shadowScoresFromRows({ targets: 2, targetIndex: [0, 0, 0, 0, 1, 1], scores: [1, 2, 3, 4, 5, 6], isIn: [1, 1, 0, 0, 0, 0] });
    expect(() => liraOnline([0, 0], noIn)).toThrow('shadow (target 1) must be at least one "in" shadow score per target; found 0');
  });
});

describe('liraOffline', () => {
  it('gives the one-sided Gaussian p-value in log space, score = −log p', () => {
    const { scores, logPValues } = liraOffline([4, 0], shadow);
    expect(logPValues?.[0]).toBeCloseTo(Math.log(normalSf(3 / Math.SQRT2)), 13);
    expect(logPValues?.[1]).toBeCloseTo(Math.log(0.5), 14);
    expect(scores[0]).toBeCloseTo(-(logPValues?.[0] as number), 15);
  });

  it('keeps deep tails exact instead of underflowing to 0', () => {
    const { logPValues } = liraOffline([1 + 60 * Math.SQRT2, 0], shadow);
    expect(logPValues?.[0]).toBeCloseTo(logNormalCdf(-60), 9);
    expect(logPValues?.[0]).toBeLessThan(-1800);
  });

  it('two-sided (exclusion) p-values are 2Q(|z|) and symmetric around the out mean', () => {
    const above = liraOffline([1 + Math.SQRT2, 0], shadow, { alternative: 'two-sided' }).logPValues;
    const below = liraOffline([1 - Math.SQRT2, 0], shadow, { alternative: 'two-sided' }).logPValues;
    expect(above?.[0]).toBeCloseTo(Math.log(2 * normalSf(1)), 13);
    expect(below?.[0]).toBeCloseTo(above?.[0] as number, 13);
    expect(above?.[1]).toBe(0);
  });

  it('ignores in-scores and validates its inputs', () => {
    const onlyOut = shadowScoresFromRows({ targets: 2, targetIndex: [0, 0, 1, 1, 1], scores: [0, 2, -1, 0, 1], isIn: [0, 0, 0, 0, 0] });
    expect([...(liraOffline([4, 0], onlyOut).logPValues ?? [])]).toEqual([...(liraOffline([4, 0], shadow).logPValues ?? [])]);
    expect(() => liraOffline([4], shadow)).toThrow(DpboundsTypeError);
    expect(() => liraOffline([Number.POSITIVE_INFINITY, 0], shadow)).toThrow('targetScores[0] must be a finite number; found Infinity');
    const constant = shadowScoresFromRows({ targets: 1, targetIndex: [0, 0], scores: [2, 2], isIn: [0, 0] });
    expect(() => liraOffline([1], constant)).toThrow(DpboundsRangeError);
  });
});
