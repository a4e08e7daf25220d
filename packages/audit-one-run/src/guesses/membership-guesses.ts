/**
 * Turning per-canary attack scores into a one-run observation, with abstention ([SNJ] §7 "we
 * abstain on all but the k₊ highest and k₋ lowest scores"; [MMC] §5; docs/math/audit-one-run.md).
 */
import { DpboundsTypeError, requireFiniteArray, requireFunction, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { OneRunObservation } from '../observation/observation.js';

/** Canaries with their attack score (higher = more likely included) and true membership. */
export interface ScoredCanaries {
  /** One finite score per canary; higher means "more likely included in training". */
  readonly scores: ArrayLike<number>;
  /** Whether each canary was included (1/true) or not (0/false), same length as `scores`. */
  readonly members: ArrayLike<number | boolean>;
}

/**
 * Per-canary scores sorted once, with prefix counts, so that the observation of any guess
 * configuration (top k₊ guessed "in", bottom k₋ guessed "out") costs O(1).
 */
export interface RankedCanaries {
  readonly canaries: number;
  /** membersInTop[j]: members among the j highest scores (j = 0 … m). */
  readonly membersInTop: Uint32Array;
  /** nonMembersInBottom[j]: non-members among the j lowest scores. */
  readonly nonMembersInBottom: Uint32Array;
}

/**
 * Validates scored canaries and ranks them (ties broken by input order, deterministically).
 *
 * @throws DpboundsTypeError when lengths differ or a membership flag is not 0/1/boolean;
 * DpboundsRangeError when a score is not finite.
 * @example rankCanaries({ scores: [0.9, 0.1, 0.5], members: [1, 0, 1] }).membersInTop // [0, 1, 2, 2]
 */
export function rankCanaries(canaries: ScoredCanaries): RankedCanaries {
  requireObject('canaries', canaries);
  const scores = requireFiniteArray('scores', canaries.scores, { minLength: 1 });
  const m = scores.length;
  const members = canaries.members;
  if (members === null || typeof members !== 'object' || members.length !== m) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'members', expected: `an array of ${m} flags (0/1)`, found: members });
  }
  const isMember = new Uint8Array(m);
  for (let i = 0; i < m; i++) {
    const flag = members[i];
    if (flag === 1 || flag === true) isMember[i] = 1;
    else if (!(flag === 0 || flag === false)) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `members[${i}]`, expected: '0, 1, true or false', found: flag });
    }
  }
  const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  const membersInTop = new Uint32Array(m + 1);
  const nonMembersInBottom = new Uint32Array(m + 1);
  for (let j = 0; j < m; j++) {
    membersInTop[j + 1] = (membersInTop[j] as number) + (isMember[order[j] as number] as number);
    nonMembersInBottom[j + 1] = (nonMembersInBottom[j] as number) + 1 - (isMember[order[m - 1 - j] as number] as number);
  }
  return { canaries: m, membersInTop, nonMembersInBottom };
}

/** How many canaries to guess "in" (the highest scores) and "out" (the lowest); integers ≥ 0 with a sum ≤ the number of canaries. */
export interface GuessCounts {
  readonly inGuesses: number;
  readonly outGuesses: number;
}

/**
 * The observation of guessing "in" for the `inGuesses` highest scores and "out" for the
 * `outGuesses` lowest, abstaining on the rest ([SNJ] §7). Requires inGuesses + outGuesses ≤ m.
 *
 * @example observationFromRanking(rankCanaries({ scores: [3, 2, 1, 0], members: [1, 1, 0, 0] }), { inGuesses: 1, outGuesses: 1 }) // { canaries: 4, guesses: 2, correct: 2 }
 */
export function observationFromRanking(ranked: RankedCanaries, guesses: GuessCounts): OneRunObservation {
  requireObject('ranked', ranked);
  const { inGuesses, outGuesses } = requireOptions<GuessCounts>('guesses', guesses, ['inGuesses', 'outGuesses']);
  // each a number before the sum is printed: a Symbol would throw inside the message's template
  requireInteger('guesses.inGuesses', inGuesses, { min: 0 });
  requireInteger('guesses.outGuesses', outGuesses, { min: 0 });
  if (!(Number.isInteger(inGuesses) && Number.isInteger(outGuesses) && inGuesses >= 0 && outGuesses >= 0 && inGuesses + outGuesses <= ranked.canaries)) {
    throw new DpboundsTypeError({
      code: 'ERR_INVALID_LENGTH',
      parameter: 'inGuesses + outGuesses',
      expected: `non-negative integers with a sum ≤ ${ranked.canaries}`,
      found: `${inGuesses} + ${outGuesses}`,
    });
  }
  const correct = (ranked.membersInTop[inGuesses] as number) + (ranked.nonMembersInBottom[outGuesses] as number);
  return { canaries: ranked.canaries, guesses: inGuesses + outGuesses, correct };
}

