/**
 * Symmetrisation C(f, f⁻¹) = min{f, f⁻¹}** (docs/tradeoff-curves.md; Dong, Roth & Su 2022, Theorem 4.2 and
 * its C_p operator; derivation: docs/math/tradeoff-core.md §6).
 */
import { brentRoot, DpboundsTypeError, requireInRange, requireOptions } from '@dpbounds/special-functions';
import { alphaGrid } from '../curve/alpha-grid.js';
import type { TradeOffCurve, TradeOffCurveJSON } from '../curve/trade-off-curve.js';
import { maximizeConcave } from '../conversions/maximize-concave.js';
import type { Bridge } from './bridge.js';
import { genericEnvelopeBridges, isPiecewiseLinear, piecewiseEnvelope, type EnvelopeOptions } from './convex-envelope.js';
import { EnvelopeCurve, PiecewiseEnvelopeCurve, type ConvexEnvelopeCurve, type EnvelopeMethod } from './envelope-curve.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/** Options of {@link symmetrize}. */
export interface SymmetrizeOptions extends EnvelopeOptions {
  /**
   * `auto` (default): the input itself if it is marked symmetric, the exact algorithm for
   * numeric curves, the single-crossing fast path when f − f⁻¹ changes sign once, the generic
   * hull otherwise. `hull` forces the generic algorithm; `fastPath` requires a single crossing.
   */
  readonly method?: 'auto' | 'hull' | 'fastPath';
  /**
   * The abscissa x* where the lower branch has slope −1, when known in closed form (e.g.
   * Φ(−μ/2) for subsampled G_μ); otherwise found by maximising 1 − h(α) − α.
   */
  readonly tangentX?: number;
}

/** A symmetrised curve; `tangentPoint` is (x*, h(x*)) of the fast path. */
export interface SymmetrizedTradeOffCurve extends ConvexEnvelopeCurve {
  /** The point where the lower branch meets the slope −1 segment (fast path only). */
  readonly tangentPoint?: { readonly x: number; readonly y: number };
}

interface CrossingInfo {
  /** Sign changes of f − f⁻¹ seen on the grid. */
  readonly signChanges: number;
  /** True when f < f⁻¹ just right of 0 (f is the lower branch). */
  readonly fIsLower: boolean;
}

function crossings(f: TradeOffCurve, inv: TradeOffCurve): CrossingInfo {
  const grid = alphaGrid(201, 40, 1e-12);
  let last = 0;
  let changes = 0;
  let first = 0;
  for (const a of grid) {
    const d = f.evaluate(a) - inv.evaluate(a);
    const s = d > 1e-12 ? 1 : d < -1e-12 ? -1 : 0;
    if (s === 0) continue;
    if (first === 0) first = s;
    if (last !== 0 && s !== last) changes++;
    last = s;
  }
  return { signChanges: changes, fIsLower: first <= 0 };
}

/** Fixed point c with h(c) = c (h − id decreases from h(0) ≥ 0 to −1). */
export function fixedPoint(h: TradeOffCurve): number {
  const c = brentRoot((a) => h.evaluate(a) - a, 0, 1);
  return Number.isFinite(c) ? c : 0;
}

function jsonOf(base: TradeOffCurve): () => TradeOffCurveJSON {
  return () => ({ kind: 'symmetrized', base: base.toJSON() });
}

