/**
 * Triangular solves with the lower Cholesky factor L of {@link choleskyLower} (row-major d × d):
 * forward substitution L y = v (whitening: ‖y‖² = vᵀA⁻¹v when A = LLᵀ), back substitution
 * Lᵀ x = y (so A x = v is solved by one of each), and a blocked forward substitution for many
 * right-hand sides at once.
 *
 * Reference: G. H. Golub & C. F. Van Loan, Matrix Computations, 4th ed. (2013), §3.1
 * (Algorithms 3.1.1–3.1.2); N. J. Higham, Accuracy and Stability of Numerical Algorithms,
 * 2nd ed. (2002), Theorem 8.5 (backward stability of substitution).
 *
 * Domain of every function here: `l` lower triangular with non-zero diagonal (as returned by
 * choleskyLower), vectors of length ≥ d from the given offset. Kernels: nothing throws; a zero
 * pivot gives ±∞/NaN entries, and arguments outside the domain (d not a non-negative integer,
 * arrays too short or not arrays, an offset or count that is not a non-negative integer) give NaN
 * in every entry of `out` (or a single NaN when `out` is not a Float64Array), checked in O(1)
 * before any loop, so that no argument can make a loop run away (d = ∞). Accuracy: backward stable, the computed
 * solution solves (L + ΔL) y = v with |ΔL| ≤ d·u/(1 − d·u)·|L| (u = 2⁻⁵³), so the forward error
 * is bounded by the condition number of L times that.
 */
import { isArrayLike, isCount } from './kernel-arguments.js';

/** The arguments of one solve describe arrays long enough for d (all checks O(1)). */
function solvable(l: unknown, d: unknown, v: unknown, offset: unknown, out: unknown): boolean {
  return isCount(d) && isArrayLike(l) && l.length >= d * d && isArrayLike(v) && isCount(offset) && v.length >= offset + d && out instanceof Float64Array && out.length >= d;
}

/** The kernels' answer outside their domain: NaN in every entry of `out`, never a throw. */
function notANumber(out: unknown): Float64Array {
  return out instanceof Float64Array ? out.fill(Number.NaN) : Float64Array.of(Number.NaN);
}

/**
 * Solves L y = v by forward substitution (L lower triangular, row-major d × d) and writes y
 * into `out` (which may alias `v` when `vOffset` is 0). Reads v from `v[vOffset .. vOffset + d)`.
 * Cost d²/2 multiply-adds.
 *
 * @example forwardSubstitute(new Float64Array([2, 0, 1, 1]), 2, [4, 3], 0, new Float64Array(2))[1] // 1
 */
export function forwardSubstitute(l: ArrayLike<number>, d: number, v: ArrayLike<number>, vOffset: number, out: Float64Array): Float64Array {
  if (!solvable(l, d, v, vOffset, out)) return notANumber(out);
  for (let i = 0; i < d; i++) {
    const row = i * d;
    let sum = v[vOffset + i] as number;
    for (let k = 0; k < i; k++) sum -= (l[row + k] as number) * (out[k] as number);
    out[i] = sum / (l[row + i] as number);
  }
  return out;
}

/**
 * Solves Lᵀ x = y by back substitution (L lower triangular, row-major d × d, so Lᵀ is read by
 * columns of L) and writes x into `out` (which may alias `y` when `yOffset` is 0). With
 * y = forwardSubstitute(L, v), x = A⁻¹v for A = LLᵀ. Cost d²/2 multiply-adds.
 *
 * @example backSubstitute(new Float64Array([2, 0, 1, 1]), 2, [2, 1], 0, new Float64Array(2))[0] // 0.5
 */
export function backSubstitute(l: ArrayLike<number>, d: number, y: ArrayLike<number>, yOffset: number, out: Float64Array): Float64Array {
  if (!solvable(l, d, y, yOffset, out)) return notANumber(out);
  for (let i = d - 1; i >= 0; i--) {
    let sum = y[yOffset + i] as number;
    for (let k = i + 1; k < d; k++) sum -= (l[k * d + i] as number) * (out[k] as number);
    out[i] = sum / (l[i * d + i] as number);
  }
  return out;
}

/** Vectors processed per pass over L: their solutions (64 · d doubles) stay in cache while L streams once. */
const BLOCK = 64;

/**
 * Forward substitution for 4 vectors (at o0 … o0 + 3d in `y`) and 4 rows i0 … i0 + 3 of L at
 * once: the sums over k < i0 use 16 independent accumulators (each L and y value loaded once
 * feeds 4 multiply-adds), then the 4 × 4 diagonal block is finished in order. The arithmetic is
 * that of plain forward substitution, with the terms of each sum grouped differently.
 */
