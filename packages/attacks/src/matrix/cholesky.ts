/**
 * Cholesky factorisation and triangular solves (whitening) for the gradient-space attacks.
 * GLiR never forms Σ⁻¹: it factorises Σ = LLᵀ and computes quadratic forms as ‖L⁻¹v‖²
 * (Golub & Van Loan, Matrix Computations, 4th ed., Algorithm 4.2.1 and §3.1).
 * Linear algebra is not part of `@dpbounds/special-functions`' agreed surface, so these
 * small kernels live here, internal to the package.
 */

/**
 * The lower Cholesky factor L (row-major, d × d, upper triangle zero) of a symmetric positive
 * definite matrix given row-major, or `undefined` when a pivot is not positive (the matrix is
 * not numerically positive definite). Cost d³/3 flops; backward-stable.
 *
 * @example choleskyLower(new Float64Array([4, 2, 2, 3]), 2) // Float64Array [2, 0, 1, 1.414…]
 */
export function choleskyLower(matrix: Float64Array, d: number): Float64Array | undefined {
  const l = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    const rowI = i * d;
    for (let j = 0; j <= i; j++) {
      const rowJ = j * d;
      let sum = matrix[rowI + j] as number;
      for (let k = 0; k < j; k++) sum -= (l[rowI + k] as number) * (l[rowJ + k] as number);
      if (i === j) {
        if (!(sum > 0)) return undefined;
        l[rowI + i] = Math.sqrt(sum);
      } else {
        l[rowI + j] = sum / (l[rowJ + j] as number);
      }
    }
  }
  return l;
}

/**
 * Solves L y = v by forward substitution (L lower-triangular, row-major d × d) and writes y
 * into `out` (which may alias `v`). Reads `v` from `vOffset`. Cost d²/2 multiply-adds.
 *
 * @example forwardSubstitute(l, 2, new Float64Array([2, 1]), 0, new Float64Array(2))
 */
export function forwardSubstitute(l: Float64Array, d: number, v: ArrayLike<number>, vOffset: number, out: Float64Array): Float64Array {
  for (let i = 0; i < d; i++) {
    const row = i * d;
    let sum = v[vOffset + i] as number;
    for (let k = 0; k < i; k++) sum -= (l[row + k] as number) * (out[k] as number);
    out[i] = sum / (l[row + i] as number);
  }
  return out;
}

/**
 * Whitens many vectors at once: for each of the `count` rows r of `rows` (row-major, width
 * `stride`, the d used coordinates listed in `columns` or the first d), minus `centre`, solves
 * L y = (r − centre) and stores y in row-major `out` (count × d). Four right-hand sides share
 * each pass over L, which roughly halves memory traffic compared with one solve per vector.
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
  let r = 0;
  for (; r + 4 <= count; r += 4) {
    const o0 = r * d;
    const o1 = o0 + d;
    const o2 = o1 + d;
    const o3 = o2 + d;
    for (let i = 0; i < d; i++) {
      const row = i * d;
      let s0 = out[o0 + i] as number;
      let s1 = out[o1 + i] as number;
      let s2 = out[o2 + i] as number;
      let s3 = out[o3 + i] as number;
      for (let k = 0; k < i; k++) {
        const lik = l[row + k] as number;
        s0 -= lik * (out[o0 + k] as number);
        s1 -= lik * (out[o1 + k] as number);
        s2 -= lik * (out[o2 + k] as number);
        s3 -= lik * (out[o3 + k] as number);
      }
      const pivot = l[row + i] as number;
      out[o0 + i] = s0 / pivot;
      out[o1 + i] = s1 / pivot;
      out[o2 + i] = s2 / pivot;
      out[o3 + i] = s3 / pivot;
    }
  }
  for (; r < count; r++) {
    const o = r * d;
    for (let i = 0; i < d; i++) {
      const row = i * d;
      let s = out[o + i] as number;
      for (let k = 0; k < i; k++) s -= (l[row + k] as number) * (out[o + k] as number);
      out[o + i] = s / (l[row + i] as number);
    }
  }
  return out;
}
