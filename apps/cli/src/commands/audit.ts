/**
 * `dpbounds audit`: one-run privacy audit (docs/cli.md). From counts (`--canaries --guesses
 * --correct`) or from a scores file (`--scores FILE`, columns `score` and `member`), with the
 * f-DP audit of Mahloujifar et al. (default) or the (ε, δ) audit of Steinke et al.
 */
import { auditConfidentGuesses, auditOneRun, auditScores, idealizedAudit, MAX_STEINKE_GUESSES, type AuditFamily } from '@dpbounds/audit-one-run';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { choice, hasFlag, numberList, optionalNumber, optionalString, requiredNumber, type ParsedFlags } from '../flags.js';
import { formatNumber } from '../format.js';
import { readTable } from '../io/index.js';
import { createProgress } from '../progress.js';
import { UsageError } from '../usage-error.js';
import { auditJson as jsonOf, auditText as textOf } from './audit-json.js';
import { runReleasedAudit, releasedAuditFlags } from './audit-released.js';
import { auditSamplerFlags, readAuditSampler } from './audit-sampler.js';

const COUNT_FLAGS = ['canaries', 'guesses', 'correct'] as const;

function family(flags: ParsedFlags): AuditFamily {
  const kind = choice(flags, 'family', ['gaussian', 'subsampled-gaussian'] as const, 'gaussian');
  if (kind === 'gaussian') {
    // with --sampling, --steps (and a Poisson --sampling-rate) describe the audited run instead
    for (const flag of flags.sampling === undefined ? ['sampling-rate', 'steps'] : []) {
      if (flags[flag] !== undefined) throw new UsageError(`--${flag} needs --family subsampled-gaussian`);
    }
    return { kind };
  }
  if (flags.sampling !== undefined && flags.sampling !== 'poisson') {
    throw new UsageError(`--family subsampled-gaussian is the Poisson-subsampled family; the audited run used --sampling ${String(flags.sampling)} (use --family gaussian)`);
  }
  return {
    kind,
    samplingRate: requiredNumber(flags, 'sampling-rate', { min: 0, max: 1, minExclusive: true }),
    steps: requiredNumber(flags, 'steps', { min: 1, integer: true }),
  };
}

async function run(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  // white-box audit of released values: its own run flags (q, σ, T, C) and its own comparison
  if (flags.released !== undefined || flags['canary-bits'] !== undefined) return runReleasedAudit(flags, io);
  const compare = readAuditSampler(flags, optionalNumber(flags, 'delta', { min: 0, max: 1, maxExclusive: true }) ?? 1e-5);
  const out = await runAudit(flags, io);
  if (compare === undefined) return out;
  const json = out.json as Record<string, unknown>;
  const comparison = compare(json.empiricalEpsilon as number);
  return { json: { ...json, sampler: comparison.json }, text: `${out.text}\n\n${comparison.text}` };
}

