import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gaussianTradeOff, laplaceTradeOff } from '@dpbounds/tradeoff-core';
import { analyzeRtm, rtmMaxPower } from './rtm-analysis.js';
import { calibrateRtmGaussianNoise } from './rtm-calibration.js';
import { rtmGaussianAsymptotic, rtmGaussianComposition } from './rtm-composition.js';
import { rtmGaussian } from './rtm-gaussian.js';
import { rtmLaplace } from './rtm-laplace.js';
import { rtmGaussianPrivacyProfile } from './rtm-privacy-profile.js';
import { rtmCurves } from './rtm-symmetrized.js';

const params = { seed: 20261122, numRuns: 120 };
const alpha = fc.double({ min: 1e-6, max: 0.999, noNaN: true });

describe('relaxed threat model, Laplace (Kaissis et al. 2023, Theorem 1)', () => {
  it('j and j⁻¹ are never below the DP (NPO) Laplace curve and are mutually inverse', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 8, noNaN: true }), alpha, (mu, a) => {
        const j = rtmLaplace(mu);
        const npo = laplaceTradeOff(mu).evaluate(a);
        expect(j.evaluate(a)).toBeGreaterThanOrEqual(npo - 1e-12);
        expect(j.inverse().evaluate(a)).toBeGreaterThanOrEqual(npo - 1e-12);
        expect(j.evaluate(a)).toBeLessThanOrEqual(1 - a + 1e-15);
        expect(j.inverse().evaluate(j.evaluate(a))).toBeCloseTo(a, 9);
      }),
      params,
    );
  });

  it('j increases as the noise grows (μ decreases)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 8, noNaN: true }), fc.double({ min: 0.1, max: 0.99, noNaN: true }), alpha, (mu, k, a) => {
        expect(rtmLaplace(mu * k).evaluate(a)).toBeGreaterThanOrEqual(rtmLaplace(mu).evaluate(a) - 1e-15);
      }),
      params,
    );
  });

  it('subsampling weakens the attacker: j_p and C(j_p, j_p⁻¹) rise as p falls', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 4, noNaN: true }), fc.double({ min: 0.05, max: 1, noNaN: true }), fc.double({ min: 0.1, max: 0.95, noNaN: true }), alpha, (mu, p, k, a) => {
        const hi = rtmCurves({ kind: 'laplace', mu }, p);
        const lo = rtmCurves({ kind: 'laplace', mu }, p * k);
        expect(lo.j.evaluate(a)).toBeGreaterThanOrEqual(hi.j.evaluate(a) - 1e-12);
        expect(lo.jInverse.evaluate(a)).toBeGreaterThanOrEqual(hi.jInverse.evaluate(a) - 1e-9);
      }),
      { ...params, numRuns: 60 },
    );
  });

  it('the symmetrised curve is below both branches, above the DP curve, and symmetric', () => {
    for (const [mu, p] of [[1, 1], [0.5, 1], [1, 0.3], [2, 0.05]] as const) {
      const { j, jInverse, symmetrized } = rtmCurves({ kind: 'laplace', mu }, p);
      const dp = laplaceTradeOff(mu);
      for (let i = 1; i < 50; i++) {
        const a = i / 50;
        const c = symmetrized.evaluate(a);
        expect(c).toBeLessThanOrEqual(Math.min(j.evaluate(a), jInverse.evaluate(a)) + 1e-9);
        if (p === 1) expect(c).toBeGreaterThanOrEqual(dp.evaluate(a) - 1e-9);
        expect(symmetrized.inverse().evaluate(a)).toBeCloseTo(c, 6);
      }
    }
  });
});

