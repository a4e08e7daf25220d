/**
 * Non-adaptive composition of Gaussian mechanisms under the relaxed threat model, and its
 * large-d / many-compositions asymptotics (Kaissis et al., NeurIPS 2023, Lemma 8 and Theorem 3).
 */
import { DpboundsTypeError, normalCdf, normalSf, normalSfInverse, normalQuantile, requireInRange, requireInteger } from '@dpbounds/special-functions';
import { defineTradeOff, gaussianTradeOff } from '@dpbounds/tradeoff-core';
import type { TradeOffCurve } from '@dpbounds/tradeoff-core';
import { rtmGaussian } from './rtm-gaussian.js';
import type { RtmGaussianParameters } from './rtm-gaussian.js';

/** Totals of a composition. */
export interface RtmComposedGaussian extends RtmGaussianParameters {
  /** Σ d_i. */
  readonly dims: number;
  /** √(Σ μ_i²). */
  readonly mu: number;
  /** λ = Σ μ_i² (the noncentrality). */
  readonly noncentrality: number;
  /** j of the composition (same formulas with d = Σd_i, μ² = Σμ_i²). */
  readonly curve: TradeOffCurve;
}

/**
 * Lemma 8: N Gaussian mechanisms (d_i, μ_i) attacked by one GLRT on the joint output have the
 * RTM trade-off of a single Gaussian mechanism with d = Σd_i and μ² = Σμ_i². (Not the tensor
 * product of the individual curves.)
 *
 * Domain: at least one mechanism; each d_i integer ≥ 1, μ_i ≥ 0 finite; Σd_i ≤ 2⁵³.
 *
 * @example rtmGaussianComposition([{ dims: 1, mu: 0.5 }, { dims: 5, mu: 1 }, { dims: 20, mu: 2 }]).noncentrality // 5.25
 */
export function rtmGaussianComposition(mechanisms: readonly RtmGaussianParameters[]): RtmComposedGaussian {
  if (!Array.isArray(mechanisms) || mechanisms.length === 0) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'mechanisms', expected: 'a non-empty array of { dims, mu }', found: mechanisms });
  }
  let dims = 0;
  let lambda = 0;
  mechanisms.forEach((m, i) => {
    dims += requireInteger(`mechanisms[${i}].dims`, m.dims, { min: 1 });
    const mu = requireInRange(`mechanisms[${i}].mu`, m.mu, { min: 0 });
    lambda += mu * mu;
  });
  const mu = Math.sqrt(lambda);
  return { dims, mu, noncentrality: lambda, curve: rtmGaussian({ dims, mu }) };
}

/** The three curves of {@link rtmGaussianAsymptotic}. */
export interface RtmGaussianAsymptotic {
  /** Normal approximation of χ²: Φ((√(2k)·Q⁻¹(α) − λ)/√(2k + 4λ)), k = N·d, λ = N·μ². */
  readonly approximation: TradeOffCurve;
  /** The exact composed curve (Lemma 8). */
  readonly exact: TradeOffCurve;
  /** μ_eff = λ/√(2k) = √N·μ²/√(2d): the GDP limit when λ ≪ k. */
  readonly muEff: number;
  /** G_{μ_eff}: the GDP-like limit (quadratic in μ: the "blessing of dimensionality"). */
  readonly gdpLimit: TradeOffCurve;
}

/**
 * Theorem 3 (spec §3.5 [R/U]: which form is the paper's literal statement is unverified, so all
 * three are returned): N identical d-dimensional Gaussian mechanisms with μ = Δ/σ.
 *
 * Domain: d ≥ 1, N ≥ 1 integers, μ ≥ 0.
 *
 * @example rtmGaussianAsymptotic({ dims: 100, mu: 1, compositions: 50 }).muEff // 0.5
 */
export function rtmGaussianAsymptotic(input: { readonly dims: number; readonly mu: number; readonly compositions: number }): RtmGaussianAsymptotic {
  const d = requireInteger('dims', input.dims, { min: 1 });
  const mu = requireInRange('mu', input.mu, { min: 0 });
  const N = requireInteger('compositions', input.compositions, { min: 1 });
  const k = N * d;
  const lambda = N * mu * mu;
  const a = Math.sqrt(2 * k);
  const s = Math.sqrt(2 * k + 4 * lambda);
  const approximation = defineTradeOff({
    kind: 'rtmGaussianNormalApproximation',
    // Unequal variances: the raw normal form can exceed 1 − α near α = 1; clamp (a trade-off
    // function never does).
    evaluate: (alpha) => (alpha <= 0 ? 1 : alpha >= 1 ? 0 : Math.min(1 - alpha, normalCdf((a * normalSfInverse(alpha) - lambda) / s))),
    evaluateInverse: (beta) => (beta <= 0 ? 1 : beta >= 1 ? 0 : Math.min(1 - beta, normalSf((s * normalQuantile(beta) + lambda) / a))),
    parameters: { dims: k, noncentrality: lambda },
  });
  const muEff = lambda / a;
  return { approximation, exact: rtmGaussian({ dims: k, mu: Math.sqrt(lambda) }), muEff, gdpLimit: gaussianTradeOff(muEff) };
}
