/**
 * `dpbounds audit --released FILE --canary-bits FILE`: the white-box one-run audit of a run
 * recorded in another framework (docs/audit-one-run.md §"White-box audit from released values").
 * The released values are a T × m matrix: step t's released noisy sum on the coordinate of
 * Dirac canary j (gradient C·e_j, inserted with a fair coin, then joining each step's sum with
 * probability q as a Poisson-sampled record would). dpbounds scores the canaries itself, without
 * the bits (`diracCanaryScores` of @dpbounds/sgd-instrumentation, the score the trainer's canaries
 * use), audits the scores (`auditScores`, the defaults of `audit --scores`), and holds the
 * audit against the PLD guarantee of the claimed run (q, σ, T, δ).
 *
 * The default score is the likelihood ratio at the noise scale measured from the released values
 * (`releasedNoiseScale`, no bits used), not at the claimed σ: an implementation that adds less
 * noise than it claims is then scored at its real noise, and caught. Scoring at the claimed σ
 * (`--score claimed`) flattens the ratio of an under-noised run and can miss it; any score keeps
 * the audit valid (docs/math/audit-one-run.md §"Scoring at a measured noise scale").
 *
 * Two functions serve `dpbounds report` as well: {@link readReleasedValues} and
 * {@link auditReleasedValues}.
 */
import { auditScores, type AuditFamily } from '@dpbounds/audit-one-run';
import { dpSgdEvent, PldAccountant } from '@dpbounds/accountants';
import { diracCanaryScores, releasedNoiseScale } from '@dpbounds/sgd-instrumentation';
import type { CommandIo, CommandResult, FlagSpec } from '../command.js';
import { choice, hasFlag, numberList, optionalNumber, optionalString, requiredNumber, type ParsedFlags } from '../flags.js';
import { formatNumber } from '../format.js';
import { formatOf, readMatrix, readTable } from '../io/index.js';
import { createProgress } from '../progress.js';
import { UsageError } from '../usage-error.js';
import { auditJson, auditText } from './audit-json.js';

/** The scores `--score` offers (see {@link SCORE_ASSUMES}). */
export const RELEASED_SCORES = ['measured', 'claimed', 'sum'] as const;

/** Which canary score an audit of released values uses. */
export type ReleasedScore = (typeof RELEASED_SCORES)[number];

/** What each score assumes, in words (the JSON's `scoreAssumes`). */
export const SCORE_ASSUMES: Readonly<Record<ReleasedScore, string>> = {
  measured:
    'likelihood ratio log(1 - q + q exp((u_t/C - 1/2)/s^2)) summed over steps, at the noise multiplier s measured from the released values (1.4826 x median absolute deviation of all entries / C, no bits used): trusts the clip norm C and the rate q, not the claimed sigma',
  claimed:
    'likelihood ratio log(1 - q + q exp((u_t/C - 1/2)/sigma^2)) summed over steps at the claimed noise multiplier sigma: the most powerful score when the run adds the noise it claims; an under-noised run scored so can pass',
  sum: 'sum over steps of the released values u_t: assumes nothing of sigma, C or q; weaker than the likelihood ratio when q is small (it adds every step noise to the few steps a canary joins)',
};

/** What the comparison with the claimed guarantee assumes of the canaries. */
export const RELEASED_CANARIES =
  'each canary was inserted with a fair coin drawn independently of everything else, and an inserted canary joined each step\'s sum independently with probability q (as a Poisson-sampled record does): then its privacy loss is at most the claimed run\'s guarantee';

/** Names of the flags (or run-file fields) that messages name. */
export interface ReleasedNames {
  readonly released: string;
  readonly canaryBits: string;
  readonly steps: string;
  readonly clipNorm: string;
  readonly delta: string;
}

/** The flags of `dpbounds audit`. */
export const RELEASED_FLAG_NAMES: ReleasedNames = { released: '--released', canaryBits: '--canary-bits', steps: '--steps', clipNorm: '--clip-norm', delta: '--delta' };

/** The released values and the canary bits, validated against each other and the step count. */
export interface ReleasedValues {
  /** T × m released values, row-major (row t: step t's released noisy sum on each canary's coordinate). */
  readonly released: Float64Array;
  /** Rows T (= the run's steps). */
  readonly steps: number;
  /** Columns m (= canaries). */
  readonly canaries: number;
  /** m values, 1 = inserted, 0 = not. */
  readonly bits: Float64Array;
  /** The paths as given. */
  readonly releasedPath: string;
  readonly bitsPath: string;
}

