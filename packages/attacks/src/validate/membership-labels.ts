/**
 * Validation of attack inputs with known membership: finite scores, labels in {0, 1}, matching
 * lengths, and at least one member and one non-member (otherwise no error rate is defined).
 */
import { DpboundsRangeError, DpboundsTypeError, requireFiniteArray, requireInteger } from '@dpbounds/special-functions';

/**
 * Membership labels as 0/1 bytes: accepts booleans or the numbers 0 and 1.
 *
 * @throws DpboundsTypeError when the length differs from `length`; DpboundsRangeError for any
 * other value, naming the index.
 * @example membershipLabels('members', [true, 0, 1], 3) // Uint8Array [1, 0, 1]
 */
export function membershipLabels(parameter: string, members: ArrayLike<boolean | number>, length: number): Uint8Array {
  if (members === null || typeof members !== 'object' || typeof (members as { length?: unknown }).length !== 'number') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: 'an array of 0/1 or booleans', found: members });
  }
  requireInteger('length', length, { min: 0 });
  if (members.length !== length) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter, expected: `${length} labels (one per score)`, found: members });
  }
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const v = members[i];
    if (v === true || v === 1) out[i] = 1;
    else if (v !== false && v !== 0) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `${parameter}[${i}]`, expected: '0, 1, true or false', found: v });
  }
  return out;
}

/**
 * Checks scores and membership labels for an evaluation: finite scores, equal lengths, at least
 * one member and one non-member. Returns the labels as 0/1 bytes.
 *
 * @throws DpboundsTypeError / DpboundsRangeError naming the parameter and what was found.
 * @example requireLabelledScores([0.3, 0.9], [0, 1]) // Uint8Array [0, 1]
 */
export function requireLabelledScores(scores: ArrayLike<number>, members: ArrayLike<boolean | number>): Uint8Array {
  requireFiniteArray('scores', scores, { minLength: 2 });
  const labels = membershipLabels('members', members, scores.length);
  let count = 0;
  for (let i = 0; i < labels.length; i++) count += labels[i] as number;
  if (count === 0 || count === labels.length) {
    throw new DpboundsRangeError({
      code: 'ERR_OUT_OF_RANGE',
      parameter: 'members',
      expected: 'at least one member (1) and one non-member (0)',
      found: count === 0 ? 'no members' : 'no non-members',
    });
  }
  return labels;
}
