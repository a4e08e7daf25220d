/**
 * LiRA, the likelihood-ratio attack of Carlini, Chien, Nasr, Song, Terzis & Tramèr 2022
 * ("Membership Inference Attacks From First Principles", IEEE S&P), in its parametric form:
 * per-target Gaussians fitted to shadow-model scores (use logit-scaled confidences
 * φ = log(p / (1 − p)), which the paper shows are close to Gaussian).
 * - Online (Algorithm 1): Λ = log N(s; μ_in, σ_in²) − log N(s; μ_out, σ_out²).
 * - Offline (§IV-D): only "out" models; one-sided test of "non-member", p = P[Z ≥ s],
 *   Z ~ N(μ_out, σ_out²). With `alternative: 'two-sided'` it is the test by exclusion
 *   p = P[|Z − μ_out| ≥ |s − μ_out|], the relaxed-threat-model adversary's test (Kaissis et al.
 *   2023; see {@link exclusionTest}).
 * Derivations: docs/math/attacks.md §2.2 (online), §2.3 (offline), §2.4 (two-sided).
 */
import { DpboundsTypeError, logNormalCdf, requireFiniteArray, requireOptions } from '@dpbounds/special-functions';
import type { AttackScores } from './attack-scores.js';
import type { VarianceMode } from './shadow-gaussian-fit.js';
import { fitShadowGaussians, requireSide } from './shadow-gaussian-fit.js';
import type { ShadowScores } from './shadow-scores.js';
import { requireShadowScores } from './shadow-scores.js';

/** Options shared by the LiRA variants. */
export interface LiraOptions {
  /** Per-example (default) or fixed (pooled) standard deviations; see {@link VarianceMode}. */
  readonly variance?: VarianceMode;
}

/** Options of {@link liraOffline}. */
export interface LiraOfflineOptions extends LiraOptions {
  /**
   * `'greater'` (default): members score higher than the out distribution (LiRA offline).
   * `'two-sided'`: any deviation from the out distribution (membership inference by exclusion).
   */
  readonly alternative?: 'greater' | 'two-sided';
}

function checkInputs(targetScores: ArrayLike<number>, shadow: ShadowScores): void {
  requireFiniteArray('targetScores', targetScores, { minLength: 1 });
  if (shadow === null || typeof shadow !== 'object') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'shadow', expected: 'shadow scores { offsets, scores, isIn }', found: shadow });
  }
  requireShadowScores(shadow, targetScores.length);
}

/** log N(x; mean, std²) up to the constant −½log(2π), which cancels in the likelihood ratio. */
function logPdfShape(x: number, mean: number, std: number): number {
  const z = (x - mean) / std;
  return -0.5 * z * z - Math.log(std);
}

/**
 * LiRA online: per-target log-likelihood ratio of the observed score under the "in" and "out"
 * Gaussians. Needs at least one in and one out score per target (and ≥ 2 somewhere per side for
 * the deviations). Scores only (a likelihood ratio has no p-value). O(total shadow scores).
 *
 * @throws DpboundsTypeError / DpboundsRangeError for mismatched lengths, non-finite values, or a
 * target without in or out scores (naming the target).
 * @example liraOnline(targetScores, shadowScoresFromMatrix(shadowMatrix, keepMask)).scores
 */
export function liraOnline(targetScores: ArrayLike<number>, shadow: ShadowScores, options: LiraOptions = {}): AttackScores {
  requireOptions('options', options, ['variance']);
  checkInputs(targetScores, shadow);
  const fit = fitShadowGaussians(shadow, options.variance ?? 'per-example');
  const scores = new Float64Array(targetScores.length);
  for (let t = 0; t < targetScores.length; t++) {
    requireSide(fit, 'in', t);
    requireSide(fit, 'out', t);
    const s = targetScores[t] as number;
    scores[t] = logPdfShape(s, fit.meanIn[t] as number, fit.stdIn[t] as number) - logPdfShape(s, fit.meanOut[t] as number, fit.stdOut[t] as number);
  }
  return { scores };
}

/**
 * LiRA offline: per-target p-value of the observed score under the "out" Gaussian (one-sided,
 * or two-sided for the test by exclusion), in log space (exact to 1e−300 tails through
 * `logNormalCdf`). Score = −log p. Uses only "out" shadow scores (in-scores are ignored), so
 * shadow models never need the targets: the paper's practical variant.
 *
 * @throws DpboundsTypeError / DpboundsRangeError for mismatched lengths, non-finite values, or a
 * target without out scores (naming the target).
 * @example liraOffline([2.1, -0.3], shadow).logPValues
 */
export function liraOffline(targetScores: ArrayLike<number>, shadow: ShadowScores, options: LiraOfflineOptions = {}): AttackScores {
  requireOptions('options', options, ['alternative', 'variance']);
  checkInputs(targetScores, shadow);
  const fit = fitShadowGaussians(shadow, options.variance ?? 'per-example');
  const twoSided = options.alternative === 'two-sided';
  const n = targetScores.length;
  const scores = new Float64Array(n);
  const logPValues = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    requireSide(fit, 'out', t);
    const z = ((targetScores[t] as number) - (fit.meanOut[t] as number)) / (fit.stdOut[t] as number);
    const logP = twoSided ? Math.min(0, Math.LN2 + logNormalCdf(-Math.abs(z))) : logNormalCdf(-z);
    logPValues[t] = logP;
    scores[t] = 0 - logP;
  }
  return { scores, logPValues };
}
