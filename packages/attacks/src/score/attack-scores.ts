/**
 * The common result of the score-based attacks.
 */

/** Per-target attack output; arrays have one entry per target. */
export interface AttackScores {
  /** Higher = more likely a member (the CLI's `score` convention). Finite. */
  readonly scores: Float64Array;
  /**
   * Natural log of the p-value of the test of "non-member" (small ⇒ member), where the attack
   * defines one; absent otherwise (loss threshold, LiRA online).
   */
  readonly logPValues?: Float64Array;
}
