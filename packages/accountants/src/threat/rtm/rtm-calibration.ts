/**
 * Noise calibration to the relaxed threat model (Kaissis et al., NeurIPS 2023, §5 "Benefits for
 * ML model training"): fix an (ε, δ) guarantee, then find the smaller noise that gives the same
 * (ε, δ) guarantee against the RTM attacker.
 */
import { brentRoot, requireInRange, requireInteger } from '@dpbounds/special-functions';
import { gdpMuFromEpsilonDelta } from '@dpbounds/tradeoff-core';
import { rtmGaussianPrivacyProfile } from './rtm-privacy-profile.js';

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
  /** σ giving the same (ε, δ) under the RTM: the symmetrised RTM curve has δ_C(ε) ≤ δ. */
  readonly noiseRtm: number;
  /** δ_C(ε) reached at `noiseRtm` (≤ δ). */
  readonly achievedDelta: number;
}

/**
 * Calibrates the Gaussian noise σ for N composed d-dimensional Gaussian mechanisms so that the
 * RTM guarantee C(j, j⁻¹) is (ε, δ) (bisection/Brent on the monotone δ_C(ε; Δ/σ), bracketed by
 * doubling from the DP noise). The returned σ never undershoots: if rounding leaves δ_C above
 * the target, σ is raised by 1e−12 relative steps.
 *
 * Domain: ε ≥ 0, δ ∈ (0, 1), Δ > 0, d ≥ 1, N ≥ 1.
 *
 * @example calibrateRtmGaussianNoise({ epsilon: 1, delta: 1e-5, sensitivity: 1 }).noiseRtm < calibrateRtmGaussianNoise({ epsilon: 1, delta: 1e-5, sensitivity: 1 }).noiseDp // true
 */
export function calibrateRtmGaussianNoise(input: RtmCalibrationInput): RtmCalibration {
  const eps = requireInRange('epsilon', input.epsilon, { min: 0 });
  const delta = requireInRange('delta', input.delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const sensitivity = requireInRange('sensitivity', input.sensitivity, { min: 0, minExclusive: true });
  const d = requireInteger('dims', input.dims ?? 1, { min: 1 });
  const N = requireInteger('compositions', input.compositions ?? 1, { min: 1 });
  const muDpTotal = gdpMuFromEpsilonDelta(eps, delta);
  const noiseDp = (sensitivity * Math.sqrt(N)) / muDpTotal;
  // Per-mechanism μ → δ_C of the composition (d_tot = N·d, λ = N·μ²).
  const profile = (mu: number): number => rtmGaussianPrivacyProfile(eps, { mu: mu * Math.sqrt(N), dims: N * d }).delta;
  const g = (mu: number): number => Math.log(profile(mu)) - Math.log(delta);
  let lo = muDpTotal / Math.sqrt(N);
  if (!(g(lo) <= 0)) lo = 0;
  let hi = Math.max(2 * lo, 1e-3);
  for (let i = 0; i < 200 && g(hi) <= 0; i++) {
    lo = hi;
    hi *= 2;
  }
  let mu = lo === 0 && g(hi) <= 0 ? hi : brentRoot(g, lo, hi);
  if (!Number.isFinite(mu)) mu = lo;
  let achievedDelta = profile(mu);
  for (let i = 0; i < 64 && achievedDelta > delta && mu > 0; i++) {
    mu *= 1 - 1e-12 * 2 ** i;
    achievedDelta = profile(mu);
  }
  return { noiseDp, noiseRtm: mu > 0 ? sensitivity / mu : Infinity, achievedDelta };
}
