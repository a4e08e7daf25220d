import fc from 'fast-check';
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { defaultGuessCounts, observationFromRanking, rankCanaries, selectMembershipGuesses } from './membership-guesses.js';
import { observationFromConfidence, rankConfidentGuesses } from './reconstruction-guesses.js';

describe('guess selection with abstention', () => {
  it('counts correct guesses on the top ("in") and bottom ("out") scores', () => {
    const ranked = rankCanaries({ scores: [0.9, 0.1, 0.5, 0.7, 0.2], members: [1, 0, 0, 1, 1] });
    // order by score: 0.9(1) 0.7(1) 0.5(0) 0.2(1) 0.1(0)
    expect(observationFromRanking(ranked, { inGuesses: 2, outGuesses: 0 })).toEqual({ canaries: 5, guesses: 2, correct: 2 });
    expect(observationFromRanking(ranked, { inGuesses: 1, outGuesses: 1 })).toEqual({ canaries: 5, guesses: 2, correct: 2 });
    expect(observationFromRanking(ranked, { inGuesses: 1, outGuesses: 2 })).toEqual({ canaries: 5, guesses: 3, correct: 2 });
    expect(observationFromRanking(ranked, { inGuesses: 3, outGuesses: 2 })).toEqual({ canaries: 5, guesses: 5, correct: 3 });
    expect(observationFromRanking(ranked, { inGuesses: 0, outGuesses: 0 })).toEqual({ canaries: 5, guesses: 0, correct: 0 });
  });

  it('agrees with a direct count for random inputs (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.boolean()), { minLength: 1, maxLength: 60 }),
        fc.nat(),
        fc.nat(),
        (rows, a, b) => {
          const m = rows.length;
          const inGuesses = a % (m + 1);
          const outGuesses = b % (m - inGuesses + 1);
          const ranked = rankCanaries({ scores: rows.map((r) => r[0]), members: rows.map((r) => r[1]) });
          const order = rows.map((r, i) => ({ s: r[0], member: r[1], i })).sort((p, q) => q.s - p.s || p.i - q.i);
          let correct = 0;
          for (let j = 0; j < inGuesses; j++) if ((order[j] as { member: boolean }).member) correct++;
          for (let j = m - outGuesses; j < m; j++) if (!(order[j] as { member: boolean }).member) correct++;
          expect(observationFromRanking(ranked, { inGuesses, outGuesses })).toEqual({ canaries: m, guesses: inGuesses + outGuesses, correct });
        },
      ),
      { seed: 13, numRuns: 200 },
    );
  });

  it('picks the configuration maximising the measure and reports all of them', () => {
    const scores = Array.from({ length: 100 }, (_, i) => i);
    const members = scores.map((s) => (s >= 50 ? 1 : 0));
    const ranked = rankCanaries({ scores, members });
    const selection = selectMembershipGuesses(ranked, (o) => o.correct - 0.5 * o.guesses, { guessCounts: [10, 40, 100] });
    expect(selection.configurations.map((c) => c.value)).toEqual([5, 20, 50]);
    expect(selection.best.observation).toEqual({ canaries: 100, guesses: 100, correct: 100 });
    expect(selectMembershipGuesses(ranked, (o) => o.correct, { guessCounts: [4], split: 'top' }).best).toMatchObject({ inGuesses: 4, outGuesses: 0 });
  });

  it('default guess counts are 1, 2, 5 × 10^j below m, then m', () => {
    expect(defaultGuessCounts(1000)).toEqual([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]);
    expect(defaultGuessCounts(1)).toEqual([1]);
  });

  it('rejects malformed inputs with typed errors', () => {
    expect(() => rankCanaries({ scores: [1, Number.NaN], members: [1, 0] })).toThrow(DpboundsRangeError);
    expect(() => rankCanaries({ scores: [1, 2], members: [1] })).toThrow(DpboundsTypeError);
    expect(() => rankCanaries({ scores: [1, 2], members: [1, 2] })).toThrow(/members\[1\]/);
    expect(() => rankCanaries({ scores: [], members: [] })).toThrow(DpboundsTypeError);
    const ranked = rankCanaries({ scores: [1, 2], members: [1, 0] });
    expect(() => observationFromRanking(ranked, { inGuesses: 2, outGuesses: 1 })).toThrow(DpboundsTypeError);
    expect(() => selectMembershipGuesses(ranked, () => 0, { guessCounts: [3] })).toThrow(DpboundsTypeError);
    expect(() => selectMembershipGuesses(ranked, () => 0, { guessCounts: [] })).toThrow(DpboundsTypeError);
  });
});

describe('reconstruction guesses (k > 2) with abstention', () => {
  it('keeps the most confident guesses', () => {
    const ranked = rankConfidentGuesses({ confidences: [0.2, 0.9, 0.5, 0.7], correct: [1, 1, 0, 1] });
    expect(observationFromConfidence(ranked, 1)).toEqual({ canaries: 4, guesses: 1, correct: 1 });
    expect(observationFromConfidence(ranked, 3)).toEqual({ canaries: 4, guesses: 3, correct: 2 });
    expect(observationFromConfidence(ranked, 4)).toEqual({ canaries: 4, guesses: 4, correct: 3 });
    expect(() => observationFromConfidence(ranked, 5)).toThrow(DpboundsTypeError);
    expect(() => rankConfidentGuesses({ confidences: [1], correct: [2] })).toThrow(/correct\[0\]/);
    expect(() => rankConfidentGuesses({ confidences: [Infinity], correct: [1] })).toThrow(DpboundsRangeError);
  });
});

describe('observationFromRanking refuses guess counts that are not integers, naming them', () => {
  it('a Symbol, an object without a prototype, a nested array (library fuzz: a plain TypeError or a stack overflow printing the sum)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const ranked = rankCanaries({ scores: [3, 2, 1, 0], members: [1, 1, 0, 0] });
    for (const bad of [Symbol('g'), Object.create(null), deep]) {
      expect(() => observationFromRanking(ranked, { inGuesses: bad as never, outGuesses: 1 })).toThrow(expect.objectContaining({ parameter: 'guesses.inGuesses' }));
      expect(() => observationFromRanking(ranked, { inGuesses: 1, outGuesses: bad as never })).toThrow(expect.objectContaining({ parameter: 'guesses.outGuesses' }));
    }
    expect(observationFromRanking(ranked, { inGuesses: 1, outGuesses: 1 }).correct).toBe(2);
  });
});
