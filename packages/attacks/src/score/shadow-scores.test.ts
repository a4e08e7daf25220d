import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { matrixFromRows } from '../matrix/matrix.js';
import { requireShadowScores, shadowScoresFromMatrix, shadowScoresFromRows } from './shadow-scores.js';

describe('shadow score layouts', () => {
  it('groups long-format rows by target, keeping their order', () => {
    const s = shadowScoresFromRows({ targets: 3, targetIndex: [2, 0, 2, 0], scores: [10, 11, 12, 13], isIn: [1, 0, false, true] });
    expect([...s.offsets]).toEqual([0, 2, 2, 4]);
    expect([...s.scores]).toEqual([11, 13, 10, 12]);
    expect([...s.isIn]).toEqual([0, 1, 1, 0]);
    expect(requireShadowScores(s, 3)).toBe(s);
  });

  it('reads a targets × shadows matrix with its keep mask', () => {
    const s = shadowScoresFromMatrix(matrixFromRows([[1, 2, 3], [4, 5, 6]]), [1, 0, 0, 0, 1, 1]);
    expect([...s.offsets]).toEqual([0, 3, 6]);
    expect([...s.isIn]).toEqual([1, 0, 0, 0, 1, 1]);
  });

  it('rejects bad indices, masks and lengths', () => {
    expect(() => shadowScoresFromRows({ targets: 2, targetIndex: [0, 2], scores: [1, 2], isIn: [0, 0] })).toThrow('targetIndex[1] must be an integer in [0, 2); found 2');
    expect(() => shadowScoresFromRows({ targets: 2, targetIndex: [0], scores: [1, 2], isIn: [0, 0] })).toThrow(DpboundsTypeError);
    expect(() => shadowScoresFromMatrix(matrixFromRows([[1, 2]]), [1, 2])).toThrow('inMask[1] must be 0, 1, true or false; found 2');
    expect(() => requireShadowScores(shadowScoresFromRows({ targets: 2, targetIndex: [0], scores: [1], isIn: [0] }), 3)).toThrow(DpboundsTypeError);
    expect(() => shadowScoresFromRows({ targets: 1, targetIndex: [0], scores: [Number.NaN], isIn: [0] })).toThrow(DpboundsRangeError);
  });
});
