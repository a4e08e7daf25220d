import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { membershipLabels, requireLabelledScores } from './membership-labels.js';

describe('membership validation', () => {
  it('accepts booleans and 0/1', () => {
    expect([...membershipLabels('members', [true, 0, 1, false], 4)]).toEqual([1, 0, 1, 0]);
    expect([...requireLabelledScores([0.1, 0.2], new Uint8Array([0, 1]))]).toEqual([0, 1]);
  });

  it('needs matching lengths, finite scores, and both classes', () => {
    expect(() => requireLabelledScores([0.1, 0.2], [1])).toThrow(DpboundsTypeError);
    expect(() => requireLabelledScores([0.1, Number.NaN], [1, 0])).toThrow('scores[1] must be a finite number; found NaN');
    expect(() => requireLabelledScores([0.1, 0.2], [1, 1])).toThrow('members must be at least one member (1) and one non-member (0); found "no non-members"');
    expect(() => requireLabelledScores([0.1, 0.2], [0, 0])).toThrow(/found "no members"/);
    expect(() => requireLabelledScores([0.1, 0.2], [0, 0.5])).toThrow(DpboundsRangeError);
  });
});