describe('relaxed threat model, Gaussian (Theorem 2, Corollary 1, Lemma 8)', () => {
  const mu = fc.double({ min: 0.05, max: 6, noNaN: true });
  const dims = fc.integer({ min: 1, max: 200 });

  it('j, j⁻¹ and the symmetrised curve are never below G_μ (the DP curve)', () => {
    fc.assert(
      fc.property(mu, dims, alpha, (m, d, a) => {
        const { j, jInverse, symmetrized } = rtmCurves({ kind: 'gaussian', mu: m, dims: d });
        const g = gaussianTradeOff(m).evaluate(a);
        expect(j.evaluate(a)).toBeGreaterThanOrEqual(g - 1e-9);
        expect(jInverse.evaluate(a)).toBeGreaterThanOrEqual(g - 1e-9);
        expect(symmetrized.evaluate(a)).toBeGreaterThanOrEqual(g - 1e-9);
        expect(j.evaluate(a)).toBeLessThanOrEqual(1 - a + 1e-12);
      }),
      { ...params, numRuns: 60 },
    );
  });

  it('j weakens (rises) with the dimension d and with the noise', () => {
    fc.assert(
      fc.property(mu, dims, alpha, (m, d, a) => {
        const j = (mm: number, dd: number) => rtmGaussian({ mu: mm, dims: dd }).evaluate(a);
        expect(j(m, d + 5)).toBeGreaterThanOrEqual(j(m, d) - 1e-9);
        expect(j(m / 2, d)).toBeGreaterThanOrEqual(j(m, d) - 1e-9);
      }),
      { ...params, numRuns: 60 },
    );
  });

  it('composition (pooled attacker) keeps the per-step dimension and adds squared μ', () => {
    const c = rtmGaussianComposition([{ dims: 3, mu: 0.3 }, { dims: 3, mu: 0.4 }]);
    expect(c.dims).toBe(3);
    expect(c.attacker).toBe('pooled');
    expect(c.noncentrality).toBeCloseTo(0.25, 15);
    expect(c.curve.evaluate(0.1)).toBeCloseTo(rtmGaussian({ dims: 3, mu: 0.5 }).evaluate(0.1), 14);
    expect(() => rtmGaussianComposition([{ dims: 3, mu: 0.3 }, { dims: 7, mu: 0.4 }])).toThrow(/mechanisms\[1\]\.dims/);
  });

  it('composition refuses a hole or null among the mechanisms, naming it (library fuzz: a sparse array threw a plain TypeError)', () => {
    expect(() => rtmGaussianComposition(new Array(3) as never)).toThrow(expect.objectContaining({ name: 'DpboundsTypeError', parameter: 'mechanisms[0]' }));
    expect(() => rtmGaussianComposition([{ dims: 3, mu: 0.3 }, null] as never)).toThrow(expect.objectContaining({ name: 'DpboundsTypeError', parameter: 'mechanisms[1]' }));
  });

  it('the pooled attacker is stronger than the independent-directions one (spec: μ = 2, d = 1, N = 4, α = 0.01)', () => {
    const mechanisms = Array.from({ length: 4 }, () => ({ dims: 1, mu: 2 }));
    const pooled = rtmGaussianComposition(mechanisms).curve.evaluate(0.01);
    expect(pooled).toBeCloseTo(0.0772, 4);
    const independent = rtmGaussianComposition(mechanisms, { attacker: 'independent-directions' }).curve;
    // the tensor product of the symmetrised per-release curves: at least the DP curve G_4 everywhere,
    // and above the pooled curve where both are away from 0 (near FNR 0 the symmetrisation of
    // each release, which lowers j, dominates the comparison)
    for (const a of [0.001, 0.01, 0.1, 0.5]) expect(independent.evaluate(a)).toBeGreaterThanOrEqual(gaussianTradeOff(4).evaluate(a) - 1e-9);
    for (const a of [0.001, 0.01, 0.1]) expect(independent.evaluate(a)).toBeGreaterThanOrEqual(rtmGaussian({ dims: 1, mu: 4 }).evaluate(a) - 1e-9);
    expect(independent.evaluate(0.01)).toBeGreaterThan(pooled + 0.05);
    expect(() => rtmGaussianComposition(mechanisms, { attacker: 'sum' as never })).toThrow(/attacker/);
  });

  it('the RTM attacker is weaker than the DP attacker at every FPR (subsampled too)', () => {
    const a = analyzeRtm({ mechanism: 'subsampled-gaussian', sensitivity: 1, scale: 0.5, samplingRate: 0.3 }, [0.001, 0.01, 0.1, 0.5]);
    for (const p of a.points) {
      expect(p.fnrSymmetric).toBeGreaterThanOrEqual(p.dpFnr - 1e-7);
      expect(rtmMaxPower(a, p.fpr)).toBeLessThanOrEqual(1 - p.dpFnr + 1e-7);
    }
  });

  it('the privacy profile of the symmetrised curve matches the curve (δ(ε) = sup 1 − C(α) − e^ε α)', () => {
    const { symmetrized } = rtmCurves({ kind: 'gaussian', mu: 2, dims: 3 });
    for (const eps of [0, 0.5, 1.5]) {
      let sup = 0;
      for (let i = 0; i <= 4000; i++) sup = Math.max(sup, 1 - symmetrized.evaluate(i / 4000) - Math.exp(eps) * (i / 4000));
      expect(Math.abs(rtmGaussianPrivacyProfile(eps, { mu: 2, dims: 3 }).delta - sup)).toBeLessThan(2e-4);
    }
  });

  it('RTM calibration needs less noise than DP for the same (ε, δ) and never overshoots δ', () => {
    for (const dims of [1, 10]) {
      const r = calibrateRtmGaussianNoise({ epsilon: 1, delta: 1e-5, sensitivity: 1, dims });
      expect(r.noiseRtm).toBeLessThan(r.noiseDp);
      expect(r.achievedDelta).toBeLessThanOrEqual(1e-5);
      expect(r.achievedDelta).toBeGreaterThan(0.9e-5);
    }
  });

  it('calibration of N composed releases uses the pooled attacker (χ²_d(Nμ²)) and refuses targets it cannot bound', () => {
    const r = calibrateRtmGaussianNoise({ epsilon: 1, delta: 1e-5, sensitivity: 1, dims: 1, compositions: 100 });
    expect(r.noiseRtm).toBeLessThan(r.noiseDp);
    expect(r.achievedDelta).toBeLessThanOrEqual(1e-5);
    const mu = 1 / r.noiseRtm;
    expect(rtmGaussianPrivacyProfile(1, { mu: mu * 10, dims: 1 }).delta).toBeCloseTo(r.achievedDelta, 12);
    // the optimistic summed-dimension attacker would have allowed far less noise
    expect(rtmGaussianPrivacyProfile(1, { mu: mu * 10, dims: 100 }).delta).toBeLessThan(1e-8);
    expect(() => calibrateRtmGaussianNoise({ epsilon: 1e9, delta: 1e-5, sensitivity: 1 })).toThrow(/epsilon must be small enough/);
  });

  it('very large μ: the symmetrised curve stays at or below j and j⁻¹ (the tangent abscissa underflows to 0 there)', () => {
    for (const mu of [40, 100, 1e3, 1e6]) {
      for (const p of [1, 0.3]) {
        const c = rtmCurves({ kind: 'gaussian', mu, dims: 1 }, p);
        for (const a of [1e-12, 0.01, 0.3, 0.5, 0.9]) {
          expect(c.symmetrized.evaluate(a)).toBeLessThanOrEqual(Math.min(c.j.evaluate(a), c.jInverse.evaluate(a)) + 1e-9);
        }
      }
    }
    expect(() => rtmGaussian({ mu: 2000, dims: 2 })).toThrow(/mu must be/);
  });

  it('labels what each curve is and refuses compositions beyond the χ² kernels in d > 1, naming the input', () => {
    expect(rtmGaussianComposition([{ dims: 3, mu: 1 }]).kind).toBe('guarantee');
    const asymptotic = rtmGaussianAsymptotic({ dims: 10, mu: 0.5, compositions: 100 });
    expect(asymptotic.kinds).toEqual({ approximation: 'estimate', exact: 'guarantee', gdpLimit: 'estimate' });
    expect(calibrateRtmGaussianNoise({ epsilon: 1, delta: 1e-5, sensitivity: 1 }).kind).toBe('guarantee');
    expect(() => rtmGaussianComposition(Array.from({ length: 3 }, () => ({ dims: 2, mu: 900 })))).toThrow(/mechanisms must be Σμ_i²/);
    expect(() => rtmGaussianAsymptotic({ dims: 2, mu: 10, compositions: 1e5 })).toThrow(/compositions must be N·μ²/);
    // d = 1 has no such limit (closed form)
    expect(rtmGaussianAsymptotic({ dims: 1, mu: 10, compositions: 1e5 }).exact.evaluate(0.5)).toBe(0);
  });

  it('never returns NaN or throws inside the domain (μ up to 40, d up to 500, any α and ε)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 40, noNaN: true }), fc.integer({ min: 1, max: 500 }), fc.double({ min: 0, max: 1, noNaN: true }), (m, d, a) => {
        const c = rtmCurves({ kind: 'gaussian', mu: m, dims: d });
        for (const v of [c.j.evaluate(a), c.jInverse.evaluate(a), c.symmetrized.evaluate(a), rtmGaussianPrivacyProfile(10 * a - 2, { mu: m, dims: d }).delta]) {
          expect(Number.isFinite(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }),
      { ...params, numRuns: 40 },
    );
    expect(() => rtmCurves({ kind: 'other', mu: 1 } as never)).toThrow(/mechanism.kind/);
  });
});
