/**
 * The library fuzz's inputs (tools/soundness/src/library-fuzz.test.ts) on the idealised setting:
 * counts of 1e15 are refused before any allocation or draw, naming the count, the limit and the
 * value found; a noise multiplier up to Number.MAX_VALUE gives a finite expected count.
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { idealizedAudit } from './idealized-audit.js';
import { idealizedExpectedCorrect } from './idealized-membership.js';
import { idealizedReconstructionMonteCarlo } from './idealized-reconstruction.js';
import { MAX_IDEALIZED_DRAWS, requireIdealizedDrawsBounded } from './idealized-work-bound.js';

/** The refusal of `call`, which must be a DpboundsRangeError naming `parameter`. */
function refusal(call: () => unknown, parameter: string): DpboundsRangeError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(DpboundsRangeError);
    expect((error as DpboundsRangeError).parameter).toBe(parameter);
    return error as DpboundsRangeError;
  }
  throw new Error(`expected a refusal naming ${parameter}`);
}

describe('the idealised reconstruction Monte Carlo refuses more than 2^28 draws before any work', () => {
  const example = { noiseMultiplier: 1, canaries: 1000, guesses: 100, bucketSize: 10, seed: 1 };
  it('idealizedAudit(input.bucketSize = 1e15) names bucketSize, the limit and the value', () => {
    const error = refusal(() => idealizedAudit({ noiseMultiplier: 1, canaries: 100000, guesses: 1500, bucketSize: 1e15 }), 'bucketSize');
    expect(error.found).toBe(1e15);
    expect(error.message).toContain(String(MAX_IDEALIZED_DRAWS));
  });
  it('idealizedReconstructionMonteCarlo(input.canaries, bucketSize or runs = 1e15) names that count', () => {
    for (const key of ['canaries', 'bucketSize', 'runs'] as const) {
      // guesses ≤ canaries: with canaries 1e15 the example's 100 guesses stay valid
      const error = refusal(() => idealizedReconstructionMonteCarlo({ ...example, [key]: 1e15 }), key);
      expect(error.found).toBe(1e15);
    }
  });
  it('says the most the largest count may be given the others, and accepts exactly that', () => {
    // runs 100 × canaries 1000 = 10⁵: bucketSize ≤ ⌊2^28 / 10⁵⌋ = 2684
    const error = refusal(() => requireIdealizedDrawsBounded(100, 1000, 2685), 'bucketSize');
    expect(error.message).toContain('≤ 2684');
    expect(() => requireIdealizedDrawsBounded(100, 1000, 2684)).not.toThrow();
    expect(() => requireIdealizedDrawsBounded(1, 2 ** 27, 2)).not.toThrow();
    expect(() => requireIdealizedDrawsBounded(1, 2 ** 27 + 1, 2)).toThrow(DpboundsRangeError);
  });
  it('still runs the example, the same answer from the same seed', () => {
    const r = idealizedReconstructionMonteCarlo(example);
    expect(r.meanCorrect).toBeGreaterThan(35);
    expect(r.meanCorrect).toBeLessThan(48);
    expect(idealizedReconstructionMonteCarlo(example)).toEqual(r);
  });
});

describe('idealizedExpectedCorrect never overflows 2σ (the fuzz found NaN at σ = 1e308)', () => {
  const example = { canaries: 100000, guesses: 1500 };
  it('σ = 1e308 and MAX_VALUE: a random guess is right half the time (c′/2)', () => {
    for (const noiseMultiplier of [1e308, Number.MAX_VALUE, 1e200]) {
      const { expectedCorrect, correct } = idealizedExpectedCorrect({ noiseMultiplier, ...example });
      expect(Number.isFinite(expectedCorrect)).toBe(true);
      expect(Math.abs(expectedCorrect - 750)).toBeLessThan(1e-6);
      expect(correct).toBe(750);
    }
  });
  it('is continuous where the units switch (σ = 1): both sides agree to 1e-6', () => {
    const below = idealizedExpectedCorrect({ noiseMultiplier: 1, ...example }).expectedCorrect;
    const above = idealizedExpectedCorrect({ noiseMultiplier: 1 + 1e-12, ...example }).expectedCorrect;
    expect(Math.abs(above - below)).toBeLessThan(1e-6 * below);
    // and falls with σ towards c′/2 (σ = 10: barely better than guessing)
    const at10 = idealizedExpectedCorrect({ noiseMultiplier: 10, ...example }).expectedCorrect;
    expect(at10).toBeLessThan(below);
    expect(at10).toBeGreaterThan(750);
  });
  it('idealizedAudit(input.noiseMultiplier = 1e308) answers without NaN', () => {
    const r = idealizedAudit({ noiseMultiplier: 1e308, ...example });
    expect(r.expectedCorrect).toBeCloseTo(750, 6);
    expect(Number.isNaN(r.empiricalEpsilon)).toBe(false);
  });
});
