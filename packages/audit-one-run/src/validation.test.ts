import { DpboundsRangeError, DpboundsTypeError, isDpboundsError } from '@dpbounds/special-functions';
import { gdpDelta, gdpEpsilon } from '@dpbounds/tradeoff-core';
import { describe, expect, it } from 'vitest';
import { fixtureCases, fixtureCount, num } from '../test/load-fixtures.js';
import { auditOneRun } from './audit/audit-one-run.js';
import { fdpEmpiricalMu } from './fdp/empirical-gaussian.js';
import { fdpEmpiricalPrivacy } from './fdp/fdp-empirical-privacy.js';
import { fdpTest } from './fdp/fdp-test.js';
import { gaussianBlowUpInverse } from './fdp/blow-up-inverse.js';
import { idealizedExpectedCorrect } from './idealized/idealized-membership.js';
import { idealizedReconstructionMonteCarlo } from './idealized/idealized-reconstruction.js';
import { steinkeEmpiricalEpsilon } from './steinke/steinke-empirical-epsilon.js';
import { steinkePValue } from './steinke/steinke-p-value.js';

function call(target: string, i: Record<string, unknown>): unknown {
  switch (target) {
    case 'fdp.empiricalGaussian':
      return fdpEmpiricalMu({ canaries: i.m as number, guesses: i.cPrime as number, correct: i.c as number, bucketSize: i.k as number, significance: i.tau as number });
    case 'steinke.empiricalEpsilon':
      return steinkeEmpiricalEpsilon({ canaries: i.m as number, guesses: i.r as number, correct: i.v as number }, { delta: i.delta as number, confidence: i.confidence as number });
    case 'steinke.pValue':
      return steinkePValue({ canaries: i.m as number, guesses: i.r as number, correct: i.v as number, epsilon: i.epsilon as number, delta: i.delta as number });
    case 'gdp.epsilon':
      return gdpEpsilon(i.mu as number, i.delta as number);
    default:
      throw new Error(`unknown target ${target}`);
  }
}

describe('fixture file', () => {
  it('is the full copy of the specification fixtures (248 cases)', () => {
    expect(fixtureCount).toBe(248);
  });
});

describe('validation fixtures (docs/math/audit-one-run.md)', () => {
  for (const fixture of fixtureCases('validation')) {
    it(`${fixture.id}: ${String(fixture.input.target)} throws a typed error`, () => {
      let thrown: unknown;
      try {
        call(fixture.input.target as string, fixture.input);
      } catch (error) {
        thrown = error;
      }
      expect(isDpboundsError(thrown)).toBe(true);
    });
  }
});

describe('GDP ↔ (ε, δ) conversion used by the audit (docs/math/audit-one-run.md, tradeoff-core)', () => {
  for (const fixture of fixtureCases('gdp.epsilon')) {
    it(`${fixture.id}: gdpEpsilon within tolerance`, () => {
      const want = num(fixture.expected.epsilon);
      const got = gdpEpsilon(num(fixture.input.mu), num(fixture.input.delta));
      if (want === Infinity) expect(got).toBe(Infinity);
      else expect(Math.abs(got - want)).toBeLessThanOrEqual(Math.max(1e-9, want > 10 ? 1e-9 * want : 0));
    });
  }
  for (const fixture of fixtureCases('gdp.delta')) {
    it(`${fixture.id}: gdpDelta within rel 1e-9`, () => {
      const want = num(fixture.expected.delta);
      const got = gdpDelta(num(fixture.input.mu), num(fixture.input.epsilon));
      expect(Math.abs(got - want)).toBeLessThanOrEqual(Math.max(1e-300, 1e-9 * want));
    });
  }
});

