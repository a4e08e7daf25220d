/**
 * The numeric trade-off curve: piecewise linear through knots, convex by construction (lower
 * convex hull of the knots together with (0, 1) and (1, 0); docs/math/tradeoff-core.md §6).
 */
import { DpboundsTypeError, requireFiniteArray } from '@dpbounds/special-functions';
import { lowerConvexHull } from './lower-convex-hull.js';
import { sampleOnGrid } from './sample-curve.js';
import type { TradeOffCurve, TradeOffCurveJSON, TradeOffSample } from './trade-off-curve.js';
import { requireAlpha } from './validate-alpha.js';

/** A piecewise-linear trade-off curve as returned by {@link piecewiseLinearTradeOff}. */
export interface PiecewiseLinearTradeOffCurve extends TradeOffCurve {
  readonly kind: 'piecewiseLinear';
  /** Hull knots: α strictly increasing from 0 to 1. Do not mutate. */
  readonly alpha: Float64Array;
  /** β at the knots, non-increasing from f(0) to 0. Do not mutate. */
  readonly beta: Float64Array;
  inverse(): PiecewiseLinearTradeOffCurve;
  /** Evaluates at many α at once (each checked to be in [0, 1]). */
  evaluateMany(alphas: ArrayLike<number>): Float64Array;
  closedFormPrivacyProfile(epsilon: number): number;
}

/** Index i with alpha[i] ≤ a ≤ alpha[i + 1] (binary search; knots sorted, a in [0, 1]). */
function segmentIndex(alpha: Float64Array, a: number): number {
  let lo = 0;
  let hi = alpha.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if ((alpha[mid] as number) <= a) lo = mid;
    else hi = mid;
  }
  return lo;
}

class PiecewiseLinear implements PiecewiseLinearTradeOffCurve {
  readonly kind: 'piecewiseLinear' = 'piecewiseLinear';
  readonly alpha: Float64Array;
  readonly beta: Float64Array;
  private inverseCache: PiecewiseLinearTradeOffCurve | undefined;
  constructor(alpha: Float64Array, beta: Float64Array) {
    this.alpha = alpha;
    this.beta = beta;
  }
  evaluateUnchecked(a: number): number {
    const xs = this.alpha;
    const ys = this.beta;
    const i = segmentIndex(xs, a);
    const x0 = xs[i] as number;
    const y0 = ys[i] as number;
    if (a <= x0 || i + 1 >= xs.length) return y0;
    const x1 = xs[i + 1] as number;
    const y1 = ys[i + 1] as number;
    if (a >= x1) return y1;
    const v = y0 + ((y1 - y0) * (a - x0)) / (x1 - x0);
    // convex combination of y0 ≥ y1: stay inside [y1, y0] despite rounding
    return v > y0 ? y0 : v < y1 ? y1 : v;
  }
  evaluate(alpha: number): number {
    return this.evaluateUnchecked(requireAlpha(alpha));
  }
  evaluateMany(alphas: ArrayLike<number>): Float64Array {
    const out = new Float64Array(alphas.length);
    for (let i = 0; i < alphas.length; i++) {
      const value = alphas[i];
      // the parameter name is only built when the value is rejected (hot loop)
      out[i] = this.evaluateUnchecked(typeof value === 'number' && value >= 0 && value <= 1 ? value : requireAlpha(value, `alphas[${i}]`));
    }
    return out;
  }
  inverse(): PiecewiseLinearTradeOffCurve {
    if (this.inverseCache === undefined) {
      // swap axes: knots (β_i, α_i) in reverse order are the knots of f⁻¹
      const n = this.alpha.length;
      const x = new Float64Array(n);
      const y = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        x[i] = this.beta[n - 1 - i] as number;
        y[i] = this.alpha[n - 1 - i] as number;
      }
      const inv = piecewiseLinearFromSorted(x, y) as PiecewiseLinear;
      inv.inverseCache = this;
      this.inverseCache = inv;
    }
    return this.inverseCache;
  }
  sample(n?: number): TradeOffSample {
    return sampleOnGrid((a) => this.evaluateUnchecked(a), n);
  }
  toJSON(): TradeOffCurveJSON {
    return { kind: 'piecewiseLinear', alpha: Array.from(this.alpha), beta: Array.from(this.beta) };
  }
  closedFormPrivacyProfile(epsilon: number): number {
    // sup of the concave piecewise-linear 1 − f(α) − e^ε α is attained at a knot
    const s = Math.exp(epsilon);
    const xs = this.alpha;
    const ys = this.beta;
    let best = 1 - (ys[0] as number);
    if (s === Infinity) return Math.max(0, best);
    for (let i = 1; i < xs.length; i++) {
      const v = 1 - (ys[i] as number) - s * (xs[i] as number);
      if (v > best) best = v;
    }
    const floor = epsilon >= 0 ? 0 : -Math.expm1(epsilon);
    return best < floor ? floor : best > 1 ? 1 : best;
  }
}

