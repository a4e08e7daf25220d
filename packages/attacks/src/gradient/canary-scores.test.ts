import { DpboundsRangeError, DpboundsTypeError, normalSf } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { matrixFromRows } from '../matrix/matrix.js';
import { diracCanaryScores, dotProductScores } from './canary-scores.js';

describe('dotProductScores', () => {
  it('is the inner product with each canary gradient, with the Gaussian one-sided p-value', () => {
    const { scores, logPValues } = dotProductScores([1, 0, 2], matrixFromRows([[1, 0, 0], [0, 3, 4]]), { noiseStd: 0.5 });
    expect([...scores]).toEqual([1, 8]);
    expect(logPValues?.[0]).toBeCloseTo(Math.log(normalSf(1 / 0.5)), 13);
    expect(logPValues?.[1]).toBeCloseTo(Math.log(normalSf(8 / (0.5 * 5))), 13);
  });

  it('has no p-values without a noise level, p = 1 for a zero canary, and validates', () => {
    expect(dotProductScores([1, 2], matrixFromRows([[1, 1]])).logPValues).toBeUndefined();
    expect(dotProductScores([1, 2], matrixFromRows([[0, 0]]), { noiseStd: 1 }).logPValues?.[0]).toBe(0);
    expect(() => dotProductScores([1, 2], matrixFromRows([[1, 1, 1]]))).toThrow(DpboundsTypeError);
    expect(() => dotProductScores([1, 2], matrixFromRows([[1, 1]]), { noiseStd: 0 })).toThrow('noiseStd must be in (0, ∞); found 0');
  });
});

describe('diracCanaryScores', () => {
  it('reads the update at each canary coordinate, scaled by the canary magnitude', () => {
    const { scores, logPValues } = diracCanaryScores([0.5, -1, 3], [2, 0], { magnitude: 2, noiseStd: 1 });
    expect([...scores]).toEqual([6, 1]);
    expect(logPValues?.[0]).toBeCloseTo(Math.log(normalSf(3)), 13);
  });

  it('agrees with dotProductScores on one-hot canaries', () => {
    const u = [0.3, -2, 1.5, 4];
    const dirac = diracCanaryScores(u, [3, 1], { magnitude: 0.7 }).scores;
    const dot = dotProductScores(u, matrixFromRows([[0, 0, 0, 0.7], [0, 0.7, 0, 0]])).scores;
    expect([...dirac]).toEqual([...dot]);
  });

  it('rejects coordinates outside the update', () => {
    expect(() => diracCanaryScores([1, 2], [2])).toThrow('coordinates[0] must be an integer in [0, 1]; found 2');
    expect(() => diracCanaryScores([1, 2], [0], { magnitude: -1 })).toThrow(DpboundsRangeError);
  });
});
