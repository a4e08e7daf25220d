/**
 * Non-adaptive composition of Gaussian mechanisms under the relaxed threat model, and its
 * large-d / many-compositions asymptotics (Kaissis et al., NeurIPS 2023, Lemma 8 and Theorem 3;
 * derivation, including why the pooled attacker is the one to report, in
 * docs/math/relaxed-threat-model.md).
 */
import { DpboundsRangeError, DpboundsTypeError, normalCdf, normalQuantile, normalSf, normalSfInverse, requireInRange, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import { defineTradeOff, gaussianTradeOff } from '@dpbounds/tradeoff-core';
import type { ResultKind, TradeOffCurve } from '@dpbounds/tradeoff-core';
import { requireRtmAttacker } from './rtm-attacker.js';
import type { RtmAttacker } from './rtm-attacker.js';
import { rtmGaussian } from './rtm-gaussian.js';
import { MAX_RTM_NONCENTRALITY } from './rtm-limits.js';
import type { RtmGaussianParameters } from './rtm-gaussian.js';
import { rtmGaussianProfileUnchecked } from './rtm-privacy-profile.js';
import { symmetricCurveFromProfile, tensorPower } from './rtm-tensor-power.js';
import { composeNumeric } from '@dpbounds/tradeoff-core';

/** Totals of a composition. */
export interface RtmComposedGaussian extends RtmGaussianParameters {
  /** The per-release dimension d (all releases share one space). */
  readonly dims: number;
  /** √(Σ μ_i²). */
  readonly mu: number;
  /** λ = Σ μ_i² (the noncentrality). */
  readonly noncentrality: number;
  /** The attacker the curve is computed for. */
  readonly attacker: RtmAttacker;
  /** `guarantee` (against `attacker`). */
  readonly kind: ResultKind;
  /**
   * j of the composition. `pooled`: Theorem 2's curve with d and μ² = Σμ_i² (closed form).
   * `independent-directions`: the tensor product ⊗_i C(j_i, j_i⁻¹) of the symmetrised
   * per-release curves (numeric, pessimistic; symmetric, so it bounds both orientations).
   */
  readonly curve: TradeOffCurve;
}

/** Options of {@link rtmGaussianComposition}. */
export interface RtmCompositionOptions {
  /** `pooled` (default, the stronger attacker) or `independent-directions`. */
  readonly attacker?: RtmAttacker;
}

/** Releases composed numerically at most (one `composeNumeric` call each when they differ). */
const MAX_DISTINCT_NUMERIC = 64;

/**
 * Lemma 8 (pooled attacker): N Gaussian mechanisms on the same d-dimensional space with
 * μ_i = Δ_i/σ_i, whose target shifts every release in the same unknown direction. The attacker
 * pools Z = Σ_i (Δ_i/σ_i²)(y_i − f_i(D)) ~ N(λu, λI) with λ = Σμ_i², so the composition has the
 * RTM curve of a single d-dimensional Gaussian mechanism with μ² = λ:
 * j_N(α) = F_{d,λ}(F⁻¹_{d,0}(1 − α)). For identical steps λ = Nμ² (the paper's
 * (ΣΔ_i)²/Σσ_i²); for unequal steps Σμ_i² ≥ (ΣΔ_i)²/Σσ_i² (Cauchy–Schwarz), so this
 * matched-weight attacker is the stronger one.
 *
 * With `attacker: 'independent-directions'` the result is ⊗_i C(j_i, j_i⁻¹) (a guarantee for both
 * orientations of ⊗_i j_i), the optimal attacker's bound when every
 * release moves in a fresh independent direction (an assumption; weaker, hence optimistic
 * against a constant-direction target such as a canary).
 *
 * Domain: at least one mechanism; every d_i integer ≥ 1 and equal (one output space); μ_i ≥ 0.
 *
 * @throws DpboundsRangeError naming `mechanisms[i].dims` when the dimensions differ.
 * @example rtmGaussianComposition([{ dims: 5, mu: 0.5 }, { dims: 5, mu: 1 }, { dims: 5, mu: 2 }]).noncentrality // 5.25
 */
export function rtmGaussianComposition(mechanisms: readonly RtmGaussianParameters[], options: RtmCompositionOptions = {}): RtmComposedGaussian {
  requireOptions('options', options, ['attacker']);
  const attacker = requireRtmAttacker(options.attacker);
  if (!Array.isArray(mechanisms) || mechanisms.length === 0) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'mechanisms', expected: 'a non-empty array of { dims, mu }', found: mechanisms });
  }
  // every element an object first: a sparse array's holes (which forEach skips) or null would be read below
  for (let i = 0; i < mechanisms.length; i++) requireObject(`mechanisms[${i}]`, mechanisms[i]);
  const first = mechanisms[0] as RtmGaussianParameters;
  const dims = requireInteger('mechanisms[0].dims', first.dims, { min: 1 });
  let lambda = 0;
  const mus: number[] = [];
  mechanisms.forEach((m, i) => {
    const d = requireInteger(`mechanisms[${i}].dims`, m.dims, { min: 1 });
    if (d !== dims) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `mechanisms[${i}].dims`, expected: `equal to mechanisms[0].dims = ${dims} (the releases share one output space)`, found: d });
    }
    const mu = requireInRange(`mechanisms[${i}].mu`, m.mu, { min: 0 });
    mus.push(mu);
    lambda += mu * mu;
  });
  const mu = Math.sqrt(lambda);
  if (attacker === 'pooled') {
    if (dims > 1 && lambda > MAX_RTM_NONCENTRALITY) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'mechanisms', expected: `Σμ_i² ≤ ${MAX_RTM_NONCENTRALITY} when dims > 1 (or dims: 1, a valid, more pessimistic bound)`, found: lambda });
    }
    return { dims, mu, noncentrality: lambda, attacker, kind: 'guarantee', curve: rtmGaussian({ dims, mu }) };
  }
  return { dims, mu, noncentrality: lambda, attacker, kind: 'guarantee', curve: independentDirections(mus, dims) };
}

