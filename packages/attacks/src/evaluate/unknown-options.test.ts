import { DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { evaluateAttack } from './evaluate-attack.js';

describe('evaluateAttack options', () => {
  const scores = [0.9, 0.8, 0.3, 0.1];
  const members = [1, 1, 0, 0];

  it('refuses a misspelt key ({ fpr }) naming it and suggesting fprs, instead of reporting the default FPRs', () => {
    expect(() => evaluateAttack(scores, members, { fpr: [0.5] } as never)).toThrow(/^options\.fpr must be absent: say fprs \(known keys: fprs, confidence\)/);
    expect(evaluateAttack(scores, members, { fprs: [0.5] }).tprAtFpr.map((row) => row.fpr)).toEqual([0.5]);
  });

  it('null, a number or an array as options is a typed error naming options, not a TypeError', () => {
    for (const bad of [null, 3, [0.5], 'fprs']) {
      let caught: unknown;
      try {
        evaluateAttack(scores, members, bad as never);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DpboundsTypeError);
      expect((caught as DpboundsTypeError).parameter).toBe('options');
    }
  });
});