async function runAudit(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  const method = choice(flags, 'method', ['fdp', 'steinke'] as const, 'fdp');
  const options = optionalNumber(flags, 'options', { min: 2, integer: true }) ?? 2;
  const confidence = optionalNumber(flags, 'confidence', { min: 0, max: 1, minExclusive: true, maxExclusive: true }) ?? 0.95;
  const delta = optionalNumber(flags, 'delta', { min: 0, max: 1, maxExclusive: true }) ?? 1e-5;
  if (method === 'steinke' && options !== 2) throw new UsageError(`--options must be 2 with --method steinke (membership only); found ${options}`);
  if (method === 'steinke' && flags.family !== undefined) throw new UsageError('--family applies to --method fdp only');
  const auditFamily = family(flags);
  const scoresPath = optionalString(flags, 'scores');
  const countsGiven = COUNT_FLAGS.filter((flag) => flags[flag] !== undefined);
  if (scoresPath !== undefined) {
    if (countsGiven.length > 0) throw new UsageError(`give either --scores or --canaries/--guesses/--correct; found --scores and --${countsGiven[0] as string}`);
    const reconstruction = options > 2;
    if (reconstruction && flags.split !== undefined) throw new UsageError('--split applies to membership scores (--options 2) only');
    const gameColumn = reconstruction ? 'correct' : 'member';
    const table = await readTable(scoresPath, io, {
      columns: reconstruction ? { score: { kind: 'number' }, correct: { kind: 'binary' } } : { score: { kind: 'number' }, member: { kind: 'binary' } },
    }).catch((error: unknown) => {
      // the game (--options) decides the column: say so, the file may hold the other game's scores
      if (error instanceof UsageError && error.message.includes(`missing column "${gameColumn}"`)) {
        const named = flags.options === undefined ? '--options (its default 2)' : `--options ${String(flags.options)}`;
        throw new UsageError(`${named}: ${error.message} (membership scores, --options 2, need columns score and member; reconstruction scores, --options k > 2, need score and correct)`);
      }
      throw error;
    });
    const guessCounts = flags['guess-counts'] === undefined ? undefined : numberList(flags, 'guess-counts', { min: 0, max: table.rowCount, integer: true }, []);
    const progress = createProgress(io, 'audit', 1);
    const common = {
      method,
      confidence,
      delta,
      family: auditFamily,
      bonferroni: hasFlag(flags, 'bonferroni'),
      ...(guessCounts === undefined ? {} : { guessCounts }),
      onProgress: (done: number, total: number) => progress.update(done / total),
    };
    const result = reconstruction
      ? auditConfidentGuesses({ confidences: table.numbers('score'), correct: table.numbers('correct') }, { ...common, bucketSize: options })
      : auditScores({ scores: table.numbers('score'), members: table.numbers('member') }, { ...common, split: choice(flags, 'split', ['both', 'top'] as const, 'both') });
    progress.finish();
    return { json: jsonOf(result), text: textOf(result) };
  }
  if (countsGiven.length === 0) throw new UsageError('missing --canaries, --guesses and --correct (or --scores FILE)');
  const idealizedNoise = optionalNumber(flags, 'idealized-noise', { min: 0, minExclusive: true });
  if (idealizedNoise !== undefined) {
    if (flags.correct !== undefined) throw new UsageError('give either --correct or --idealized-noise (which computes the correct guesses of a perfect attacker)');
    for (const flag of ['bonferroni', 'guess-counts', 'split']) {
      if (flags[flag] !== undefined) throw new UsageError(`--${flag} applies to --scores only`);
    }
    const canaries = requiredNumber(flags, 'canaries', { min: 2, integer: true });
    const guesses = requiredNumber(flags, 'guesses', { min: options > 2 ? 2 : 1, max: canaries, maxFrom: 'canaries', integer: true });
    const result = idealizedAudit({ noiseMultiplier: idealizedNoise, canaries, guesses, bucketSize: options, method, confidence, delta, family: auditFamily });
    const json = { ...jsonOf(result), idealizedNoise, expectedCorrect: result.expectedCorrect };
    const text = textOf(result, [
      ['idealised attacker', `Gaussian mechanism with noise ${formatNumber(idealizedNoise)} (mu = ${formatNumber(1 / idealizedNoise)})`],
      ['expected correct', formatNumber(result.expectedCorrect)],
    ]);
    return { json, text };
  }
  for (const flag of ['bonferroni', 'guess-counts', 'split']) {
    if (flags[flag] !== undefined) throw new UsageError(`--${flag} applies to --scores only`);
  }
  const canaries = requiredNumber(flags, 'canaries', { min: 1, integer: true });
  const guesses = requiredNumber(flags, 'guesses', { min: 0, max: canaries, maxFrom: 'canaries', integer: true });
  // the Steinke audit sums binomial tails exactly: its size is checked before any work
  if (method === 'steinke' && guesses > MAX_STEINKE_GUESSES) {
    throw new UsageError(`--guesses must be at most ${MAX_STEINKE_GUESSES} with --method steinke (its binomial tails are summed exactly; --method fdp has no such limit); found ${guesses}`);
  }
  const correct = requiredNumber(flags, 'correct', { min: 0, max: guesses, maxFrom: 'guesses', integer: true });
  const result = auditOneRun({ canaries, guesses, correct }, { method, bucketSize: options, confidence, delta, family: auditFamily });
  return { json: jsonOf(result), text: textOf(result) };
}

/**
 * `dpbounds audit` (docs/cli.md): one-run privacy audit from counts or a scores file.
 *
 * @example dpbounds audit --canaries 100000 --guesses 1500 --correct 1429 --json
 */
