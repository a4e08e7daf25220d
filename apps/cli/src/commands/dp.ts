/**
 * `dpbounds dp`: (ε, δ) accounting of DP-SGD with Poisson sampling (docs/cli.md), and with
 * `--mechanism banded-matrix` of DP-FTRL / BandMF (dp-banded.ts). No math here: the
 * accountants of @dpbounds/accountants do it. `epsilon` (or `delta`) is a guarantee unless its
 * `kind` says otherwise (the shuffle sampler, whose ε is a lower bound, reports the guarantee in
 * `upper`); the GDP/CLT approximation is reported beside the PLD guarantee, never in its place.
 */
import { BATCH_SAMPLERS, samplerEpsilon } from '@dpbounds/accountants';
import { dpAccountantEvaluation, jsonSafeResult } from '@dpbounds/accountants/advanced';
import type { DpQuery } from '@dpbounds/accountants/advanced';
import { samplerEpsilonJson, samplerEpsilonRows } from '../report/sampler-words.js';
import { parseSampling, pricedFromRate, SAMPLER_SIZE_FLAGS, SAMPLING_FLAG, samplerRunOf, samplingContextJson } from './sampling-flags.js';
import type { SamplingChoice } from './sampling-flags.js';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { choice, exactlyOne, numberList, requiredNumber, requiredString } from '../flags.js';
import { dpTprAtFpr, dpTprText } from './dp-tpr-at-fpr.js';
import type { ParsedFlags } from '../flags.js';
import { formatNumber, formatTable } from '../format.js';
import { withAccountantProgress } from './accountant-progress.js';
import { dpResultsText } from './dp-results-text.js';
import { BANDED_MATRIX_FLAGS, DP_MECHANISMS, refuseBandedFlags } from './banded-flags.js';
import { runBandedMatrix } from './dp-banded.js';
import type { DpResultRow } from './dp-results-text.js';
import { UsageError } from '../usage-error.js';
import { prefixFlag } from '../io/json-depth.js';

/** The accountants `dpbounds dp` can run. */
export const DP_ACCOUNTANTS = ['rdp', 'pld', 'prv', 'gdp'] as const;
type DpAccountant = (typeof DP_ACCOUNTANTS)[number];

type Query = DpQuery;

/** One accountant's JSON result (docs/cli.md fields first, then additions). */
export type DpResult = DpResultRow;

function runOne(kind: DpAccountant, query: Query): DpResult {
  if (query.neighbouring === 'substitution' && query.samplingRate < 1 && (kind === 'rdp' || kind === 'gdp')) {
    throw new UsageError(`--accountant ${kind} supports --neighbouring add-remove only for --sampling-rate < 1 (use pld)`);
  }
  if (kind === 'prv' && query.neighbouring !== 'add-remove') throw new UsageError('--accountant prv supports --neighbouring add-remove only (use pld)');
  // the rows (and GDP's use of the PLD guarantee as `epsilon`) are built in one place, shared with `dpbounds sweep`
  return dpAccountantEvaluation(kind, query).result;
}

/**
 * `--sampling` other than Poisson, or Poisson given as --batch-size / --dataset-size: the
 * sampler's ε with its kind, the Poisson ε beside it, and whether the latter covers the run.
 */
