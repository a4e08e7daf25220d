/**
 * Grids on [0, 1] with log-spaced points near both ends, where trade-off curves bend most
 * (the grid error of a piecewise-linear curve is O(h²·f''), and f'' blows up at α → 0;
 * docs/math/tradeoff-core.md §6).
 */

/**
 * A sorted grid of distinct points of [0, 1] containing 0 and 1: `uniform` equally spaced
 * points and `logPerEnd` log-spaced points in [`tiny`, 0.1] near 0 and mirrored near 1.
 *
 * @example alphaGrid(11, 5).length // 21 (0, 1, 9 interior uniform points, 5 near each end)
 */
export function alphaGrid(uniform: number, logPerEnd: number, tiny = 1e-14): Float64Array {
  const points: number[] = [0, 1];
  const nu = Math.max(2, Math.floor(uniform));
  for (let i = 1; i < nu - 1; i++) points.push(i / (nu - 1));
  const nl = Math.max(0, Math.floor(logPerEnd));
  const logLo = Math.log10(tiny);
  const logHi = -1;
  for (let i = 0; i < nl; i++) {
    const t = nl === 1 ? logLo : logLo + ((logHi - logLo) * i) / (nl - 1);
    const x = 10 ** t;
    points.push(x, 1 - x);
  }
  const sorted = Float64Array.from(points).sort();
  let m = 0;
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i] as number;
    if (v < 0 || v > 1) continue;
    if (m === 0 || v !== sorted[m - 1]) sorted[m++] = v;
  }
  return sorted.slice(0, m);
}

/**
 * The default plotting grid of exactly `n` points (at least 3) used by `curve.sample(n)`: about
 * one quarter of the points log-spaced in [1e-8, 0.1] near each end, the rest uniform.
 */
export function plotGrid(n: number): Float64Array {
  const total = Math.max(3, Math.floor(n));
  const logPerEnd = Math.floor(total / 4);
  const grid = Array.from(alphaGrid(total - 2 * logPerEnd, logPerEnd, 1e-8));
  while (grid.length < total) {
    // fill the widest gap (only needed when a log point coincided with a uniform one)
    let widest = 0;
    for (let i = 1; i < grid.length - 1; i++) if ((grid[i + 1] as number) - (grid[i] as number) > (grid[widest + 1] as number) - (grid[widest] as number)) widest = i;
    grid.splice(widest + 1, 0, ((grid[widest] as number) + (grid[widest + 1] as number)) / 2);
  }
  return Float64Array.from(grid);
}