/**
 * Reads and validates the released-values matrix and the canary bits: `released` a 2-D `.npy`
 * (float32 or float64) or a CSV of T rows and m numeric columns (an optional header row);
 * `canaryBits` m values 0/1 as a 1-D `.npy`, a CSV (or JSON/JSONL) with a `member` column, or one
 * value per line. Rows must equal `steps`, columns the number of bits. Every problem is one
 * UsageError line naming the flag (`names`, e.g. `--released`, or a run-file field).
 *
 * @throws UsageError naming the flag, the file and what was found.
 * @example await readReleasedValues(io, { released: 'released.npy', canaryBits: 'bits.npy' }, { steps: 300 })
 */
export async function readReleasedValues(
  io: CommandIo,
  files: { readonly released: string; readonly canaryBits: string },
  expected: { readonly steps: number },
  names: Pick<ReleasedNames, 'released' | 'canaryBits' | 'steps'> = RELEASED_FLAG_NAMES,
): Promise<ReleasedValues> {
  const named = (flag: string) => (error: unknown): never => {
    if (error instanceof UsageError && !error.message.startsWith(flag)) throw new UsageError(`${flag} ${error.message}`);
    throw error;
  };
  const matrix = await readMatrix(files.released, io, { minRows: 1 }).catch(named(names.released));
  if (matrix.ndim !== 2) {
    throw new UsageError(`${names.released} ${files.released}: expected a 2-D array of ${expected.steps} steps × m canaries; found a 1-D array of ${matrix.rows} values`);
  }
  if (matrix.rows !== expected.steps) {
    throw new UsageError(`${names.released} ${files.released}: ${matrix.rows} rows, but ${names.steps} is ${expected.steps} (one row per step)`);
  }
  const bits = await readBits(io, files.canaryBits).catch(named(names.canaryBits));
  if (bits.length !== matrix.columns) {
    throw new UsageError(`${names.canaryBits} ${files.canaryBits}: ${bits.length} bits, but ${names.released} ${files.released} has ${matrix.columns} columns (one per canary)`);
  }
  return { released: matrix.data, steps: matrix.rows, canaries: matrix.columns, bits, releasedPath: files.released, bitsPath: files.canaryBits };
}

/** m bits 0/1: a 1-D `.npy`, a table with a `member` column, or one value per line. */
async function readBits(io: CommandIo, path: string): Promise<Float64Array> {
  const format = formatOf(path);
  if (format !== 'npy') {
    const table = await readTable(path, io, { columns: { member: { kind: 'binary' } } }).catch((error: unknown) => {
      if (error instanceof UsageError && error.message.includes('missing column "member"')) return undefined;
      throw error;
    });
    if (table !== undefined) return table.numbers('member');
  }
  const matrix = await readMatrix(path, io, { minRows: 1 });
  if (matrix.columns !== 1) {
    throw new UsageError(`${path}: expected one 0/1 value per canary (a 1-D .npy, a member column, or one value per line); found ${matrix.columns} columns and no member column`);
  }
  for (let i = 0; i < matrix.data.length; i++) {
    const v = matrix.data[i] as number;
    if (v !== 0 && v !== 1) throw new UsageError(`${path}: value ${i + 1} must be 0 or 1 (canary inserted or not); found ${formatNumber(v)}`);
  }
  return matrix.data;
}

/** The claimed run the audit is held against. */
export interface ReleasedRun {
  /** Poisson rate q the loop ran (Opacus: sample_rate); each inserted canary joins a step with this probability. */
  readonly samplingRate: number;
  /** Claimed noise multiplier σ (the accountant's). */
  readonly noiseMultiplier: number;
  readonly steps: number;
  /** δ of the guarantee and of the audit's ε, > 0. */
  readonly delta: number;
  /** Clip norm C (an included canary adds C); needed by the `measured` and `claimed` scores. */
  readonly clipNorm?: number;
}

/** How the audit runs: the score, and the options of `audit --scores`. */
export interface ReleasedAuditOptions {
  /** Default `measured`. */
  readonly score?: ReleasedScore;
  readonly method?: 'fdp' | 'steinke';
  /** Default 0.95. */
  readonly confidence?: number;
  readonly bonferroni?: boolean;
  readonly guessCounts?: readonly number[];
  readonly split?: 'both' | 'top';
  /** Default `gaussian`; `subsampled-gaussian` searches σ at the run's q and T. */
  readonly family?: 'gaussian' | 'subsampled-gaussian';
  readonly onProgress?: (done: number, total: number) => void;
  /** Names that messages use (defaults: the flags of `dpbounds audit`). */
  readonly names?: Pick<ReleasedNames, 'clipNorm' | 'delta' | 'steps'>;
}

