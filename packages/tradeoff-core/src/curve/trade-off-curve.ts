/**
 * The trade-off curve abstraction of f-DP (Dong, Roth & Su 2022, "Gaussian differential
 * privacy", J. R. Stat. Soc. B 84(1), Definition 2.1): for a pair of distributions (P, Q),
 * T(P, Q)(α) = inf{ β_φ : α_φ ≤ α } is the lowest type-II error (false-negative rate, 1 − TPR)
 * any test reaches at type-I error (false-positive rate) α. Every such function is convex,
 * continuous, non-increasing, f(0) ≤ 1, f(1) = 0 and f(α) ≤ 1 − α (DRS22 Proposition 2.2;
 * docs/math/tradeoff-core.md §1).
 */

/** α values and the curve's β = f(α) at them (for plotting or export). */
export interface TradeOffSample {
  /** Type-I errors (false-positive rates), increasing, from 0 to 1. */
  readonly alpha: Float64Array;
  /** Type-II errors β = f(α) (false-negative rates = 1 − TPR). */
  readonly beta: Float64Array;
}

/**
 * The JSON form of a curve (`curve.toJSON()`), read back by `tradeOffFromJSON`. `kind` names
 * the family; the other fields are the family's parameters (e.g. `{ kind: 'gaussian', mu: 1 }`,
 * `{ kind: 'piecewiseLinear', alpha: [...], beta: [...] }`).
 */
export interface TradeOffCurveJSON {
  readonly kind: string;
  readonly [parameter: string]: unknown;
}

/**
 * A trade-off function f: [0, 1] → [0, 1] (Dong, Roth & Su 2022, Definition 2.1), analytic
 * (closed form) or numeric (piecewise linear through exact knots). Orientation: α = FPR (the
 * null "non-member / D" is rejected wrongly), β = f(α) = FNR = 1 − TPR, so an attack's ROC is
 * TPR(FPR) = 1 − f(FPR).
 *
 * @example
 * const g = gaussianTradeOff(1);
 * g.evaluate(0.01); // 0.9076 (an attack at 1 % FPR has TPR ≈ 9.2 %)
 */
export interface TradeOffCurve {
  /** Family name, e.g. `gaussian`, `laplace`, `epsilonDelta`, `identity`, `piecewiseLinear`. */
  readonly kind: string;
  /**
   * f(α) for α ∈ [0, 1]; throws a `DpboundsRangeError` for α outside [0, 1] or NaN; never
   * returns NaN.
   */
  evaluate(alpha: number): number;
  /** The inverse curve f⁻¹(β) = inf{α ∈ [0, 1] : f(α) ≤ β} = T(Q, P) (DRS22, §2.1). */
  inverse(): TradeOffCurve;
  /**
   * f on `n` points (default 201) of [0, 1]: 0, 1, uniform points and log-spaced points near both
   * ends (where the curve bends most).
   */
  sample(n?: number): TradeOffSample;
  /** A plain JSON description of the curve, read back by `tradeOffFromJSON`. */
  toJSON(): TradeOffCurveJSON;
  /** True when the curve is known to equal its inverse (f = f⁻¹); absent or false otherwise. */
  readonly symmetric?: boolean;
  /**
   * The privacy profile δ_f(ε) = sup_α (1 − f(α) − e^ε α) in closed form, when the family has
   * one (DRS22 Proposition 2.12); `privacyProfile(curve, ε)` uses it when present.
   */
  closedFormPrivacyProfile?(epsilon: number): number;
}
