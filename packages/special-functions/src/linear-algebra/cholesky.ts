/**
 * Cholesky factorisation of a symmetric positive-definite matrix, the one dense factorisation of
 * the repository (GLiR whitening in @dpbounds/attacks, the susceptibility K of the
 * gradient-statistics instrument in @dpbounds/sgd-instrumentation). Quadratic forms vᵀA⁻¹v are
 * computed as ‖L⁻¹v‖² from A = LLᵀ, never through an explicit inverse.
 *
 * Reference: G. H. Golub & C. F. Van Loan, Matrix Computations, 4th ed. (2013), Algorithm 4.2.1
 * and §4.2.5–4.2.6 (stability); N. J. Higham, Accuracy and Stability of Numerical Algorithms,
 * 2nd ed. (2002), Theorem 10.3.
 */
import { isArrayLike, isCount } from './kernel-arguments.js';

/**
 * The lower Cholesky factor L of a symmetric positive-definite d × d matrix A (A = LLᵀ), by the
 * row-oriented Cholesky–Banachiewicz recurrence: for each row i and column j ≤ i,
 * s = a_ij − Σ_{k<j} l_ik·l_jk, then l_ii = √s or l_ij = s / l_jj. Only the lower triangle of A
 * (row-major, `matrix[i·d + j]` for j ≤ i) is read; the result is a new row-major Float64Array
 * with a zero upper triangle. Cost d³/3 multiply-adds.
 *
 * Domain: d a non-negative integer, `matrix.length ≥ d²`, finite entries. Returns `undefined`
 * (never throws: kernel policy) when a pivot s is not positive and finite, i.e. when A is not
 * numerically positive definite, or holds NaN/±∞, or when d or the length is invalid.
 * Accuracy: backward stable; the computed L satisfies LLᵀ = A + E with
 * |E| ≤ (d+1)u/(1 − (d+1)u)·|L||Lᵀ| (u = 2⁻⁵³, Higham Thm 10.3), so ‖LLᵀ − A‖ is a few ulp of
 * ‖A‖ times d for well-scaled A.
 *
 * @example choleskyLower(new Float64Array([4, 2, 2, 3]), 2) // Float64Array [2, 0, 1, 1.4142135623730951]
 */
export function choleskyLower(matrix: ArrayLike<number>, d: number): Float64Array | undefined {
  // O(1) checks first: a null matrix or d = ∞ must give undefined, not a throw or a runaway loop
  if (!isArrayLike(matrix) || !isCount(d) || matrix.length < d * d) return undefined;
  const l = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    const rowI = i * d;
    for (let j = 0; j <= i; j++) {
      const rowJ = j * d;
      let sum = matrix[rowI + j] as number;
      for (let k = 0; k < j; k++) sum -= (l[rowI + k] as number) * (l[rowJ + k] as number);
      if (i === j) {
        if (!(sum > 0 && sum < Infinity)) return undefined;
        l[rowI + i] = Math.sqrt(sum);
      } else {
        l[rowI + j] = sum / (l[rowJ + j] as number);
      }
    }
  }
  return l;
}
