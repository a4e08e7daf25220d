/**
 * A one-run membership audit from per-canary scores: choose the guesses with abstention, then
 * audit ([SNJ] §7, [MMC] §5; docs/math/audit-one-run.md).
 */
import { DpboundsTypeError, requireArray, requireFunction, requireObject, requireOptions } from '@dpbounds/special-functions';
import { significanceFromConfidence, validateBucketSize } from '../observation/observation.js';
import {
  rankCanaries,
  selectMembershipGuesses,
  type GuessSelectionOptions,
  type RankedCanaries,
  type ScoredCanaries,
} from '../guesses/membership-guesses.js';
import { rankConfidentGuesses, type ConfidentGuesses } from '../guesses/reconstruction-guesses.js';
import { auditOneRun, type AuditOptions, type AuditResult } from './audit-one-run.js';
import { auditLabels } from './audit-view.js';

/** Options of {@link auditScores}. */
export interface ScoreAuditOptions extends Omit<AuditOptions, 'bucketSize'>, GuessSelectionOptions {
  /**
   * Divide the significance by the number of configurations tried (Bonferroni), so that the
   * reported best ε holds at the stated confidence despite the choice. Default false (the
   * papers' practice, optimistic).
   */
  readonly bonferroni?: boolean;
  /** Called after each configuration is audited with (done, total), e.g. to draw a progress bar. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Result of {@link auditScores}: the best configuration's audit and how it was chosen. */
export interface ScoreAuditResult extends AuditResult {
  /** Guesses "in" on the highest scores (reconstruction: the guesses kept, the most confident). */
  readonly inGuesses: number;
  /** Guesses "out" on the lowest scores (0 for reconstruction). */
  readonly outGuesses: number;
  /** Number of guess configurations compared (the multiple-testing factor). */
  readonly configurationsTried: number;
  /** Whether the confidence of each test was Bonferroni-corrected. */
  readonly bonferroni: boolean;
  /** The confidence each individual test was run at (= confidence unless Bonferroni). */
  readonly testConfidence: number;
}

/**
 * Audits a membership game from scores (higher = more likely included) and true membership
 * flags: every candidate guess count r is split into ⌈r/2⌉ "in" guesses on the highest scores and
 * ⌊r/2⌋ "out" guesses on the lowest (or only top, `split: 'top'`), each configuration is audited,
 * and the one with the largest empirical ε is reported with its counts.
 *
 * Multiple testing: picking the best of n configurations is optimistic (each test holds at its
 * confidence only for a configuration fixed in advance). `bonferroni: true` runs each test at
 * significance τ/n so the reported maximum holds at the stated confidence.
 *
 * @throws DpboundsTypeError / DpboundsRangeError on malformed scores/members or options.
 * @example auditScores({ scores, members }, { method: 'fdp', delta: 1e-5 }).empiricalEpsilon
 */
export function auditScores(canaries: ScoredCanaries, options: ScoreAuditOptions = {}): ScoreAuditResult {
  requireObject('canaries', canaries);
  requireOptions('options', options, ['bonferroni', 'onProgress', 'method', 'confidence', 'delta', 'family', 'guessCounts', 'split']);
  return auditRanked(rankCanaries(canaries), options, 2);
}

/** Options of {@link auditConfidentGuesses}: as {@link ScoreAuditOptions}, with the bucket size. */
export interface ConfidentGuessAuditOptions extends Omit<ScoreAuditOptions, 'split'> {
  /** Options per canary k ≥ 2 (default 2). */
  readonly bucketSize?: number;
}

/**
 * Audits a reconstruction game (k options per canary, default 2) from per-canary guesses with
 * confidences and correctness: for every candidate guess count r the r most confident guesses
 * are kept (the attacker abstains on the rest), each configuration is audited ([MMC] Algorithm 3
 * with k, or [SNJ] for k = 2), and the best is reported with its counts. Same multiple-testing
 * caveat and `bonferroni` option as {@link auditScores}.
 *
 * @throws DpboundsTypeError / DpboundsRangeError on malformed inputs or options.
 * @example auditConfidentGuesses({ confidences, correct }, { bucketSize: 10 }).empiricalEpsilon
 */
export function auditConfidentGuesses(guesses: ConfidentGuesses, options: ConfidentGuessAuditOptions = {}): ScoreAuditResult {
  requireObject('guesses', guesses);
  requireOptions('options', options, ['bucketSize', 'method', 'confidence', 'delta', 'family', 'bonferroni', 'onProgress', 'guessCounts']);
  const bucketSize = validateBucketSize(options.bucketSize ?? 2);
  return auditRanked(rankConfidentGuesses(guesses), { ...options, split: 'top' }, bucketSize);
}

function auditRanked(ranked: RankedCanaries, options: ScoreAuditOptions, bucketSize: number): ScoreAuditResult {
  const confidence = options.confidence ?? 0.95;
  const tau = significanceFromConfidence(confidence);
  const bonferroni = options.bonferroni ?? false;
  if (bonferroni !== true && bonferroni !== false) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'bonferroni', expected: 'true or false', found: bonferroni });
  // checked before any work: a wrong-typed callback would otherwise fail as a plain TypeError mid-audit
  const onProgress = options.onProgress === undefined ? undefined : requireFunction<(done: number, total: number) => void>('options.onProgress', options.onProgress);
  const counts = options.guessCounts === undefined ? undefined : requireArray<number>('guessCounts', options.guessCounts);
  const configurations = counts === undefined ? undefined : counts.length;
  // The number of configurations is needed before testing for Bonferroni: count them first.
  const selectionOptions = {
    ...(counts === undefined ? {} : { guessCounts: counts }),
    ...(options.split === undefined ? {} : { split: options.split }),
  };
  const tried = configurations ?? selectMembershipGuesses(ranked, () => 0, selectionOptions).configurations.length;
  const testConfidence = bonferroni ? 1 - tau / tried : confidence;
  const auditOptions: AuditOptions = {
    ...(options.method === undefined ? {} : { method: options.method }),
    ...(options.delta === undefined ? {} : { delta: options.delta }),
    ...(options.family === undefined ? {} : { family: options.family }),
    confidence: testConfidence,
    bucketSize,
  };
  const audits = new Map<string, AuditResult>();
  let done = 0;
  const selection = selectMembershipGuesses(
    ranked,
    (observation) => {
      const audit = auditOneRun(observation, auditOptions);
      audits.set(`${observation.guesses}:${observation.correct}`, audit);
      done++;
      onProgress?.(done, tried);
      return audit.empiricalEpsilon;
    },
    selectionOptions,
  );
  const best = selection.best;
  const audit = audits.get(`${best.observation.guesses}:${best.observation.correct}`) as AuditResult;
  // One configuration, or Bonferroni: the best ε is a lower bound at `confidence`; otherwise the
  // choice of the best of several is multiple testing and the number is only empirical.
  const kind = bonferroni || selection.configurations.length === 1 ? 'lower-bound' : 'empirical';
  return {
    ...audit,
    confidence,
    ...auditLabels(kind, confidence, bucketSize, audit.empiricalEpsilon),
    inGuesses: best.inGuesses,
    outGuesses: best.outGuesses,
    configurationsTried: selection.configurations.length,
    bonferroni,
    testConfidence,
  };
}
