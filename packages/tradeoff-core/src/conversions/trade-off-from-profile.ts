/**
 * From a privacy profile (or a list of (ε, δ) guarantees) back to a trade-off curve (Dong,
 * Roth & Su 2022, Proposition 2.12, "primal" direction; docs/math/tradeoff-core.md §3).
 */
import { DpboundsRangeError, DpboundsTypeError, requireFiniteArray, requireInRange, requireOptions } from '@dpbounds/special-functions';
import { piecewiseLinearFromSorted, type PiecewiseLinearTradeOffCurve } from '../curve/piecewise-linear-trade-off.js';

/** Options of {@link tradeOffFromPrivacyProfile}. */
export interface TradeOffFromProfileOptions {
  /** ε grid (default: 2001 points on [−20, 20], or on [0, 20] when `symmetric`). */
  readonly epsilons?: ArrayLike<number>;
  /** The profile is that of a symmetric curve: use ε ≥ 0 and both mirrored pieces (default false). */
  readonly symmetric?: boolean;
}

/**
 * Upper envelope of lines y = b_i − s_i α (and y = 0) on [0, 1], as knots (convex hull trick).
 */
export function envelopeOfLines(slopes: number[], intercepts: number[]): PiecewiseLinearTradeOffCurve {
  // lines y = m x + b with m = −s; add y = 0 (m = 0)
  const lines = slopes.map((s, i) => ({ m: -s, b: intercepts[i] as number }));
  lines.push({ m: 0, b: 0 });
  lines.sort((p, q) => p.m - q.m || p.b - q.b);
  const hull: { m: number; b: number }[] = [];
  // x where line q overtakes line p (q has larger slope)
  const cross = (p: { m: number; b: number }, q: { m: number; b: number }): number => (p.b - q.b) / (q.m - p.m);
  for (const l of lines) {
    if (hull.length > 0 && (hull[hull.length - 1] as { m: number }).m === l.m) hull.pop(); // same slope: keep the larger b (sorted last)
    while (hull.length >= 2) {
      const l1 = hull[hull.length - 2] as { m: number; b: number };
      const l2 = hull[hull.length - 1] as { m: number; b: number };
      if (cross(l1, l) <= cross(l1, l2)) hull.pop();
      else break;
    }
    hull.push(l);
  }
  // walk the envelope on [0, 1]: the line with the most negative slope wins at the left
  const xs: number[] = [];
  const ys: number[] = [];
  const breaks: number[] = [0];
  for (let k = 1; k < hull.length; k++) {
    const x = cross(hull[k - 1] as { m: number; b: number }, hull[k] as { m: number; b: number });
    if (x > 0 && x < 1) breaks.push(x);
  }
  breaks.push(1);
  breaks.sort((a, b) => a - b);
  let k = 0;
  for (const x of breaks) {
    if (xs.length > 0 && xs[xs.length - 1] === x) continue;
    // evaluate with the active line (hull is sorted by slope; active segment index moves right)
    while (k + 1 < hull.length && cross(hull[k] as { m: number; b: number }, hull[k + 1] as { m: number; b: number }) <= x) k++;
    const l = hull[k] as { m: number; b: number };
    const v = Math.max(0, l.m * x + l.b);
    xs.push(x);
    ys.push(Math.min(1, v));
  }
  return piecewiseLinearFromSorted(xs, ys);
}

/**
 * The trade-off curve of a privacy profile: f(α) = sup_ε max(0, 1 − δ(ε) − e^ε α) (Dong, Roth &
 * Su 2022, Proposition 2.12 with the supremum over a grid of ε). With `symmetric`, ε ≥ 0 and the
 * mirrored pieces e^{−ε}(1 − δ(ε) − α) are used (docs/tradeoff-curves.md). Taking the supremum over a finite
 * grid of ε gives a curve *below* the exact one (each line is a valid lower bound), so the result
 * is never optimistic; values of δ below the universal floor max(0, 1 − e^ε) are raised to it.
 * The result is exact: the upper envelope of the lines, as a numeric curve.
 *
 * Typical use: turn the δ(ε) of an accountant (PLD, RDP conversion) into a curve to read
 * TPR@FPR or β* from.
 *
 * @param delta ε ↦ δ(ε) ∈ [0, 1].
 * @throws DpboundsRangeError when δ(ε) is NaN or outside [0, 1], or the ε grid is not finite.
 * @example tradeOffFromPrivacyProfile((e) => gdpDelta(1, e), { symmetric: true }).evaluate(0.1) // ≈ G_1(0.1) − tiny
 */
