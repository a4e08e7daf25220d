/**
 * Greatest convex minorant of the minimum of two trade-off curves, min{f, g}** (internal): the
 * generic grid + hull + refinement algorithm and the exact algorithm for piecewise-linear
 * inputs (docs/math/tradeoff-core.md §6; the construction of Dong, Roth & Su 2022, Theorem 4.2).
 */
import { requireInteger } from '@dpbounds/special-functions';
import { alphaGrid } from '../curve/alpha-grid.js';
import type { PiecewiseLinearTradeOffCurve } from '../curve/piecewise-linear-trade-off.js';
import { piecewiseLinearFromSorted } from '../curve/piecewise-linear-trade-off.js';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import type { Bridge } from './bridge.js';

/** Tuning of the generic algorithm. */
export interface EnvelopeOptions {
  /** Uniform grid points (default 20 001). */
  readonly uniform?: number;
  /** Log-spaced points within 1e−14 … 0.1 of each end (default 4 000). */
  readonly logPerEnd?: number;
  /** Refinement rounds around bridge ends (default 3). */
  readonly refinements?: number;
  /** Points added around each bridge end per round (default 200). */
  readonly refinePoints?: number;
}

/** Indices of the lower convex hull vertices of sorted, distinct xs (monotone chain). */
export function hullIndices(xs: ArrayLike<number>, ys: ArrayLike<number>): Int32Array {
  const n = xs.length;
  const idx = new Int32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const px = xs[i] as number;
    const py = ys[i] as number;
    while (m >= 2) {
      const o = idx[m - 2] as number;
      const a = idx[m - 1] as number;
      const ox = xs[o] as number;
      const oy = ys[o] as number;
      const cross = ((xs[a] as number) - ox) * (py - oy) - ((ys[a] as number) - oy) * (px - ox);
      if (cross <= 0) m--;
      else break;
    }
    idx[m++] = i;
  }
  return idx.slice(0, m);
}

/**
 * Hull edges that skip points lying above the chord by more than `tol`: the bridges, as index
 * pairs into xs.
 */
export function bridgeIndexPairs(xs: ArrayLike<number>, ys: ArrayLike<number>, hull: Int32Array, tol = 1e-12): [number, number][] {
  const out: [number, number][] = [];
  for (let h = 1; h < hull.length; h++) {
    const i = hull[h - 1] as number;
    const j = hull[h] as number;
    if (j <= i + 1) continue;
    const x0 = xs[i] as number;
    const y0 = ys[i] as number;
    const slope = ((ys[j] as number) - y0) / ((xs[j] as number) - x0);
    let excess = 0;
    for (let k = i + 1; k < j; k++) excess = Math.max(excess, (ys[k] as number) - (y0 + slope * ((xs[k] as number) - x0)));
    if (excess > tol) out.push([i, j]);
  }
  return out;
}

function toBridges(xs: ArrayLike<number>, ys: ArrayLike<number>, pairs: [number, number][]): Bridge[] {
  return pairs.map(([i, j]) => ({ from: xs[i] as number, to: xs[j] as number, fromValue: ys[i] as number, toValue: ys[j] as number }));
}

/** Merges two sorted (x, y) lists, dropping duplicate x. */
function mergeSorted(ax: number[], ay: number[], bx: number[], by: number[]): { x: number[]; y: number[] } {
  const x: number[] = [];
  const y: number[] = [];
  let i = 0;
  let j = 0;
  while (i < ax.length || j < bx.length) {
    const takeA = j >= bx.length || (i < ax.length && (ax[i] as number) <= (bx[j] as number));
    const vx = takeA ? (ax[i] as number) : (bx[j] as number);
    const vy = takeA ? (ay[i] as number) : (by[j] as number);
    if (takeA) i++;
    else j++;
    if (x.length > 0 && x[x.length - 1] === vx) continue;
    x.push(vx);
    y.push(vy);
  }
  return { x, y };
}

/**
 * Generic algorithm (always correct): g = min(f1, f2) on a grid with log-spaced ends, lower
 * hull, bridges = hull edges skipping points above the chord; refine around bridge ends.
 */
