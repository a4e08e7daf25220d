import fc from 'fast-check';
import { gaussianTradeOff, gdpEpsilon } from '@dpbounds/tradeoff-core';
import { describe, expect, it } from 'vitest';
import { fixtureCases, num } from '../../test/load-fixtures.js';
import { blowUpInverseFromCurve, gaussianBlowUpInverse } from './blow-up-inverse.js';
import { fdpEmpiricalGaussianGrid, fdpEmpiricalMu } from './empirical-gaussian.js';
import { fdpEmpiricalPrivacy } from './fdp-empirical-privacy.js';
import { fdpTest } from './fdp-test.js';

function observationOf(input: Record<string, unknown>): { canaries: number; guesses: number; correct: number; bucketSize: number; significance: number } {
  return { canaries: num(input.m), guesses: num(input.cPrime), correct: num(input.c), bucketSize: num(input.k), significance: num(input.tau) };
}

describe('gaussianBlowUpInverse (docs/math/audit-one-run.md)', () => {
  it('equals the tradeoff-core Gaussian curve read as f̄⁻¹(y) = G_μ(1 − y) where 1 − y is exact', () => {
    for (const mu of [0.1, 0.5, 1, 3]) {
      const direct = gaussianBlowUpInverse(mu);
      const viaCurve = blowUpInverseFromCurve(gaussianTradeOff(mu));
      for (const y of [0.001, 0.01, 0.25, 0.5, 0.75, 0.99]) {
        expect(direct(y)).toBeCloseTo(viaCurve(y), 12);
      }
    }
  });

  it('keeps relative accuracy at tiny y and is the identity at μ = 0', () => {
    const y = 5e-9;
    // Φ(Φ⁻¹(y) − μ) ≤ y, non-decreasing in y, and for μ → 0 tends to y.
    expect(gaussianBlowUpInverse(0)(y)).toBe(y);
    expect(gaussianBlowUpInverse(1e-9)(y) / y).toBeCloseTo(1, 6);
    expect(gaussianBlowUpInverse(1000)(y)).toBe(0);
  });
});

describe('fdpTest: Algorithm 3 (docs/math/audit-one-run.md)', () => {
  for (const fixture of fixtureCases('fdp.test')) {
    it(`${fixture.id}: decision exact${fixture.expected.r0PlusH0 === undefined ? '' : ', r0 + h0 to rel 1e-9'}`, () => {
      const input = observationOf(fixture.input);
      const result = fdpTest(gaussianBlowUpInverse(num(fixture.input.mu)), input);
      expect(result.rejected).toBe(fixture.expected.rejected);
      expect(result.capacity).toBeCloseTo(num(fixture.expected.capacity), 15);
      if (fixture.expected.r0PlusH0 !== undefined) {
        const want = num(fixture.expected.r0PlusH0);
        expect(Math.abs(result.r0PlusH0 - want)).toBeLessThanOrEqual(1e-9 * want);
      }
      expect(result.rejected).toBe(result.r0PlusH0 > result.capacity);
    });
  }

  it('never rejects with no correct guess, no guess, or accuracy ≤ 1/k', () => {
    const perfect = gaussianBlowUpInverse(0);
    expect(fdpTest(perfect, { canaries: 100, guesses: 10, correct: 0 }).rejected).toBe(false);
    expect(fdpTest(perfect, { canaries: 100, guesses: 0, correct: 0 }).rejected).toBe(false);
    expect(fdpTest(perfect, { canaries: 1000, guesses: 100, correct: 50 }).rejected).toBe(false);
    expect(fdpTest(perfect, { canaries: 1000, guesses: 300, correct: 100, bucketSize: 3 }).rejected).toBe(false);
  });

  it('rejection is monotone: if μ is rejected so is every smaller μ (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 3000 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0.3, max: 1, noNaN: true }),
        fc.integer({ min: 2, max: 20 }),
        fc.double({ min: 0, max: 4, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (m, guessFrac, accuracy, k, mu, shrink) => {
          const guesses = Math.max(1, Math.round(guessFrac * m));
          const correct = Math.round(accuracy * guesses);
          const obs = { canaries: m, guesses, correct, bucketSize: k };
          const strong = fdpTest(gaussianBlowUpInverse(mu * shrink), obs);
          const weak = fdpTest(gaussianBlowUpInverse(mu), obs);
          if (weak.rejected) expect(strong.rejected).toBe(true);
          expect(strong.r0PlusH0).toBeGreaterThanOrEqual(weak.r0PlusH0 * (1 - 1e-12));
        },
      ),
      { seed: 3, numRuns: 300 },
    );
  });
});

