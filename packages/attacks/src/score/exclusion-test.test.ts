import { chiSquaredLogSf, chiSquaredSf, DpboundsRangeError, DpboundsTypeError, logNormalCdf, normalSf } from '@dpbounds/special-functions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matrixFromRows } from '../matrix/matrix.js';
import { exclusionTest } from './exclusion-test.js';

describe('exclusionTest', () => {
  it('1-D: two-sided p-value 2Q(|z|), symmetric around the reference mean', () => {
    const r = exclusionTest(matrixFromRows([[3], [-1], [1]]), { mean: [1], std: 2 });
    expect(r.logPValues[0]).toBeCloseTo(Math.log(2 * normalSf(1)), 14);
    expect(r.logPValues[1]).toBeCloseTo(r.logPValues[0] as number, 15);
    expect(r.logPValues[2]).toBe(0);
    expect([...r.statistic]).toEqual([1, 1, 0]);
    expect(r.scores[0]).toBe(-(r.logPValues[0] as number));
  });

  it('d-dimensional: χ²_d survival of the standardised squared distance, per-coordinate σ', () => {
    const r = exclusionTest(matrixFromRows([[1, 2, 2], [0, 0, 0]]), { mean: [0, 0, 0], std: [1, 2, 0.5] });
    expect(r.statistic[0]).toBeCloseTo(1 + 1 + 16, 14);
    expect(r.logPValues[0]).toBeCloseTo(Math.log(chiSquaredSf(18, 3)), 12);
    expect(r.logPValues[1]).toBe(0);
    expect(r.degreesOfFreedom).toBe(3);
  });

  it('stays exact where the p-value underflows', () => {
    const r = exclusionTest(matrixFromRows([[60], [-80]]), { mean: [0], std: 1 });
    expect(r.logPValues[0]).toBeCloseTo(Math.LN2 + logNormalCdf(-60), 9);
    // Mills ratio: log Q(x) ≈ −x²/2 − log(x√(2π)) for large x.
    expect(r.logPValues[1]).toBeCloseTo(Math.LN2 - 3200 - Math.log(80 * Math.sqrt(2 * Math.PI)), 3);
    const d3 = exclusionTest(matrixFromRows([[60, 60, 60]]), { mean: [0, 0, 0], std: 1 });
    expect(d3.logPValues[0]).toBeCloseTo(chiSquaredLogSf(10800, 3), 9);
    expect(d3.logPValues[0]).toBeLessThan(-5000);
  });

  it('p-values decrease as the output moves away from f(D), in any direction (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -30, max: 30, noNaN: true }), fc.double({ min: 1e-3, max: 5, noNaN: true }), (x, step) => {
        const away = x >= 0 ? x + step : x - step;
        const r = exclusionTest(matrixFromRows([[x, 1], [away, 1]]), { mean: [0, 0], std: 1 });
        expect(r.logPValues[1]).toBeLessThanOrEqual(r.logPValues[0] as number);
        expect(r.logPValues[0]).toBeLessThanOrEqual(0);
      }),
      { seed: 5, numRuns: 200 },
    );
  });

  it('validates shapes and σ', () => {
    expect(() => exclusionTest(matrixFromRows([[1, 2]]), { mean: [0], std: 1 })).toThrow(DpboundsTypeError);
    expect(() => exclusionTest(matrixFromRows([[1]]), { mean: [0], std: 0 })).toThrow('reference.std must be in (0, ∞); found 0');
    expect(() => exclusionTest(matrixFromRows([[1, 1]]), { mean: [0, 0], std: [1] })).toThrow(DpboundsTypeError);
    expect(() => exclusionTest(matrixFromRows([[1, 1]]), { mean: [0, 0], std: [1, -1] })).toThrow(DpboundsRangeError);
  });
});
