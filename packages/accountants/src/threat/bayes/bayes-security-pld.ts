/**
 * The exact Bayes security of DP-SGD against membership inference, β* = 1 − δ(0), bracketed by
 * the PLD accountant (Cherubin et al., USENIX Security 2024, Prop. 8 and §4.1, where the PLD value
 * is the ground truth the closed form is compared to). Slow (about a second for 10⁴ steps) but
 * rigorous on both sides, unlike the closed form's Gaussian approximation.
 */
import { requireInRange, requireInteger, requireProbability, requireOptions } from '@dpbounds/special-functions';
import { dpSgdEvent } from '../../events/mechanism-event.js';
import { PldAccountant } from '../../pld/pld-accountant.js';
import { requireBayesRelation } from './neighbouring-relation.js';
import type { BayesRelation } from './neighbouring-relation.js';

/** β* bracket from the PLD accountant. */
export interface BayesSecurityPldBracket {
  /** 1 − (pessimistic δ(0)): a guarantee, β*_true ≥ lower. */
  readonly lower: number;
  /** 1 − (rigorous lower bound on δ(0)): β*_true ≤ upper. */
  readonly upper: number;
}

/**
 * β* = 1 − δ(0) of T steps of the Poisson-subsampled Gaussian mechanism, from the PLD
 * accountant's pessimistic δ(0) (→ `lower`) and its rigorous lower bound on δ(0) (→ `upper`).
 * Substitution uses the substitution PLD; add/remove the worse of both directions.
 *
 * Domain: p ∈ [0, 1], σ > 0, T integer ≥ 1.
 *
 * @example bayesSecurityFromPld({ samplingRate: 0.01, noiseMultiplier: 2, steps: 1000 }).lower // ≈ 0.90 (closed form 0.9 with error ±0.5)
 */
export function bayesSecurityFromPld(input: { readonly samplingRate: number; readonly noiseMultiplier: number; readonly steps: number; readonly relation?: BayesRelation }): BayesSecurityPldBracket {
  requireOptions('input', input, ['samplingRate', 'noiseMultiplier', 'steps', 'relation']);
  const relation = requireBayesRelation(input.relation ?? 'substitution');
  const samplingRate = requireProbability('samplingRate', input.samplingRate);
  const noiseMultiplier = requireInRange('noiseMultiplier', input.noiseMultiplier, { min: 0, minExclusive: true });
  const steps = requireInteger('steps', input.steps, { min: 1 });
  if (samplingRate === 0) return { lower: 1, upper: 1 };
  const pld = new PldAccountant({ neighbouring: relation === 'substitution' ? 'substitution' : 'add-remove' }).compose(dpSgdEvent({ samplingRate, noiseMultiplier, steps }));
  const delta = pld.getDeltaBounds(0);
  return { lower: Math.max(0, 1 - delta.upper), upper: Math.min(1, 1 - delta.lower) };
}