/**
 * Builds the curve from knots already sorted by α (non-decreasing), all in [0, 1] (internal:
 * callers have validated). Adds (0, 1) when no knot sits at α = 0 and (1, 0) always, then takes
 * the lower convex hull.
 */
export function piecewiseLinearFromSorted(alpha: ArrayLike<number>, beta: ArrayLike<number>): PiecewiseLinearTradeOffCurve {
  const n = alpha.length;
  const hasZero = n > 0 && alpha[0] === 0;
  const total = n + (hasZero ? 0 : 1) + 1;
  const x = new Float64Array(total);
  const y = new Float64Array(total);
  let k = 0;
  if (!hasZero) {
    x[0] = 0;
    y[0] = 1;
    k = 1;
  }
  for (let i = 0; i < n; i++) {
    x[k] = alpha[i] as number;
    y[k] = beta[i] as number;
    k++;
  }
  x[k] = 1;
  y[k] = 0;
  const hull = lowerConvexHull(x, y, total);
  return new PiecewiseLinear(hull.x, hull.y);
}

/**
 * A numeric trade-off curve through the given knots (α_i, β_i): the greatest convex function
 * below the knots, (1, 0) and, unless a knot has α = 0, (0, 1) — the lower convex hull
 * (Andrew's monotone chain). Exact at hull knots, linear between them, hence convex,
 * non-increasing, ≤ 1 − α and 0 at α = 1 by construction; knots above the hull are dropped.
 * Between knots a linear interpolation lies above a convex function it samples, so use
 * `tradeOffFromFunction` (adaptive grid) to approximate an analytic curve.
 *
 * @param alpha type-I errors in [0, 1] (any order). @param beta type-II errors in [0, 1].
 * @throws DpboundsTypeError when lengths differ or are 0; DpboundsRangeError for values outside
 * [0, 1] or NaN.
 * @example piecewiseLinearTradeOff([0.1, 0.5], [0.5, 0.1]).evaluate(0.3) // 0.3
 */
export function piecewiseLinearTradeOff(alpha: ArrayLike<number>, beta: ArrayLike<number>): PiecewiseLinearTradeOffCurve {
  requireFiniteArray('alpha', alpha, { minLength: 1 });
  requireFiniteArray('beta', beta, { length: alpha.length });
  if (beta.length !== alpha.length) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'beta', expected: `an array of length ${alpha.length} (as alpha)`, found: beta });
  }
  const n = alpha.length;
  let sorted = true;
  for (let i = 0; i < n; i++) {
    requireAlpha(alpha[i], `alpha[${i}]`);
    requireAlpha(beta[i], `beta[${i}]`);
    if (i > 0 && (alpha[i] as number) < (alpha[i - 1] as number)) sorted = false;
  }
  if (sorted) return piecewiseLinearFromSorted(alpha, beta);
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => (alpha[i] as number) - (alpha[j] as number) || (beta[i] as number) - (beta[j] as number));
  return piecewiseLinearFromSorted(
    Float64Array.from(order, (i) => alpha[i] as number),
    Float64Array.from(order, (i) => beta[i] as number),
  );
}
