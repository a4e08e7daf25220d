/**
 * The d = 1 relaxed-threat-model Gaussian quantities for a μ whose square overflows (the library
 * fuzz found rtmGaussianPrivacyProfile and rtmGaussianTangentPoint(mu = 1e308) giving NaN).
 */
import { describe, expect, it } from 'vitest';
import { rtmGaussianTangentPoint } from './rtm-gaussian.js';
import { rtmGaussianPrivacyProfile } from './rtm-privacy-profile.js';

const HUGE = [1e155, 1e200, 1e308, Number.MAX_VALUE];

describe('RTM Gaussian at a μ whose square overflows', () => {
  it.each(HUGE.map((mu) => [mu]))('rtmGaussianPrivacyProfile(ε, { mu: %s, dims: 1 }) is δ = 1 (no privacy), never NaN', (mu) => {
    for (const eps of [-1e308, -1, 0, 0.5, 1e300, Number.MAX_VALUE]) {
      expect(rtmGaussianPrivacyProfile(eps, { mu, dims: 1 })).toEqual({ delta: 1, deltaJ: 1, deltaJInverse: 1 });
    }
  });
  it('the profile is continuous across the overflow: already 1 just below it', () => {
    expect(rtmGaussianPrivacyProfile(0.5, { mu: 1.3e154, dims: 1 }).delta).toBe(1);
  });
  it.each(HUGE.map((mu) => [mu]))('rtmGaussianTangentPoint({ mu: %s, dims: 1 }) is x* = y = 0 with t* ≈ μ²/4 (+∞ once it overflows)', (mu) => {
    const p = rtmGaussianTangentPoint({ mu, dims: 1 });
    expect(p.x).toBe(0);
    expect(p.y).toBe(0);
    expect(p.tStar).toBe((mu / 2) ** 2);
  });
  it('the tangent point keeps t* = (arccosh(e^{μ²/2})/μ)² where μ² is finite, and √t* → 1 as μ → 0', () => {
    for (const mu of [0.1, 2, 10, 1e3, 1e150]) {
      const closed = (mu * mu) / 2 + Math.log(1 + Math.sqrt(-Math.expm1(-mu * mu)));
      expect(Math.abs(rtmGaussianTangentPoint({ mu, dims: 1 }).tStar / (closed / mu) ** 2 - 1)).toBeLessThan(1e-13);
    }
    const tiny = rtmGaussianTangentPoint({ mu: 1e-200, dims: 1 });
    expect(tiny.tStar).toBeCloseTo(1, 12);
    // j(α) = 1 − α in the limit: the point lies on x + y = 1
    expect(tiny.x + tiny.y).toBeCloseTo(1, 12);
  });
});
