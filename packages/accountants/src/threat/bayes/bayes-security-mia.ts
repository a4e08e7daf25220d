/**
 * Bayes security of DP-SGD against membership inference (Cherubin et al., USENIX Security 2024,
 * Corollary 7): β* ≥ 1 − erf(p√T/(√2σ)) for substitution, 1 − erf(p√T/(2√2σ)) for add/remove.
 */
import { requireInRange, requireProbability, requireOptions } from '@dpbounds/special-functions';
import { bayesSecurityBoundUnchecked } from './bayes-security-bound.js';
import type { BayesSecurityBound } from './bayes-security-bound.js';
import { relationSensitivityFactor, requireBayesRelation } from './neighbouring-relation.js';
import type { BayesRelation } from './neighbouring-relation.js';

/** Inputs of {@link bayesSecurityMia}. */
export interface BayesMiaInput {
  /** Poisson sampling rate p ∈ [0, 1]. */
  readonly samplingRate: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
  /** Number of steps T ≥ 0 (real accepted, as in the paper's closed form). */
  readonly steps: number;
  /** Neighbouring relation; default `substitution` (the paper's Game 2). */
  readonly relation?: BayesRelation;
}

/** The keys of {@link BayesMiaInput} (any other key is refused). */
export const MIA_INPUT_KEYS: readonly string[] = ['samplingRate', 'noiseMultiplier', 'steps', 'relation'];

/** {@link BayesSecurityBound} plus the relation it was computed for. */
export interface BayesMiaBound extends BayesSecurityBound {
  readonly relation: BayesRelation;
}

/**
 * Closed-form Bayes security against membership inference. The estimate is independent of the
 * clipping norm: Δ_f = 2C√T (substitution) or C√T (add/remove). The error term counts two
 * approximated mixtures for substitution and one for add/remove (the "absent" side is exactly
 * Gaussian). Cost: two erfc evaluations (≥ 10⁶ per second, see docs/benchmarks.md).
 *
 * Domain: p ∈ [0, 1], σ > 0, T ≥ 0 finite.
 *
 * @example bayesSecurityMia({ samplingRate: 0.01, noiseMultiplier: 1, steps: 100 }).bayesSecurity // 0.920344325445942
 */
export function bayesSecurityMia(input: BayesMiaInput): BayesMiaBound {
  requireOptions('input', input, MIA_INPUT_KEYS);
  const relation = input.relation === undefined || input.relation === 'substitution' ? 'substitution' : requireBayesRelation(input.relation);
  const { samplingRate: p, noiseMultiplier: sigma, steps } = input;
  // Fast domain checks first (this is evaluated in tight loops); the helpers build the error.
  if (!(typeof p === 'number' && p >= 0 && p <= 1)) requireProbability('samplingRate', p);
  if (!(typeof sigma === 'number' && sigma > 0 && sigma < Infinity)) requireInRange('noiseMultiplier', sigma, { min: 0, minExclusive: true });
  if (!(typeof steps === 'number' && steps >= 0 && steps < Infinity)) requireInRange('steps', steps, { min: 0 });
  const factor = relationSensitivityFactor(relation);
  const bound = bayesSecurityBoundUnchecked(p, sigma, factor * Math.sqrt(steps), steps, sigma, factor === 2 ? 2 : 1);
  return {
    bayesSecurity: bound.bayesSecurity,
    tvErrorTerm: bound.tvErrorTerm,
    approximationError: bound.approximationError,
    pinskerLowerBound: bound.pinskerLowerBound,
    mixtureConvexityLowerBound: bound.mixtureConvexityLowerBound,
    certifiedLowerBound: bound.certifiedLowerBound,
    relation,
  };
}