function runSampler(flags: ParsedFlags, io: CommandIo, sampling: SamplingChoice): CommandResult {
  const noiseMultiplier = requiredNumber(flags, 'noise-multiplier', { min: 0, minExclusive: true });
  const steps = requiredNumber(flags, 'steps', { min: 1, integer: true });
  if (flags.epsilon !== undefined) throw new UsageError(`--sampling ${sampling.sampler} reports ε at --delta; --epsilon (δ at ε) is for Poisson sampling given as --sampling-rate`);
  const delta = requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  if (flags.fpr !== undefined) throw new UsageError(`--fpr reads the Poisson trade-off curve; with --sampling ${sampling.sampler} use --sampling-rate without --batch-size/--dataset-size (Poisson only)`);
  const accountant = choice(flags, 'accountant', ['pld', 'rdp', 'prv', 'gdp', 'all'] as const, 'pld');
  // truncated Poisson is priced by its mixture PLD (its RDP bound, far looser, only answers below the δ the PLD resolves): offer only what the sampler accepts
  const offered = sampling.sampler === 'truncated-poisson' ? 'use --accountant pld (the default)' : 'use --accountant pld (the default) or rdp';
  if (accountant !== 'pld' && accountant !== 'rdp') throw new UsageError(`--accountant ${accountant} does not price --sampling ${sampling.sampler}; ${offered}`);
  const neighbouring = choice(flags, 'neighbouring', ['add-remove', 'substitution'] as const, 'add-remove');
  const run = samplerRunOf(sampling, noiseMultiplier, steps, neighbouring);
  const [result] = withAccountantProgress(io, [accountant], steps >= 10_000, () => samplerEpsilon(run, delta, { accountant }));
  const s = result as NonNullable<typeof result>;
  const json = {
    accountant,
    ...samplerEpsilonJson(s),
    datasetSize: run.datasetSize,
    batchSize: run.batchSize,
    ...(run.maxBatchSize === undefined ? {} : { maxBatchSize: run.maxBatchSize }),
    samplingRate: sampling.samplingRate,
    noiseMultiplier,
    steps,
  };
  const header = `ε at δ = ${formatNumber(delta)}, ${neighbouring}, --sampling ${s.sampler} (b = ${run.batchSize}, N = ${run.datasetSize}, σ = ${formatNumber(noiseMultiplier)}, T = ${steps})`;
  return { json, text: `${header}\n${formatTable(['', 'value'], samplerEpsilonRows(s))}\n\n${s.note}` };
}

/** Flags that describe one run, which `--history` replaces (or a sampler `--history` does not price). */
const HISTORY_EXCLUDES = ['sampling-rate', 'noise-multiplier', 'steps', 'batch-size', 'dataset-size', 'max-batch-size', 'batches-per-epoch', 'drop-last', 'fpr'] as const;

/** `dp --history FILE`: a schedule of phases (Opacus' accountant.history), every accountant (dp-history.ts). */
async function runHistory(flags: ParsedFlags, io: CommandIo): Promise<CommandResult> {
  // imported only here: the history file reader brings the streaming I/O package, which `dp` otherwise never loads
  const { HISTORY_ACCOUNTANTS, historyAccounting, historySummary, readHistoryFile } = await import('./dp-history.js');
  for (const flag of HISTORY_EXCLUDES) {
    if (flags[flag] !== undefined) {
      throw new UsageError(flag === 'fpr'
        ? '--fpr reads the trade-off curve of one run; it is not available with --history'
        : `--history gives σ, q and steps of every phase: drop --${flag}${flag === 'sampling-rate' || flag === 'noise-multiplier' || flag === 'steps' ? '' : ' (a history is Poisson-sampled phases)'}`);
    }
  }
  if (choice(flags, 'sampling', BATCH_SAMPLERS, 'poisson') !== 'poisson') {
    throw new UsageError(`--history prices Poisson-sampled phases (Opacus' DPDataLoader); --sampling ${String(flags.sampling)} is priced by dp --sampling with --batch-size/--dataset-size`);
  }
  const which = exactlyOne(flags, ['delta', 'epsilon']);
  const accountant = choice(flags, 'accountant', [...HISTORY_ACCOUNTANTS, 'all'] as const, 'pld');
  const neighbouring = choice(flags, 'neighbouring', ['add-remove', 'substitution'] as const, 'add-remove');
  const ask = which === 'delta'
    ? { delta: requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true }) }
    : { epsilon: requiredNumber(flags, 'epsilon', { min: 0 }) };
  const phases = await readHistoryFile(requiredString(flags, 'history', 'a file (.json, .jsonl or .csv)'), io).catch(prefixFlag('--history'));
  const kinds = accountant === 'all' ? HISTORY_ACCOUNTANTS : [accountant];
  const totalSteps = phases.reduce((t, p) => t + p.steps, 0);
  const slow = accountant === 'all' || accountant === 'prv' || (accountant !== 'rdp' && totalSteps >= 10_000);
  const rows = withAccountantProgress(io, kinds, slow, (k) => historyAccounting(phases, { ...ask, neighbouring, accountants: [k] }));
  const results = rows.flatMap((r) => r.results);
  const unavailable = rows.flatMap((r) => r.unavailable);
  if (accountant !== 'all' && unavailable[0] !== undefined) throw new UsageError(`--accountant ${accountant} cannot price --history under --neighbouring ${neighbouring}: ${unavailable[0].reason}`);
  const context = { history: phases, totalSteps };
  const json = accountant === 'all'
    ? { results, ...context, ...(unavailable.length === 0 ? {} : { unavailable }) }
    : { ...(results[0] as DpResult), ...context };
  const notes = unavailable.map((u) => `not priced (${u.accountant}): ${u.reason}`);
  return { json, text: [`schedule: ${historySummary(phases)}`, dpResultsText(results, which === 'delta'), ...notes].join('\n') };
}