/** The guarantee of the claimed run the audit is held against. */
export interface ReleasedGuarantee {
  readonly epsilon: number;
  readonly delta: number;
  readonly kind: 'guarantee';
  readonly neighbouring: 'add-remove';
  readonly accountant: 'pld';
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
}

/** An audit of released values: the JSON document (`json`, JSON-ready) and the readable text. */
export interface ReleasedAudit {
  readonly json: Record<string, unknown> & {
    readonly empiricalEpsilon: number;
    readonly kind: string;
    readonly neighbouring: string;
    readonly score: ReleasedScore;
    readonly scoreAssumes: string;
    readonly claimedNoiseMultiplier: number;
    readonly measuredNoiseMultiplier: number | null;
    readonly measuredNoiseScale: number;
    readonly scoredNoiseMultiplier: number | null;
    readonly clipNorm: number | null;
    readonly samplingRate: number;
    readonly steps: number;
    readonly inserted: number;
    readonly guarantee: ReleasedGuarantee;
    readonly auditExceedsGuarantee: boolean;
    readonly verdict: string;
    readonly canaryAssumption: string;
  };
  readonly text: string;
  /** The canaries' scores (one per canary, higher = more likely inserted), for ROC points. */
  readonly scores: Float64Array;
}

const guaranteeCache = new Map<string, number>();

/** The PLD add-remove ε of the claimed Poisson run (a guarantee), memoised for repeated audits of one run. */
function claimedEpsilon(run: ReleasedRun): number {
  const key = `${run.samplingRate}:${run.noiseMultiplier}:${run.steps}:${run.delta}`;
  let epsilon = guaranteeCache.get(key);
  if (epsilon === undefined) {
    epsilon = new PldAccountant({ neighbouring: 'add-remove' }).compose(dpSgdEvent({ samplingRate: run.samplingRate, noiseMultiplier: run.noiseMultiplier, steps: run.steps })).getEpsilon(run.delta);
    if (guaranteeCache.size > 16) guaranteeCache.clear();
    guaranteeCache.set(key, epsilon);
  }
  return epsilon;
}

/**
 * Scores the canaries from the released values (no bits), audits the scores with the bits
 * (`auditScores`, the defaults of `dpbounds audit --scores`) and holds the audit's ε against the
 * claimed run's PLD guarantee at the same δ: `auditExceedsGuarantee` true means that, at the
 * audit's confidence, the run leaks more than the claimed q, σ, T allow (less noise, larger
 * gradients or more sampling than claimed). Labels: the audit's `kind` (`lower-bound`, or
 * `empirical` for the uncorrected best of several guess counts) and `neighbouring: add-remove`;
 * the guarantee's `kind: guarantee`.
 *
 * @throws UsageError naming `names.clipNorm` when the score needs C and none is given, `names.delta` for δ = 0, `names.steps` for a step count that differs from the file's rows.
 * @example auditReleasedValues(values, { samplingRate: 0.05, noiseMultiplier: 1, steps: 200, delta: 1e-5, clipNorm: 1 }).json.auditExceedsGuarantee
 */
