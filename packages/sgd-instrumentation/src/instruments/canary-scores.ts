/**
 * Canary scores in the form the one-run audit reads (`dpbounds audit --scores`: columns
 * `score,member`; higher score = more likely included).
 */
import { requireArray, requireObject } from '@dpbounds/special-functions';
import type { SamplingName } from '../training/samplers/batch-sampler.js';

/** One canary's white-box score and its secret inclusion bit. */
export interface CanaryScore {
  readonly id: number;
  readonly score: number;
  /** 1 when the canary was included in training, 0 otherwise. */
  readonly member: 0 | 1;
}

/** How the canaries joined the batches of the run. */
export interface CanarySampling {
  /** The run's batch sampler: each canary joins the batches a record would join under it. */
  readonly sampler: SamplingName;
  /** The law of one canary's batch participation, in words. */
  readonly participation: string;
}

/** The canary trace: scores of every canary with the secret bits, revealed after training. */
export interface CanaryScoresTrace {
  readonly format: 'dpbounds.canary-scores';
  readonly version: 1;
  /** `dirac` (gradient canaries on single coordinates) or `input` (records). */
  readonly kind: 'dirac' | 'input';
  /** How scores were computed, in words. */
  readonly scoring: string;
  readonly canaries: number;
  /** The sampler whose law the canaries' batch participation followed (absent in traces written before it was recorded). */
  readonly sampling?: CanarySampling;
  readonly scores: readonly CanaryScore[];
}

/**
 * CSV text `score,member` (one row per canary, with a header) for `dpbounds audit --scores`.
 *
 * @example canaryScoresCsv(trace).split('\n')[0] // "score,member"
 */
export function canaryScoresCsv(trace: CanaryScoresTrace): string {
  requireArray('trace.scores', requireObject('trace', trace)['scores']);
  return `score,member\n${trace.scores.map((s) => `${s.score},${s.member}`).join('\n')}\n`;
}
