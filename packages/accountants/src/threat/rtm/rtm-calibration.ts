/**
 * Noise calibration to the relaxed threat model (Kaissis et al., NeurIPS 2023, §5 "Benefits for
 * ML model training", Figure 4): fix an (ε, δ) guarantee, then find the smaller noise that gives
 * the same (ε, δ) guarantee against the (pooled) RTM attacker. Derivation in
 * docs/math/relaxed-threat-model.md.
 */
import { brentRoot, DpboundsRangeError, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import { gdpMuFromEpsilonDelta } from '@dpbounds/tradeoff-core';
import type { ResultKind } from '@dpbounds/tradeoff-core';
import { rtmGaussianProfileUnchecked } from './rtm-privacy-profile.js';
import { MAX_RTM_DIMS, MAX_RTM_NONCENTRALITY } from './rtm-limits.js';

/** Inputs of {@link calibrateRtmGaussianNoise}. */
export interface RtmCalibrationInput {
  /** Target ε ≥ 0. */
  readonly epsilon: number;
  /** Target δ ∈ (0, 1). */
  readonly delta: number;
  /** L2 sensitivity Δ > 0 of each mechanism. */
  readonly sensitivity: number;
  /** Output dimension d of each mechanism (default 1, the worst case). */
  readonly dims?: number;
  /** Number N of non-adaptively composed identical mechanisms (default 1). */
  readonly compositions?: number;
}

/** Both noise levels and what they achieve. */
export interface RtmCalibration {
  /** σ for (ε, δ)-DP (NPO attacker): Δ·√N/μ_GDP(ε, δ). */
  readonly noiseDp: number;
  /** σ giving the same (ε, δ) under the RTM (pooled attacker): δ_C(ε) of χ²_d(N·Δ²/σ²) ≤ δ. */
  readonly noiseRtm: number;
  /** μ = Δ/σ of each release at `noiseRtm` (finite even when Δ/μ overflows). */
  readonly mu: number;
  /** δ_C(ε) reached at `noiseRtm` (≤ δ). */
  readonly achievedDelta: number;
  /** `guarantee`: the (ε, achievedDelta) bound holds against the pooled RTM attacker at `noiseRtm`. */
  readonly kind: ResultKind;
}

/**
 * Calibrates the Gaussian noise σ for N composed d-dimensional Gaussian mechanisms so that the
 * RTM guarantee of the pooled attacker, C(j_N, j_N⁻¹) with j_N the χ²_d(Nμ²) curve of Lemma 8, is
 * (ε, δ): Brent on the monotone δ_C(ε; μ), bracketed between the DP level μ_DP/√N (where
 * δ_C ≤ δ because DP implies the RTM guarantee) and a doubling upper end. The returned σ never
 * undershoots: if rounding leaves δ_C above the target, σ is raised in 1e−12 relative steps.
 *
 * Bounded work: the noncentrality N·μ² of the bracket must stay ≤ 10⁶ (the tested range of the
 * χ² kernels); larger targets are refused (their RTM σ is within a fraction of a percent of the DP σ).
 *
 * Domain: ε ≥ 0, δ ∈ (0, 1), Δ > 0, d ∈ [1, 10⁵], N ≥ 1 integers.
 *
 * @throws DpboundsRangeError naming `epsilon` when the target needs a noncentrality above 10⁶.
 * @example calibrateRtmGaussianNoise({ epsilon: 1, delta: 1e-5, sensitivity: 1 }).noiseRtm < calibrateRtmGaussianNoise({ epsilon: 1, delta: 1e-5, sensitivity: 1 }).noiseDp // true
 */
export function calibrateRtmGaussianNoise(input: RtmCalibrationInput): RtmCalibration {
  requireOptions('input', input, ['epsilon', 'delta', 'sensitivity', 'dims', 'compositions']);
  const eps = requireInRange('epsilon', input.epsilon, { min: 0 });
  const delta = requireInRange('delta', input.delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const sensitivity = requireInRange('sensitivity', input.sensitivity, { min: 0, minExclusive: true });
  const d = requireInteger('dims', input.dims ?? 1, { min: 1, max: MAX_RTM_DIMS });
  const N = requireInteger('compositions', input.compositions ?? 1, { min: 1 });
  const muDpTotal = gdpMuFromEpsilonDelta(eps, delta);
  const noiseDp = (sensitivity * Math.sqrt(N)) / muDpTotal;
  const tooLoose = (lambda: number): DpboundsRangeError =>
    new DpboundsRangeError({
      code: 'ERR_OUT_OF_RANGE',
      parameter: 'epsilon',
      expected: `small enough that the RTM calibration stays at noncentrality N·(Δ/σ)² ≤ ${MAX_RTM_NONCENTRALITY} (found ${lambda.toPrecision(3)} for ε = ${eps}); at such ε the RTM and DP noise agree to well under 1 %, use the DP calibration`,
      found: eps,
    });
  // per-mechanism μ → δ_C of the pooled composition (d, λ = N·μ²)
  const profile = (mu: number): number => rtmGaussianProfileUnchecked(eps, d, N * mu * mu).delta;
  const g = (mu: number): number => Math.log(profile(mu)) - Math.log(delta);
  let lo = muDpTotal / Math.sqrt(N);
  if (N * lo * lo > MAX_RTM_NONCENTRALITY) throw tooLoose(N * lo * lo);
  if (!(g(lo) <= 0)) lo = 0;
  let hi = Math.max(2 * lo, 1e-3);
  while (g(hi) <= 0) {
    if (N * hi * hi > MAX_RTM_NONCENTRALITY) throw tooLoose(N * hi * hi);
    lo = hi;
    hi *= 2;
  }
  let mu = brentRoot(g, lo, hi);
  if (!Number.isFinite(mu)) mu = lo;
  let achievedDelta = profile(mu);
  for (let i = 0; i < 64 && achievedDelta > delta && mu > 0; i++) {
    mu *= 1 - 1e-12 * 2 ** i;
    achievedDelta = profile(mu);
  }
  if (achievedDelta > delta) {
    mu = lo;
    achievedDelta = profile(mu);
  }
  return { noiseDp, noiseRtm: mu > 0 ? sensitivity / mu : Infinity, mu, achievedDelta, kind: 'guarantee' };
}
