/**
 * GLiR, the analytic gradient likelihood-ratio attack (Leemann, Pawelczyk & Kasneci 2023,
 * "Gaussian Membership Inference Privacy", NeurIPS; docs/math/attacks.md §4.2): for a released
 * step update m̄ (for plain SGD, (θ_t − θ_{t+1})/lr) and a candidate x with gradient ĝ,
 *   K̂ = ‖L⁻¹(ĝ − μ̂)‖²,   S = n·‖L⁻¹(m̄ − ĝ)‖²,
 * and the score is the log p-value of S under "non-member", log F_{d_eff, nK̂}(S) (noncentral χ²
 * lower tail, evaluated in log space so deep tails such as −143500.8 are exact). Small p ⇒ member.
 */
import { DpboundsRangeError, DpboundsTypeError, noncentralChiSquaredLogCdf, requireInteger, requireObject } from '@dpbounds/special-functions';
import { whitenRows } from '../matrix/whiten-rows.js';
import type { Matrix } from '../matrix/matrix.js';
import { requireMatrix } from '../matrix/matrix.js';
import type { GradientDistribution } from './gradient-distribution.js';

/** Inputs of {@link glirAttack}. */
export interface GlirInput {
  /** The released update m̄: one row shared by every target, or one row per target. */
  readonly updates: Matrix;
  /** Per-target gradients ĝ at the same model (targets × d), clipped as in training. */
  readonly targetGradients: Matrix;
  /** The batch size n of the step (integer ≥ 1). */
  readonly batchSize: number;
  /** μ̂ and Σ̂ from reference gradients ({@link fitGradientDistribution}) or known parameters. */
  readonly distribution: GradientDistribution;
  /**
   * Factor in front of the quadratic form: `'n'` (default: under "out" S ~ χ²_d(nK),
   * docs/math/attacks.md §4.1)
   * or `'n-1'` (the released code's variant, kept for parity).
   */
  readonly statisticFactor?: 'n' | 'n-1';
}

/** Per-target GLiR outputs (all arrays of length = number of targets). */
export interface GlirResult {
  /** −log p: higher = more likely a member (the CLI's score convention). */
  readonly scores: Float64Array;
  /** log F_{d_eff, n·K̂}(S) ≤ 0 (natural log); −∞ only when S = 0 exactly. Never clamped. */
  readonly logPValues: Float64Array;
  /** K̂, the estimated gradient susceptibility of each target. */
  readonly susceptibility: Float64Array;
  /** S, the test statistic. */
  readonly statistic: Float64Array;
  /** d_eff, the χ² degrees of freedom. */
  readonly degreesOfFreedom: number;
}

/**
 * Runs GLiR on every target (docs/math/attacks.md §4.2). Whitening uses triangular solves with the
 * Cholesky factor (never an explicit inverse); when one update is shared, L⁻¹(m̄ − μ̂) is computed
 * once and S = n‖w_m − w_g‖². Cost: targets·d_eff²/2 multiply-adds (d = 1000, 10⁴ targets: a few
 * seconds) plus one noncentral-χ² log-CDF per target (accuracy that of
 * `noncentralChiSquaredLogCdf`, ~1e−12 relative).
 *
 * @throws DpboundsTypeError / DpboundsRangeError for shape mismatches, non-finite values or an
 * invalid batch size.
 * @example
 * const dist = fitGradientDistribution(reference);
 * const { logPValues } = glirAttack({ updates: step, targetGradients, batchSize: 256, distribution: dist });
 */
export function glirAttack(input: GlirInput): GlirResult {
  requireObject('input', input);
  const { distribution } = input;
  const n = requireInteger('batchSize', input.batchSize, { min: 1 });
  const d = distribution.dimension;
  requireMatrix('targetGradients', input.targetGradients, { columns: d, minRows: 1 });
  requireMatrix('updates', input.updates, { columns: d, minRows: 1 });
  const targets = input.targetGradients.rows;
  if (input.updates.rows !== 1 && input.updates.rows !== targets) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'updates.rows', expected: `1 (a shared update) or ${targets} (one per target)`, found: input.updates.rows });
  }
  const factor = input.statisticFactor === 'n-1' ? n - 1 : n;
  const dEff = distribution.effectiveDimension;
  const l = distribution.choleskyLower;
  const wg = whitenRows(l, dEff, input.targetGradients.data, d, targets, distribution.coordinates, distribution.mean, new Float64Array(targets * dEff));
  const wm = whitenRows(l, dEff, input.updates.data, d, input.updates.rows, distribution.coordinates, distribution.mean, new Float64Array(input.updates.rows * dEff));
  const shared = input.updates.rows === 1;
  const scores = new Float64Array(targets);
  const logPValues = new Float64Array(targets);
  const susceptibility = new Float64Array(targets);
  const statistic = new Float64Array(targets);
  for (let t = 0; t < targets; t++) {
    const og = t * dEff;
    const om = shared ? 0 : t * dEff;
    let k = 0;
    let q = 0;
    for (let i = 0; i < dEff; i++) {
      const g = wg[og + i] as number;
      const diff = (wm[om + i] as number) - g;
      k += g * g;
      q += diff * diff;
    }
    const s = factor * q;
    const logP = noncentralChiSquaredLogCdf(s, dEff, n * k);
    susceptibility[t] = k;
    statistic[t] = s;
    if (Number.isNaN(logP)) {
      // The kernel returns NaN only outside its domain (S, nK ≥ 0 and d_eff ≥ 1 here): report, never leak.
      throw new DpboundsRangeError({ code: 'ERR_NOT_CONVERGED', parameter: `targetGradients[${t}]`, expected: 'a statistic the noncentral χ² log-CDF can evaluate', found: s });
    }
    logPValues[t] = logP;
    scores[t] = -(logPValues[t] as number);
  }
  return { scores, logPValues, susceptibility, statistic, degreesOfFreedom: dEff };
}
