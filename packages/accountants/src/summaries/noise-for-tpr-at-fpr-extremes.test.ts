/**
 * FPR 0 is refused before any PLD composition (the library fuzz's
 * noiseMultiplierForTprAtFpr(fpr = 0, −0) walked σ down to 0.05 through 14 costly compositions,
 * over 10 s on a loaded machine). Work is counted, never timed.
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { noiseMultiplierForTprAtFpr } from './noise-for-tpr-at-fpr.js';

const example = { targetTpr: 0.2, fpr: 0.1, samplingRate: 0.01, steps: 100 }; // the fuzz's @example when it found the defect

describe('noiseMultiplierForTprAtFpr at the ends of the FPR range', () => {
  it.each([[0], [-0]])('fpr = %s is refused naming fpr before any composition (every σ > 0 gives TPR 0 there)', (fpr) => {
    let compositions = 0;
    let error: unknown;
    try {
      noiseMultiplierForTprAtFpr({ ...example, fpr, onEvaluation: () => compositions++ });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DpboundsRangeError);
    expect((error as DpboundsRangeError).parameter).toBe('fpr');
    expect((error as DpboundsRangeError).message).toMatch(/no smallest/);
    expect(compositions).toBe(0);
  });
  // fpr = 5e-324 (two compositions, the second at σ = 0.05, seconds): test/big/tpr-at-fpr-extremes.big-test.ts
});