export function auditReleasedValues(values: ReleasedValues, run: ReleasedRun, options: ReleasedAuditOptions = {}): ReleasedAudit {
  const names = { ...RELEASED_FLAG_NAMES, ...options.names };
  const score = options.score ?? 'measured';
  if (run.steps !== values.steps) throw new UsageError(`${names.steps} is ${run.steps}, but the released values have ${values.steps} rows (one per step)`);
  if (!(run.delta > 0)) throw new UsageError(`${names.delta} must be > 0 for an audit of released values (the audit's ε and the claimed guarantee are compared at δ); found ${run.delta}`);
  const clipNorm = run.clipNorm;
  if (clipNorm === undefined && score !== 'sum') {
    throw new UsageError(
      `${names.clipNorm} C is needed for the ${score} score: the released values are in the units of your gradients and an inserted canary adds C (Opacus: max_grad_norm); or use the sum score, which needs no C`,
    );
  }
  const measuredNoiseScale = releasedNoiseScale(values.released);
  const measuredNoiseMultiplier = clipNorm === undefined ? null : measuredNoiseScale / clipNorm;
  if (measuredNoiseMultiplier !== null && !Number.isFinite(measuredNoiseMultiplier)) {
    throw new UsageError(`${names.clipNorm} must be large enough for the measured noise multiplier (the released values' noise scale ${measuredNoiseScale} / C) to be finite; found ${clipNorm}`);
  }
  const scoredNoiseMultiplier = score === 'sum' ? null : score === 'claimed' ? run.noiseMultiplier : (measuredNoiseMultiplier as number);
  const scores = diracCanaryScores(values.released, {
    canaries: values.canaries,
    samplingRate: run.samplingRate,
    // σ = 0 is the sum score (a measured scale of 0 means more than half the values are equal)
    noiseMultiplier: scoredNoiseMultiplier ?? 0,
    clipNorm: clipNorm ?? 1,
  });
  const family: AuditFamily = options.family === 'subsampled-gaussian' ? { kind: 'subsampled-gaussian', samplingRate: run.samplingRate, steps: run.steps } : { kind: 'gaussian' };
  const result = auditScores(
    { scores, members: values.bits },
    {
      ...(options.method === undefined ? {} : { method: options.method }),
      confidence: options.confidence ?? 0.95,
      delta: run.delta,
      family,
      bonferroni: options.bonferroni ?? false,
      ...(options.guessCounts === undefined ? {} : { guessCounts: options.guessCounts }),
      split: options.split ?? 'both',
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    },
  );
  const epsilon = claimedEpsilon(run);
  const guarantee: ReleasedGuarantee = { epsilon, delta: run.delta, kind: 'guarantee', neighbouring: 'add-remove', accountant: 'pld', samplingRate: run.samplingRate, noiseMultiplier: run.noiseMultiplier, steps: run.steps };
  const auditExceedsGuarantee = result.empiricalEpsilon > epsilon;
  const inserted = values.bits.reduce((a, b) => a + b, 0);
  const verdict = verdictOf(result.empiricalEpsilon, result.kind, result.configurationsTried, guarantee, measuredNoiseMultiplier);
  const json = {
    ...auditJson(result),
    empiricalEpsilon: result.empiricalEpsilon,
    kind: result.kind,
    neighbouring: result.neighbouring,
    score,
    scoreAssumes: SCORE_ASSUMES[score],
    claimedNoiseMultiplier: run.noiseMultiplier,
    measuredNoiseMultiplier,
    measuredNoiseScale,
    scoredNoiseMultiplier,
    clipNorm: clipNorm ?? null,
    samplingRate: run.samplingRate,
    steps: run.steps,
    inserted,
    guarantee,
    auditExceedsGuarantee,
    verdict,
    canaryAssumption: RELEASED_CANARIES,
  };
  const text = [
    auditText(result, [
      ['score', `${score}${scoredNoiseMultiplier === null ? '' : ` (at noise multiplier ${formatNumber(scoredNoiseMultiplier, 4)})`}`],
      ['claimed noise multiplier', formatNumber(run.noiseMultiplier, 4)],
      ['measured noise multiplier', measuredNoiseMultiplier === null ? `unknown without ${names.clipNorm} (noise scale ${formatNumber(measuredNoiseScale, 4)} in the released values' units)` : formatNumber(measuredNoiseMultiplier, 4)],
      ['claimed guarantee', `ε ≤ ${formatNumber(epsilon, 4)} at δ = ${formatNumber(run.delta)} (pld, add-remove; q = ${formatNumber(run.samplingRate)}, T = ${run.steps})`],
      ['audit exceeds guarantee', String(auditExceedsGuarantee)],
    ]),
    verdict,
  ].join('\n');
  return { json, text, scores };
}

function verdictOf(empirical: number, kind: string, tried: number, guarantee: ReleasedGuarantee, measured: number | null): string {
  const claimed = `the proven ε ≤ ${formatNumber(guarantee.epsilon, 4)} of the claimed run (q = ${formatNumber(guarantee.samplingRate)}, σ = ${formatNumber(guarantee.noiseMultiplier)}, T = ${guarantee.steps})`;
  const main =
    empirical > guarantee.epsilon
      ? `The audit's ε ≥ ${formatNumber(empirical, 4)} exceeds ${claimed}: the run is not what its parameters describe (less noise, larger gradients or more sampling than claimed).`
      : empirical > 0
        ? `The audit's ε ≥ ${formatNumber(empirical, 4)} is consistent with ${claimed}.`
        : `The audit proves nothing on this run (ε ≥ 0); it neither contradicts nor confirms ${claimed}.`;
  const multiple = kind === 'empirical' && empirical > 0 ? ` (Best of ${tried} guess counts without correction: add --bonferroni, or fix --guess-counts in advance, for a lower bound at the stated confidence.)` : '';
  const noise =
    measured !== null && measured < 0.9 * guarantee.noiseMultiplier
      ? ` The noise multiplier measured from the released values, ${formatNumber(measured, 3)}, is below the claimed ${formatNumber(guarantee.noiseMultiplier)} (an estimate, not a proof).`
      : '';
  return `${main}${multiple}${noise}`;
}

