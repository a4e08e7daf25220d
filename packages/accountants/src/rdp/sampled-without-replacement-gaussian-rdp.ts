/**
 * Rényi DP of one Gaussian step on a batch drawn without replacement (a uniformly random subset
 * of fixed size b out of N records), for the substitution relation: the general
 * subsampling-without-replacement bound of Wang, Balle, Kasiviswanathan (2019, "Subsampled
 * Rényi Differential Privacy and Analytical Moments Accountant", AISTATS, Theorem 9 with the
 * Gaussian's ternary-|χ|^j bound of Theorem 27, and Corollary 10 for fractional orders).
 * Derivation and notation: docs/math/batch-samplers.md §2.
 */
import { logAddExp, logBinomialCoefficient, requireInRange } from '@dpbounds/special-functions';
import { requireOptions } from '../events/validate-event.js';
import { DEFAULT_RDP_ORDERS } from './rdp-orders.js';
import { rdpCurveToEpsilon } from './rdp-to-epsilon.js';

/** Above this order the forward differences are not formed (O(α²) work); only the 2·e^{(j−1)ε(j)} branch is used, which is valid at every order. */
const MAX_FORWARD_DIFFERENCE_ORDER = 256;

/** Relative rounding allowance on a forward difference formed from sums in log space (each term is e^{x} with |x| ≤ 745). */
const ROUNDING_ALLOWANCE = 1e-12;

/**
 * Upper bounds on log|Δᵐ s(0)| for m = 0 … maxOrder (order α needs m up to 2⌈α/2⌉ ≤ α + 1), where s(x) = exp((x − 1)·x/(2σ²)) =
 * e^{(x−1)ε(x)} with ε(x) = x/(2σ²) the Gaussian's RDP. Each difference is the signed binomial
 * sum Σₖ (−1)^{m−k} C(m, k) s(k), with the positive and negative parts accumulated separately in
 * log space; the rounding error of that subtraction (at most ROUNDING_ALLOWANCE × the larger
 * part) is added, so a difference lost to cancellation is overestimated, never underestimated.
 */
function forwardDifferenceUpperBounds(sigma: number, maxOrder: number): Float64Array {
  const out = new Float64Array(maxOrder + 1);
  const c = 1 / (2 * sigma * sigma);
  for (let m = 0; m <= maxOrder; m++) {
    let pos = -Infinity;
    let neg = -Infinity;
    for (let k = 0; k <= m; k++) {
      const term = logBinomialCoefficient(m, k) + (k - 1) * k * c;
      if ((m - k) % 2 === 0) pos = logAddExp(pos, term);
      else neg = logAddExp(neg, term);
    }
    const larger = Math.max(pos, neg);
    const smaller = Math.min(pos, neg);
    const relative = smaller === -Infinity ? 1 : -Math.expm1(smaller - larger);
    out[m] = larger + Math.log(relative + ROUNDING_ALLOWANCE);
  }
  return out;
}

/**
 * log A_α for an integer order α ≥ 2, with ε'(α) = log(A_α)/(α − 1) (Wang, Balle,
 * Kasiviswanathan 2019, Theorem 9):
 *
 *   A_α ≤ 1 + γ²C(α,2)·min{4(e^{ε(2)} − 1), 2e^{ε(2)}}
 *         + Σ_{j=3}^{α} γʲC(α,j)·min{4·√(Δ^{2⌊j/2⌋}s(0)·Δ^{2⌈j/2⌉}s(0)), 2e^{(j−1)ε(j)}},
 *
 * γ = b/N and s as in `forwardDifferenceUpperBounds` (the Gaussian's ternary-|χ|ʲ bound,
 * Theorem 27; ε(∞) = ∞ makes the other minimum 2). Past α = 256 only the second branch is used.
 */
function integerOrderLogA(gamma: number, sigma: number, alpha: number, differences: Float64Array | undefined): number {
  const eps2 = 1 / (sigma * sigma);
  const logGamma = Math.log(gamma);
  const two = 2 * logGamma + logBinomialCoefficient(alpha, 2) + Math.min(Math.log(4) + eps2 + Math.log(-Math.expm1(-eps2)), eps2 + Math.LN2);
  let logA = logAddExp(0, two);
  for (let j = 3; j <= alpha; j++) {
    let term = Math.LN2 + ((j - 1) * j) / (2 * sigma * sigma);
    if (differences !== undefined) {
      const lo = differences[2 * Math.floor(j / 2)] as number;
      const hi = differences[2 * Math.ceil(j / 2)] as number;
      term = Math.min(term, Math.log(4) + 0.5 * (lo + hi));
    }
    logA = logAddExp(logA, term + j * logGamma + logBinomialCoefficient(alpha, j));
  }
  return logA;
}

