/**
 * The combined view of a threat-specific guarantee and the DP guarantee of the same run: a
 * DP guarantee holds against every attacker, so an attacker of a weaker threat model can never do
 * better than DP allows, and the curve to report is the pointwise maximum (the more private of
 * the two at every FPR; docs/math/tradeoff-core.md §9).
 */
import { requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import { alphaGrid } from '../curve/alpha-grid.js';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { pointwiseMax, type PointwiseMaxCurve } from './pointwise.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/** Which of the two curves is the larger (binds) on [from, to]. */
export interface BindingInterval {
  readonly from: number;
  readonly to: number;
  /** `threat`: the threat-specific curve is above DP there; `dp`: the DP guarantee is (ties go to `dp`). */
  readonly binds: 'threat' | 'dp';
}

/** The result of {@link combineWithDp}. */
export interface CombinedWithDp {
  /** max(threat, dp): a trade-off curve (Dong, Roth & Su 2022, §2), never below either input. */
  readonly curve: PointwiseMaxCurve;
  /** Maximal runs of the check grid on which one curve binds, covering [0, 1] in order. */
  readonly binding: readonly BindingInterval[];
  /** True when the DP guarantee is at least the threat curve on the whole grid (the threat model adds nothing). */
  readonly dpEverywhere: boolean;
}

/** Options of {@link combineWithDp}. */
export interface CombineWithDpOptions {
  /** Uniform points of the grid on which the binding intervals are found (default 401; log-spaced ends are added). */
  readonly gridSize?: number;
  /** Difference below which the two curves count as tied (default 1e-12). */
  readonly tolerance?: number;
}

/**
 * Combines a threat-specific trade-off curve with the DP guarantee of the same run and the same
 * neighbouring relation: the result is max(threat, dp), which is again a trade-off curve, and
 * the intervals of FPR on which each one binds. Both inputs must be guarantees for the combination to
 * be one; the caller labels the result with the weaker kind of the two.
 *
 * Domain: any two trade-off curves. Intervals are found on a grid (log-spaced within 1e-12 of
 * both ends), so a crossing is located to the grid's resolution; the curve itself is exact.
 *
 * @throws DpboundsRangeError for a grid size outside [11, 10⁶] or a tolerance outside [0, 1].
 * @example
 * const c = combineWithDp(gaussianTradeOff(0.5), gaussianTradeOff(1));
 * c.curve.evaluate(0.1); // = gaussianTradeOff(0.5).evaluate(0.1): the threat curve binds everywhere
 * c.binding; // [{ from: 0, to: 1, binds: 'threat' }]
 */
export function combineWithDp(threat: TradeOffCurve, dp: TradeOffCurve, options: CombineWithDpOptions = {}): CombinedWithDp {
  requireTradeOffCurve('threat', threat);
  requireTradeOffCurve('dp', dp);
  requireOptions('options', options, ['gridSize', 'tolerance']);
  const gridSize = requireInteger('gridSize', options.gridSize ?? 401, { min: 11, max: 1e6 });
  const tolerance = requireInRange('tolerance', options.tolerance ?? 1e-12, { min: 0, max: 1 });
  const grid = alphaGrid(gridSize, Math.max(8, Math.floor(gridSize / 20)), 1e-12);
  const binding: BindingInterval[] = [];
  let dpEverywhere = true;
  let start = 0;
  let current: 'threat' | 'dp' | undefined;
  let previousAlpha = 0;
  for (const a of grid) {
    const binds = threat.evaluate(a) > dp.evaluate(a) + tolerance ? 'threat' : 'dp';
    if (binds === 'threat') dpEverywhere = false;
    if (current === undefined) {
      current = binds;
      start = a;
    } else if (binds !== current) {
      const boundary = (previousAlpha + a) / 2;
      binding.push({ from: start, to: boundary, binds: current });
      start = boundary;
      current = binds;
    }
    previousAlpha = a;
  }
  binding.push({ from: start, to: 1, binds: current ?? 'dp' });
  return { curve: pointwiseMax(threat, dp), binding, dpEverywhere };
}