function run(flags: ParsedFlags, io: CommandIo): CommandResult | Promise<CommandResult> {
  if (choice(flags, 'mechanism', DP_MECHANISMS, 'dp-sgd') === 'banded-matrix') {
    if (flags.history !== undefined) throw new UsageError('--history is a DP-SGD schedule (Opacus accountant.history); it is not for --mechanism banded-matrix');
    return runBandedMatrix(flags, io);
  }
  refuseBandedFlags(flags);
  if (flags.history !== undefined) return runHistory(flags, io);
  const sampling = parseSampling(flags) as SamplingChoice;
  if (sampling.batchSize !== undefined && !pricedFromRate(sampling)) return runSampler(flags, io, sampling);
  // a Poisson run priced at its --sampling-rate; --batch-size/--dataset-size, if given, are echoed as context
  const context = samplingContextJson(sampling);
  const contextText = sampling.rateNote === undefined ? [] : [`note (sampling): ${sampling.rateNote}`];
  const samplingRate = sampling.samplingRate;
  const noiseMultiplier = requiredNumber(flags, 'noise-multiplier', { min: 0, minExclusive: true });
  const steps = requiredNumber(flags, 'steps', { min: 1, integer: true });
  const which = exactlyOne(flags, ['delta', 'epsilon']);
  const accountant = choice(flags, 'accountant', [...DP_ACCOUNTANTS, 'all'] as const, 'pld');
  const neighbouring = choice(flags, 'neighbouring', ['add-remove', 'substitution'] as const, 'add-remove');
  const query: Query =
    which === 'delta'
      ? { samplingRate, noiseMultiplier, steps, neighbouring, delta: requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true }) }
      : { samplingRate, noiseMultiplier, steps, neighbouring, epsilon: requiredNumber(flags, 'epsilon', { min: 0 }) };
  const fprs = flags.fpr === undefined ? undefined : numberList(flags, 'fpr', { min: 0, max: 1 }, []);
  const withTpr = (r: DpResult): { json: Record<string, unknown>; text: string } => {
    if (fprs === undefined) return { json: r, text: '' };
    const fields = dpTprAtFpr(String(r.accountant), query, fprs);
    return { json: { ...r, ...fields }, text: dpTprText([{ accountant: r.accountant, fields }]) };
  };
  const join = (head: string, tails: readonly string[]): string => [head, ...tails.filter((t) => t !== '')].join('\n\n');
  // Seconds of work: every accountant, PRV, or a long run on the PLD grid (pld, and gdp's guarantee), which grows with T.
  const slow = accountant === 'all' || accountant === 'prv' || (accountant !== 'rdp' && steps >= 10_000);
  if (accountant === 'all') {
    const kinds = DP_ACCOUNTANTS.filter((k) => neighbouring === 'add-remove' || k === 'pld' || (samplingRate === 1 && k !== 'prv'));
    const both = withAccountantProgress(io, kinds, slow, (k) => {
      const r = jsonSafeResult(runOne(k, query));
      return { r, tpr: withTpr(r) };
    });
    const results = both.map((b) => b.r);
    const tpr = both.map((b) => b.tpr);
    return { json: { results: tpr.map((t) => t.json), ...context }, text: join([dpResultsText(results, which === 'delta'), ...contextText].join('\n'), tpr.map((t) => t.text)) };
  }
  let result: DpResult = { accountant };
  let tpr = { json: {} as Record<string, unknown>, text: '' };
  withAccountantProgress(io, [accountant], slow, (k) => {
    result = jsonSafeResult(runOne(k, query));
    tpr = withTpr(result);
  });
  const json = sampling.explicit || sampling.batchSize !== undefined ? { ...tpr.json, sampling: 'poisson', poissonValidForRun: true, ...context } : tpr.json;
  return { json, text: join([dpResultsText([result], which === 'delta'), ...contextText].join('\n'), [tpr.text]) };
}

