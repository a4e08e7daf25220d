/**
 * Gradient-canary scores used by privacy audits (Nasr, Hayes, Steinke, Balle, Tramèr, Jagielski,
 * Carlini & Terzis 2023, "Tight Auditing of Differentially Private Machine Learning", §4: the
 * Dirac canary and the dot-product / gradient-canary test; Steinke, Nasr & Jagielski 2023,
 * "Privacy Auditing with One (1) Training Run", §5): the score of a canary is the inner product
 * ⟨model update, canary gradient⟩. Under "canary absent" with isotropic Gaussian noise of
 * standard deviation τ per coordinate on the update (and the rest of the update orthogonal to
 * the canary, the audits' white-box assumption), the score is N(0, τ²‖g‖²), which gives the
 * one-sided p-value Q(score/(τ‖g‖)) (docs/math/attacks.md §5).
 */
import { logNormalCdf, requireFiniteArray, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import type { Matrix } from '../matrix/matrix.js';
import { requireMatrix } from '../matrix/matrix.js';

/** Canary scores, one per canary; higher = more likely inserted. */
export interface CanaryScores {
  readonly scores: Float64Array;
  /**
   * log P[N(0, τ²‖g‖²) ≥ score] when `noiseStd` was given (one-sided Gaussian null, exact in
   * log space to 1e−300 tails); absent otherwise.
   */
  readonly logPValues?: Float64Array;
}

/** Options of the canary scores. */
export interface CanaryScoreOptions {
  /** τ > 0: the noise standard deviation per coordinate of the update, for p-values. */
  readonly noiseStd?: number;
}

/** Options of {@link diracCanaryScores}: the canaries' gradient magnitude c > 0 (default 1) and the noise level for p-values. */
export interface DiracCanaryScoreOptions extends CanaryScoreOptions {
  readonly magnitude?: number;
}

function pValues(scores: Float64Array, norms: Float64Array, noiseStd: number | undefined): CanaryScores {
  if (noiseStd === undefined) return { scores };
  const tau = requireInRange('noiseStd', noiseStd, { min: 0, minExclusive: true });
  const logPValues = new Float64Array(scores.length);
  for (let i = 0; i < scores.length; i++) {
    const scale = tau * (norms[i] as number);
    // A zero canary gradient carries no signal: its p-value is 1 (log 0).
    logPValues[i] = scale > 0 ? logNormalCdf(-(scores[i] as number) / scale) : 0;
  }
  return { scores, logPValues };
}

/**
 * Dot-product scores ⟨u, g_i⟩ of a model update u (length d; e.g. θ_0 − θ_T summed over steps,
 * or one step's noisy gradient sum) with each canary gradient g_i (rows of `canaryGradients`).
 *
 * @throws DpboundsTypeError / DpboundsRangeError for mismatched lengths, non-finite values or τ ≤ 0.
 * @example dotProductScores([1, 0, 2], matrixFromRows([[1, 0, 0], [0, 0, 1]])).scores // Float64Array [1, 2]
 */
export function dotProductScores(update: ArrayLike<number>, canaryGradients: Matrix, options: CanaryScoreOptions = {}): CanaryScores {
  requireOptions('options', options, ['noiseStd']);
  requireFiniteArray('update', update, { minLength: 1 });
  const d = update.length;
  requireMatrix('canaryGradients', canaryGradients, { columns: d, minRows: 1 });
  const { rows, data } = canaryGradients;
  const scores = new Float64Array(rows);
  const norms = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    let dot = 0;
    let sq = 0;
    for (let j = 0; j < d; j++) {
      const g = data[i * d + j] as number;
      dot += (update[j] as number) * g;
      sq += g * g;
    }
    scores[i] = dot;
    norms[i] = Math.sqrt(sq);
  }
  return pValues(scores, norms, options.noiseStd);
}

/**
 * Dirac-canary scores: canary i's gradient is `magnitude` (e.g. the clipping norm C) times the
 * unit vector of coordinate `coordinates[i]`, so its score is magnitude · u[coordinates[i]]
 * (Nasr et al. 2023 §4; the canary is invisible to every other parameter).
 *
 * @throws DpboundsRangeError when a coordinate is not an integer in [0, d) or magnitude ≤ 0.
 * @example diracCanaryScores([0.5, -1, 3], [2, 0], { magnitude: 1 }).scores // Float64Array [3, 0.5]
 */
export function diracCanaryScores(update: ArrayLike<number>, coordinates: ArrayLike<number>, options: DiracCanaryScoreOptions = {}): CanaryScores {
  requireFiniteArray('coordinates', coordinates);
  requireOptions('options', options, ['magnitude', 'noiseStd']);
  requireFiniteArray('update', update, { minLength: 1 });
  const c = requireInRange('magnitude', options.magnitude ?? 1, { min: 0, minExclusive: true });
  const scores = new Float64Array(coordinates.length);
  for (let i = 0; i < coordinates.length; i++) {
    const j = requireInteger(`coordinates[${i}]`, coordinates[i], { min: 0, max: update.length - 1 });
    scores[i] = c * (update[j] as number);
  }
  return pValues(scores, new Float64Array(coordinates.length).fill(c), options.noiseStd);
}
