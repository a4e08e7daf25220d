/**
 * Adaptive sampling of a trade-off function into a numeric (piecewise-linear) curve
 * (docs/math/tradeoff-core.md §6).
 */
import { DpboundsRangeError, DpboundsTypeError, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import { alphaGrid } from './alpha-grid.js';
import { piecewiseLinearFromSorted, type PiecewiseLinearTradeOffCurve } from './piecewise-linear-trade-off.js';

/** Options of {@link tradeOffFromFunction}. */
export interface TradeOffFromFunctionOptions {
  /**
   * Target absolute interpolation error: an interval is split while |f(mid) − chord(mid)|
   * exceeds it (default 1e−9).
   */
  readonly tolerance?: number;
  /** Upper limit on the number of knots (default 50 000). */
  readonly maxKnots?: number;
  /** Uniform points of the initial grid (default 257). */
  readonly initialUniform?: number;
  /** Log-spaced points in [1e−14, 0.1] near each end of the initial grid (default 40). */
  readonly initialLogPerEnd?: number;
}

/** An interval of the adaptive grid with its midpoint sample and chord error. */
interface Interval {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly mid: number;
  readonly ym: number;
  readonly error: number;
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
 * the curvature of curves such as G_μ blows up; then the interval whose midpoint deviates most
 * from the chord is halved (a max-heap on the midpoint error), until every midpoint is within
 * `tolerance` or `maxKnots` is reached. Grid error is O(h²·f'') (docs/tradeoff-curves.md, "convex hull
 * resolution"); G_1 needs ~36 000 knots for 1e−9, ~11 000 for 1e−8.
 *
 * Use it to turn any analytic curve (RTM, GMIP, a subsampled curve) into a fast numeric one.
 * Between knots the chord lies above a convex f by at most about the tolerance.
 *
 * @param f α ↦ f(α) on [0, 1] with values in [0, 1] (e.g. `(a) => curve.evaluate(a)`).
 * @throws DpboundsRangeError when f returns NaN or a value outside [0, 1], or options are invalid.
 * @example tradeOffFromFunction((a) => gaussianTradeOff(1).evaluate(a)).evaluate(0.3) // ≈ 0.31718
 */
export function tradeOffFromFunction(f: (alpha: number) => number, options: TradeOffFromFunctionOptions = {}): PiecewiseLinearTradeOffCurve {
  requireOptions('options', options, ['tolerance', 'maxKnots', 'initialUniform', 'initialLogPerEnd']);
  if (typeof f !== 'function') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'f', expected: 'a function α ↦ f(α)', found: f });
  }
  const tolerance = requireInRange('tolerance', options.tolerance ?? 1e-9, { min: 0, minExclusive: true, max: 1 });
  const maxKnots = requireInteger('maxKnots', options.maxKnots ?? 50_000, { min: 3, max: 1e7 });
  const uniform = requireInteger('initialUniform', options.initialUniform ?? 257, { min: 2, max: 1e6 });
  const logPerEnd = requireInteger('initialLogPerEnd', options.initialLogPerEnd ?? 40, { min: 0, max: 1e5 });
  const grid = alphaGrid(uniform, logPerEnd, 1e-14);
  const knotX: number[] = Array.from(grid);
  const knotY: number[] = knotX.map((a) => checkedValue(f, a));
  // intervals waiting for a split, ordered by their midpoint error (binary max-heap)
  const heap: Interval[] = [];
  const push = (x0: number, y0: number, x1: number, y1: number): void => {
    const mid = x0 + (x1 - x0) / 2;
    if (!(mid > x0 && mid < x1)) return;
    const ym = checkedValue(f, mid);
    const error = Math.abs(ym - (y0 + y1) / 2);
    if (error <= tolerance) return;
    heap.push({ x0, y0, x1, y1, mid, ym, error });
    let k = heap.length - 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if ((heap[parent] as Interval).error >= error) break;
      [heap[parent], heap[k]] = [heap[k] as Interval, heap[parent] as Interval];
      k = parent;
    }
  };
  const pop = (): Interval => {
    const top = heap[0] as Interval;
    const last = heap.pop() as Interval;
    if (heap.length > 0) {
      heap[0] = last;
      let k = 0;
      for (;;) {
        const l = 2 * k + 1;
        const r = l + 1;
        let m = k;
        if (l < heap.length && (heap[l] as Interval).error > (heap[m] as Interval).error) m = l;
        if (r < heap.length && (heap[r] as Interval).error > (heap[m] as Interval).error) m = r;
        if (m === k) break;
        [heap[m], heap[k]] = [heap[k] as Interval, heap[m] as Interval];
        k = m;
      }
    }
    return top;
  };
  for (let i = 1; i < knotX.length; i++) push(knotX[i - 1] as number, knotY[i - 1] as number, knotX[i] as number, knotY[i] as number);
  // split the worst interval first until every midpoint is within the tolerance or the budget is spent
  while (heap.length > 0 && knotX.length < maxKnots) {
    const worst = pop();
    knotX.push(worst.mid);
    knotY.push(worst.ym);
    push(worst.x0, worst.y0, worst.mid, worst.ym);
    push(worst.mid, worst.ym, worst.x1, worst.y1);
  }
  const order = Array.from(knotX.keys()).sort((i, j) => (knotX[i] as number) - (knotX[j] as number));
  const xs = Float64Array.from(order, (i) => knotX[i] as number);
  const ys = Float64Array.from(order, (i) => knotY[i] as number);
  return piecewiseLinearFromSorted(xs, ys);
}
