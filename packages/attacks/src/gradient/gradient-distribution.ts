/**
 * The Gaussian model of per-example gradients that GLiR whitens against (Leemann, Pawelczyk &
 * Kasneci 2023, "Gaussian Membership Inference Privacy", §5 and the GLiR attack;
 * docs/math/attacks.md §4.2):
 * a mean μ and the lower Cholesky factor L of a covariance Σ = LLᵀ, on the coordinates kept.
 */
import { DpboundsRangeError, DpboundsTypeError, requireFiniteArray, requireInRange, requireOptions } from '@dpbounds/special-functions';
import { choleskyLower } from '@dpbounds/special-functions/advanced';
import type { Matrix } from '../matrix/matrix.js';
import { requireMatrix } from '../matrix/matrix.js';

/** A fitted (or known) Gaussian gradient distribution, ready for whitening. */
export interface GradientDistribution {
  /** Number of columns of the gradients this applies to (d before dropping coordinates). */
  readonly dimension: number;
  /** d_eff: coordinates kept (the χ² degrees of freedom of GLiR). */
  readonly effectiveDimension: number;
  /** Indices of the kept coordinates, increasing; `null` when all d are kept. */
  readonly coordinates: Uint32Array | null;
  /** μ on the kept coordinates (length d_eff). */
  readonly mean: Float64Array;
  /** Lower Cholesky factor of Σ (+ ridge) on the kept coordinates, row-major d_eff × d_eff. */
  readonly choleskyLower: Float64Array;
  /** The absolute ridge added to the diagonal of Σ before factorising (0 when none). */
  readonly ridge: number;
  /** Number of reference gradients B the estimate used (0 for known parameters). */
  readonly samples: number;
}

/** Options of {@link fitGradientDistribution}. */
export interface FitGradientOptions {
  /**
   * Coordinates whose empirical variance is ≤ this are dropped (docs/math/attacks.md §4.2); default 0,
   * which drops only constant coordinates (frozen parameters), that would make Σ̂ singular.
   */
  readonly varianceThreshold?: number;
  /**
   * Relative ridge ρ ≥ 0: Σ̂ + ρ·(tr Σ̂ / d_eff)·I is factorised (shrinkage towards a scaled
   * identity). Default 0 (the estimate of the paper). Needed when B ≤ d_eff or Σ̂ is
   * numerically singular; it makes the attack's χ² model approximate.
   */
  readonly ridge?: number;
}

function notPositiveDefinite(parameter: string, hint: string): DpboundsRangeError {
  return new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter, expected: `a positive definite covariance (${hint})`, found: 'a singular matrix' });
}

/**
 * Estimates μ̂ = mean and Σ̂ = (1/B) Σ (g − μ̂)(g − μ̂)ᵀ from B reference (non-member) gradients,
 * drops coordinates with variance ≤ `varianceThreshold`, adds the optional ridge, and
 * factorises Σ̂ = LLᵀ (docs/math/attacks.md §4.2; the released code's use of Σ̂ as a Cholesky factor
 * is a bug we do not replicate). Requires B > d_eff unless `ridge > 0`.
 * Cost: B·d_eff²/2 + d_eff³/6 multiply-adds (d = 1000, B = 2000: about 1 s).
 *
 * @throws DpboundsTypeError / DpboundsRangeError for non-finite entries, too few samples, a
 * negative ridge or a covariance that is not positive definite.
 * @example
 * const dist = fitGradientDistribution(referenceGradients); // Matrix B × d
 * dist.effectiveDimension; // d_eff
 */
export function fitGradientDistribution(reference: Matrix, options: FitGradientOptions = {}): GradientDistribution {
  requireOptions('options', options, ['varianceThreshold', 'ridge']);
  requireMatrix('reference', reference, { minRows: 2 });
  const threshold = requireInRange('varianceThreshold', options.varianceThreshold ?? 0, { min: 0 });
  const ridge = requireInRange('ridge', options.ridge ?? 0, { min: 0 });
  const { rows: b, columns: d, data } = reference;
  const fullMean = new Float64Array(d);
  for (let r = 0; r < b; r++) for (let j = 0; j < d; j++) fullMean[j] = (fullMean[j] as number) + (data[r * d + j] as number);
  for (let j = 0; j < d; j++) fullMean[j] = (fullMean[j] as number) / b;
  const variance = new Float64Array(d);
  for (let r = 0; r < b; r++) {
    for (let j = 0; j < d; j++) {
      const c = (data[r * d + j] as number) - (fullMean[j] as number);
      variance[j] = (variance[j] as number) + c * c;
    }
  }
  const kept: number[] = [];
  for (let j = 0; j < d; j++) if ((variance[j] as number) / b > threshold) kept.push(j);
  const dEff = kept.length;
  if (dEff === 0) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'reference', expected: `at least one coordinate with variance > ${threshold}`, found: 'none' });
  }
  if (ridge === 0 && b <= dEff) {
    throw new DpboundsRangeError({
      code: 'ERR_OUT_OF_RANGE',
      parameter: 'reference.rows',
      expected: `more reference gradients than kept coordinates (B > d_eff = ${dEff}), or a ridge > 0`,
      found: b,
    });
  }
  const mean = Float64Array.from(kept, (j) => fullMean[j] as number);
  // Centred data on the kept coordinates, stored transposed (coordinate-major, d_eff × B) so that
  // each covariance entry is a dot product of two contiguous vectors.
  const centred = new Float64Array(dEff * b);
  for (let r = 0; r < b; r++) for (let i = 0; i < dEff; i++) centred[i * b + r] = (data[r * d + (kept[i] as number)] as number) - (mean[i] as number);
  const cov = lowerGram(centred, dEff, b);
  let trace = 0;
  for (let i = 0; i < dEff; i++) {
    for (let j = 0; j <= i; j++) {
      const v = (cov[i * dEff + j] as number) / b;
      cov[i * dEff + j] = v;
      cov[j * dEff + i] = v;
    }
    trace += cov[i * dEff + i] as number;
  }
  const absoluteRidge = (ridge * trace) / dEff;
  if (!Number.isFinite(absoluteRidge)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'ridge', expected: `small enough that ρ·tr Σ̂/d_eff is finite in float64 (tr Σ̂/d_eff = ${trace / dEff})`, found: ridge });
  }
  for (let i = 0; i < dEff; i++) cov[i * dEff + i] = (cov[i * dEff + i] as number) + absoluteRidge;
  const l = choleskyLower(cov, dEff);
  if (l === undefined) throw notPositiveDefinite('reference', 'add reference gradients, raise varianceThreshold or pass a ridge > 0');
  return {
    dimension: d,
    effectiveDimension: dEff,
    coordinates: dEff === d ? null : Uint32Array.from(kept),
    mean,
    choleskyLower: l,
    ridge: absoluteRidge,
    samples: b,
  };
}