/** The flags `audit` adds for released values. */
export const releasedAuditFlags: Readonly<Record<string, FlagSpec>> = {
  released: {
    type: 'string',
    valueName: 'FILE',
    description: 'released values of a white-box run: T rows (steps) × m columns (canaries), step t\'s released noisy sum on canary j\'s coordinate; 2-D .npy (float32/float64) or CSV (optional header); with --canary-bits, --sampling-rate, --noise-multiplier, --steps, --clip-norm',
  },
  'canary-bits': { type: 'string', valueName: 'FILE', description: 'with --released: m values 0/1 (canary inserted or not): 1-D .npy, a CSV with a member column, or one value per line' },
  'clip-norm': { type: 'string', valueName: 'C', description: 'with --released: clip norm C of the run, the shift an inserted canary adds (Opacus max_grad_norm); required by --score measured|claimed' },
  score: { type: 'string', valueName: 'measured|claimed|sum', description: 'with --released: the canary score (measured: likelihood ratio at the noise measured from the released values; claimed: at --noise-multiplier; sum: Σ_t u_t)', defaultText: 'measured' },
};

const NOT_WITH_RELEASED = ['scores', 'canaries', 'guesses', 'correct', 'idealized-noise', 'batch-size', 'dataset-size', 'max-batch-size', 'batches-per-epoch', 'drop-last'] as const;

/** `dpbounds audit --released FILE --canary-bits FILE …`: reads the flags, then the files, then audits. */
export async function runReleasedAudit(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  const releasedPath = optionalString(flags, 'released');
  const bitsPath = optionalString(flags, 'canary-bits');
  if (releasedPath === undefined) throw new UsageError('--canary-bits needs --released FILE (the released values, T steps × m canaries)');
  if (bitsPath === undefined) throw new UsageError('--released needs --canary-bits FILE (m values 0/1: canary inserted or not)');
  for (const flag of NOT_WITH_RELEASED) {
    if (flags[flag] !== undefined) throw new UsageError(`--${flag} does not apply with --released (the audit scores the released values itself, at --sampling-rate q, the rate the loop ran)`);
  }
  if (flags.sampling !== undefined && flags.sampling !== 'poisson') {
    throw new UsageError(`--released audits Poisson-sampled canaries at --sampling-rate q; found --sampling ${String(flags.sampling)}`);
  }
  if (flags.options !== undefined && flags.options !== '2') throw new UsageError(`--options must be 2 with --released (membership canaries); found ${String(flags.options)}`);
  const samplingRate = requiredNumber(flags, 'sampling-rate', { min: 0, max: 1, minExclusive: true });
  const noiseMultiplier = requiredNumber(flags, 'noise-multiplier', { min: 0, minExclusive: true });
  const steps = requiredNumber(flags, 'steps', { min: 1, integer: true });
  const delta = optionalNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true }) ?? 1e-5;
  const clipNorm = optionalNumber(flags, 'clip-norm', { min: 0, minExclusive: true });
  const score = choice(flags, 'score', RELEASED_SCORES, 'measured');
  const method = choice(flags, 'method', ['fdp', 'steinke'] as const, 'fdp');
  const confidence = optionalNumber(flags, 'confidence', { min: 0, max: 1, minExclusive: true, maxExclusive: true }) ?? 0.95;
  const family = choice(flags, 'family', ['gaussian', 'subsampled-gaussian'] as const, 'gaussian');
  if (method === 'steinke' && flags.family !== undefined) throw new UsageError('--family applies to --method fdp only');
  const split = choice(flags, 'split', ['both', 'top'] as const, 'both');
  if (clipNorm === undefined && score !== 'sum') {
    throw new UsageError(`--clip-norm C is needed for --score ${score}: the released values are in the units of your gradients and an inserted canary adds C (Opacus: max_grad_norm); or use --score sum, which needs no C`);
  }
  const run: ReleasedRun = { samplingRate, noiseMultiplier, steps, delta, ...(clipNorm === undefined ? {} : { clipNorm }) };
  const values = await readReleasedValues(io, { released: releasedPath, canaryBits: bitsPath }, { steps });
  const guessCounts = flags['guess-counts'] === undefined ? undefined : numberList(flags, 'guess-counts', { min: 0, max: values.canaries, integer: true }, []);
  const progress = createProgress(io, 'audit', 1);
  const audit = auditReleasedValues(values, run, {
    score,
    method,
    confidence,
    family,
    split,
    bonferroni: hasFlag(flags, 'bonferroni'),
    ...(guessCounts === undefined ? {} : { guessCounts }),
    onProgress: (done, total) => progress.update(done / total),
  });
  progress.finish();
  return audit;
}
