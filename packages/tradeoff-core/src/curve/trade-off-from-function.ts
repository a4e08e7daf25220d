/**
 * Adaptive sampling of a trade-off function into a numeric (piecewise-linear) curve.
 */
import { DpboundsRangeError, requireInRange, requireInteger } from '@dpbounds/special-functions';
import { alphaGrid } from './alpha-grid.js';
import { piecewiseLinearFromSorted, type PiecewiseLinearTradeOffCurve } from './piecewise-linear-trade-off.js';

/** Options of {@link tradeOffFromFunction}. */
export interface TradeOffFromFunctionOptions {
  /**
   * Target absolute interpolation error: an interval is split while |f(mid) − chord(mid)|
   * exceeds it (default 1e−9).
   */
  readonly tolerance?: number;
  /** Upper limit on the number of knots (default 20 000). */
  readonly maxKnots?: number;
  /** Uniform points of the initial grid (default 257). */
  readonly initialUniform?: number;
  /** Log-spaced points in [1e−14, 0.1] near each end of the initial grid (default 40). */
  readonly initialLogPerEnd?: number;
}

/** Checks one value of the user function; small rounding outside [0, 1] is clamped. */
function checkedValue(f: (alpha: number) => number, a: number): number {
  const v = f(a);
  if (typeof v !== 'number' || Number.isNaN(v) || v < -1e-12 || v > 1 + 1e-12) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `f(${a})`, expected: 'a number in [0, 1] (a trade-off function value)', found: v });
  }
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/**
 * Samples a trade-off function f on an adaptive grid and returns the piecewise-linear curve
 * through the samples (lower convex hull, so convex by construction; exact at the knots). The
 * initial grid has uniform points plus log-spaced points near both ends (1e−14 … 0.1), where
 * the curvature of curves such as G_μ blows up; intervals whose midpoint deviates from the
 * chord by more than `tolerance` are halved until the error estimate is met or `maxKnots` is
 * reached. Grid error is O(h²·f'') (spec §5, "convex hull resolution").
 *
 * Use it to turn any analytic curve (RTM, GMIP, a subsampled curve) into a fast numeric one.
 * Between knots the chord lies above a convex f by at most about the tolerance.
 *
 * @param f α ↦ f(α) on [0, 1] with values in [0, 1] (e.g. `(a) => curve.evaluate(a)`).
 * @throws DpboundsRangeError when f returns NaN or a value outside [0, 1], or options are invalid.
 * @example tradeOffFromFunction((a) => gaussianTradeOff(1).evaluate(a)).evaluate(0.3) // ≈ 0.31718
 */
export function tradeOffFromFunction(f: (alpha: number) => number, options: TradeOffFromFunctionOptions = {}): PiecewiseLinearTradeOffCurve {
  const tolerance = requireInRange('tolerance', options.tolerance ?? 1e-9, { min: 0, minExclusive: true, max: 1 });
  const maxKnots = requireInteger('maxKnots', options.maxKnots ?? 20_000, { min: 3, max: 1e7 });
  const uniform = requireInteger('initialUniform', options.initialUniform ?? 257, { min: 2, max: 1e6 });
  const logPerEnd = requireInteger('initialLogPerEnd', options.initialLogPerEnd ?? 40, { min: 0, max: 1e5 });
  let xs = Array.from(alphaGrid(uniform, logPerEnd, 1e-14));
  let ys = xs.map((a) => checkedValue(f, a));
  let changed = true;
  while (changed && xs.length < maxKnots) {
    changed = false;
    const nx: number[] = [xs[0] as number];
    const ny: number[] = [ys[0] as number];
    for (let i = 1; i < xs.length; i++) {
      const x0 = xs[i - 1] as number;
      const x1 = xs[i] as number;
      const y0 = ys[i - 1] as number;
      const y1 = ys[i] as number;
      const mid = x0 + (x1 - x0) / 2;
      if (nx.length + (xs.length - i) < maxKnots && mid > x0 && mid < x1 && x1 - x0 > 1e-15 * x1) {
        const ym = checkedValue(f, mid);
        if (Math.abs(ym - (y0 + y1) / 2) > tolerance) {
          nx.push(mid);
          ny.push(ym);
          changed = true;
        }
      }
      nx.push(x1);
      ny.push(y1);
    }
    xs = nx;
    ys = ny;
  }
  return piecewiseLinearFromSorted(xs, ys);
}
