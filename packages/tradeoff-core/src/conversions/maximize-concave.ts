/**
 * Maximisation of a concave function on [0, 1] (internal): coarse scan on a grid with
 * log-spaced points near both ends, then golden-section search (Kiefer 1953) in the bracket
 * around the best grid point (used for privacy profiles, docs/math/tradeoff-core.md §3).
 */

const GRID: Float64Array = (() => {
  const pts: number[] = [0, 1];
  for (let e = -300; e < -16; e += 4) pts.push(10 ** e, 1 - 10 ** e);
  for (let e = -16; e <= -1; e += 0.25) pts.push(10 ** e, 1 - 10 ** e);
  for (let i = 1; i < 128; i++) pts.push(i / 128);
  const sorted = Float64Array.from(pts).sort();
  const out: number[] = [];
  for (const v of sorted) if (out.length === 0 || v !== out[out.length - 1]) out.push(v);
  return Float64Array.from(out);
})();

const INV_PHI = (Math.sqrt(5) - 1) / 2;

/** A maximiser and the maximum found. */
export interface Maximum {
  readonly x: number;
  readonly value: number;
}

/**
 * Maximises a concave `g` on [0, 1]. Values that are not finite are treated as −∞. Accuracy:
 * the bracket is shrunk to ~1e−16 relative width, so the maximum is exact to rounding of g.
 */
export function maximizeConcave(g: (x: number) => number): Maximum {
  let bestI = 0;
  let bestV = -Infinity;
  const values = new Float64Array(GRID.length);
  for (let i = 0; i < GRID.length; i++) {
    const v = g(GRID[i] as number);
    const w = Number.isNaN(v) ? -Infinity : v;
    values[i] = w;
    if (w > bestV) {
      bestV = w;
      bestI = i;
    }
  }
  let lo = GRID[Math.max(0, bestI - 1)] as number;
  let hi = GRID[Math.min(GRID.length - 1, bestI + 1)] as number;
  let bestX = GRID[bestI] as number;
  const evalSafe = (x: number): number => {
    const v = g(x);
    return Number.isNaN(v) ? -Infinity : v;
  };
  let c = hi - INV_PHI * (hi - lo);
  let d = lo + INV_PHI * (hi - lo);
  let fc = evalSafe(c);
  let fd = evalSafe(d);
  for (let iter = 0; iter < 200 && hi - lo > 1e-17 * Math.max(1e-300, Math.abs(lo) + Math.abs(hi)); iter++) {
    if (fc >= fd) {
      hi = d;
      d = c;
      fd = fc;
      c = hi - INV_PHI * (hi - lo);
      fc = evalSafe(c);
    } else {
      lo = c;
      c = d;
      fc = fd;
      d = lo + INV_PHI * (hi - lo);
      fd = evalSafe(d);
    }
    if (fc > bestV) {
      bestV = fc;
      bestX = c;
    }
    if (fd > bestV) {
      bestV = fd;
      bestX = d;
    }
  }
  return { x: bestX, value: bestV };
}
