/**
 * One entry point for a one-run audit of an observation: the f-DP audit of [MMC] (default) or the
 * (ε, δ) audit of [SNJ], reported as an empirical ε at a δ (docs/math/audit-one-run.md).
 */
import { DpboundsRangeError, requireInRange, requireObject, requireOptions } from '@dpbounds/special-functions';
import { gdpEpsilon } from '@dpbounds/tradeoff-core';
import { empiricalMuUnchecked } from '../fdp/empirical-gaussian.js';
import { pureEpsilonUnchecked } from '../fdp/pure-epsilon-family.js';
import { requireSteinkeWorkBounded } from '../steinke/steinke-work-bound.js';
import { auditLabels, type AuditLabels } from './audit-view.js';
import { empiricalSubsampledGaussianUnchecked, validateSubsampledFamily } from '../fdp/subsampled-gaussian-family.js';
import { significanceFromConfidence, validateBucketSize, validateObservation, type OneRunObservation } from '../observation/observation.js';
import { steinkeEpsilonUnchecked } from '../steinke/steinke-empirical-epsilon.js';

/** The family of hypotheses the f-DP audit searches (docs/math/audit-one-run.md). */
export type AuditFamily =
  | { readonly kind: 'gaussian' }
  | {
      readonly kind: 'subsampled-gaussian';
      /** Poisson sampling rate q ∈ (0, 1]. */
      readonly samplingRate: number;
      /** Number of steps T ≥ 1 (T > 1 needs the accountants' privacy profile). */
      readonly steps: number;
    };

/** Options of {@link auditOneRun}. */
export interface AuditOptions {
  /** `'fdp'` ([MMC], default) or `'steinke'` ([SNJ], membership only). */
  readonly method?: 'fdp' | 'steinke';
  /** Options per canary k ≥ 2 (default 2: membership; k > 2: reconstruction). */
  readonly bucketSize?: number;
  /** Confidence in (0, 1) (default 0.95). */
  readonly confidence?: number;
  /**
   * δ ∈ [0, 1] at which the empirical ε is reported (default 1e−5). δ = 0 audits pure ε-DP: the
   * f-DP method then searches the (ε, 0)-DP family directly (a family's μ* would convert to ∞).
   */
  readonly delta?: number;
  /** Family of the f-DP audit (default Gaussian). Ignored by `'steinke'`. */
  readonly family?: AuditFamily;
}

/** Result of {@link auditOneRun}. */
export interface AuditResult extends OneRunObservation, AuditLabels {
  readonly method: 'fdp' | 'steinke';
  /**
   * The largest ε the observation proves (a lower bound on the true ε at `delta` with
   * probability ≥ confidence, for a guess count fixed in advance); 0 when nothing is proven.
   */
  readonly empiricalEpsilon: number;
  readonly delta: number;
  readonly confidence: number;
  readonly bucketSize: number;
  /** `'gaussian'` or `'subsampled-gaussian'` for `'fdp'`; `'epsilon-delta'` for `'steinke'`. */
  readonly family: 'gaussian' | 'subsampled-gaussian' | 'epsilon-delta';
  /** Empirical μ (Gaussian family only): the largest μ-GDP claim rejected. */
  readonly empiricalMu?: number;
  /**
   * Empirical noise (f-DP families): σ* = 1/μ* for the Gaussian family, or the smallest noise
   * multiplier whose subsampled-Gaussian claim is not rejected; Infinity when nothing is rejected.
   */
  readonly empiricalNoise?: number;
  /** True when the search hit its cap (ε = 1000, μ = 1000 or σ = 0.001): the true value is at least the reported one. */
  readonly saturated: boolean;
  /**
   * How `empiricalEpsilon` was obtained: `gaussian-conversion` (ε(δ) of G_μ*), `subsampled-gaussian`
   * (ε(δ) of the boundary mechanism), `pure-epsilon-family` (δ = 0: the (ε, 0)-DP family searched
   * directly) or `steinke`.
   */
  readonly epsilonFrom: 'gaussian-conversion' | 'subsampled-gaussian' | 'pure-epsilon-family' | 'steinke';
}

