/**
 * A seeded simulation of the GMIP membership game on one SGD step with Gaussian per-example
 * gradients (Leemann et al. 2023, §5 and their Figure 2a; docs/math/attacks.md §4.5), to check
 * GLiR against the analytic trade-off: gradients g ~ N(μ, Σ) with Σ = AAᵀ; the released update is
 * the batch mean of n gradients plus N(0, τ²I); a member target is one of the n, a non-member is a
 * fresh draw. With a fixed susceptibility K and τ = 0 the best test thresholds
 * S = n(m̄ − x)ᵀΣ⁻¹(m̄ − x), whose trade-off is β(α) = 1 − F_{d,(n−1)K}(r·F⁻¹_{d,nK}(α)),
 * r = n/(n − 1).
 */
import { createRng, requireFiniteArray, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import type { Matrix } from '../matrix/matrix.js';
import { requireMatrix } from '../matrix/matrix.js';
import { MAX_ALLOCATED_VALUES, MAX_SIMULATION_WORK, requireCountProduct } from '../validate/size-limits.js';
import { requireFiniteSimulation } from './finite-simulation.js';

/** Options of {@link simulateGradientGame}. */
export interface GradientGameOptions {
  /** d ≥ 1, the number of gradient coordinates. */
  readonly dimension: number;
  /** n ≥ 2, the batch size of the step. */
  readonly batchSize: number;
  /** Number of member trials and of non-member trials (each ≥ 1). */
  readonly trialsPerClass: number;
  /**
   * K ≥ 0: every target has exactly this susceptibility (x − μ)ᵀΣ⁻¹(x − μ) (the setting of the
   * analytic curve). Absent: targets are fresh draws from N(μ, Σ) (E[K] = d).
   */
  readonly susceptibility?: number;
  /** τ ≥ 0: standard deviation of the noise on the averaged update (default 0, plain SGD). */
  readonly noiseStd?: number;
  /** μ (length d); default zeros. */
  readonly mean?: ArrayLike<number>;
  /** A (d × d) with Σ = AAᵀ; default the identity. */
  readonly covarianceFactor?: Matrix;
  /** Seed of the generator (same seed, same game). */
  readonly seed: number;
}

/** One simulated game: row t of `targetGradients` and of `updates` belong to trial t. */
export interface GradientGame {
  readonly targetGradients: Matrix;
  readonly updates: Matrix;
  /** 1 for member trials (the first `trialsPerClass`), 0 for non-member trials. */
  readonly members: Uint8Array;
  /** The true μ and Σ = AAᵀ (for `gradientDistribution`). */
  readonly mean: Float64Array;
  readonly covariance: Matrix;
}

/**
 * Simulates `2 · trialsPerClass` independent trials of the game. Each trial draws its own
 * batch (the sum of the other batch members is drawn exactly as one Gaussian vector), so the
 * cost is O(trials · d²) for the correlated draws. Limits, refused before allocating: at most 2²⁶
 * values per matrix (2 · trialsPerClass · dimension, and dimension²) and 2³⁰ multiply-adds
 * (2 · trialsPerClass · dimension²). Gradients that overflow (a huge mean, covariance factor or
 * noise) are refused, never returned as ±∞ or NaN; any finite susceptibility is drawn without
 * overflow.
 *
 * @throws DpboundsRangeError / DpboundsTypeError for invalid options, sizes over the limits or
 * gradients beyond ±`Number.MAX_VALUE`.
 * @example const game = simulateGradientGame({ dimension: 10, batchSize: 20, trialsPerClass: 5000, susceptibility: 10, seed: 1 });
 */
export function simulateGradientGame(options: GradientGameOptions): GradientGame {
  requireOptions('options', options, ['dimension', 'batchSize', 'trialsPerClass', 'susceptibility', 'noiseStd', 'mean', 'covarianceFactor', 'seed']);
  const d = requireInteger('dimension', options.dimension, { min: 1 });
  const n = requireInteger('batchSize', options.batchSize, { min: 2 });
  const perClass = requireInteger('trialsPerClass', options.trialsPerClass, { min: 1 });
  const tau = requireInRange('noiseStd', options.noiseStd ?? 0, { min: 0 });
  const k = options.susceptibility === undefined ? undefined : requireInRange('susceptibility', options.susceptibility, { min: 0 });
  requireCountProduct([['dimension', d]], Math.sqrt(MAX_ALLOCATED_VALUES), 'dimension (the covariance holds dimension² ≤ 2^26 values)', '2^13');
  requireCountProduct([['trialsPerClass', perClass]], MAX_ALLOCATED_VALUES, `2 · trialsPerClass · dimension gradient values (dimension ${d})`, '2^26', 2 * d);
  requireCountProduct([['trialsPerClass', perClass]], MAX_SIMULATION_WORK, `2 · trialsPerClass · dimension² multiply-adds (dimension ${d})`, '2^30', 2 * d * d);
  const mean = options.mean === undefined ? new Float64Array(d) : Float64Array.from(requireFiniteArray('mean', options.mean, { length: d }));
  const a = options.covarianceFactor ?? { rows: d, columns: d, data: identity(d) };
  requireMatrix('covarianceFactor', a, { columns: d });
  requireInteger('covarianceFactor.rows', a.rows, { min: d, max: d });
  const rng = createRng(options.seed);
  const trials = 2 * perClass;
  const targets = new Float64Array(trials * d);
  const updates = new Float64Array(trials * d);
  const members = new Uint8Array(trials);
  const z = new Float64Array(d);
  const v = new Float64Array(d);
  // A·w into out[offset…], plus scale·μ.
  const applyA = (w: Float64Array, out: Float64Array, offset: number, meanScale: number): void => {
    for (let i = 0; i < d; i++) {
      let s = meanScale * (mean[i] as number);
      for (let j = 0; j < d; j++) s += (a.data[i * d + j] as number) * (w[j] as number);
      out[offset + i] = s;
    }
  };
  for (let t = 0; t < trials; t++) {
    const member = t < perClass;
    members[t] = member ? 1 : 0;
    const o = t * d;
    // Target x = μ + A v, with ‖v‖² = K when K is fixed.
    let norm = 0;
    for (let j = 0; j < d; j++) {
      v[j] = rng.normal();
      norm += (v[j] as number) ** 2;
    }
    if (k !== undefined) {
      // K / ‖v‖² overflows for K near MAX_VALUE and ‖v‖ < 1: then √K / ‖v‖ (the same scale)
      const ratio = k / norm;
      const scale = norm > 0 ? (Number.isFinite(ratio) ? Math.sqrt(ratio) : Math.sqrt(k) / Math.sqrt(norm)) : 0;
      for (let j = 0; j < d; j++) v[j] = (v[j] as number) * scale;
    }
    applyA(v, targets, o, 1);
    // Sum of the other batch members: n − 1 (member) or n (non-member) i.i.d. gradients.
    const others = member ? n - 1 : n;
    const spread = Math.sqrt(others);
    for (let j = 0; j < d; j++) z[j] = spread * rng.normal();
    applyA(z, updates, o, others);
    for (let j = 0; j < d; j++) {
      const sum = (updates[o + j] as number) + (member ? (targets[o + j] as number) : 0);
      updates[o + j] = sum / n + (tau > 0 ? tau * rng.normal() : 0);
    }
  }
  requireFiniteSimulation(targets, 'susceptibility, mean and covarianceFactor');
  requireFiniteSimulation(updates, 'mean, covarianceFactor and noiseStd');
  const cov = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j < d; j++) {
      let s = 0;
      for (let m = 0; m < d; m++) s += (a.data[i * d + m] as number) * (a.data[j * d + m] as number);
      cov[i * d + j] = s;
    }
  }
  return {
    targetGradients: { rows: trials, columns: d, data: targets },
    updates: { rows: trials, columns: d, data: updates },
    members,
    mean,
    covariance: { rows: d, columns: d, data: cov },
  };
}

function identity(d: number): Float64Array {
  const m = new Float64Array(d * d);
  for (let i = 0; i < d; i++) m[i * d + i] = 1;
  return m;
}