/**
 * A known Gaussian gradient distribution N(mean, covariance) (the paper's simulations, with the
 * exact Σ^{−1/2} replaced by the equivalent Cholesky whitening; docs/math/attacks.md §4.2).
 *
 * @throws DpboundsTypeError / DpboundsRangeError for mismatched shapes, non-finite entries or a
 * covariance that is not symmetric positive definite.
 * @example gradientDistribution([0, 0], matrixFromRows([[2, 0.3], [0.3, 1]]))
 */
export function gradientDistribution(mean: ArrayLike<number>, covariance: Matrix): GradientDistribution {
  requireFiniteArray('mean', mean, { minLength: 1 });
  const d = mean.length;
  requireMatrix('covariance', covariance, { columns: d });
  if (covariance.rows !== d) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'covariance.rows', expected: `${d} rows (a square matrix)`, found: covariance.rows });
  }
  const c = covariance.data;
  for (let i = 0; i < d; i++) {
    for (let j = 0; j < i; j++) {
      const a = c[i * d + j] as number;
      const bij = c[j * d + i] as number;
      if (Math.abs(a - bij) > 1e-12 * Math.max(1, Math.abs(a), Math.abs(bij))) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `covariance[${i}][${j}]`, expected: `symmetric (equal to covariance[${j}][${i}] = ${bij})`, found: a });
      }
    }
  }
  const l = choleskyLower(c, d);
  if (l === undefined) throw notPositiveDefinite('covariance', 'all eigenvalues > 0');
  return { dimension: d, effectiveDimension: d, coordinates: null, mean: Float64Array.from(mean), choleskyLower: l, ridge: 0, samples: 0 };
}

/**
 * The lower triangle (row-major, d × d) of X Xᵀ for X stored row-major d × b: entry (i, j) is the
 * dot product of rows i and j. Register-blocked: two rows i against four rows j share each load
 * (8 multiply-adds per 6 loads).
 */
function lowerGram(x: Float64Array, d: number, b: number): Float64Array {
  const out = new Float64Array(d * d);
  const dot = (i: number, j: number): number => {
    let s = 0;
    for (let r = 0; r < b; r++) s += (x[i * b + r] as number) * (x[j * b + r] as number);
    return s;
  };
  let i = 0;
  for (; i + 2 <= d; i += 2) {
    const xa = i * b;
    const xb = xa + b;
    let j = 0;
    for (; j + 4 <= i + 1; j += 4) {
      const c0 = j * b;
      const c1 = c0 + b;
      const c2 = c1 + b;
      const c3 = c2 + b;
      let a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
      for (let r = 0; r < b; r++) {
        const u = x[xa + r] as number;
        const v = x[xb + r] as number;
        const y0 = x[c0 + r] as number;
        const y1 = x[c1 + r] as number;
        const y2 = x[c2 + r] as number;
        const y3 = x[c3 + r] as number;
        a0 += u * y0; a1 += u * y1; a2 += u * y2; a3 += u * y3;
        b0 += v * y0; b1 += v * y1; b2 += v * y2; b3 += v * y3;
      }
      out[i * d + j] = a0; out[i * d + j + 1] = a1; out[i * d + j + 2] = a2; out[i * d + j + 3] = a3;
      out[(i + 1) * d + j] = b0; out[(i + 1) * d + j + 1] = b1; out[(i + 1) * d + j + 2] = b2; out[(i + 1) * d + j + 3] = b3;
    }
    // Remaining columns of both rows (j ≤ i + 1; entries above the diagonal are never read).
    for (; j <= i + 1; j++) {
      if (j <= i) out[i * d + j] = dot(i, j);
      out[(i + 1) * d + j] = dot(i + 1, j);
    }
  }
  for (; i < d; i++) for (let j = 0; j <= i; j++) out[i * d + j] = dot(i, j);
  return out;
}