function solveQuad(l: ArrayLike<number>, d: number, i0: number, y: Float64Array, o0: number): void {
  const o1 = o0 + d;
  const o2 = o1 + d;
  const o3 = o2 + d;
  const r0 = i0 * d;
  const r1 = r0 + d;
  const r2 = r1 + d;
  const r3 = r2 + d;
  let a00 = y[o0 + i0] as number, a01 = y[o1 + i0] as number, a02 = y[o2 + i0] as number, a03 = y[o3 + i0] as number;
  let a10 = y[o0 + i0 + 1] as number, a11 = y[o1 + i0 + 1] as number, a12 = y[o2 + i0 + 1] as number, a13 = y[o3 + i0 + 1] as number;
  let a20 = y[o0 + i0 + 2] as number, a21 = y[o1 + i0 + 2] as number, a22 = y[o2 + i0 + 2] as number, a23 = y[o3 + i0 + 2] as number;
  let a30 = y[o0 + i0 + 3] as number, a31 = y[o1 + i0 + 3] as number, a32 = y[o2 + i0 + 3] as number, a33 = y[o3 + i0 + 3] as number;
  for (let k = 0; k < i0; k++) {
    const y0 = y[o0 + k] as number;
    const y1 = y[o1 + k] as number;
    const y2 = y[o2 + k] as number;
    const y3 = y[o3 + k] as number;
    const l0 = l[r0 + k] as number;
    const l1 = l[r1 + k] as number;
    const l2 = l[r2 + k] as number;
    const l3 = l[r3 + k] as number;
    a00 -= l0 * y0; a01 -= l0 * y1; a02 -= l0 * y2; a03 -= l0 * y3;
    a10 -= l1 * y0; a11 -= l1 * y1; a12 -= l1 * y2; a13 -= l1 * y3;
    a20 -= l2 * y0; a21 -= l2 * y1; a22 -= l2 * y2; a23 -= l2 * y3;
    a30 -= l3 * y0; a31 -= l3 * y1; a32 -= l3 * y2; a33 -= l3 * y3;
  }
  // Diagonal 4 × 4 block, row by row.
  const p0 = l[r0 + i0] as number;
  const x00 = a00 / p0, x01 = a01 / p0, x02 = a02 / p0, x03 = a03 / p0;
  const l10 = l[r1 + i0] as number;
  const p1 = l[r1 + i0 + 1] as number;
  const x10 = (a10 - l10 * x00) / p1, x11 = (a11 - l10 * x01) / p1, x12 = (a12 - l10 * x02) / p1, x13 = (a13 - l10 * x03) / p1;
  const l20 = l[r2 + i0] as number;
  const l21 = l[r2 + i0 + 1] as number;
  const p2 = l[r2 + i0 + 2] as number;
  const x20 = (a20 - l20 * x00 - l21 * x10) / p2, x21 = (a21 - l20 * x01 - l21 * x11) / p2;
  const x22 = (a22 - l20 * x02 - l21 * x12) / p2, x23 = (a23 - l20 * x03 - l21 * x13) / p2;
  const l30 = l[r3 + i0] as number;
  const l31 = l[r3 + i0 + 1] as number;
  const l32 = l[r3 + i0 + 2] as number;
  const p3 = l[r3 + i0 + 3] as number;
  y[o0 + i0] = x00; y[o1 + i0] = x01; y[o2 + i0] = x02; y[o3 + i0] = x03;
  y[o0 + i0 + 1] = x10; y[o1 + i0 + 1] = x11; y[o2 + i0 + 1] = x12; y[o3 + i0 + 1] = x13;
  y[o0 + i0 + 2] = x20; y[o1 + i0 + 2] = x21; y[o2 + i0 + 2] = x22; y[o3 + i0 + 2] = x23;
  y[o0 + i0 + 3] = (a30 - l30 * x00 - l31 * x10 - l32 * x20) / p3;
  y[o1 + i0 + 3] = (a31 - l30 * x01 - l31 * x11 - l32 * x21) / p3;
  y[o2 + i0 + 3] = (a32 - l30 * x02 - l31 * x12 - l32 * x22) / p3;
  y[o3 + i0 + 3] = (a33 - l30 * x03 - l31 * x13 - l32 * x23) / p3;
}

/** Plain forward substitution of row i for the vector at offset o (rows < i already solved). */
function solveRow(l: ArrayLike<number>, d: number, i: number, y: Float64Array, o: number): void {
  const row = i * d;
  let s = y[o + i] as number;
  for (let k = 0; k < i; k++) s -= (l[row + k] as number) * (y[o + k] as number);
  y[o + i] = s / (l[row + i] as number);
}

/**
 * Forward substitution L yᵣ = vᵣ for `count` vectors stored row-major in `vectors` (count × d),
 * in place: on return row r holds yᵣ. A triangular solve with many right-hand sides, blocked
 * for speed: each row of L is read once per block of 64 vectors, and 4 rows × 4 vectors are
 * updated together (register blocking), so each loaded value feeds several multiply-adds.
 * Same arithmetic as forwardSubstitute with the terms of each sum grouped differently
 * (results agree to a few ulp). Cost count·d²/2 multiply-adds.
 *
 * @example forwardSubstituteRows(new Float64Array([2, 0, 1, 1]), 2, new Float64Array([4, 3, 2, 2]), 2)[3] // 1
 */
export function forwardSubstituteRows(l: ArrayLike<number>, d: number, vectors: Float64Array, count: number): Float64Array {
  if (!(isCount(d) && isCount(count) && isArrayLike(l) && l.length >= d * d && vectors instanceof Float64Array && vectors.length >= count * d)) return notANumber(vectors);
  for (let blockStart = 0; blockStart < count; blockStart += BLOCK) {
    const blockEnd = Math.min(count, blockStart + BLOCK);
    let i = 0;
    for (; i + 4 <= d; i += 4) {
      let r = blockStart;
      for (; r + 4 <= blockEnd; r += 4) solveQuad(l, d, i, vectors, r * d);
      for (; r < blockEnd; r++) for (let a = 0; a < 4; a++) solveRow(l, d, i + a, vectors, r * d);
    }
    for (; i < d; i++) for (let r = blockStart; r < blockEnd; r++) solveRow(l, d, i, vectors, r * d);
  }
  return vectors;
}
