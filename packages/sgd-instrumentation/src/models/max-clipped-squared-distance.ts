/**
 * The largest squared distance between two clipped vectors c_a·g_a (c_a = min(1, C/‖g_a‖)), from
 * their Gram entries: max over pairs a < b of c_a²G_aa + c_b²G_bb − 2c_a c_b G_ab, raised by
 * margin·(c_a²G_aa + c_b²G_bb) for the rounding of the entries. The one loop behind the exact
 * attribute-sensitivity diameter R_t (Cherubin et al. 2024, Sect. 5): `clippedDiameter` reads the
 * entries off a Gram matrix, logistic regression computes them in place (no k×k matrix), both with
 * the same floating-point expressions, so both give the same number bit for bit.
 */

/**
 * The maximum above for `count` vectors, given their Gram entries by `entry(a, b)` (called with
 * a ≤ b; `entry(a, a)` = ‖g_a‖²).
 *
 * Domain: count ≥ 0, clip > 0, margin ≥ 0; entries finite. Returns 0 for fewer than two vectors.
 *
 * @example maxClippedSquaredDistance(2, (a, b) => (a === b ? 1 : 0), 1, 0) // 2 (two orthogonal unit vectors)
 */
export function maxClippedSquaredDistance(count: number, entry: (a: number, b: number) => number, clip: number, margin: number): number {
  const c = new Float64Array(count);
  const sq = new Float64Array(count);
  for (let a = 0; a < count; a++) {
    const g = entry(a, a);
    const n = Math.sqrt(Math.max(0, g));
    c[a] = n > clip ? clip / n : 1;
    sq[a] = (c[a] as number) ** 2 * g;
  }
  let best = 0;
  for (let a = 0; a < count; a++) {
    const ca = c[a] as number;
    const sa = sq[a] as number;
    for (let b = a + 1; b < count; b++) {
      const d2 = sa + (sq[b] as number) - 2 * ca * (c[b] as number) * entry(a, b) + margin * (sa + (sq[b] as number));
      if (d2 > best) best = d2;
    }
  }
  return best;
}
