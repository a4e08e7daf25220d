/**
 * Dominance order of trade-off curves: "f is at least as private as g" iff f ≥ g pointwise
 * (docs/math/tradeoff-core.md §1).
 */
import { requireInRange, requireOptions } from '@dpbounds/special-functions';
import { alphaGrid } from '../curve/alpha-grid.js';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { isPiecewiseLinear } from './convex-envelope.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/** Where a dominance check fails. */
export interface DominanceResult {
  /** True when f(α) ≥ g(α) − tolerance at every checked α. */
  readonly dominates: boolean;
  /** max over checked α of g(α) − f(α) (≤ 0 when f dominates everywhere). */
  readonly maxViolation: number;
  /** The α at which `maxViolation` is reached. */
  readonly worstAlpha: number;
  /** Maximal runs of checked α where f(α) < g(α) − tolerance, as [from, to] intervals. */
  readonly violations: readonly { readonly from: number; readonly to: number }[];
}

/** Options of {@link dominates}. */
export interface DominanceOptions {
  /** Allowed shortfall of f below g (default 1e−12). */
  readonly tolerance?: number;
  /** Uniform points of the check grid (default 2 001; log-spaced ends and knots are added). */
  readonly gridSize?: number;
}

/**
 * Is f at least as private as g everywhere (f(α) ≥ g(α) for all α; Dong, Roth & Su 2022, §2:
 * f-DP with f ≥ g implies g-DP), and where not? Checked on a grid with log-spaced points within
 * 1e−14 of both ends plus every knot of numeric curves (exact for two piecewise-linear curves,
 * whose difference is linear between knots). Reports the largest violation and the intervals
 * of violation.
 *
 * @throws DpboundsRangeError for a negative/NaN tolerance or a grid size outside [11, 10⁷].
 * @example dominates(gaussianTradeOff(1), gaussianTradeOff(2)).dominates // true
 */
export function dominates(f: TradeOffCurve, g: TradeOffCurve, options: DominanceOptions = {}): DominanceResult {
  requireTradeOffCurve('f', f);
  requireTradeOffCurve('g', g);
  requireOptions('options', options, ['tolerance', 'gridSize']);
  const tolerance = requireInRange('tolerance', options.tolerance ?? 1e-12, { min: 0, max: 1 });
  const size = requireInRange('gridSize', options.gridSize ?? 2001, { min: 11, max: 1e7 });
  const points = Array.from(alphaGrid(size, 200, 1e-14));
  for (const c of [f, g]) if (isPiecewiseLinear(c)) for (const a of c.alpha) points.push(a);
  points.sort((a, b) => a - b);
  let maxViolation = -Infinity;
  let worstAlpha = 0;
  const violations: { from: number; to: number }[] = [];
  let runStart = -1;
  let runEnd = -1;
  let previous = Number.NaN;
  for (const a of points) {
    if (a === previous) continue;
    previous = a;
    const gap = g.evaluate(a) - f.evaluate(a);
    if (gap > maxViolation) {
      maxViolation = gap;
      worstAlpha = a;
    }
    if (gap > tolerance) {
      if (runStart < 0) runStart = a;
      runEnd = a;
    } else if (runStart >= 0) {
      violations.push({ from: runStart, to: runEnd });
      runStart = -1;
    }
  }
  if (runStart >= 0) violations.push({ from: runStart, to: runEnd });
  return { dominates: violations.length === 0, maxViolation, worstAlpha, violations };
}
