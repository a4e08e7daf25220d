/**
 * Privacy profile of the symmetrised Gaussian relaxed-threat-model curve (spec §3.7; derived
 * here, not a formula of Kaissis et al.): δ_C(ε) = max(δ_j(ε), δ_{j⁻¹}(ε)).
 */
import { chiSquaredCdf, chiSquaredSf, noncentralChiSquaredCdf, noncentralChiSquaredSf, requireFinite, requireInRange, requireInteger } from '@dpbounds/special-functions';
import { densityRatioThreshold } from './rtm-gaussian.js';

/** The profile and its two one-sided parts. */
export interface RtmPrivacyProfile {
  /** δ_C(ε) = max(deltaJ, deltaJInverse). */
  readonly delta: number;
  /** δ_j(ε) = S_{d,λ}(t) − e^ε·S_{d,0}(t), t: f_{d,λ}(t)/f_{d,0}(t) = e^ε. */
  readonly deltaJ: number;
  /** δ_{j⁻¹}(ε) = F_{d,0}(t') − e^ε·F_{d,λ}(t'), t': ratio = e^{−ε} (0 when ε ≥ λ/2). */
  readonly deltaJInverse: number;
}

/** e^ε·p without overflow (p ≥ 0). */
function scaled(epsilon: number, p: number): number {
  return p === 0 ? 0 : Math.exp(epsilon + Math.log(p));
}

/**
 * δ(ε) of C(j, j⁻¹) for the d-dimensional Gaussian mechanism with μ = Δ/σ under the RTM:
 * the smallest δ such that the RTM attacker's curve is above the (ε, δ) curve.
 *
 * Domain: ε real (finite), μ ≥ 0, d ≥ 1 integer. Accuracy: χ² kernels and a Brent root (~1e−10).
 *
 * @example rtmGaussianPrivacyProfile(0.5, { mu: 2, dims: 1 }).delta // 0.4748900174669649
 */
export function rtmGaussianPrivacyProfile(epsilon: number, parameters: { readonly mu: number; readonly dims: number }): RtmPrivacyProfile {
  const eps = requireFinite('epsilon', epsilon);
  const mu = requireInRange('mu', parameters.mu, { min: 0 });
  const d = requireInteger('dims', parameters.dims, { min: 1 });
  const lambda = mu * mu;
  if (lambda === 0) {
    const delta = Math.max(0, -Math.expm1(eps));
    return { delta, deltaJ: delta, deltaJInverse: delta };
  }
  const t = densityRatioThreshold(eps, d, lambda);
  const deltaJ = Math.max(0, noncentralChiSquaredSf(t, d, lambda) - scaled(eps, chiSquaredSf(t, d)));
  let deltaJInverse = 0;
  if (eps < lambda / 2) {
    const t2 = densityRatioThreshold(-eps, d, lambda);
    deltaJInverse = Math.max(0, chiSquaredCdf(t2, d) - scaled(eps, noncentralChiSquaredCdf(t2, d, lambda)));
  }
  return { delta: Math.max(deltaJ, deltaJInverse), deltaJ, deltaJInverse };
}
