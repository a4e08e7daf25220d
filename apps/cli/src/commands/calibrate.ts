/**
 * `dpbounds calibrate`: the smallest noise multiplier that meets a target (docs/cli.md). The
 * (ε, δ) target is handled here with @dpbounds/accountants' calibration; the threat-specific
 * targets (`--target-bayes-security`, `--target-gmip-mu`) dispatch to
 * `calibrate-threat-targets.ts`, `--sampling` runs to `calibrate-sampler.ts`, and
 * `--mechanism banded-matrix` (DP-FTRL / BandMF) to `calibrate-banded.ts`.
 */
import { calibrateEpsilon as calibrateEpsilonRow } from '@dpbounds/accountants/advanced';
import type { CommandDefinition, CommandIo, CommandResult } from '../command.js';
import { choice, exactlyOne, requiredNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatKeyValues, formatNumber } from '../format.js';
import { countedAccountants } from './calibrate-evaluations.js';
import { calibrateTargetBayesSecurity, calibrateTargetGmipMu, threatTargetFlags } from './calibrate-threat-targets.js';
import { calibrateTargetTpr, targetTprFlags } from './calibrate-target-tpr.js';
import { calibrateSamplerEpsilon, maxWorkOf } from './calibrate-sampler.js';
import { EPOCH_FLAGS, parseSampling, pricedFromRate, SAMPLING_FLAG, samplingContextJson } from './sampling-flags.js';
import type { SamplingChoice } from './sampling-flags.js';
import { UsageError } from '../usage-error.js';
import { BANDED_MATRIX_FLAGS, DP_MECHANISMS, refuseBandedFlags } from './banded-flags.js';

