/**
 * Data-dependent Bayes security of DP-SGD against attribute inference (Cherubin et al., USENIX
 * Security 2024, Corollary 10): β*_AI ≥ 1 − erf(p·‖R‖₂/(2√2·σ·C)) from the per-step attribute
 * sensitivities R = (R_1, …, R_T) recorded during training.
 */
import { DpboundsRangeError, requireFiniteArray, requireInRange, requireOptions } from '@dpbounds/special-functions';
import { bayesSecurityFromSensitivity } from './bayes-security-bound.js';
import type { BayesSecurityBound } from './bayes-security-bound.js';

/**
 * Warning attached to every attribute-inference result: R_t is computed from the training data,
 * so publishing the bound (or R) is itself a data-dependent release.
 */
export const ATTRIBUTE_INFERENCE_LEAKAGE_WARNING: string =
  'The attribute-inference bound is data-dependent: R_t is computed from the records in each batch, ' +
  'so releasing the bound (or the sensitivity trace) can leak information about the training data, ' +
  'including membership. Use it to decide internally; publish the membership (data-independent) bound.';

/** Inputs of {@link bayesSecurityAttributeInference}. */
export interface BayesAiInput {
  /** Poisson sampling rate p ∈ [0, 1]. */
  readonly samplingRate: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
  /** Clipping norm C > 0 used in training (finite). */
  readonly clip: number;
  /**
   * R_t for t = 1..T: the largest diameter, over the records of batch t, of the set of clipped
   * gradients obtained by substituting every value of the sensitive attribute. Each in [0, 2C].
   * Either the exact diameter (max pairwise distance) or the 2×-distance-to-centroid upper bound
   * may be given: the latter is larger, so the bound stays valid (and is more conservative).
   */
  readonly sensitivities: ArrayLike<number>;
}

/** Result of {@link bayesSecurityAttributeInference}. */
export interface BayesAiBound extends BayesSecurityBound {
  /** ‖R‖₂, the Δ_f of Theorem 6 for this threat. */
  readonly sensitivityNorm: number;
  /** T = number of sensitivities. */
  readonly steps: number;
  /** {@link ATTRIBUTE_INFERENCE_LEAKAGE_WARNING}. */
  readonly warning: string;
}

/** Relative slack accepted above 2C (rounding in the trace writer), clamped to 2C. */
const CLIP_SLACK = 1e-9;

/**
 * β*_AI from a sensitivity trace. Both secrets place a record in the batch, so the error term
 * counts two approximated mixtures (see {@link bayesSecurityFromSensitivity}).
 *
 * Domain: p ∈ [0, 1], σ > 0, C > 0 finite, at least one R_t, each R_t ∈ [0, 2C].
 *
 * @example bayesSecurityAttributeInference({ samplingRate: 0.01, noiseMultiplier: 1, clip: 1, sensitivities: [0.5, 1.2, 2, 0, 1.9] }).bayesSecurity // 0.9878343669870729
 */
export function bayesSecurityAttributeInference(input: BayesAiInput): BayesAiBound {
  requireOptions('input', input, ['samplingRate', 'noiseMultiplier', 'clip', 'sensitivities']);
  const clip = requireInRange('clip', input.clip, { min: 0, minExclusive: true });
  const values = requireFiniteArray('sensitivities', input.sensitivities, { minLength: 1 });
  const limit = 2 * clip;
  let scale = 0;
  for (let t = 0; t < values.length; t++) {
    const r = values[t] as number;
    if (r < 0 || r > limit * (1 + CLIP_SLACK)) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `sensitivities[${t}]`, expected: `in [0, 2·clip] = [0, ${limit}]`, found: r });
    }
    scale = Math.max(scale, Math.min(r, limit));
  }
  let sum = 0;
  if (scale > 0) {
    for (let t = 0; t < values.length; t++) {
      const r = Math.min(values[t] as number, limit) / scale;
      sum += r * r;
    }
  }
  const sensitivityNorm = scale * Math.sqrt(sum);
  const bound = bayesSecurityFromSensitivity({
    samplingRate: input.samplingRate,
    noiseMultiplier: input.noiseMultiplier,
    clip,
    sensitivityNorm,
    steps: values.length,
    mixtures: 2,
  });
  return { ...bound, sensitivityNorm, steps: values.length, warning: ATTRIBUTE_INFERENCE_LEAKAGE_WARNING };
}
