/**
 * The idealised-setting inputs and the empirical-noise results say `noiseMultiplier` (σ, with
 * μ = 1/σ); the old key `sigma` is refused by name rather than ignored, and the renamed fields
 * carry the same numbers as the quantities they are defined from.
 */
import { describe, expect, it } from 'vitest';
import { DpboundsTypeError } from '@dpbounds/special-functions';
import { fdpEmpiricalGaussianGrid, fdpEmpiricalMu, idealizedAudit, idealizedExpectedCorrect, idealizedReconstructionMonteCarlo } from '../index.js';

describe('idealised-setting inputs take noiseMultiplier and refuse unknown keys', () => {
  it('names input.sigma (the old key) in a typed error', () => {
    const old = { sigma: 1, canaries: 1000, guesses: 100 };
    for (const call of [
      () => idealizedExpectedCorrect(old as never),
      () => idealizedAudit(old as never),
      () => idealizedReconstructionMonteCarlo({ ...old, bucketSize: 3 } as never),
    ]) {
      expect(call).toThrow(DpboundsTypeError);
      expect(call).toThrow('input.sigma');
    }
    expect(() => fdpEmpiricalGaussianGrid({ canaries: 1000, guesses: 100, correct: 90 }, { sigma0: 0.6 } as never)).toThrow('options.sigma0');
  });

  it('gives the same numbers through the renamed fields', () => {
    const membership = idealizedExpectedCorrect({ noiseMultiplier: 1, canaries: 100000, guesses: 1500 });
    expect(membership.correct).toBe(1429);
    const audit = idealizedAudit({ noiseMultiplier: 1, canaries: 100000, guesses: 1500, delta: 1e-5 });
    expect(audit.noiseMultiplier).toBe(1);
    expect(audit.expectedCorrect).toBe(membership.expectedCorrect);
    const mu = fdpEmpiricalMu({ canaries: 100000, guesses: 1500, correct: 1429 });
    expect(mu.noiseMultiplier).toBe(1 / mu.mu);
    const grid = fdpEmpiricalGaussianGrid({ canaries: 100000, guesses: 1500, correct: 1429 }, { start: 0.6, step: 0.01, count: 100 });
    expect(grid.index).not.toBeNull();
    expect(grid.noiseMultiplier).toBeCloseTo(0.6 + 0.01 * (grid.index as number), 12);
    expect(grid.mu).toBe(1 / (grid.noiseMultiplier as number));
  });
});
