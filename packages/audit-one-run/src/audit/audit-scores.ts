/**
 * A one-run membership audit from per-canary scores: choose the guesses with abstention, then
 * audit ([SNJ] §7, [MMC] §5; spec §1.3, §4.3).
 */
import { significanceFromConfidence } from '../observation/observation.js';
import {
  rankCanaries,
  selectMembershipGuesses,
  type GuessSelectionOptions,
  type ScoredCanaries,
} from '../guesses/membership-guesses.js';
import { auditOneRun, type AuditOptions, type AuditResult } from './audit-one-run.js';

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
  /** Guesses "in" on the highest scores. */
  readonly inGuesses: number;
  /** Guesses "out" on the lowest scores. */
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
  const ranked = rankCanaries(canaries);
  const confidence = options.confidence ?? 0.95;
  const tau = significanceFromConfidence(confidence);
  const bonferroni = options.bonferroni ?? false;
  const counts = options.guessCounts;
  const configurations = counts === undefined ? undefined : counts.length;
  // The number of configurations is needed before testing for Bonferroni: count them first.
  const tried = configurations ?? selectMembershipGuesses(ranked, () => 0, options).configurations.length;
  const testConfidence = bonferroni ? 1 - tau / tried : confidence;
  const auditOptions: AuditOptions = {
    ...(options.method === undefined ? {} : { method: options.method }),
    ...(options.delta === undefined ? {} : { delta: options.delta }),
    ...(options.family === undefined ? {} : { family: options.family }),
    confidence: testConfidence,
  };
  const audits = new Map<string, AuditResult>();
  let done = 0;
  const selection = selectMembershipGuesses(
    ranked,
    (observation) => {
      const audit = auditOneRun(observation, auditOptions);
      audits.set(`${observation.guesses}:${observation.correct}`, audit);
      done++;
      options.onProgress?.(done, tried);
      return audit.empiricalEpsilon;
    },
    options,
  );
  const best = selection.best;
  const audit = audits.get(`${best.observation.guesses}:${best.observation.correct}`) as AuditResult;
  return {
    ...audit,
    confidence,
    inGuesses: best.inGuesses,
    outGuesses: best.outGuesses,
    configurationsTried: selection.configurations.length,
    bonferroni,
    testConfidence,
  };
}
