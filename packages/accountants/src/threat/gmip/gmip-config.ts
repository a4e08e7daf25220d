/**
 * The training configuration analysed by μ-GMIP (Leemann, Pawelczyk & Kasneci, NeurIPS 2023,
 * §5) and its validation.
 */
import { DpboundsRangeError, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';

/**
 * One run of (noisy, clipped) mini-batch SGD: T steps with batches of n drawn from N records,
 * d gradient coordinates, noise of standard deviation τ on the averaged clipped gradient.
 */
export interface GmipConfig {
  /** Batch size n (integer ≥ 1; the exact one-step trade-off needs n ≥ 2). */
  readonly batchSize: number;
  /** Dataset size N (integer ≥ n). */
  readonly datasetSize: number;
  /** Number of steps T (integer ≥ 1). */
  readonly steps: number;
  /** Number of gradient coordinates d (integer ≥ 1). */
  readonly params: number;
  /** τ ≥ 0: std of the Gaussian noise on the mean gradient (DP-SGD: τ = σ·C/n). */
  readonly noiseStd: number;
  /** Clipping norm C ∈ (0, ∞] (∞: no clipping, noise gets no credit). */
  readonly clip: number;
  /** Gradient susceptibility K ≥ 0 of the target; default d (its mean over the data distribution). */
  readonly susceptibility?: number;
}

/** A validated {@link GmipConfig} with K filled in. */
export interface ResolvedGmipConfig {
  readonly n: number;
  readonly N: number;
  readonly T: number;
  readonly d: number;
  readonly tau: number;
  readonly C: number;
  readonly K: number;
}

/**
 * Validates a configuration (spec domains: n integer ≥ 1, N ≥ n, T integer ≥ 1, d integer ≥ 1,
 * τ ≥ 0 finite, C ∈ (0, ∞], K ≥ 0 finite) and fills K = d when absent.
 *
 * @example resolveGmipConfig({ batchSize: 400, datasetSize: 48000, steps: 1200, params: 650, noiseStd: 0, clip: 500 }).K // 650
 */
export function resolveGmipConfig(config: GmipConfig): ResolvedGmipConfig {
  requireOptions('config', config, ['batchSize', 'datasetSize', 'steps', 'params', 'noiseStd', 'clip', 'susceptibility']);
  const n = requireInteger('batchSize', config.batchSize, { min: 1 });
  const N = requireInteger('datasetSize', config.datasetSize, { min: 1 });
  if (N < n) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'datasetSize', expected: `an integer ≥ batchSize (${n})`, found: N });
  const T = requireInteger('steps', config.steps, { min: 1 });
  const d = requireInteger('params', config.params, { min: 1 });
  const tau = requireInRange('noiseStd', config.noiseStd, { min: 0 });
  const C = requireInRange('clip', config.clip, { min: 0, minExclusive: true, max: Infinity });
  const K = requireInRange('susceptibility', config.susceptibility ?? d, { min: 0 });
  return { n, N, T, d, tau, C, K };
}
