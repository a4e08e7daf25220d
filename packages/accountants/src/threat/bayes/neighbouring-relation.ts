/**
 * The neighbouring relation of the Bayes-security membership game (Cherubin et al. 2024, §4).
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';

/**
 * `substitution`: the attacker tells apart two candidate records (the paper's Game 2; the
 * worst-case gradient difference per step is 2C). `addRemove`: the record is present or absent
 * (per-step difference C).
 */
export type BayesRelation = 'substitution' | 'addRemove';

/**
 * Validates a relation name, throwing a DpboundsRangeError naming `relation` otherwise.
 *
 * @example requireBayesRelation('addRemove') // 'addRemove'
 */
export function requireBayesRelation(relation: unknown, parameter = 'relation'): BayesRelation {
  if (relation === 'substitution' || relation === 'addRemove') return relation;
  throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter, expected: 'one of "substitution", "addRemove"', found: relation });
}

/**
 * Worst-case per-step sensitivity in units of the clipping norm C: 2 for substitution, 1 for
 * add/remove (Cherubin et al. 2024, proof of Corollary 7).
 *
 * @example relationSensitivityFactor('substitution') // 2
 */
export function relationSensitivityFactor(relation: BayesRelation): number {
  return relation === 'substitution' ? 2 : 1;
}