/** One candidate guess configuration and the empirical privacy it gives. */
export interface GuessConfiguration {
  readonly inGuesses: number;
  readonly outGuesses: number;
  readonly observation: OneRunObservation;
  /** The score being maximised (empirical ε, or μ) for this configuration. */
  readonly value: number;
}

/** Options of {@link selectMembershipGuesses}. */
export interface GuessSelectionOptions {
  /**
   * Total guess counts r to try (default: 1, 2, 5 × powers of ten up to m, plus m). Each r is split
   * ⌈r/2⌉ top ("in") and ⌊r/2⌋ bottom ("out") unless `split` is `'top'`.
   */
  readonly guessCounts?: readonly number[];
  /** `'both'` (default): top and bottom scores; `'top'`: only "in" guesses on the top scores. */
  readonly split?: 'both' | 'top';
}

/** Result of {@link selectMembershipGuesses}. */
export interface GuessSelection {
  /** The configuration with the largest value (ties: the fewest guesses). */
  readonly best: GuessConfiguration;
  /** Every configuration evaluated, in the order tried. */
  readonly configurations: readonly GuessConfiguration[];
}

/**
 * The default candidate guess counts for m canaries: 1, 2, 5, 10, 20, 50, … below m, and m.
 *
 * @example defaultGuessCounts(1000) // [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
 */
export function defaultGuessCounts(m: number): number[] {
  requireInteger('m', m, { min: 1 });
  const counts: number[] = [];
  for (let scale = 1; scale < m; scale *= 10) {
    for (const factor of [1, 2, 5]) if (factor * scale < m) counts.push(factor * scale);
  }
  counts.push(m);
  return counts;
}

/**
 * Chooses how many guesses to make from scored canaries by maximising an empirical privacy
 * measure over candidate configurations, as the papers' experiments do ([SNJ] §7, [MMC] §5).
 *
 * Multiple-testing caveat: each configuration's audit holds at its confidence for that
 * configuration chosen in advance; reporting the best of n configurations is optimistic. For a
 * guarantee that holds for the maximum, run the audits at significance τ/n (Bonferroni, e.g. via
 * the `bonferroni` option of {@link auditScores}), or fix the guess count before seeing the scores.
 *
 * @throws DpboundsTypeError / DpboundsRangeError on malformed scores, members or guess counts.
 * @example selectMembershipGuesses(ranked, (obs) => fdpEmpiricalMu(obs).mu).best.observation
 */
export function selectMembershipGuesses(
  ranked: RankedCanaries,
  measure: (observation: OneRunObservation) => number,
  options: GuessSelectionOptions = {},
): GuessSelection {
  requireObject('ranked', ranked);
  requireFunction('measure', measure);
  requireOptions('options', options, ['guessCounts', 'split']);
  const m = ranked.canaries;
  const counts = options.guessCounts ?? defaultGuessCounts(m);
  if (counts.length === 0) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'guessCounts', expected: 'at least one guess count', found: counts });
  }
  const configurations: GuessConfiguration[] = [];
  let best: GuessConfiguration | undefined;
  for (const r of counts) {
    if (!(Number.isInteger(r) && r >= 0 && r <= m)) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'guessCounts', expected: `integers in [0, ${m}]`, found: r });
    }
    const inGuesses = options.split === 'top' ? r : Math.ceil(r / 2);
    const outGuesses = r - inGuesses;
    const observation = observationFromRanking(ranked, { inGuesses, outGuesses });
    const configuration: GuessConfiguration = { inGuesses, outGuesses, observation, value: measure(observation) };
    configurations.push(configuration);
    if (best === undefined || configuration.value > best.value) best = configuration;
  }
  return { best: best as GuessConfiguration, configurations };
}