/**
 * RDP ε'(α) of one step of the Gaussian mechanism (noise multiplier σ relative to the query's
 * substitution sensitivity) run on a uniformly random batch of fixed size b from N records,
 * under the substitution relation (N public): the bound of Wang, Balle, Kasiviswanathan (2019,
 * Theorem 9 with Theorem 27). Integer orders are evaluated directly; a fractional order
 * interpolates log A linearly between its two integer neighbours (their Corollary 10, by the
 * convexity of the cumulant generating function), which stays an upper bound.
 *
 * Forward differences that lose their digits to cancellation are replaced by a rigorous upper
 * bound, so the result is never below the theorem's value by rounding (it may be above it where
 * Google's dp_accounting, which forms the same differences without that allowance, rounds down).
 *
 * For the clipped-gradient sum of DP-SGD, substituting one record moves the sum by up to twice
 * the clip norm, so pass noiseMultiplier = σ/2 for a run with noise multiplier σ.
 * Special cases: γ = 0 → 0; γ = 1 → α/(2σ²) (the Gaussian mechanism); σ = 0 or α = +∞ → +∞.
 * Domain: samplingRate γ = b/N ∈ [0, 1], noiseMultiplier ≥ 0, order α > 1 (+∞ allowed).
 * Throws `DpboundsRangeError` outside. Accuracy: within 1e-9 relative of dp_accounting's
 * `_compute_rdp_sample_wor_gaussian` wherever neither side's differences cancel (fixtures).
 *
 * @example sampledWithoutReplacementGaussianRdp({ samplingRate: 0.01, noiseMultiplier: 0.55, order: 8 })
 */
export function sampledWithoutReplacementGaussianRdp(options: SampledWithoutReplacementGaussianRdpOptions): number {
  const o = requireOptions<SampledWithoutReplacementGaussianRdpOptions>('options', options, ['samplingRate', 'noiseMultiplier', 'order'], false);
  const gamma = requireInRange('samplingRate', o.samplingRate, { min: 0, max: 1 });
  const sigma = requireInRange('noiseMultiplier', o.noiseMultiplier, { min: 0 });
  const alpha = requireInRange('order', o.order, { min: 1, minExclusive: true, max: Infinity });
  return withoutReplacementRdpCurve(gamma, sigma, [alpha])[0] as number;
}

/** Options of {@link sampledWithoutReplacementGaussianRdp}: γ = b/N ∈ [0, 1], σ ≥ 0 and the Rényi order α > 1 (+∞ allowed). */
export interface SampledWithoutReplacementGaussianRdpOptions {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly order: number;
}

/**
 * {@link sampledWithoutReplacementGaussianRdp} at many orders without validation (internal hot
 * path: the forward differences are formed once for the largest integer order needed).
 */
export function withoutReplacementRdpCurve(gamma: number, sigma: number, orders: readonly number[]): Float64Array {
  const out = new Float64Array(orders.length);
  let maxInteger = 2;
  for (const alpha of orders) if (alpha !== Infinity) maxInteger = Math.max(maxInteger, Math.ceil(alpha));
  const differences = gamma > 0 && gamma < 1 && sigma > 0 ? forwardDifferenceUpperBounds(sigma, Math.min(maxInteger, MAX_FORWARD_DIFFERENCE_ORDER) + 1) : undefined;
  const logA = new Map<number, number>();
  const logAAt = (alpha: number): number => {
    if (alpha === 1) return 0;
    let v = logA.get(alpha);
    if (v === undefined) {
      v = integerOrderLogA(gamma, sigma, alpha, alpha <= MAX_FORWARD_DIFFERENCE_ORDER ? differences : undefined);
      logA.set(alpha, v);
    }
    return v;
  };
  for (let i = 0; i < orders.length; i++) {
    const alpha = orders[i] as number;
    if (gamma === 0) out[i] = 0;
    else if (sigma === 0 || alpha === Infinity) out[i] = Infinity;
    else if (gamma === 1) out[i] = alpha / (2 * sigma * sigma);
    else if (Number.isInteger(alpha)) out[i] = Math.max(0, logAAt(alpha) / (alpha - 1));
    else {
      const lo = Math.floor(alpha);
      const t = alpha - lo;
      const v = ((1 - t) * logAAt(lo) + t * logAAt(lo + 1)) / (alpha - 1);
      out[i] = Number.isNaN(v) ? Infinity : Math.max(0, v);
    }
  }
  return out;
}

/**
 * ε(δ) of T steps of {@link sampledWithoutReplacementGaussianRdp} (RDP adds up over steps, then
 * the improved conversion of Balle et al. 2020, Prop. 12, on the default order grid, as the RDP
 * accountant does). Internal: the validated entry is `samplerEpsilon({ sampler: 'fixed-size',
 * neighbouring: 'substitution', … }, δ, { accountant: 'rdp' })`.
 */
export function withoutReplacementRdpEpsilon(gamma: number, sigma: number, steps: number, delta: number): number {
  const curve = withoutReplacementRdpCurve(gamma, sigma, DEFAULT_RDP_ORDERS);
  for (let i = 0; i < curve.length; i++) curve[i] = (curve[i] as number) * steps;
  return rdpCurveToEpsilon(DEFAULT_RDP_ORDERS, curve, delta, 'improved').epsilon;
}