/** `dpbounds dp`. */
export const dpCommand: CommandDefinition = {
  name: 'dp',
  summary: '(ε, δ) accounting of DP-SGD (Poisson-subsampled Gaussian) and of DP-FTRL / BandMF: RDP, PLD, PRV, GDP',
  description: [
    'Prints ε at --delta (or δ at --epsilon) for T steps of DP-SGD with Poisson sampling rate q and',
    'noise multiplier σ. "epsilon" ("delta") is a guarantee unless its "kind" says otherwise (the',
    'shuffle sampler, whose ε is a lower bound, reports the guarantee in "upper"): PLD uses a pessimistic',
    'discretisation (epsilonLower is a rigorous lower bound, ~h·√T below), PRV reports its upper bound',
    'with epsilonLower/epsilonEstimate, RDP its optimal order. GDP/CLT is an approximation, not a',
    'bound: with --accountant gdp, "epsilon" is the PLD guarantee and the CLT value is in',
    '"epsilonEstimate" ("deltaEstimate") with "mu". Every result says "kind" (guarantee or',
    'estimate), "neighbouring" and "method": "pld-coarsened" when the work budget (2^22 grid',
    'points, ≈ 0.4 GB) forced a coarser, still pessimistic grid, "pld-fallback" when δ is below what',
    'the PRV grid resolves (the PLD\'s bounds by exponential tilting are reported), "rdp-fallback" when',
    'no grid resolves δ or no PLD grid fits the budget (the RDP bound, lower bound 0), with a "note".',
    'Below its FFT noise floor the PLD answers by exponential tilting (a note says so).',
    'ε is finite for every valid input; a non-finite number would print as null with',
    '"<field>Infinite": true.',
    '',
    'With --sampling fixed-size|shuffle|balls-in-bins|truncated-poisson (and --batch-size b,',
    '--dataset-size N) it prints the ε of the batches your loop actually draws, with its "kind"',
    '(guarantee, estimate or lower-bound), its proven "upper"/"lower" bounds, the Poisson ε at',
    'q = b/N in "poisson", "poissonValidForRun" and a "note" in plain words (docs/batch-samplers.md).',
    'shuffle and balls-in-bins run in epochs of --batches-per-epoch K batches (default ⌈N/b⌉; --drop-last:',
    '⌊N/b⌋): T steps are ⌈T/K⌉ epochs, stated as "batchesPerEpoch" and "epochs".',
    '',
    'With --mechanism banded-matrix it prints ε at --delta of a banded matrix mechanism (DP-FTRL /',
    'BandMF: the release C·G + Z over --steps n, Z ~ N(0, σ²) per coordinate, C lower triangular with',
    '--bands b): the strategy as --band-values v0,v1,… (Toeplitz) or --strategy FILE, records joining',
    'by --participation cyclic|balls-in-bins|poisson-in-group every --min-separation k steps',
    '(poisson-in-group: --dataset-size N and --batch-size B, rate kB/N). The JSON adds "mechanism",',
    '"participation", "bands", "minSeparation", the worst record\'s "sensitivity" and "participations",',
    '"ledger" (what was priced), "summary" and "amplificationNote". balls-in-bins reports the smaller',
    'guarantee of its worst placement and of its random placement ("randomAllocation": the noise split',
    'across C\'s columns makes it DP-SGD at σ/ρ). A loop that draws each record\'s bin once',
    '(jax_privacy\'s BallsInBinsSampling) is priced by cyclic.',
    '',
    'Poisson runs from Opacus: give --sampling-rate as Opacus has it (sample_rate = 1/len(loader), not',
    'always b/N); --batch-size and --dataset-size may stand beside it: the rate is priced, the sizes are',
    'echoed ("batchSize", "datasetSize", "sizeRate" = b/N) with a "samplingNote" when q ≠ b/N. Every other',
    'sampler is priced from b and N, and refuses a --sampling-rate that differs from b/N.',
    '',
    'With --history FILE (Opacus\' accountant.history: phases of σ, q, steps, e.g. a resumed run or a',
    'changed batch size) every accountant prices the phases composed in order: the same rows, with',
    '"history" (the phases) and "totalSteps"; with --accountant all an accountant that cannot price the',
    'schedule under --neighbouring is listed in "unavailable" with its reason (asked alone, it is refused).',
    'RDP uses the improved conversion on a grid that contains Opacus\' orders, so its ε is Opacus\'',
    'RDPAccountant.get_epsilon or below (docs/accounting.md, "From Opacus").',
  ].join('\n'),
  flags: {
    'sampling-rate': { type: 'string', valueName: 'q', description: 'Poisson sampling rate, 0 < q ≤ 1: what the loop ran (Opacus: sample_rate = 1/len(loader)); it is priced, and may stand beside --batch-size/--dataset-size (echoed as context)' },
    'noise-multiplier': { type: 'string', valueName: 'σ', description: 'noise multiplier σ > 0 (noise std / clip norm)' },
    steps: { type: 'string', valueName: 'T', description: 'number of steps, integer ≥ 1' },
    history: { type: 'string', valueName: 'FILE', description: 'a schedule instead of --sampling-rate/--noise-multiplier/--steps: Opacus\' accountant.history as JSON [[noise_multiplier, sample_rate, num_steps], …], or JSON/JSONL/CSV with fields noiseMultiplier, samplingRate, steps (or Opacus\' names); phases composed in order, every accountant' },
    delta: { type: 'string', valueName: 'δ', description: 'report ε at this δ, 0 < δ < 1' },
    epsilon: { type: 'string', valueName: 'ε', description: 'report δ at this ε ≥ 0 (instead of --delta)' },
    accountant: { type: 'string', valueName: 'rdp|pld|prv|gdp|all', description: 'which accountant', defaultText: 'pld' },
    neighbouring: { type: 'string', valueName: 'add-remove|substitution', description: 'neighbouring relation', defaultText: 'add-remove' },
    fpr: { type: 'string', valueName: 'list', description: 'also report "tprAtFpr": the largest TPR any attack reaches at each FPR in [0, 1], from the accountant\'s trade-off curve ("tprKind": guarantee for pld/rdp/prv, estimate for gdp)' },
    ...SAMPLING_FLAG,
    ...SAMPLER_SIZE_FLAGS,
    mechanism: { type: 'string', valueName: 'dp-sgd|banded-matrix', description: 'what was trained: DP-SGD, or a banded matrix mechanism (DP-FTRL / BandMF) with the banded-matrix flags below', defaultText: 'dp-sgd' },
    ...BANDED_MATRIX_FLAGS,
  },
  examples: [
    'dpbounds dp --sampling-rate 0.0001 --noise-multiplier 2 --steps 50000 --delta 1e-5 --neighbouring substitution --fpr 0.01,0.1 --json',
    'dpbounds dp --sampling-rate 0.004 --noise-multiplier 1.1 --steps 10000 --delta 1e-5 --json',
    'dpbounds dp --sampling-rate 0.01 --noise-multiplier 1 --steps 1000 --delta 1e-5 --accountant all',
    'dpbounds dp --sampling fixed-size --batch-size 256 --dataset-size 60000 --noise-multiplier 1.1 --steps 2000 --delta 1e-5',
    'dpbounds dp --sampling poisson --sampling-rate 0.009708737864077669 --batch-size 256 --dataset-size 26048 --noise-multiplier 1 --steps 309 --delta 1e-5 --accountant rdp',
    'echo \'[[1.0, 0.0097087, 309], [0.8, 0.0194175, 100]]\' > history.json && dpbounds dp --history history.json --delta 1e-5 --accountant all',
    'dpbounds dp --mechanism banded-matrix --band-values 1,0.5 --participation cyclic --min-separation 100 --noise-multiplier 3 --steps 2000 --delta 1e-5',
  ],
  run,
};
