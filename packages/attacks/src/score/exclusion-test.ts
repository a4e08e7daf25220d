/**
 * Membership inference by exclusion: the optimal adversary of the relaxed threat model (Kaissis,
 * Ziller, Kolek, Riess & Rueckert 2023, "Optimal privacy guarantees for a relaxed threat model",
 * NeurIPS, Theorem 2; docs/math/relaxed-threat-model.md). The adversary knows the output distribution without the
 * target, N(f(D), σ²I), but not the direction in which the target would move it, so it runs the
 * generalised likelihood-ratio test: reject "non-member" when ‖y − f(D)‖ is large. Under
 * "non-member" ‖y − f(D)‖²/σ² ~ χ²_d, which gives an exact p-value; the trade-off of this test
 * at worst-case ‖f(D) − f(D′)‖ = Δ is j(α) = F_{d,μ²}(F⁻¹_{d}(1 − α)), μ = Δ/σ
 * (docs/math/attacks.md §3).
 */
import { chiSquaredLogSf, DpboundsRangeError, DpboundsTypeError, logNormalCdf, requireFiniteArray, requireInRange, requireObject } from '@dpbounds/special-functions';
import type { Matrix } from '../matrix/matrix.js';
import { requireMatrix } from '../matrix/matrix.js';
import type { AttackScores } from './attack-scores.js';

/** The known "without the target" output distribution N(mean, diag(std²)). */
export interface ExclusionReference {
  /** f(D), length d. */
  readonly mean: ArrayLike<number>;
  /** σ > 0: one value for every coordinate, or one per coordinate. */
  readonly std: number | ArrayLike<number>;
}

/** Exclusion-test output: scores = −log p, plus the χ² statistic. */
export interface ExclusionTestResult extends AttackScores {
  readonly logPValues: Float64Array;
  /** ‖(y − mean)/std‖², χ²_d under "non-member". */
  readonly statistic: Float64Array;
  /** d, the χ² degrees of freedom. */
  readonly degreesOfFreedom: number;
}

/**
 * Runs the test by exclusion on each observed output (rows of `observations`, d columns).
 * p-values in log space: d = 1 exactly as 2Q(|z|) through `logNormalCdf`; d > 1 through the χ²_d
 * log survival function (`chiSquaredLogSf`).
 *
 * @throws DpboundsTypeError / DpboundsRangeError for shape mismatches, non-finite values or σ ≤ 0.
 * @example exclusionTest(matrixFromRows([[0.1], [3.2]]), { mean: [0], std: 1 }).logPValues
 */
export function exclusionTest(observations: Matrix, reference: ExclusionReference): ExclusionTestResult {
  requireObject('reference', reference);
  requireFiniteArray('reference.mean', reference.mean, { minLength: 1 });
  const d = reference.mean.length;
  requireMatrix('observations', observations, { columns: d, minRows: 1 });
  const std = new Float64Array(d);
  if (typeof reference.std === 'number') std.fill(requireInRange('reference.std', reference.std, { min: 0, minExclusive: true }));
  else {
    if (reference.std.length !== d) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'reference.std', expected: `a number or ${d} numbers`, found: reference.std });
    }
    for (let j = 0; j < d; j++) std[j] = requireInRange(`reference.std[${j}]`, reference.std[j], { min: 0, minExclusive: true });
  }
  const rows = observations.rows;
  const statistic = new Float64Array(rows);
  const logPValues = new Float64Array(rows);
  const scores = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    let q = 0;
    let z = 0;
    for (let j = 0; j < d; j++) {
      z = ((observations.data[i * d + j] as number) - (reference.mean[j] as number)) / (std[j] as number);
      q += z * z;
    }
    const logP = d === 1 ? Math.min(0, Math.LN2 + logNormalCdf(-Math.abs(z))) : Math.min(0, chiSquaredLogSf(q, d));
    if (Number.isNaN(logP)) {
      throw new DpboundsRangeError({ code: 'ERR_NOT_CONVERGED', parameter: `observations[${i}]`, expected: 'a statistic the χ² log-survival function can evaluate', found: q });
    }
    statistic[i] = q;
    logPValues[i] = logP;
    scores[i] = 0 - logP;
  }
  return { scores, logPValues, statistic, degreesOfFreedom: d };
}
