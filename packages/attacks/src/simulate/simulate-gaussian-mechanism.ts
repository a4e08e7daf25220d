/**
 * A seeded simulation of the relaxed-threat-model game on a d-dimensional Gaussian mechanism
 * (Kaissis et al. 2023, Theorem 2; docs/math/relaxed-threat-model.md): without the target the output is
 * y = f(D) + N(0, σ²I); with it, f(D′) = f(D) + Δ·u for a direction u the adversary does not know
 * (drawn uniformly on the sphere per trial; only ‖f(D) − f(D′)‖ = Δ matters for the test by
 * exclusion). The exclusion test's trade-off is j(α) = F_{d,μ²}(F⁻¹_{d}(1 − α)), μ = Δ/σ;
 * for d = 1, j(α) = Φ(z − μ) − Φ(−z − μ), z = Φ⁻¹(1 − α/2) (docs/math/attacks.md §3).
 */
import { createRng, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import type { Matrix } from '../matrix/matrix.js';
import { MAX_ALLOCATED_VALUES, requireCountProduct } from '../validate/size-limits.js';
import { requireFiniteSimulation } from './finite-simulation.js';

/** Options of {@link simulateGaussianMechanism}. */
export interface GaussianMechanismGameOptions {
  /** Δ ≥ 0: ‖f(D) − f(D′)‖. */
  readonly sensitivity: number;
  /** σ > 0: the noise standard deviation per coordinate. */
  readonly noiseStd: number;
  /** d ≥ 1 (default 1). */
  readonly dimension?: number;
  /** Trials with the target (members) and without (each ≥ 1). */
  readonly trialsPerClass: number;
  readonly seed: number;
}

/** Simulated outputs; f(D) = 0. */
export interface GaussianMechanismGame {
  /** One output per trial (rows), d columns. */
  readonly observations: Matrix;
  /** 1 for trials with the target (the first half), 0 without. */
  readonly members: Uint8Array;
  /** The known output distribution without the target, for `exclusionTest`. */
  readonly reference: { readonly mean: Float64Array; readonly std: number };
}

/**
 * Simulates `2 · trialsPerClass` outputs of the mechanism: at most 2²⁶ values
 * (2 · trialsPerClass · dimension), refused before allocating. Outputs that overflow (a
 * sensitivity or noise near `Number.MAX_VALUE`) are refused, never returned as ±∞ or NaN.
 *
 * @throws DpboundsRangeError for invalid options, more than 2²⁶ values or outputs beyond ±`Number.MAX_VALUE`.
 * @example const game = simulateGaussianMechanism({ sensitivity: 1, noiseStd: 1, trialsPerClass: 10000, seed: 3 });
 */
export function simulateGaussianMechanism(options: GaussianMechanismGameOptions): GaussianMechanismGame {
  requireOptions('options', options, ['sensitivity', 'noiseStd', 'dimension', 'trialsPerClass', 'seed']);
  const delta = requireInRange('sensitivity', options.sensitivity, { min: 0 });
  const sigma = requireInRange('noiseStd', options.noiseStd, { min: 0, minExclusive: true });
  const d = requireInteger('dimension', options.dimension ?? 1, { min: 1 });
  const perClass = requireInteger('trialsPerClass', options.trialsPerClass, { min: 1 });
  requireCountProduct([['trialsPerClass', perClass], ['dimension', d]], MAX_ALLOCATED_VALUES, '2 · trialsPerClass · dimension observed values', '2^26', 2);
  const rng = createRng(options.seed);
  const trials = 2 * perClass;
  const data = new Float64Array(trials * d);
  const members = new Uint8Array(trials);
  const u = new Float64Array(d);
  for (let t = 0; t < trials; t++) {
    const member = t < perClass;
    members[t] = member ? 1 : 0;
    let norm = 0;
    if (member) {
      for (let j = 0; j < d; j++) {
        u[j] = rng.normal();
        norm += (u[j] as number) ** 2;
      }
      norm = Math.sqrt(norm);
    }
    for (let j = 0; j < d; j++) {
      const shift = member && norm > 0 ? (delta * (u[j] as number)) / norm : 0;
      data[t * d + j] = shift + sigma * rng.normal();
    }
  }
  requireFiniteSimulation(data, 'sensitivity and noiseStd');
  return { observations: { rows: trials, columns: d, data }, members, reference: { mean: new Float64Array(d), std: sigma } };
}