export function genericEnvelopeBridges(f1: (a: number) => number, f2: (a: number) => number, options: EnvelopeOptions = {}): Bridge[] {
  const uniform = requireInteger('options.uniform', options.uniform ?? 20_001, { min: 3, max: 1e7 });
  const logPerEnd = requireInteger('options.logPerEnd', options.logPerEnd ?? 4_000, { min: 0, max: 1e6 });
  const rounds = requireInteger('options.refinements', options.refinements ?? 3, { min: 0, max: 10 });
  const refine = requireInteger('options.refinePoints', options.refinePoints ?? 200, { min: 2, max: 1e5 });
  const g = (a: number): number => Math.min(f1(a), f2(a));
  let xs = Array.from(alphaGrid(uniform, logPerEnd, 1e-14));
  let ys = xs.map(g);
  for (let round = 0; ; round++) {
    const hull = hullIndices(xs, ys);
    const pairs = bridgeIndexPairs(xs, ys, hull);
    if (round >= rounds || pairs.length === 0) return toBridges(xs, ys, pairs);
    const nx: number[] = [];
    for (const [i, j] of pairs) {
      for (const k of [i, j]) {
        const lo = xs[Math.max(0, k - 1)] as number;
        const hi = xs[Math.min(xs.length - 1, k + 1)] as number;
        for (let r = 1; r < refine; r++) nx.push(lo + ((hi - lo) * r) / refine);
      }
    }
    nx.sort((a, b) => a - b);
    const ny = nx.map(g);
    ({ x: xs, y: ys } = mergeSorted(xs, ys, nx, ny));
  }
}

/** Values of a piecewise-linear curve at sorted xs (two-pointer sweep, O(n + knots)). */
function sweep(curve: PiecewiseLinearTradeOffCurve, xs: Float64Array): Float64Array {
  const kx = curve.alpha;
  const ky = curve.beta;
  const out = new Float64Array(xs.length);
  let s = 0;
  for (let i = 0; i < xs.length; i++) {
    const a = xs[i] as number;
    while (s + 1 < kx.length - 1 && (kx[s + 1] as number) <= a) s++;
    const x0 = kx[s] as number;
    const x1 = kx[s + 1] as number;
    const y0 = ky[s] as number;
    const y1 = ky[s + 1] as number;
    out[i] = a <= x0 ? y0 : a >= x1 ? y1 : y0 + ((y1 - y0) * (a - x0)) / (x1 - x0);
  }
  return out;
}

/**
 * Exact min{f1, f2}** of two piecewise-linear curves: min is linear between the merged knots
 * and their crossing points, so the hull of those points is the envelope.
 */
export function piecewiseEnvelope(f1: PiecewiseLinearTradeOffCurve, f2: PiecewiseLinearTradeOffCurve): { curve: PiecewiseLinearTradeOffCurve; bridges: Bridge[] } {
  const a = f1.alpha;
  const b = f2.alpha;
  const merged = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let m = 0;
  while (i < a.length || j < b.length) {
    const v = j >= b.length || (i < a.length && (a[i] as number) <= (b[j] as number)) ? (a[i++] as number) : (b[j++] as number);
    if (m === 0 || merged[m - 1] !== v) merged[m++] = v;
  }
  const xs0 = merged.subarray(0, m);
  const v1 = sweep(f1, xs0);
  const v2 = sweep(f2, xs0);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let k = 0; k < m; k++) {
    const x = xs0[k] as number;
    const d = (v1[k] as number) - (v2[k] as number);
    xs.push(x);
    ys.push(Math.min(v1[k] as number, v2[k] as number));
    if (k + 1 < m) {
      const dn = (v1[k + 1] as number) - (v2[k + 1] as number);
      if ((d < 0 && dn > 0) || (d > 0 && dn < 0)) {
        const t = d / (d - dn);
        const xn = xs0[k + 1] as number;
        const xc = x + (xn - x) * t;
        if (xc > x && xc < xn) {
          xs.push(xc);
          ys.push((v1[k] as number) + ((v1[k + 1] as number) - (v1[k] as number)) * t);
        }
      }
    }
  }
  const hull = hullIndices(xs, ys);
  const bridges = toBridges(xs, ys, bridgeIndexPairs(xs, ys, hull));
  const hx = Float64Array.from(hull, (k) => xs[k] as number);
  const hy = Float64Array.from(hull, (k) => ys[k] as number);
  return { curve: piecewiseLinearFromSorted(hx, hy), bridges };
}

/** True when the curve is a numeric piecewise-linear one. */
export function isPiecewiseLinear(curve: TradeOffCurve): curve is PiecewiseLinearTradeOffCurve {
  return curve.kind === 'piecewiseLinear' && (curve as { alpha?: unknown }).alpha instanceof Float64Array;
}
