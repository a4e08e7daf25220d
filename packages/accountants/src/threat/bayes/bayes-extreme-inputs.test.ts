import { describe, expect, it } from 'vitest';
import { DpboundsRangeError, isDpboundsError } from '@dpbounds/special-functions';
import { noiseMultiplierForBayesSecurity, samplingRateForBayesSecurity, stepsForBayesSecurity } from './bayes-parameter-selection.js';
import { bayesSecurityMia } from './bayes-security-mia.js';

describe('Bayes security at the ends of the double range', () => {
  it('a tiny target β (1e−320) gives the finite σ of erfcinv(β), not σ = 0 from erfinv(1 − β) = ∞, and meets the target', () => {
    const sigma = noiseMultiplierForBayesSecurity({ targetBayesSecurity: 1e-320, samplingRate: 0.01, steps: 100 });
    // σ = p√T/(√2·erfcinv(β)), erfcinv(1e−320) = 27.0731…
    expect(sigma).toBeCloseTo((0.01 * 10) / (Math.SQRT2 * 27.073153719853043), 12);
    const bound = bayesSecurityMia({ samplingRate: 0.01, noiseMultiplier: sigma * (1 + 1e-12), steps: 100 });
    expect(bound.bayesSecurity).toBeGreaterThanOrEqual(1e-320);
    expect(Number.isFinite(bound.approximationError)).toBe(true);
    // unchanged at ordinary targets (the paper's Adult setting)
    expect(noiseMultiplierForBayesSecurity({ targetBayesSecurity: 0.9, samplingRate: 0.009828009828009828, steps: 2020 })).toBeCloseTo(3.5151151512784624, 9);
  });

  it('σ so small that the error term √(Tp(1 − p))/(2σ) overflows is refused naming noiseMultiplier (never an ∞ error term)', () => {
    expect(() => bayesSecurityMia({ samplingRate: 0.01, noiseMultiplier: 1e-320, steps: 1000 })).toThrow(DpboundsRangeError);
    expect(() => bayesSecurityMia({ samplingRate: 0.01, noiseMultiplier: 1e-320, steps: 1000 })).toThrow(/^noiseMultiplier must be large enough/);
    // p = 0: no error term at all, any σ > 0 is fine
    expect(bayesSecurityMia({ samplingRate: 0, noiseMultiplier: 1e-320, steps: 1000 }).approximationError).toBe(0);
  });
});

describe('parameter selection takes one options object, checked like an event', () => {
  it('refuses unknown keys, the old positional call and missing fields with a typed error naming the field', () => {
    const parameterOf = (call: () => unknown): string => {
      try {
        call();
      } catch (error) {
        expect(isDpboundsError(error)).toBe(true);
        return (error as { parameter: string }).parameter;
      }
      return 'accepted';
    };
    expect(parameterOf(() => noiseMultiplierForBayesSecurity({ targetBayesSecurity: 0.9, samplingRate: 0.01, steps: 100, sigma: 1 } as never))).toBe('options.sigma');
    expect(parameterOf(() => (noiseMultiplierForBayesSecurity as (...a: unknown[]) => number)(0.9, 0.01, 100))).toBe('options');
    expect(parameterOf(() => samplingRateForBayesSecurity({ targetBayesSecurity: 0.9, steps: 100 } as never))).toBe('noiseMultiplier');
    expect(parameterOf(() => stepsForBayesSecurity({ noiseMultiplier: 1, samplingRate: 0.01 } as never))).toBe('targetBayesSecurity');
    expect(parameterOf(() => stepsForBayesSecurity({ targetBayesSecurity: 0.9, noiseMultiplier: 1, samplingRate: 0.01, relation: 'add-remove' as never }))).toBe('relation');
  });
});
