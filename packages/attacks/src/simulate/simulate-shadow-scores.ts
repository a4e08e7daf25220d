/**
 * A seeded simulation of per-example Gaussian scores with shadow models (the parametric model
 * behind LiRA, Carlini et al. 2022 §IV-B): target i has its own out mean m_i and spread σ_i, and
 * in mean m_i + μ·σ_i, so that every target is equally vulnerable. A test that knows (m_i, σ_i)
 * and thresholds z_i = (s_i − m_i)/σ_i then has exactly the Gaussian trade-off G_μ; LiRA with
 * fitted shadows approaches it as the number of shadow models grows (docs/math/attacks.md §2.5).
 */
import { createRng, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import type { Matrix } from '../matrix/matrix.js';
import { MAX_ALLOCATED_VALUES, requireCountProduct } from '../validate/size-limits.js';
import { requireFiniteSimulation } from './finite-simulation.js';

/** Options of {@link simulateShadowScores}. */
export interface ShadowScoreGameOptions {
  /** Number of targets (each a member with probability ½, exactly half rounded down). */
  readonly targets: number;
  /** Number of shadow models (each contains each target with probability `inProbability`). */
  readonly shadows: number;
  /** μ ≥ 0: gap between in and out means in units of the target's own spread. */
  readonly mu: number;
  /** Probability that a shadow model was trained on a target (default ½; 0 for offline-only). */
  readonly inProbability?: number;
  readonly seed: number;
}

/** The simulated scores. */
export interface ShadowScoreGame {
  /** The attacked model's score for each target. */
  readonly targetScores: Float64Array;
  /** 1 for members (the first ⌊targets/2⌋ targets), 0 otherwise. */
  readonly members: Uint8Array;
  /** Shadow scores, targets × shadows, and the same-shape 0/1 "in" mask. */
  readonly shadowScores: Matrix;
  readonly shadowIn: Uint8Array;
  /** The true per-target out means and spreads. */
  readonly outMean: Float64Array;
  readonly std: Float64Array;
}

/**
 * Simulates the scores: at most 2²⁶ shadow scores (targets · shadows), refused before
 * allocating. Scores that overflow (μ near `Number.MAX_VALUE`) are refused, never returned as ±∞.
 *
 * @throws DpboundsRangeError for invalid options, more than 2²⁶ shadow scores or scores beyond ±`Number.MAX_VALUE`.
 * @example const game = simulateShadowScores({ targets: 20000, shadows: 64, mu: 1, seed: 5 });
 */
export function simulateShadowScores(options: ShadowScoreGameOptions): ShadowScoreGame {
  requireOptions('options', options, ['targets', 'shadows', 'mu', 'inProbability', 'seed']);
  const targets = requireInteger('targets', options.targets, { min: 2 });
  const shadows = requireInteger('shadows', options.shadows, { min: 1 });
  const mu = requireInRange('mu', options.mu, { min: 0 });
  const pIn = requireInRange('inProbability', options.inProbability ?? 0.5, { min: 0, max: 1 });
  requireCountProduct([['targets', targets], ['shadows', shadows]], MAX_ALLOCATED_VALUES, 'targets · shadows shadow scores', '2^26');
  const rng = createRng(options.seed);
  const targetScores = new Float64Array(targets);
  const members = new Uint8Array(targets);
  const outMean = new Float64Array(targets);
  const std = new Float64Array(targets);
  const shadowData = new Float64Array(targets * shadows);
  const shadowIn = new Uint8Array(targets * shadows);
  const half = Math.floor(targets / 2);
  for (let i = 0; i < targets; i++) {
    const m = 2 * rng.normal();
    const s = 0.5 + 1.5 * rng.uniform();
    outMean[i] = m;
    std[i] = s;
    const member = i < half;
    members[i] = member ? 1 : 0;
    targetScores[i] = m + (member ? mu * s : 0) + s * rng.normal();
    for (let k = 0; k < shadows; k++) {
      const isIn = rng.uniform() < pIn;
      shadowIn[i * shadows + k] = isIn ? 1 : 0;
      shadowData[i * shadows + k] = m + (isIn ? mu * s : 0) + s * rng.normal();
    }
  }
  requireFiniteSimulation(targetScores, 'mu');
  requireFiniteSimulation(shadowData, 'mu');
  return { targetScores, members, shadowScores: { rows: targets, columns: shadows, data: shadowData }, shadowIn, outMean, std };
}
