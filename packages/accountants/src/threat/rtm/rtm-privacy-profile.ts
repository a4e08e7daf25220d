/**
 * Privacy profile of the symmetrised Gaussian relaxed-threat-model curve (derived here, not a
 * formula of Kaissis et al. 2023; docs/math/relaxed-threat-model.md): δ_C(ε) = max(δ_j(ε), δ_{j⁻¹}(ε)).
 */
import { chiSquaredCdf, chiSquaredSf, erf, noncentralChiSquaredCdf, noncentralChiSquaredSf, normalSf, requireFinite, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import { gdpDelta } from '@dpbounds/tradeoff-core';
import { densityRatioThreshold, foldedNormalTails } from './rtm-gaussian.js';
import { MAX_RTM_DIMS, MAX_RTM_NONCENTRALITY } from './rtm-limits.js';

/** The profile and its two one-sided parts. */
export interface RtmPrivacyProfile {
  /** δ_C(ε) = max(deltaJ, deltaJInverse). */
  readonly delta: number;
  /** δ_j(ε) = S_{d,λ}(t) − e^ε·S_{d,0}(t), t: f_{d,λ}(t)/f_{d,0}(t) = e^ε. */
  readonly deltaJ: number;
  /** δ_{j⁻¹}(ε) = F_{d,0}(t') − e^ε·F_{d,λ}(t'), t': ratio = e^{−ε} (0 when ε ≥ λ/2). */
  readonly deltaJInverse: number;
}

/** Below this noncentrality the profile is bounded by the Gaussian-DP one (see below). */
const TINY_NONCENTRALITY = 1e-8;

/** e^ε·p without overflow (p ≥ 0). */
function scaled(epsilon: number, p: number): number {
  return p === 0 ? 0 : Math.exp(epsilon + Math.log(p));
}

/**
 * The two one-sided profiles for d-dimensional χ² statistics with noncentrality λ (no
 * validation; ε finite, λ ≥ 0, d ≥ 1 integer; λ = +∞, an overflowed μ², gives δ = 1). d = 1
 * uses folded-normal tails (any λ); for
 * λ < 1e−8 both are the Gaussian-DP profile δ_{G_√λ}(ε), a valid upper bound.
 */
export function rtmGaussianProfileUnchecked(eps: number, d: number, lambda: number): RtmPrivacyProfile {
  if (lambda === 0) {
    const delta = Math.max(0, -Math.expm1(eps));
    return { delta, deltaJ: delta, deltaJInverse: delta };
  }
  if (lambda === Infinity) {
    // λ = μ² overflowed (μ > 1.3e154, d = 1): both one-sided profiles are 1 − (a mass below
    // e^{−λ/8} ≤ e^{−10³⁰⁷}) for every finite ε, i.e. 1 in float64 (and δ = 1 always holds)
    return { delta: 1, deltaJ: 1, deltaJInverse: 1 };
  }
  if (lambda < TINY_NONCENTRALITY) {
    // the χ² differences lose their digits here (1e−4 relative at λ = 1e−10, in either direction);
    // the Gaussian-DP profile of G_μ bounds both one-sided profiles (j, j⁻¹ ≥ G_μ) and is exact in
    // closed form: a valid, slightly pessimistic value (δ ≤ 0.4·μ ≤ 4e−5)
    const delta = gdpDelta(Math.sqrt(lambda), eps);
    return { delta, deltaJ: delta, deltaJInverse: delta };
  }
  const t = densityRatioThreshold(eps, d, lambda);
  let deltaJ: number;
  let deltaJInverse = 0;
  if (d === 1) {
    const m = Math.sqrt(lambda);
    const s = Math.sqrt(t);
    deltaJ = Math.max(0, foldedNormalTails(s, m).sf - scaled(eps, 2 * normalSf(s)));
    if (eps < lambda / 2) {
      const s2 = Math.sqrt(densityRatioThreshold(-eps, d, lambda));
      const central = erf(s2 / Math.SQRT2); // F_{1,0}(s²) = P(|Z| ≤ s)
      deltaJInverse = Math.max(0, central - scaled(eps, foldedNormalTails(s2, m).cdf));
    }
  } else {
    deltaJ = Math.max(0, noncentralChiSquaredSf(t, d, lambda) - scaled(eps, chiSquaredSf(t, d)));
    if (eps < lambda / 2) {
      const t2 = densityRatioThreshold(-eps, d, lambda);
      deltaJInverse = Math.max(0, chiSquaredCdf(t2, d) - scaled(eps, noncentralChiSquaredCdf(t2, d, lambda)));
    }
  }
  return { delta: Math.max(deltaJ, deltaJInverse), deltaJ, deltaJInverse };
}

/**
 * δ(ε) of C(j, j⁻¹) for the d-dimensional Gaussian mechanism with μ = Δ/σ under the RTM:
 * the smallest δ such that the RTM attacker's curve is above the (ε, δ) curve.
 *
 * Domain: ε real (finite), μ ≥ 0 finite, d integer in [1, 10⁵] (μ ≤ 10³ when d > 1; d = 1 past
 * μ ≈ 1.3e154, where μ² overflows, gives δ = 1, the value to float64 precision). Accuracy: χ² kernels and a Brent root (~1e−10);
 * d = 1 in closed form through normal tails.
 *
 * @example rtmGaussianPrivacyProfile(0.5, { mu: 2, dims: 1 }).delta // 0.4748900174669649
 */
export function rtmGaussianPrivacyProfile(epsilon: number, parameters: { readonly mu: number; readonly dims: number }): RtmPrivacyProfile {
  requireOptions('parameters', parameters, ['mu', 'dims']);
  const eps = requireFinite('epsilon', epsilon);
  const mu = requireInRange('mu', parameters.mu, { min: 0 });
  const d = requireInteger('dims', parameters.dims, { min: 1, max: MAX_RTM_DIMS });
  if (d > 1) requireInRange('mu', mu, { max: Math.sqrt(MAX_RTM_NONCENTRALITY) });
  return rtmGaussianProfileUnchecked(eps, d, mu * mu);
}