export const auditCommand: CommandDefinition = {
  name: 'audit',
  summary: 'one-run privacy audit: the empirical epsilon proven by a canary guessing game',
  description: [
    'Audits a training run in one go from a canary guessing game: m canaries, r guesses (the',
    'attacker abstains on the rest), v correct. --method fdp (Mahloujifar, Melis & Chaudhuri 2024)',
    'tests a whole family of f-DP curves and is tight for DP-SGD; --method steinke (Steinke, Nasr &',
    'Jagielski 2023) tests (epsilon, delta)-DP. The result is a lower bound on the true epsilon',
    'holding with the given confidence (kind "lower-bound"; "empirical" when the best of several guess',
    'counts is reported uncorrected; "estimate" for --idealized-noise). Draw it as its G_mu curve',
    '(drawAs "gaussian-curve": the true curve lies below it somewhere) or state it as a number',
    '(drawAs "epsilon-delta"), never as a curve below the DP guarantee. --delta 0 audits pure',
    'epsilon-DP (fdp: the (epsilon, 0)-DP family directly). With --scores the command chooses the guesses (highest',
    'scores guessed "in", lowest "out") by maximising the empirical epsilon over guess counts;',
    'that choice is multiple testing: add --bonferroni for a corrected confidence. For a',
    'reconstruction game (--options k > 2) the scores file holds each guess\'s confidence (score)',
    'and whether it was right (correct); the most confident guesses are kept.',
    'With --released FILE --canary-bits FILE --sampling-rate q --noise-multiplier σ --steps T --clip-norm C',
    '(a white-box run recorded in another framework: each step\'s released noisy sum on each Dirac',
    'canary\'s coordinate, and the canaries\' fair-coin bits) the command scores the canaries itself,',
    'by default at the noise multiplier measured from the released values rather than the claimed σ',
    '(--score measured|claimed|sum), audits them as --scores does and holds the audit against the',
    'PLD guarantee of the claimed run: "auditExceedsGuarantee" true means the run leaks more than',
    'q, σ, T allow (docs/audit-one-run.md, "White-box audit from released values").',
    'With --sampling <sampler> --batch-size b --dataset-size N --noise-multiplier σ --steps T (the',
    'audited run), "sampler" sets the empirical ε against that sampler\'s ε and the Poisson ε beside',
    'it: "auditExceedsPoisson" is measured evidence that the Poisson ε does not cover the run,',
    '"auditExceedsGuarantee" that the run is not what the flags describe (docs/batch-samplers.md).',
  ].join('\n'),
  flags: {
    canaries: { type: 'string', valueName: 'm', description: 'number of randomised canaries (integer >= 1)' },
    guesses: { type: 'string', valueName: 'r', description: 'number of guesses made, 0 <= r <= m' },
    correct: { type: 'string', valueName: 'v', description: 'number of correct guesses, 0 <= v <= r' },
    scores: {
      type: 'string',
      valueName: 'FILE',
      description: 'per-canary scores: columns score (higher = member) and member (0/1); with --options k > 2, score (confidence of the guess) and correct (0/1); .csv, .json, .jsonl or .npy',
    },
    method: { type: 'string', valueName: 'fdp|steinke', description: 'audit', defaultText: 'fdp' },
    options: { type: 'string', valueName: 'k', description: 'options per canary: 2 membership, > 2 reconstruction (bucket size)', defaultText: '2' },
    confidence: { type: 'string', valueName: 'c', description: 'confidence level in (0, 1)', defaultText: '0.95' },
    delta: { type: 'string', valueName: 'delta', description: 'delta at which epsilon is reported, in [0, 1) (0: pure epsilon-DP)', defaultText: '1e-5' },
    family: { type: 'string', valueName: 'gaussian|subsampled-gaussian', description: 'f-DP family searched', defaultText: 'gaussian' },
    'sampling-rate': { type: 'string', valueName: 'q', description: 'Poisson sampling rate of the audited run (subsampled-gaussian family, --released, or beside --sampling poisson --batch-size --dataset-size: the rate the loop ran, e.g. Opacus sample_rate)' },
    steps: { type: 'string', valueName: 'T', description: 'number of steps (subsampled-gaussian family, or the audited run with --sampling or --released)' },
    ...auditSamplerFlags,
    ...releasedAuditFlags,
    'guess-counts': { type: 'string', valueName: 'list', description: 'with --scores: guess counts r to try', defaultText: '1,2,5,10,... and m' },
    split: { type: 'string', valueName: 'both|top', description: 'with --scores: guess on the top and bottom scores, or the top only', defaultText: 'both' },
    bonferroni: { type: 'boolean', description: 'with --scores: divide the significance by the number of guess counts tried' },
    'idealized-noise': {
      type: 'string',
      valueName: 'sigma',
      description: 'instead of --correct: the correct guesses of a perfect attacker against a Gaussian mechanism with this noise (Algorithm 4 of Mahloujifar et al.)',
    },
  },
  examples: [
    'dpbounds audit --canaries 100000 --guesses 1500 --correct 1429 --delta 1e-5',
    'dpbounds audit --canaries 1000 --guesses 100 --correct 90 --method steinke --json',
    'dpbounds audit --canaries 1000 --guesses 10 --correct 10 --method steinke --delta 0   # pure epsilon-DP',
    'dpbounds train --model logistic --epochs 1 --instrument canaries --out run   # writes run/canary-scores.csv',
    'dpbounds audit --scores run/canary-scores.csv --bonferroni',
    "printf '1.2,0.1,-0.3,0.2\\n0.9,-0.4,1.1,0.3\\n' > released.csv; printf '1\\n0\\n1\\n0\\n' > canary-bits.csv   # 2 steps x 4 canaries",
    'dpbounds audit --released released.csv --canary-bits canary-bits.csv --sampling-rate 0.5 --noise-multiplier 1 --steps 2 --clip-norm 1',
    'dpbounds audit --canaries 100000 --guesses 1500 --idealized-noise 1   # best case before training',
  ],
  run,
};
