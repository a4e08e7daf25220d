/**
 * CLT μ of T steps of subsampled Gaussian mechanisms (DP-SGD) under Poisson or uniform batch
 * sampling.
 */
import { DpboundsTypeError, requireInRange, requireOptions } from '@dpbounds/special-functions';
import { cltHUnchecked } from './clt-h.js';

/** How batches are drawn: Poisson (each record independently with rate p) or uniform (fixed size, shuffled). */
export type BatchSampling = 'poisson' | 'uniform';

/** Arguments of {@link cltMu}. */
export interface CltMuOptions {
  /** p ∈ [0, 1]: sampling rate (expected batch size / dataset size). */
  readonly samplingRate: number;
  /** σ > 0: noise multiplier (per-step level m = 1/σ). */
  readonly noiseMultiplier: number;
  /** T ≥ 0 steps (real values accepted, as in the CLT formulas). */
  readonly steps: number;
  /** Batch sampling scheme (default `poisson`). */
  readonly sampling?: BatchSampling;
}

/**
 * The asymptotic GDP level μ of T steps of DP-SGD with noise multiplier σ and sampling rate p
 * (central limit theorem, valid as T → ∞ with p√T fixed):
 * - Poisson sampling (Bu, Dong, Long & Su 2020, "Deep learning with Gaussian differential
 *   privacy", Poisson-subsampling CLT): μ = p·√T·√(e^{1/σ²} − 1), evaluated with `expm1`;
 * - uniform batches (Dong, Roth & Su 2022, §5, CLT with C_p): μ = p·√T·h(1/σ) with the
 *   stable h of {@link cltH}.
 * This is an approximation, not a bound: it can underestimate the tight ε for small σ
 * (docs/math/tradeoff-core.md §8, docs/math/accounting.md §9). Returns +∞ (never NaN) when the formula overflows; 0 when p = 0 or T = 0.
 *
 * @throws DpboundsRangeError for p outside [0, 1], σ ≤ 0, T < 0 or NaN/infinite inputs.
 * @example cltMu({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 }) // 0.414521631336…
 */
export function cltMu(options: CltMuOptions): number {
  requireOptions('options', options, ['samplingRate', 'noiseMultiplier', 'steps', 'sampling']);
  const p = requireInRange('samplingRate', options.samplingRate, { min: 0, max: 1 });
  const sigma = requireInRange('noiseMultiplier', options.noiseMultiplier, { min: 0, minExclusive: true });
  const steps = requireInRange('steps', options.steps, { min: 0 });
  const sampling = options.sampling ?? 'poisson';
  if (sampling !== 'poisson' && sampling !== 'uniform') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'sampling', expected: '"poisson" or "uniform"', found: sampling });
  }
  if (p === 0 || steps === 0) return 0;
  const m = 1 / sigma;
  const perStep = sampling === 'poisson' ? Math.sqrt(Math.expm1(m * m)) : cltHUnchecked(m);
  const mu = p * Math.sqrt(steps) * perStep;
  return Number.isNaN(mu) ? Infinity : mu;
}
