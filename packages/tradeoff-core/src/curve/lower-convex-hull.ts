/**
 * Lower convex hull of points sorted by x (Andrew's monotone chain, A. M. Andrew 1979,
 * "Another efficient algorithm for convex hulls in two dimensions", Inf. Proc. Letters 9(5);
 * docs/math/tradeoff-core.md §6).
 */
import { requireFiniteArray, requireInteger } from '@dpbounds/special-functions';

/** Hull vertices as two parallel arrays, x strictly increasing. */
export interface HullPoints {
  readonly x: Float64Array;
  readonly y: Float64Array;
}

/**
 * The vertices of the lower convex hull of (x[i], y[i]), i < n, where x is non-decreasing (for
 * equal x the smallest y is kept). Collinear middle points are dropped (a point is popped while
 * the turn is not strictly counter-clockwise). O(n), no allocation beyond the output.
 *
 * @example lowerConvexHull(Float64Array.of(0, 0.5, 1), Float64Array.of(1, 0.6, 0)) // keeps the three
 */
export function lowerConvexHull(x: ArrayLike<number>, y: ArrayLike<number>, n: number = x?.length): HullPoints {
  requireInteger('n', n, { min: 0, max: Math.min(requireFiniteArray('x', x).length, requireFiniteArray('y', y).length) });
  const hx = new Float64Array(n);
  const hy = new Float64Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const px = x[i] as number;
    const py = y[i] as number;
    if (m > 0 && hx[m - 1] === px) {
      if (py >= (hy[m - 1] as number)) continue;
      m--; // same x, lower y: replace
    }
    while (m >= 2) {
      const ox = hx[m - 2] as number;
      const oy = hy[m - 2] as number;
      const ax = hx[m - 1] as number;
      const ay = hy[m - 1] as number;
      const cross = (ax - ox) * (py - oy) - (ay - oy) * (px - ox);
      if (cross <= 0) m--;
      else break;
    }
    hx[m] = px;
    hy[m] = py;
    m++;
  }
  return { x: hx.slice(0, m), y: hy.slice(0, m) };
}
