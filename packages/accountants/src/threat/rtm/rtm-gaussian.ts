/**
 * Relaxed threat model, Gaussian mechanism in d dimensions (Kaissis, Ziller, Kolek, Riess &
 * Rueckert, NeurIPS 2023, Theorem 2 and Corollary 1): the attacker thresholds ‖Y − f(D)‖², which
 * is σ²·χ²_d under D and σ²·χ²_d(μ²) under D' (μ = Δ/σ).
 */
import {
  brentRoot,
  chiSquaredSf,
  chiSquaredSfInverse,
  noncentralChiSquaredCdf,
  noncentralChiSquaredQuantile,
  normalCdf,
  normalSf,
  normalSfInverse,
  requireInRange,
  requireInteger,
  requireOptions,
} from '@dpbounds/special-functions';
import { defineTradeOff } from '@dpbounds/tradeoff-core';
import type { TradeOffCurve } from '@dpbounds/tradeoff-core';
import { logChiSquaredDensityRatio } from './rtm-density-ratio.js';
import { MAX_RTM_DIMS, MAX_RTM_NONCENTRALITY } from './rtm-limits.js';

/**
 * j(α) = F_{d,μ²}(S⁻¹_{d,0}(α)) (no validation). d = 1 uses Corollary 1's closed form
 * Φ(z − μ) − Φ(−z − μ), z = Φ⁻¹(1 − α/2) = Q⁻¹(α/2). The χ² upper quantile S⁻¹_{d,0}(α) is
 * taken directly (not F⁻¹(1 − α)) so that small α keeps full relative accuracy.
 */
export function rtmGaussianJUnchecked(alpha: number, dims: number, mu: number): number {
  if (alpha <= 0) return 1;
  if (alpha >= 1) return 0;
  if (mu === 0) return 1 - alpha;
  if (dims === 1) {
    const z = normalSfInverse(alpha / 2);
    return normalCdf(z - mu) - normalCdf(-z - mu);
  }
  const x = chiSquaredSfInverse(alpha, dims);
  return noncentralChiSquaredCdf(x, dims, mu * mu);
}

/** j⁻¹(β) = S_{d,0}(F⁻¹_{d,μ²}(β)) (no validation). */
export function rtmGaussianJInverseUnchecked(beta: number, dims: number, mu: number): number {
  if (beta <= 0) return 1;
  if (beta >= 1) return 0;
  if (mu === 0) return 1 - beta;
  if (dims === 1) {
    // Corollary 1: j⁻¹(β) = 2Q(s) with s ≥ 0 solving Φ(s − μ) − Φ(−s − μ) = β (increasing in s)
    const h = (s: number): number => normalCdf(s - mu) - normalCdf(-s - mu) - beta;
    const hi = mu + 40;
    if (h(hi) < 0) return 0;
    const lo = 0;
    if (h(lo) >= 0) return 1;
    const s = brentRoot(h, lo, hi);
    return Number.isFinite(s) ? 2 * normalSf(s) : 0;
  }
  return chiSquaredSf(noncentralChiSquaredQuantile(beta, dims, mu * mu), dims);
}

/** Parameters of a (composed) Gaussian mechanism under the RTM. */
export interface RtmGaussianParameters {
  /** μ = Δ/σ ≥ 0 (for a composition: √(Σ μ_i²)). */
  readonly mu: number;
  /** Output dimension d ≥ 1 (for a composition: Σ d_i). */
  readonly dims: number;
}

function validate(parameters: RtmGaussianParameters): { mu: number; dims: number } {
  const dims = requireInteger('dims', parameters.dims, { min: 1, max: MAX_RTM_DIMS });
  // d = 1 is in closed form for any μ; the noncentral χ² kernels are used up to λ = 10⁶
  const mu = requireInRange('mu', parameters.mu, dims === 1 ? { min: 0 } : { min: 0, max: Math.sqrt(MAX_RTM_NONCENTRALITY) });
  return { mu, dims };
}

/**
 * The RTM trade-off j of the d-dimensional Gaussian mechanism (Theorem 2; d = 1: Corollary 1).
 * `inverse()` is j⁻¹ (exact, through the noncentral χ² quantile). j < j⁻¹ near α = 0.
 *
 * Domain: d integer in [1, 10⁵]; μ ≥ 0 finite (d = 1) or μ ≤ 10³ (d > 1: λ = μ² ≤ 10⁶, the
 * tested range of the noncentral χ² kernels). Accuracy: that of the χ² kernels (~1e−12);
 * d = 1 through normal tails.
 *
 * @example rtmGaussian({ mu: 2, dims: 1 }).evaluate(0.1) // 0.361106196673067
 */
