/**
 * Whitening of gradient rows for the gradient-space attacks. GLiR never forms Σ⁻¹: it factorises
 * Σ = LLᵀ (`choleskyLower` from @dpbounds/special-functions, the repository's one Cholesky) and
 * computes quadratic forms as ‖L⁻¹v‖² (Golub & Van Loan, Matrix Computations, 4th ed.,
 * Algorithm 4.2.1 and §3.1). What is attack-specific lives here: picking the kept coordinates out
 * of wide gradient rows and centring them; the blocked triangular solve is
 * `forwardSubstituteRows` from special-functions (docs/math/attacks.md §4.2).
 */
import { forwardSubstituteRows } from '@dpbounds/special-functions/advanced';

/**
 * Whitens many vectors at once: for each of the `count` rows r of `rows` (row-major, width
 * `stride`, the d used coordinates listed in `columns` or the first d), minus `centre`, solves
 * L y = (r − centre) by forward substitution and stores y in row-major `out` (count × d).
 * The solve is special-functions' blocked `forwardSubstituteRows` (each row of L read once per
 * block of 64 vectors, 4 rows × 4 vectors updated together). Cost count·d²/2 multiply-adds.
 *
 * @example whitenRows(l, 2, gradients.data, 2, 10, null, mean, out)
 */
export function whitenRows(
  l: Float64Array,
  d: number,
  rows: Float64Array,
  stride: number,
  count: number,
  columns: Uint32Array | null,
  centre: Float64Array,
  out: Float64Array,
): Float64Array {
  // Gather the centred vectors first (out doubles as the right-hand side).
  for (let r = 0; r < count; r++) {
    const src = r * stride;
    const dst = r * d;
    for (let i = 0; i < d; i++) {
      const c = columns === null ? i : (columns[i] as number);
      out[dst + i] = (rows[src + c] as number) - (centre[i] as number);
    }
  }
  return forwardSubstituteRows(l, d, out, count);
}
