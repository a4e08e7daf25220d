/**
 * The PLD at tiny δ (exponential tilting, docs/math/pld-tiny-delta.md) over a sweep of Gaussian
 * mechanisms composed T times, against the exact ε computed here in log space
 * (δ = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) with μ = √T/σ): a guarantee at every δ down to 1e-300,
 * within 5 % wherever ε ≥ 0.01, and the method stays the PLD's where the budget allows.
 */
import { describe, expect, it } from 'vitest';
import { logNormalCdf } from '@dpbounds/special-functions';
import { dpSgdEvent, PldAccountant } from '../../src/index.js';
import { rdpFallbackEpsilon } from '../../src/rdp/rdp-fallback.js';

const gaussianLogDelta = (mu: number, eps: number): number => {
  const a = logNormalCdf(-eps / mu + mu / 2);
  return a + Math.log(-Math.expm1(eps + logNormalCdf(-eps / mu - mu / 2) - a));
};

function exactEpsilon(mu: number, delta: number): number {
  let lo = 0;
  let hi = 1e5;
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (lo + hi);
    if (gaussianLogDelta(mu, mid) > Math.log(delta)) lo = mid;
    else hi = mid;
  }
  return hi;
}

describe('PLD at tiny δ: T-fold Gaussian sweep against the exact ε', () => {
  for (const sigma of [0.7, 2, 5, 20]) {
    for (const steps of [1, 10, 100]) {
      it(`σ = ${sigma}, T = ${steps}`, () => {
        const acc = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: sigma, steps }));
        let previous = 0;
        for (const delta of [1e-12, 1e-30, 1e-100, 1e-300]) {
          const exact = exactEpsilon(Math.sqrt(steps) / sigma, delta);
          const b = acc.getEpsilonBounds(delta);
          expect(b.method, `δ = ${delta}`).toBe('pld');
          expect(b.upper, `δ = ${delta}`).toBeGreaterThanOrEqual(exact);
          if (exact >= 0.01) expect(b.upper / exact - 1, `δ = ${delta}`).toBeLessThanOrEqual(0.05);
          expect(b.lower, `δ = ${delta}`).toBeLessThanOrEqual(exact);
          expect(b.upper, `δ = ${delta}`).toBeGreaterThanOrEqual(previous);
          previous = b.upper;
        }
      });
    }
  }
});

describe('PLD at tiny δ: substitution inside the grid\'s float noise (the case that read 8.8303)', () => {
  it('q = 6.74e-5, σ = 0.4436, T = 10 948, δ = 1.07e-12: tilted, a guarantee below the group-privacy bound, bracket within 5 %', () => {
    const pld = new PldAccountant({ neighbouring: 'substitution' }).compose(dpSgdEvent({ samplingRate: 6.73999e-5, noiseMultiplier: 0.443606, steps: 10_948 }));
    const bounds = pld.getEpsilonBounds(1.07e-12);
    expect(bounds.method).toBe('pld');
    expect(bounds.kind).toBe('guarantee');
    expect(bounds.upper).toBeLessThan(rdpFallbackEpsilon([{ samplingRate: 6.73999e-5, noiseMultiplier: 0.443606, count: 10_948 }], 'substitution', 1.07e-12) as number);
    expect(bounds.lower).toBeGreaterThan(0);
    expect(bounds.upper / bounds.lower).toBeLessThan(1.05);
  });
});