export function tradeOffFromPrivacyProfile(delta: (epsilon: number) => number, options: TradeOffFromProfileOptions = {}): PiecewiseLinearTradeOffCurve {
  requireOptions('options', options, ['epsilons', 'symmetric']);
  if (typeof delta !== 'function') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'delta', expected: 'a function ε ↦ δ(ε)', found: delta });
  }
  const symmetric = options.symmetric === true;
  let epsilons: ArrayLike<number>;
  if (options.epsilons !== undefined) epsilons = requireFiniteArray('epsilons', options.epsilons, { minLength: 1 });
  else {
    const lo = symmetric ? 0 : -20;
    epsilons = Array.from({ length: 2001 }, (_, i) => lo + ((20 - lo) * i) / 2000);
  }
  const eps: number[] = [];
  const dels: number[] = [];
  for (let i = 0; i < epsilons.length; i++) {
    const e = epsilons[i] as number;
    const d = delta(e);
    if (typeof d !== 'number' || Number.isNaN(d) || d < 0 || d > 1) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `delta(${e})`, expected: 'in [0, 1]', found: d });
    }
    eps.push(e);
    dels.push(d);
  }
  return tradeOffFromEpsilonDeltaPairs(eps, dels, { symmetric });
}

/**
 * The trade-off curve of a mechanism satisfying every (ε_i, δ_i)-DP guarantee at once:
 * f = max_i f_{ε_i,δ_i} with f_{ε,δ}(α) = max(0, 1 − δ − e^ε α, e^{−ε}(1 − δ − α)) (Dong, Roth
 * & Su 2022, Proposition 2.5 and 2.12). With `symmetric: false` only the lines 1 − δ_i − e^{ε_i}α
 * are used (a one-sided profile, ε may then be negative). Exact upper envelope of the lines.
 *
 * @param epsilons ε_i (≥ 0 when symmetric, any real otherwise). @param deltas δ_i ∈ [0, 1].
 * @throws DpboundsRangeError / DpboundsTypeError for NaN, out-of-range or mismatched arrays.
 * @example tradeOffFromEpsilonDeltaPairs([1], [1e-5]).evaluate(0.01) // = epsilonDeltaTradeOff(1, 1e-5).evaluate(0.01)
 */
export function tradeOffFromEpsilonDeltaPairs(epsilons: ArrayLike<number>, deltas: ArrayLike<number>, options: { readonly symmetric?: boolean } = {}): PiecewiseLinearTradeOffCurve {
  requireOptions('options', options, ['symmetric']);
  requireFiniteArray('epsilons', epsilons, { minLength: 1 });
  requireFiniteArray('deltas', deltas, { length: epsilons.length });
  const symmetric = options.symmetric ?? true;
  const slopes: number[] = [];
  const intercepts: number[] = [];
  for (let i = 0; i < epsilons.length; i++) {
    const e = symmetric ? requireInRange(`epsilons[${i}]`, epsilons[i], { min: 0 }) : (epsilons[i] as number);
    const raw = requireInRange(`deltas[${i}]`, deltas[i], { min: 0, max: 1 });
    const d = Math.max(raw, e >= 0 ? 0 : -Math.expm1(e));
    const s = Math.exp(e);
    if (s === Infinity) continue;
    slopes.push(s);
    intercepts.push(1 - d);
    if (symmetric) {
      // e^{−ε}(1 − δ − α): slope e^{−ε}, intercept e^{−ε}(1 − δ)
      const t = Math.exp(-e);
      slopes.push(t);
      intercepts.push(t * (1 - d));
    }
  }
  return envelopeOfLines(slopes, intercepts);
}
