/**
 * The loss-threshold attack (Yeom, Giacomelli, Fredrikson & Jha 2018, "Privacy Risk in Machine
 * Learning: Analyzing the Connection to Overfitting", CSF, §3.2): members tend to have lower
 * loss, so the score is the negated loss and the attack flags targets above a threshold
 * (docs/math/attacks.md §1).
 */
import { requireFiniteArray } from '@dpbounds/special-functions';
import type { AttackScores } from './attack-scores.js';

/**
 * Scores = −loss (higher = more likely a member). Sweeping the threshold over these scores
 * gives the attack's ROC ({@link evaluateAttack}).
 *
 * @throws DpboundsTypeError / DpboundsRangeError for an empty array or a non-finite loss (naming its index).
 * @example lossThresholdScores([0.1, 2.3]).scores // Float64Array [-0.1, -2.3]
 */
export function lossThresholdScores(losses: ArrayLike<number>): AttackScores {
  requireFiniteArray('losses', losses, { minLength: 1 });
  return { scores: Float64Array.from(losses, (loss) => 0 - loss) };
}