/** ⊗_i j_i, grouping equal μ_i into tensor powers. */
function independentDirections(mus: readonly number[], dims: number): TradeOffCurve {
  const counts = new Map<number, number>();
  for (const m of mus) counts.set(m, (counts.get(m) ?? 0) + 1);
  if (counts.size > MAX_DISTINCT_NUMERIC) {
    throw new DpboundsRangeError({
      code: 'ERR_OUT_OF_RANGE',
      parameter: 'mechanisms',
      expected: `at most ${MAX_DISTINCT_NUMERIC} distinct μ values for the independent-directions attacker (numeric composition); use the pooled attacker`,
      found: counts.size,
    });
  }
  let result: TradeOffCurve | undefined;
  for (const [m, n] of counts) {
    const power = tensorPower(symmetricCurveFromProfile((e) => rtmGaussianProfileUnchecked(e, dims, m * m).delta), n, 'mechanisms.length');
    result = result === undefined ? power : composeNumeric(result, power, { maxKnots: 400 });
  }
  return result as TradeOffCurve;
}

/** The three curves of {@link rtmGaussianAsymptotic}. */
export interface RtmGaussianAsymptotic {
  /** Normal approximation of χ²_d(λ): Φ((√(2d)·Q⁻¹(α) − λ)/√(2d + 4λ)), λ = N·μ² (an estimate). */
  readonly approximation: TradeOffCurve;
  /** The exact composed curve of the pooled attacker (Lemma 8): χ²_d(λ) against χ²_d. */
  readonly exact: TradeOffCurve;
  /** μ_eff = λ/√(2d) = N·μ²/√(2d): the GDP limit when λ ≪ d. */
  readonly muEff: number;
  /** G_{μ_eff}: the GDP-like limit (quadratic in μ, linear in N: the "blessing of dimensionality"). */
  readonly gdpLimit: TradeOffCurve;
  /** What each curve is: the two approximations are estimates, `exact` a guarantee. */
  readonly kinds: { readonly approximation: ResultKind; readonly exact: ResultKind; readonly gdpLimit: ResultKind };
}

/**
 * Theorem 3 for N identical d-dimensional Gaussian mechanisms with μ = Δ/σ against the pooled
 * attacker: χ²_d(λ) with λ = Nμ² is approximately normal (mean d + λ, variance 2d + 4λ), so
 * j(α) ≈ Φ((√(2d)·Φ⁻¹(1 − α) − λ)/√(2d + 4λ)) → G_{μ_eff}, μ_eff = Nμ²/√(2d) when λ ≪ d.
 * The approximation and the limit are estimates (neither is a bound); `exact` is the guarantee.
 *
 * Domain: d ≥ 1, N ≥ 1 integers, μ ≥ 0.
 *
 * @example rtmGaussianAsymptotic({ dims: 100, mu: 1, compositions: 50 }).muEff // 3.5355339059327373
 */
export function rtmGaussianAsymptotic(input: { readonly dims: number; readonly mu: number; readonly compositions: number }): RtmGaussianAsymptotic {
  requireObject('input', input);
  const d = requireInteger('dims', input.dims, { min: 1 });
  const mu = requireInRange('mu', input.mu, { min: 0 });
  const N = requireInteger('compositions', input.compositions, { min: 1 });
  const lambda = N * mu * mu;
  if (d > 1 && lambda > MAX_RTM_NONCENTRALITY) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'compositions', expected: `N·μ² ≤ ${MAX_RTM_NONCENTRALITY} when dims > 1 (the exact curve's χ² kernels; dims: 1 is a valid bound)`, found: N });
  }
  const a = Math.sqrt(2 * d);
  const s = Math.sqrt(2 * d + 4 * lambda);
  const approximation = defineTradeOff({
    kind: 'rtmGaussianNormalApproximation',
    // Unequal variances: the raw normal form can exceed 1 − α near α = 1; cap it there (a
    // trade-off function never exceeds 1 − α).
    evaluate: (alpha) => (alpha <= 0 ? 1 : alpha >= 1 ? 0 : Math.min(1 - alpha, normalCdf((a * normalSfInverse(alpha) - lambda) / s))),
    evaluateInverse: (beta) => (beta <= 0 ? 1 : beta >= 1 ? 0 : Math.min(1 - beta, normalSf((s * normalQuantile(beta) + lambda) / a))),
    parameters: { dims: d, noncentrality: lambda },
  });
  const muEff = lambda / a;
  return {
    approximation,
    exact: rtmGaussian({ dims: d, mu: Math.sqrt(lambda) }),
    muEff,
    gdpLimit: gaussianTradeOff(muEff),
    kinds: { approximation: 'estimate', exact: 'guarantee', gdpLimit: 'estimate' },
  };
}
