import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DpboundsRangeError, DpboundsTypeError, normalCdf } from '@dpbounds/special-functions';
import { cltH, cltHInverse } from './clt-h.js';
import { cltMu } from './clt-mu.js';

const naiveH = (m: number): number => Math.sqrt(2 * (Math.exp(m * m) * normalCdf(1.5 * m) + 3 * normalCdf(-m / 2) - 2));

describe('CLT h(m) (Dong, Roth & Su 2022, Corollary 5.4)', () => {
  it('agrees with the naive form where that is accurate, and with its asymptotes', () => {
    for (const m of [0.3, 1, 2, 5]) expect(cltH(m) / naiveH(m)).toBeCloseTo(1, 12);
    expect(cltH(1)).toBeCloseTo(1.71014247559533060905, 13); // the doc example, mpmath
    const small = 1e-5;
    expect(cltH(small) / (small * Math.sqrt(1 + (2 * small) / Math.sqrt(2 * Math.PI)))).toBeCloseTo(1, 9);
    // mpmath (50 digits) references, on both sides of the series/closed-form switch at 2e-3
    expect(cltH(1e-5) / 0.000010000039894398463487871501704195807148347103392948).toBeCloseTo(1, 14);
    expect(cltH(1e-3) / 0.001000399112784580756291029721684695974038671812693).toBeCloseTo(1, 14);
    expect(cltH(2e-3 * (1 + 1e-12)) / cltH(2e-3)).toBeCloseTo(1, 11);
    expect(cltH(30) / (Math.SQRT2 * Math.exp(450))).toBeCloseTo(1, 10);
    // the switch to log space at m = 20 is continuous
    expect(cltH(20 + 1e-12) / cltH(20)).toBeCloseTo(1, 9);
    expect(cltH(37)).toBeGreaterThan(1e297);
    expect(cltH(40)).toBe(Infinity);
    expect(cltH(Infinity)).toBe(Infinity);
    expect(cltH(0)).toBe(0);
  });

  it('is increasing and inverted by cltHInverse', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 30, noNaN: true }), (m) => {
        expect(cltH(m * 1.01)).toBeGreaterThan(cltH(m));
        expect(cltHInverse(cltH(m)) / m).toBeCloseTo(1, 10);
      }),
      { seed: 4, numRuns: 100 },
    );
    expect(cltHInverse(1e308)).toBeGreaterThan(37);
    expect(cltHInverse(Infinity)).toBe(Infinity);
    expect(() => cltHInverse(-1)).toThrow(DpboundsRangeError);
    expect(() => cltH(Number.NaN)).toThrow(DpboundsRangeError);
  });
});

describe('cltMu (Bu et al. 2020; Dong et al. 2022)', () => {
  it('increases with p and T, decreases with σ; uniform ≥ Poisson', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-4, max: 0.5, noNaN: true }), fc.double({ min: 0.3, max: 20, noNaN: true }), fc.integer({ min: 1, max: 100000 }), (p, sigma, steps) => {
        const base = { samplingRate: p, noiseMultiplier: sigma, steps };
        const mu = cltMu(base);
        expect(cltMu({ ...base, samplingRate: p * 1.1 })).toBeGreaterThan(mu);
        expect(cltMu({ ...base, steps: steps + 1 })).toBeGreaterThan(mu);
        expect(cltMu({ ...base, noiseMultiplier: sigma * 1.1 })).toBeLessThan(mu);
        expect(cltMu({ ...base, sampling: 'uniform' })).toBeGreaterThanOrEqual(mu);
      }),
      { seed: 9, numRuns: 100 },
    );
  });

  it('is 0 without sampling or steps and +∞ (not NaN) when it overflows', () => {
    expect(cltMu({ samplingRate: 0, noiseMultiplier: 1e-3, steps: 10 })).toBe(0);
    expect(cltMu({ samplingRate: 0.1, noiseMultiplier: 1, steps: 0 })).toBe(0);
    expect(cltMu({ samplingRate: 0.1, noiseMultiplier: 0.01, steps: 10 })).toBe(Infinity);
    expect(cltMu({ samplingRate: 0.1, noiseMultiplier: 0.01, steps: 10, sampling: 'uniform' })).toBe(Infinity);
  });

  it('rejects invalid input naming the parameter', () => {
    expect(() => cltMu({ samplingRate: 1.5, noiseMultiplier: 1, steps: 1 })).toThrow(/samplingRate/);
    expect(() => cltMu({ samplingRate: 0.1, noiseMultiplier: 0, steps: 1 })).toThrow(/noiseMultiplier/);
    expect(() => cltMu({ samplingRate: 0.1, noiseMultiplier: 1, steps: -1 })).toThrow(/steps/);
    expect(() => cltMu({ samplingRate: 0.1, noiseMultiplier: 1, steps: 1, sampling: 'shuffled' as 'uniform' })).toThrow(DpboundsTypeError);
  });
});