describe('invalid observations are rejected with typed errors naming the field', () => {
  const cases: [string, () => unknown, string][] = [
    ['v > r', () => steinkeEmpiricalEpsilon({ canaries: 100, guesses: 10, correct: 11 }), 'correct'],
    ['r > m', () => fdpEmpiricalMu({ canaries: 100, guesses: 101, correct: 5 }), 'guesses'],
    ['k < 2', () => fdpEmpiricalMu({ canaries: 100, guesses: 10, correct: 5, bucketSize: 1 }), 'bucketSize'],
    ['confidence 1', () => auditOneRun({ canaries: 100, guesses: 10, correct: 5 }, { confidence: 1 }), 'confidence'],
    ['confidence 0', () => auditOneRun({ canaries: 100, guesses: 10, correct: 5 }, { confidence: 0 }), 'confidence'],
    ['confidence NaN', () => auditOneRun({ canaries: 100, guesses: 10, correct: 5 }, { confidence: Number.NaN }), 'confidence'],
    ['non-integer m', () => fdpTest(gaussianBlowUpInverse(1), { canaries: 100.5, guesses: 10, correct: 5 }), 'canaries'],
    ['non-integer v', () => auditOneRun({ canaries: 100, guesses: 10, correct: 4.5 }), 'correct'],
    ['negative v', () => auditOneRun({ canaries: 100, guesses: 10, correct: -1 }), 'correct'],
    ['m = 0', () => auditOneRun({ canaries: 0, guesses: 0, correct: 0 }), 'canaries'],
    ['string count', () => auditOneRun({ canaries: '100' as unknown as number, guesses: 10, correct: 5 }), 'canaries'],
    ['δ > 1 for the report', () => auditOneRun({ canaries: 100, guesses: 10, correct: 5 }, { delta: 1.5 }), 'delta'],
    ['steinke with k = 3', () => auditOneRun({ canaries: 100, guesses: 10, correct: 5 }, { method: 'steinke', bucketSize: 3 }), 'bucketSize'],
    ['negative μ', () => gaussianBlowUpInverse(-1), 'mu'],
    ['significance 0', () => fdpTest(gaussianBlowUpInverse(1), { canaries: 100, guesses: 10, correct: 5, significance: 0 }), 'significance'],
    ['family without oracle', () => fdpEmpiricalPrivacy({} as never, { canaries: 100, guesses: 10, correct: 5 }), 'family'],
    ['idealised σ = 0', () => idealizedExpectedCorrect({ noiseMultiplier: 0, canaries: 100, guesses: 10 }), 'noiseMultiplier'],
    ['idealised c′ > m', () => idealizedExpectedCorrect({ noiseMultiplier: 1, canaries: 100, guesses: 101 }), 'guesses'],
    ['reconstruction c′ = 1', () => idealizedReconstructionMonteCarlo({ noiseMultiplier: 1, canaries: 100, guesses: 1, bucketSize: 3 }), 'guesses'],
  ];
  for (const [name, run, parameter] of cases) {
    it(name, () => {
      let thrown: unknown;
      try {
        run();
      } catch (error) {
        thrown = error;
      }
      expect(thrown instanceof DpboundsRangeError || thrown instanceof DpboundsTypeError).toBe(true);
      expect((thrown as DpboundsRangeError).parameter).toBe(parameter);
      expect((thrown as Error).message).toContain(parameter);
    });
  }

  it('δ = 0 audits pure ε-DP: finite for both methods (f-DP over the (ε, 0)-DP family), 0 when nothing is rejected', () => {
    const fdp = auditOneRun({ canaries: 1000, guesses: 100, correct: 90 }, { delta: 0 });
    expect(Number.isFinite(fdp.empiricalEpsilon)).toBe(true);
    expect(fdp.empiricalEpsilon).toBeGreaterThan(0);
    expect(fdp.epsilonFrom).toBe('pure-epsilon-family');
    expect(fdp.empiricalMu).toBeGreaterThan(0);
    expect(auditOneRun({ canaries: 1000, guesses: 100, correct: 50 }, { delta: 0 }).empiricalEpsilon).toBe(0);
    const family = { kind: 'subsampled-gaussian', samplingRate: 0.5, steps: 1 } as const;
    expect(auditOneRun({ canaries: 1000, guesses: 100, correct: 90 }, { delta: 0, family }).empiricalEpsilon).toBe(fdp.empiricalEpsilon);
    const steinke = auditOneRun({ canaries: 1000, guesses: 10, correct: 10 }, { delta: 0, method: 'steinke' }).empiricalEpsilon;
    expect(steinke).toBeCloseTo(1.0518732, 6);
  });

  it('r = 0 is valid and gives 0 for both audits', () => {
    expect(auditOneRun({ canaries: 50, guesses: 0, correct: 0 }).empiricalEpsilon).toBe(0);
    expect(auditOneRun({ canaries: 50, guesses: 0, correct: 0 }, { method: 'steinke' }).empiricalEpsilon).toBe(0);
  });
});