/**
 * Audits one observation of a one-run guessing game and reports the empirical ε at δ.
 *
 * - `'fdp'` (default): [MMC] Algorithm 3 over an ordered family. Gaussian family: μ* by
 *   {@link fdpEmpiricalMu}, then ε = gdpEpsilon(μ*, δ) ([DRS] Cor. 2.13, from
 *   `@dpbounds/tradeoff-core`). Subsampled-Gaussian family: the noise multiplier boundary σ* at
 *   the given sampling rate and steps, then the ε(δ) of that mechanism.
 * - `'steinke'`: [SNJ] {@link steinkeEmpiricalEpsilon} (k = 2 only).
 *
 * Every result is labelled (`kind: 'lower-bound'` at `confidence`, `neighbouring`, `meaning`;
 * see {@link auditDrawing} for how to draw it).
 *
 * Domain: the observation as {@link validateObservation}; k ≥ 2 integer; confidence ∈ (0, 1);
 * δ ∈ [0, 1]. δ = 0 audits pure ε-DP (Steinke: exact; f-DP: the (ε, 0)-DP family, while
 * `empiricalMu`/`empiricalNoise` still report the family's boundary). `guesses = 0` gives 0.
 * Steinke: guesses ≤ 10⁸ (its binomial tails are summed exactly, O(guesses) per test).
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the invalid argument (including
 * `bucketSize` > 2 with `'steinke'`).
 * @example auditOneRun({ canaries: 100000, guesses: 1500, correct: 1429 }, { delta: 1e-5 }).empiricalEpsilon // ≈ 3.30
 */
export function auditOneRun(observation: OneRunObservation, options: AuditOptions = {}): AuditResult {
  requireOptions('options', options, ['method', 'bucketSize', 'confidence', 'delta', 'family']);
  const result = auditObservation(observation, options);
  // ε = 0 rejects nothing: the result says it proves nothing on this run
  return result.empiricalEpsilon > 0 ? result : { ...result, meaning: auditLabels(result.kind, result.confidence, result.bucketSize, result.empiricalEpsilon).meaning };
}

function auditObservation(observation: OneRunObservation, options: AuditOptions): AuditResult {
  requireObject('observation', observation);
  requireObject('options', options);
  const { canaries, guesses, correct } = validateObservation(observation);
  const method = options.method ?? 'fdp';
  if (method !== 'fdp' && method !== 'steinke') {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'method', expected: "'fdp' or 'steinke'", found: method });
  }
  const bucketSize = validateBucketSize(options.bucketSize ?? 2);
  const confidence = options.confidence ?? 0.95;
  const tau = significanceFromConfidence(confidence);
  const delta = requireInRange('delta', options.delta ?? 1e-5, { min: 0, max: 1 });
  const base = { canaries, guesses, correct, delta, confidence, bucketSize, ...auditLabels('lower-bound', confidence, bucketSize) };
  if (method === 'steinke') {
    if (bucketSize !== 2) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'bucketSize', expected: '2 for the Steinke et al. audit (membership only)', found: bucketSize });
    }
    requireSteinkeWorkBounded(guesses);
    const { epsilon, saturated } = steinkeEpsilonUnchecked(canaries, guesses, correct, delta, tau);
    return { method, empiricalEpsilon: epsilon, ...base, family: 'epsilon-delta', saturated, epsilonFrom: 'steinke' };
  }
  // δ = 0: the pure ε proven by the observation, over the (ε, 0)-DP family
  const pure = delta === 0 ? pureEpsilonUnchecked(canaries, correct, guesses, bucketSize, tau) : undefined;
  const family = options.family ?? { kind: 'gaussian' };
  if (family.kind === 'subsampled-gaussian') {
    const { samplingRate, steps } = validateSubsampledFamily(family);
    const result = empiricalSubsampledGaussianUnchecked(canaries, correct, guesses, bucketSize, tau, samplingRate, steps, delta);
    if (pure !== undefined) {
      return { method, empiricalEpsilon: pure.epsilon, ...base, family: 'subsampled-gaussian', empiricalNoise: result.noiseMultiplier, saturated: pure.saturated, epsilonFrom: 'pure-epsilon-family' };
    }
    return { method, empiricalEpsilon: result.epsilon, ...base, family: 'subsampled-gaussian', empiricalNoise: result.noiseMultiplier, saturated: result.saturated, epsilonFrom: 'subsampled-gaussian' };
  }
  if (family.kind !== 'gaussian') {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'family.kind', expected: "'gaussian' or 'subsampled-gaussian'", found: (family as { kind: unknown }).kind });
  }
  const { mu, noiseMultiplier: sigma, saturated } = empiricalMuUnchecked(canaries, correct, guesses, bucketSize, tau);
  if (pure !== undefined) {
    return { method, empiricalEpsilon: pure.epsilon, ...base, family: 'gaussian', empiricalMu: mu, empiricalNoise: sigma, saturated: saturated || pure.saturated, epsilonFrom: 'pure-epsilon-family' };
  }
  const empiricalEpsilon = mu === 0 ? 0 : gdpEpsilon(mu, delta);
  return { method, empiricalEpsilon, ...base, family: 'gaussian', empiricalMu: mu, empiricalNoise: sigma, saturated, epsilonFrom: 'gaussian-conversion' };
}
