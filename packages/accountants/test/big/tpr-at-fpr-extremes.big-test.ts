/**
 * A tiny FPR (the library fuzz's noiseMultiplierForTprAtFpr(fpr = 5e-324) on its @example)
 * tries the σ floor 0.05 right after the start: two PLD compositions instead of walking down
 * through eight (over 10 s on a loaded machine). The composition at σ = 0.05 takes seconds, hence
 * test:big. Work is counted, never timed.
 */
import { describe, expect, it } from 'vitest';
import { noiseMultiplierForTprAtFpr } from '../../src/index.js';

describe('noiseMultiplierForTprAtFpr at a tiny FPR', () => {
  it.each([[5e-324], [1e-300]])('fpr = %s: σ = 0.05 after two compositions, the TPR bound within the target', (fpr) => {
    let compositions = 0;
    const r = noiseMultiplierForTprAtFpr({ targetTpr: 0.2, fpr, samplingRate: 0.01, steps: 100, onEvaluation: () => compositions++ });
    expect(r).toMatchObject({ noiseMultiplier: 0.05, evaluations: 2 });
    expect(compositions).toBe(2);
    expect(r.achievedTpr).toBeLessThanOrEqual(0.2);
  });
});
