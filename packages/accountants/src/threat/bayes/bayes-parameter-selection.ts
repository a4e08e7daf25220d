/**
 * DP-SGD parameter selection for a target Bayes security against membership inference
 * (Cherubin et al., USENIX Security 2024, Eq. 4): p = √2·σ·erfinv(1 − β)/√T for substitution
 * (twice that for add/remove), and the same relation solved for σ or T.
 */
import { DpboundsRangeError, erfcinv, requireInRange, requireProbability } from '@dpbounds/special-functions';
import { requireOptions } from '../../events/validate-event.js';
import { relationSensitivityFactor, requireBayesRelation } from './neighbouring-relation.js';
import type { BayesRelation } from './neighbouring-relation.js';

/** The target of a Bayes-security parameter selection (Eq. 4) and the neighbouring relation. */
export interface BayesSecurityTarget {
  /** Target Bayes security β* ∈ (0, 1] against membership inference. */
  readonly targetBayesSecurity: number;
  /** `substitution` (default) or `addRemove`. */
  readonly relation?: BayesRelation;
}

/** Options of {@link noiseMultiplierForBayesSecurity}: the target, the sampling rate and the number of steps. */
export interface NoiseForBayesSecurityOptions extends BayesSecurityTarget {
  readonly samplingRate: number;
  readonly steps: number;
}

/** Options of {@link samplingRateForBayesSecurity}: the target, the noise multiplier and the number of steps. */
export interface SamplingRateForBayesSecurityOptions extends BayesSecurityTarget {
  readonly noiseMultiplier: number;
  readonly steps: number;
}

/** Options of {@link stepsForBayesSecurity}: the target, the noise multiplier and the sampling rate. */
export interface StepsForBayesSecurityOptions extends BayesSecurityTarget {
  readonly noiseMultiplier: number;
  readonly samplingRate: number;
}

function selection<T extends BayesSecurityTarget>(options: unknown, fixed: readonly string[]): { options: T; beta: number; relation: BayesRelation } {
  const o = requireOptions<T>('options', options, ['targetBayesSecurity', ...fixed, 'relation'], false);
  return { options: o, beta: targetBeta(o.targetBayesSecurity), relation: requireBayesRelation(o.relation ?? 'substitution') };
}

function targetBeta(beta: number): number {
  return requireInRange('targetBayesSecurity', beta, { min: 0, minExclusive: true, max: 1 });
}

/**
 * 2/factor·√2·erfinv(1 − β): the largest p√T/σ meeting the target. Computed as erfcinv(β), which
 * equals erfinv(1 − β) without the rounding of 1 − β (β = 1e−320 gives 27.07…, not erfinv(1) = ∞).
 */
function maxRatio(beta: number, relation: BayesRelation): number {
  const root = erfcinv(beta);
  if (!Number.isFinite(root)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'targetBayesSecurity', expected: 'in (0, 1] with erfcinv(β) finite in float64 (β ≥ 1e−320)', found: beta });
  }
  return (2 / relationSensitivityFactor(relation)) * Math.SQRT2 * root;
}

/**
 * The largest Poisson sampling rate p with β*_MIA ≥ `targetBayesSecurity` (Eq. 4). β = 1 ⇒ 0.
 * A value ≥ 1 is returned as 1 (every rate meets the target).
 *
 * Domain: β ∈ (0, 1], σ > 0, T > 0; relation `substitution` (default) or `addRemove`. Unknown
 * option keys are refused.
 *
 * @example samplingRateForBayesSecurity({ targetBayesSecurity: 0.98, noiseMultiplier: 1, steps: 5000 }) // 0.0003545279005335607
 */
export function samplingRateForBayesSecurity(options: SamplingRateForBayesSecurityOptions): number {
  const { options: o, beta: b, relation: rel } = selection<SamplingRateForBayesSecurityOptions>(options, ['noiseMultiplier', 'steps']);
  const sigma = requireInRange('noiseMultiplier', o.noiseMultiplier, { min: 0, minExclusive: true });
  const t = requireInRange('steps', o.steps, { min: 0, minExclusive: true });
  const p = (maxRatio(b, rel) * sigma) / Math.sqrt(t);
  return Math.min(1, p);
}

/**
 * The smallest noise multiplier σ with β*_MIA ≥ `targetBayesSecurity`: σ = p√T/(√2·erfinv(1 − β))
 * (half for add/remove). p = 0 ⇒ 0 (no noise needed); β = 1 with p > 0 ⇒ +∞.
 *
 * Domain: β ∈ (0, 1], p ∈ [0, 1], T ≥ 0. Unknown option keys are refused.
 *
 * @example noiseMultiplierForBayesSecurity({ targetBayesSecurity: 0.9, samplingRate: 0.009828009828009828, steps: 2020 }) // 3.5151151512784624
 */
export function noiseMultiplierForBayesSecurity(options: NoiseForBayesSecurityOptions): number {
  const { options: o, beta: b, relation: rel } = selection<NoiseForBayesSecurityOptions>(options, ['samplingRate', 'steps']);
  const p = requireProbability('samplingRate', o.samplingRate);
  const t = requireInRange('steps', o.steps, { min: 0 });
  const numerator = p * Math.sqrt(t);
  if (numerator === 0) return 0;
  const ratio = maxRatio(b, rel);
  return ratio === 0 ? Infinity : numerator / ratio;
}

/**
 * The largest number of steps T with β*_MIA ≥ `targetBayesSecurity`: T = (√2·σ·erfinv(1 − β)/p)²
 * (×4 for add/remove). p = 0 ⇒ +∞. Real-valued; floor it for an integer step count.
 *
 * Domain: β ∈ (0, 1], σ > 0, p ∈ [0, 1]. Unknown option keys are refused.
 *
 * @example Math.floor(stepsForBayesSecurity({ targetBayesSecurity: 0.98, noiseMultiplier: 1, samplingRate: 0.0003545279005335607 })) // 5000 (up to rounding: 4999 or 5000)
 */
export function stepsForBayesSecurity(options: StepsForBayesSecurityOptions): number {
  const { options: o, beta: b, relation: rel } = selection<StepsForBayesSecurityOptions>(options, ['noiseMultiplier', 'samplingRate']);
  const sigma = requireInRange('noiseMultiplier', o.noiseMultiplier, { min: 0, minExclusive: true });
  const p = requireProbability('samplingRate', o.samplingRate);
  if (p === 0) return Infinity;
  const root = (maxRatio(b, rel) * sigma) / p;
  return root * root;
}