describe('fdpEmpiricalMu and the grid variant (docs/math/audit-one-run.md)', () => {
  for (const fixture of fixtureCases('fdp.empiricalGaussian')) {
    it(`${fixture.id}: μ to rel 1e-7, ε to 1e-6, grid index exact`, () => {
      const input = observationOf(fixture.input);
      const tol = fixture.tolerance;
      const got = fdpEmpiricalMu(input);
      const wantMu = num(fixture.expected.mu);
      expect(Math.abs(got.mu - wantMu)).toBeLessThanOrEqual(Math.max(num(tol.mu_abs), num(tol.mu_rel) * wantMu));
      const sigma = fixture.expected.sigma;
      if (sigma === null) expect(got.noiseMultiplier).toBe(Infinity);
      else expect(got.noiseMultiplier).toBeCloseTo(num(sigma), 5);
      for (const [delta, eps] of Object.entries(fixture.expected.epsilonAtDelta as Record<string, unknown>)) {
        const want = num(eps);
        const have = got.mu === 0 ? 0 : gdpEpsilon(got.mu, Number(delta));
        expect(Math.abs(have - want)).toBeLessThanOrEqual(num(tol.epsilon_abs));
      }
      const grid = fixture.expected.grid as Record<string, unknown>;
      const gridResult = fdpEmpiricalGaussianGrid(input, {
        start: num(grid.sigma0),
        step: num(grid.step),
        count: num(grid.count),
        delta: num(grid.delta),
      });
      expect(gridResult.index).toBe(grid.index);
      expect(Math.abs(gridResult.epsilon - num(grid.epsilonExact))).toBeLessThanOrEqual(num(tol.grid_epsilonExact_abs));
      if (grid.index !== null) {
        expect(gridResult.noiseMultiplier).toBeCloseTo(num(grid.sigma), 12);
        // PrivacyGuard's own bisection output agrees with the exact conversion to its tolerance.
        expect(Math.abs(gridResult.epsilon - num(grid.privacyGuardEpsilon))).toBeLessThanOrEqual(num(tol.grid_privacyGuardEpsilon_abs));
        // The grid point is at most one step weaker than the continuous boundary.
        expect(gridResult.mu).toBeLessThanOrEqual(got.mu * (1 + 1e-9));
      }
    });
  }

  it('returns the rejected side of the boundary', () => {
    const obs = { canaries: 100000, guesses: 1500, correct: 1429 };
    const { mu } = fdpEmpiricalMu(obs);
    expect(fdpTest(gaussianBlowUpInverse(mu), obs).rejected).toBe(true);
    expect(fdpTest(gaussianBlowUpInverse(mu * (1 + 1e-9)), obs).rejected).toBe(false);
  });

  it('r = 0 is valid and gives 0', () => {
    expect(fdpEmpiricalMu({ canaries: 10, guesses: 0, correct: 0 })).toEqual({ mu: 0, noiseMultiplier: Infinity, saturated: false });
  });

  it('is the boundary (rejected at μ*, not just above), at least the grid value, and falls with confidence (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 50000 }), fc.double({ min: 0.002, max: 1, noNaN: true }), fc.double({ min: 0.55, max: 1, noNaN: true }), fc.integer({ min: 2, max: 12 }), (m, gf, acc, k) => {
        const guesses = Math.max(2, Math.round(gf * m));
        const correct = Math.round(acc * guesses);
        const obs = { canaries: m, guesses, correct, bucketSize: k };
        const { mu } = fdpEmpiricalMu(obs);
        if (mu > 0) {
          expect(fdpTest(gaussianBlowUpInverse(mu), obs).rejected).toBe(true);
          expect(fdpTest(gaussianBlowUpInverse(mu * (1 + 1e-9) + 1e-12), obs).rejected).toBe(false);
        }
        expect(fdpEmpiricalGaussianGrid(obs).mu).toBeLessThanOrEqual(mu);
        expect(fdpEmpiricalMu({ ...obs, confidence: 0.99 }).mu).toBeLessThanOrEqual(mu);
      }),
      { seed: 17, numRuns: 80 },
    );
  });

  it('is non-decreasing in the number of correct guesses (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 20000 }), fc.double({ min: 0.001, max: 1, noNaN: true }), fc.double({ min: 0.5, max: 1, noNaN: true }), (m, gf, acc) => {
        const guesses = Math.max(2, Math.round(gf * m));
        const correct = Math.min(guesses - 1, Math.round(acc * guesses));
        const a = fdpEmpiricalMu({ canaries: Math.max(m, guesses), guesses, correct }).mu;
        const b = fdpEmpiricalMu({ canaries: Math.max(m, guesses), guesses, correct: correct + 1 }).mu;
        expect(b).toBeGreaterThanOrEqual(a);
      }),
      { seed: 5, numRuns: 60 },
    );
  });
});

describe('fdpEmpiricalPrivacy over any ordered family', () => {
  const obs = { canaries: 1000, guesses: 100, correct: 92 };

  it('reproduces fdpEmpiricalMu with the Gaussian family', () => {
    const generic = fdpEmpiricalPrivacy({ blowUpInverse: gaussianBlowUpInverse, maxParameter: 1000 }, obs).parameter;
    expect(generic).toBeCloseTo(fdpEmpiricalMu(obs).mu, 10);
  });

  it('audits the (ε, δ)-DP family: the boundary is rejected, a larger δ proves less', () => {
    const family = (delta: number) => ({ blowUpInverse: (eps: number) => (y: number) => Math.max(0, (y - delta) * Math.exp(-eps)), maxParameter: 100 });
    const small = fdpEmpiricalPrivacy(family(1e-6), obs);
    const large = fdpEmpiricalPrivacy(family(1e-2), obs);
    expect(small.parameter).toBeGreaterThan(0);
    expect(large.parameter).toBeLessThan(small.parameter);
    expect(fdpTest(family(1e-6).blowUpInverse(small.parameter), obs).rejected).toBe(true);
    expect(small.saturated).toBe(false);
  });
});