function calibrateEpsilon(flags: ParsedFlags, io: CommandIo, sampling?: SamplingChoice): CommandResult {
  const target = requiredNumber(flags, 'target-epsilon', { min: 0, minExclusive: true });
  const delta = requiredNumber(flags, 'delta', { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const samplingRate = requiredNumber(flags, 'sampling-rate', { min: 0, minExclusive: true, max: 1 });
  const steps = requiredNumber(flags, 'steps', { min: 1, integer: true });
  const accountant = choice(flags, 'accountant', ['pld', 'rdp', 'prv', 'gdp'] as const, 'pld');
  const neighbouring = choice(flags, 'neighbouring', ['add-remove', 'substitution'] as const, 'add-remove');
  // each evaluation of ε(σ) is drawn as it starts where it takes seconds (PRV, PLD over long runs)
  const maxWork = maxWorkOf(flags);
  const { factory, progress } = countedAccountants(io, accountant, neighbouring, accountant === 'pld' && steps >= 10_000);
  let result: ReturnType<typeof calibrateEpsilonRow>;
  try {
    // the calibration row of the sweep engine (shared with `dpbounds sweep --target-epsilon` and the playground);
    // past --max-work the library refuses naming `steps`, which the command line reads as --steps
    result = calibrateEpsilonRow({ targetEpsilon: target, delta, samplingRate, steps, neighbouring }, accountant, factory, maxWork);
  } finally {
    // a refusal of the library names its parameter: the command line's one mapping
    // (library-error-message.ts, with this command's parameterFlags) turns it into the user's flag
    progress.finish();
  }
  const { evaluations: _evaluations, ...row } = result;
  // a Poisson run given its rate and its sizes: the rate is calibrated, the sizes echoed (sampling-flags.ts)
  const json = sampling === undefined ? row : { ...row, ...samplingContextJson(sampling) };
  const text = formatKeyValues([
    ['target ε', `${formatNumber(target)} at δ = ${formatNumber(delta)} (${accountant}, ${neighbouring})`],
    ['noise multiplier σ', formatNumber(result.noiseMultiplier, 8)],
    ['achieved ε', `${formatNumber(result.achieved, 8)}${accountant === 'gdp' ? ' (CLT approximation, not a guarantee)' : ' (≤ target)'}`],
    ['accountant evaluations', String(result.evaluations)],
    ...(sampling?.rateNote === undefined ? [] : [['note (sampling)', sampling.rateNote] as [string, string]]),
  ]);
  return { json, text };
}

function run(flags: ParsedFlags, io: CommandIo): CommandResult | Promise<CommandResult> {
  // imported only here: a DP-SGD calibration never loads the banded matrix plan and its accountants' rows
  if (choice(flags, 'mechanism', DP_MECHANISMS, 'dp-sgd') === 'banded-matrix') return import('./calibrate-banded.js').then((m) => m.calibrateBandedMatrix(flags, io));
  refuseBandedFlags(flags);
  const target = exactlyOne(flags, ['target-epsilon', 'target-bayes-security', 'target-gmip-mu', 'target-tpr']);
  if (flags['max-work'] !== undefined && target !== 'target-epsilon') {
    throw new UsageError(`--max-work bounds the σ search of --target-epsilon; --${target} is calibrated in closed form or by its own search, without it`);
  }
  for (const flag of Object.keys(EPOCH_FLAGS)) {
    if (flags[flag] !== undefined && (target !== 'target-epsilon' || flags.sampling === undefined)) {
      throw new UsageError(`--${flag} describes the epochs of a --sampling shuffle|balls-in-bins loop: it needs --target-epsilon with --sampling`);
    }
  }
  if (flags.sampling !== undefined && target !== 'target-epsilon' && flags.sampling !== 'poisson') {
    throw new UsageError(`--${target} assumes Poisson sampling; --sampling ${String(flags.sampling)} is calibrated with --target-epsilon only`);
  }
  if (target === 'target-epsilon' && (flags.sampling !== undefined || flags['batch-size'] !== undefined || flags['dataset-size'] !== undefined)) {
    const sampling = parseSampling(flags) as SamplingChoice;
    // a sampler given by its sizes is calibrated for its batches; a Poisson --sampling-rate is calibrated at that rate, the sizes beside it are context
    if (sampling.batchSize !== undefined && !pricedFromRate(sampling)) return calibrateSamplerEpsilon(flags, io, sampling);
    return calibrateEpsilon(flags, io, sampling);
  }
  if (target === 'target-tpr') return calibrateTargetTpr(flags, io);
  if (target === 'target-bayes-security') return calibrateTargetBayesSecurity(flags);
  if (target === 'target-gmip-mu') return calibrateTargetGmipMu(flags);
  return calibrateEpsilon(flags, io);
}

/** `dpbounds calibrate`. */
export const calibrateCommand: CommandDefinition = {
  name: 'calibrate',
  summary: 'the smallest noise multiplier that meets a target ε, Bayes security or μ-GMIP (DP-SGD; ε also for DP-FTRL / BandMF)',
  description: [
    'With --target-epsilon ε --delta δ: the smallest σ whose ε at δ (for --sampling-rate q and',
    '--steps T, --accountant pld by default) is at most the target; "achieved" is the ε at the',
    'returned σ and never exceeds the target (bracketing + Brent, checked at the returned σ).',
    'With --target-bayes-security β or --target-gmip-mu μ: the threat-specific calibrations.',
    'With --sampling fixed-size|shuffle|balls-in-bins|truncated-poisson (and --batch-size b,',
    '--dataset-size N; for shuffle and balls-in-bins --batches-per-epoch K or --drop-last when the',
    'loop does not run ⌈N/b⌉ batches per epoch): the σ for the batches your loop draws, its kind (a σ calibrated on an estimate',
    'is not a guarantee), the Poisson σ at q = b/N beside it, and "lowerBoundNoiseMultiplier": the σ',
    'below which a proven lower bound on ε already exceeds the target, for samplers whose ε is not a',
    'guarantee (docs/batch-samplers.md). A Poisson run may give --sampling-rate beside --batch-size and',
    '--dataset-size (Opacus: sample_rate = 1/len(loader), not always b/N): the rate is calibrated, the sizes',
    'are echoed ("batchSize", "datasetSize", "sizeRate" = b/N, and "samplingNote" when q ≠ b/N).',
    '',
    'With --mechanism banded-matrix (DP-FTRL / BandMF) and the run\'s flags of `dp --mechanism',
    'banded-matrix` but --noise-multiplier (--band-values or --strategy, --bands, --participation',
    'cyclic|balls-in-bins|poisson-in-group, --min-separation or --dataset-size/--batch-size, --steps):',
    'the smallest σ whose ε at --delta meets --target-epsilon, priced as dp prices it (dp at that σ',
    'prints "achieved"), with dp\'s BandMF fields ("sensitivity", "participations", "ledger",',
    '"summary", "amplificationNote"). balls-in-bins takes the smaller σ of its worst placement and its amplified guarantee. The β*, μ-GMIP',
    'and TPR targets are DP-SGD analyses and are refused for it.',
  ].join('\n'),
  flags: {
    'sampling-rate': { type: 'string', valueName: 'q', description: 'Poisson sampling rate, 0 < q ≤ 1 (Opacus: sample_rate = 1/len(loader)); with --target-epsilon it may stand beside --batch-size/--dataset-size: the rate is calibrated' },
    steps: { type: 'string', valueName: 'T', description: 'number of steps, integer ≥ 1' },
    'target-epsilon': { type: 'string', valueName: 'ε', description: 'target ε > 0 (with --delta)' },
    delta: { type: 'string', valueName: 'δ', description: 'δ of the ε target, 0 < δ < 1' },
    accountant: { type: 'string', valueName: 'pld|rdp|prv|gdp', description: 'accountant for the ε target', defaultText: 'pld' },
    neighbouring: { type: 'string', valueName: 'add-remove|substitution', description: 'neighbouring relation', defaultText: 'add-remove (substitution for --target-bayes-security)' },
    ...threatTargetFlags,
    ...targetTprFlags,
    ...SAMPLING_FLAG,
    'max-batch-size': { type: 'string', valueName: 'B', description: 'cap of a --sampling truncated-poisson batch, integer in [b, N]' },
    ...EPOCH_FLAGS,
    'max-work': { type: 'string', valueName: 'N', description: 'work budget of a --target-epsilon search, in grid points counted before the work (integer ≥ 4096); past it the calibration is refused naming --steps', defaultText: '134217728 (2^27, about 15 s of CPU)' },
    mechanism: { type: 'string', valueName: 'dp-sgd|banded-matrix', description: 'what is trained: DP-SGD, or a banded matrix mechanism (DP-FTRL / BandMF) with the banded-matrix flags below (--target-epsilon only)', defaultText: 'dp-sgd' },
    ...BANDED_MATRIX_FLAGS,
  },
  examples: [
    'dpbounds calibrate --target-epsilon 1 --delta 1e-5 --sampling-rate 0.01 --steps 1000 --json',
    'dpbounds calibrate --target-bayes-security 0.9 --sampling-rate 0.01 --steps 2000',
    'dpbounds calibrate --target-epsilon 3 --delta 1e-5 --sampling fixed-size --batch-size 256 --dataset-size 60000 --steps 2000',
    'dpbounds calibrate --target-epsilon 1.5 --delta 1e-5 --sampling poisson --sampling-rate 0.009708737864077669 --batch-size 256 --dataset-size 26048 --steps 309',
    'dpbounds calibrate --mechanism banded-matrix --band-values 1,0.5 --participation cyclic --min-separation 100 --steps 2000 --target-epsilon 8 --delta 1e-5',
  ],
  run,
};
