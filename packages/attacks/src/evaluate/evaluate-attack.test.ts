import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateAttack } from './evaluate-attack.js';

describe('evaluateAttack', () => {
  it('a perfect attack: AUC 1 and TPR 1 at every FPR', () => {
    const e = evaluateAttack([5, 6, 7, 1, 2, 3], [1, 1, 1, 0, 0, 0], { fprs: [0, 0.01] });
    expect(e.auc).toBe(1);
    expect(e.members).toBe(3);
    expect(e.nonMembers).toBe(3);
    expect(e.tprAtFpr.map((p) => p.tpr)).toEqual([1, 1]);
  });

  it('counts ties as ½ (Mann–Whitney) and splits by membership', () => {
    // Members {2, 1}, non-members {1, 0}: pairs (2,1) (2,0) (1,0) won, (1,1) tied → (3 + ½)/4.
    expect(evaluateAttack([2, 1, 1, 0], [true, true, false, false]).auc).toBeCloseTo(0.875, 15);
  });

  it('lower ≤ TPR ≤ upper, AUC in [0, 1], and reversing the scores gives 1 − AUC (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -5, max: 5 }), fc.boolean()), { minLength: 2, maxLength: 60 }).filter((rows) => rows.some((r) => r[1]) && rows.some((r) => !r[1])),
        fc.double({ min: 0.5, max: 0.999, noNaN: true }),
        (rows, confidence) => {
          const scores = rows.map((r) => r[0]);
          const members = rows.map((r) => r[1]);
          const e = evaluateAttack(scores, members, { fprs: [0, 0.1, 0.5, 1], confidence });
          expect(e.auc).toBeGreaterThanOrEqual(0);
          expect(e.auc).toBeLessThanOrEqual(1);
          for (const p of e.tprAtFpr) {
            expect(p.tprLower).toBeLessThanOrEqual(p.tpr);
            expect(p.tpr).toBeLessThanOrEqual(p.tprUpper);
            expect(p.achievedFpr).toBeLessThanOrEqual(p.fpr);
          }
          expect(e.tprAtFpr[3]?.tpr).toBe(1);
          const reversed = evaluateAttack(scores.map((s) => -s), members);
          expect(reversed.auc).toBeCloseTo(1 - e.auc, 12);
        },
      ),
      { seed: 17, numRuns: 150 },
    );
  });

  it('rejects unusable inputs with typed errors', () => {
    expect(() => evaluateAttack([1, 2], [1, 1])).toThrow('members must be at least one member (1) and one non-member (0); found "no non-members"');
    expect(() => evaluateAttack([1, 2, 3], [1, 0])).toThrow(DpboundsTypeError);
    expect(() => evaluateAttack([1, Number.NaN], [1, 0])).toThrow(DpboundsRangeError);
    expect(() => evaluateAttack([1, 2], [1, 0], { fprs: [1.5] })).toThrow('fprs[0] must be in [0, 1]; found 1.5');
    expect(() => evaluateAttack([1, 2], [1, 0], { confidence: 1 })).toThrow(DpboundsRangeError);
  });
});