export function rtmGaussian(parameters: RtmGaussianParameters): TradeOffCurve {
  requireOptions('parameters', parameters, ['mu', 'dims']);
  const { mu, dims } = validate(parameters);
  return defineTradeOff({
    kind: 'rtmGaussian',
    evaluate: (alpha) => rtmGaussianJUnchecked(alpha, dims, mu),
    evaluateInverse: (beta) => rtmGaussianJInverseUnchecked(beta, dims, mu),
    parameters: { mu, dims },
  });
}

/** Slope −1 point of the Gaussian j. */
export interface GaussianTangentPoint {
  /** x* = S_{d,0}(t*). */
  readonly x: number;
  /** j(x*) = F_{d,μ²}(t*). */
  readonly y: number;
  /** t*: the χ² threshold where the density ratio f_{d,μ²}/f_{d,0} equals 1. */
  readonly tStar: number;
}

/** t solving log f_{d,λ}(t)/f_{d,0}(t) = target (increasing in t); bracket by doubling, then Brent. */
export function densityRatioThreshold(target: number, dims: number, lambda: number): number {
  if (dims === 1) {
    // cosh(√(λt)) = e^{x}, x = target + λ/2: √(λt) = arccosh(e^x) = x + log(1 + √(1 − e^{−2x}))
    const x = target + lambda / 2;
    if (x <= 0) return 0;
    const root = (x + Math.log1p(Math.sqrt(-Math.expm1(-2 * x)))) / Math.sqrt(lambda);
    return root * root;
  }
  const g = (t: number): number => logChiSquaredDensityRatio(t, dims, lambda) - target;
  if (g(0) >= 0) return 0;
  let hi = Math.max(1, dims + lambda);
  for (let i = 0; i < 200 && g(hi) < 0; i++) hi *= 2;
  const root = brentRoot(g, 0, hi);
  return Number.isFinite(root) ? root : hi;
}

/**
 * The slope −1 point of the Gaussian RTM j: t* solves f_{d,μ²}(t)/f_{d,0}(t) = 1 (d = 1:
 * √t* = arccosh(e^{μ²/2})/μ), x* = S_{d,0}(t*), y = j(x*). The symmetrised curve is j on
 * [0, x*], the segment x* + y − α on [x*, y], j⁻¹ on [y, 1].
 *
 * Domain: μ > 0, d ≥ 1 integer (d = 1: every finite μ; t* overflows to +∞ past μ ≈ 2.7e154,
 * where x* = y = 0).
 *
 * @example rtmGaussianTangentPoint({ mu: 2, dims: 1 }).x // 0.17886165908014617
 */
export function rtmGaussianTangentPoint(parameters: RtmGaussianParameters): GaussianTangentPoint {
  requireOptions('parameters', parameters, ['mu', 'dims']);
  const { mu, dims } = validate(parameters);
  requireInRange('mu', mu, { min: 0, minExclusive: true });
  if (dims === 1) {
    // √t* = arccosh(e^{μ²/2})/μ = μ/2 + ln(1 + √(1 − e^{−μ²}))/μ, never forming μ² or e^{μ²/2}
    // (μ² overflows past μ ≈ 1.3e154), with x* = S_{1,0}(t*) = 2Q(√t*) and y = F_{1,μ²}(t*) from
    // the normal tails; for tiny μ, √(1 − e^{−μ²}) = μ (relative error μ²/4) keeps √t* → 1
    const root = -Math.expm1(-mu * mu);
    const s = mu / 2 + Math.log1p(mu > 1e-100 ? Math.sqrt(root) : mu) / mu;
    return { x: 2 * normalSf(s), y: foldedNormalTails(s, mu).cdf, tStar: s * s };
  }
  const lambda = mu * mu;
  const tStar = densityRatioThreshold(0, dims, lambda);
  return { x: chiSquaredSf(tStar, dims), y: noncentralChiSquaredCdf(tStar, dims, lambda), tStar };
}

/**
 * The χ²₁(λ) tails at s² from normal tails, m = √λ: S_{1,λ}(s²) = Q(s − m) + Q(s + m) and
 * F_{1,λ}(s²) = Φ(s − m) − Φ(−s − m) (KZKRR Corollary 1), each from its accurate side.
 *
 * @example foldedNormalTails(1, 0).sf // 2Q(1) ≈ 0.3173
 */
export function foldedNormalTails(s: number, m: number): { sf: number; cdf: number } {
  const sf = normalSf(s - m) + normalSf(s + m);
  const cdf = s - m <= 0 ? normalCdf(s - m) - normalCdf(-s - m) : 1 - sf;
  return { sf, cdf: Math.max(0, cdf) };
}