/**
 * Symmetrises a trade-off curve: C(f) = min{f, f⁻¹}** (greatest convex minorant of the pointwise
 * minimum), the tightest symmetric curve below f and f⁻¹ (docs/tradeoff-curves.md; used by Dong, Roth & Su
 * 2022, Theorem 4.2 for C_p, and by Kaissis et al. 2023 for the RTM curves). A mechanism whose
 * pairs are f-DP in one direction and f⁻¹-DP in the other is C(f)-DP for all neighbours.
 *
 * Algorithms: symmetric inputs are returned (wrapped) as they are. Numeric curves: exact (min of
 * two piecewise-linear curves, hull of knots and crossings). Otherwise, when f − f⁻¹ changes sign
 * once (at the fixed point c, the usual case), the fast path: with h the lower branch near 0 and
 * x* ≤ c its slope −1 point, C = h on [0, x*], x* + h(x*) − α on [x*, h(x*)], h⁻¹ on
 * [h(x*), 1]. Else the generic algorithm: g = min(f, f⁻¹) on ~28 000 points (uniform and
 * log-spaced within 1e−14 of both ends), lower convex hull (Andrew's monotone chain), bridges =
 * hull edges skipping points, refined three times around bridge ends (~1e−12 on the ends).
 * Off its bridges the result evaluates min(f, f⁻¹) exactly; on them the segment. Its privacy
 * profile is max(δ_f, δ_{f⁻¹}).
 *
 * @throws DpboundsTypeError when `method: 'fastPath'` is forced but the curves cross more than once.
 * @example
 * const c = symmetrize(subsample(gaussianTradeOff(2), 0.05));
 * c.bridges; // [{ from: 0.158655…, to: 0.807210…, … }]
 */
export function symmetrize(curve: TradeOffCurve, options: SymmetrizeOptions = {}): SymmetrizedTradeOffCurve {
  requireTradeOffCurve('curve', curve);
  requireOptions('options', options, ['method', 'tangentX', 'uniform', 'logPerEnd', 'refinements', 'refinePoints']);
  const method = options.method ?? 'auto';
  if (method !== 'auto' && method !== 'hull' && method !== 'fastPath') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'options.method', expected: '"auto", "hull" or "fastPath"', found: method });
  }
  if (options.tangentX !== undefined) requireInRange('options.tangentX', options.tangentX, { min: 0, max: 1 });
  const inv = curve.inverse();
  const self = (c: SymmetrizedTradeOffCurve): TradeOffCurve => c;
  if (method === 'auto' && curve.symmetric === true) {
    return new EnvelopeCurve({ kind: 'symmetrized', branches: [curve, curve], bridges: [], method: 'symmetric', symmetric: true, json: () => curve.toJSON(), inverse: self, sides: [curve, curve] });
  }
  if (method === 'auto' && isPiecewiseLinear(curve) && isPiecewiseLinear(inv)) {
    const { curve: pl, bridges } = piecewiseEnvelope(curve, inv);
    return new PiecewiseEnvelopeCurve({ kind: 'symmetrized', curve: pl, bridges, branches: [curve, inv], symmetric: true, inverse: self as (c: PiecewiseEnvelopeCurve) => TradeOffCurve });
  }
  if (method !== 'hull') {
    const info = crossings(curve, inv);
    if (info.signChanges <= 1) {
      const [h, hInv] = info.fIsLower ? [curve, inv] : [inv, curve];
      const c = fixedPoint(h);
      let x = options.tangentX ?? maximizeConcave((a) => 1 - h.evaluate(a) - a).x;
      if (!(x >= 0 && x <= c)) x = Math.min(Math.max(0, x), c);
      const y = h.evaluate(x);
      const bridges: Bridge[] = y > x ? [{ from: x, to: y, fromValue: y, toValue: x }] : [];
      const result = new EnvelopeCurve({ kind: 'symmetrized', branches: [curve, inv], bridges, method: 'fastPath' as EnvelopeMethod, symmetric: true, json: jsonOf(curve), inverse: self, sides: [h, hInv] });
      return Object.assign(result, { tangentPoint: { x, y } }) as SymmetrizedTradeOffCurve;
    }
    if (method === 'fastPath') {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'options.method', expected: '"auto" or "hull" for curves crossing their inverse more than once', found: `fastPath (${info.signChanges} crossings)` });
    }
  }
  const bridges = genericEnvelopeBridges((a) => curve.evaluate(a), (a) => inv.evaluate(a), options);
  return new EnvelopeCurve({ kind: 'symmetrized', branches: [curve, inv], bridges, method: 'hull', symmetric: true, json: jsonOf(curve), inverse: self });
}
