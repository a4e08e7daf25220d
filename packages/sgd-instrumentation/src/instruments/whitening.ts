/**
 * @internal Cholesky factorisation and triangular solves for the gradient-statistics
 * instrument (whitening ĝ − μ̂ by Σ̂ = LLᵀ without forming Σ̂⁻¹, as the GLiR spec asks). Kept
 * private: no other package needs dense linear algebra yet.
 */

/**
 * In-place lower Cholesky factor of the symmetric n×n matrix `a` (row-major). Returns false
 * when a pivot is not positive (matrix not positive definite).
 */
export function choleskyInPlace(a: Float64Array, n: number): boolean {
  for (let j = 0; j < n; j++) {
    let s = a[j * n + j] as number;
    for (let k = 0; k < j; k++) s -= (a[j * n + k] as number) ** 2;
    if (!(s > 0)) return false;
    const ljj = Math.sqrt(s);
    a[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let t = a[i * n + j] as number;
      for (let k = 0; k < j; k++) t -= (a[i * n + k] as number) * (a[j * n + k] as number);
      a[i * n + j] = t / ljj;
    }
    for (let k = j + 1; k < n; k++) a[j * n + k] = 0;
  }
  return true;
}

/** ‖L⁻¹v‖² by forward substitution with the lower factor `l` (n×n row-major). */
export function whitenedSquaredNorm(l: Float64Array, n: number, v: Float64Array): number {
  const y = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    let s = v[i] as number;
    for (let k = 0; k < i; k++) s -= (l[i * n + k] as number) * (y[k] as number);
    const yi = s / (l[i * n + i] as number);
    y[i] = yi;
    total += yi * yi;
  }
  return total;
}
