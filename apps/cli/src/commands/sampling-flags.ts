/**
 * `--sampling` and the batch flags it needs (`--batch-size`, `--dataset-size`, `--max-batch-size`,
 * `--sampling-rate`, and for the epoch-based samplers `--batches-per-epoch` or `--drop-last`),
 * shared by every command that accounts for a run's batch sampler (docs/batch-samplers.md says
 * which sampler a training loop uses).
 */
import { BATCH_SAMPLERS, binsPerEpoch } from '@dpbounds/accountants';
import type { BatchSampler, SamplerRun } from '@dpbounds/accountants';
import type { FlagSpec } from '../command.js';
import { choice, hasFlag, optionalNumber } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { formatNumber } from '../format.js';
import { UsageError } from '../usage-error.js';

/** The batch sampler a command was asked about, with the sizes it was given. */
export interface SamplingChoice {
  readonly sampler: BatchSampler;
  /** True when `--sampling` was written (false: the Poisson default). */
  readonly explicit: boolean;
  /**
   * The rate that is priced: for Poisson the `--sampling-rate` q when given (what the loop ran,
   * e.g. Opacus' `sample_rate` = 1/len(loader)), else b/N; for every other sampler b/N.
   */
  readonly samplingRate: number;
  /** True when `--sampling-rate` was written. */
  readonly rateGiven: boolean;
  /** b/N when both sizes were given (context for a Poisson run priced from `--sampling-rate`). */
  readonly sizeRate?: number;
  /** Set when a Poisson `--sampling-rate` differs from b/N: which of the two was priced, in words. */
  readonly rateNote?: string;
  /** N and b when given (always for a sampler other than Poisson). */
  readonly datasetSize?: number;
  readonly batchSize?: number;
  /** The cap of a truncated-Poisson batch. */
  readonly maxBatchSize?: number;
  /** Batches per epoch of a shuffle or balls-in-bins loop, when `--batches-per-epoch` or `--drop-last` was given. */
  readonly batchesPerEpoch?: number;
}

/** The `--sampling` flag (commands add the size flags they do not already have). */
export const SAMPLING_FLAG: Readonly<Record<string, FlagSpec>> = {
  sampling: {
    type: 'string',
    valueName: 'poisson|fixed-size|shuffle|balls-in-bins|truncated-poisson',
    description: 'how the training loop drew its batches (docs/batch-samplers.md); any sampler but poisson needs --batch-size and --dataset-size (rate b/N)',
    defaultText: 'poisson',
  },
};

/** `--batches-per-epoch` and `--drop-last`: how many batches an epoch of a shuffle or balls-in-bins loop has. */
export const EPOCH_FLAGS: Readonly<Record<string, FlagSpec>> = {
  'batches-per-epoch': {
    type: 'string',
    valueName: 'K',
    description: 'batches per epoch of a --sampling shuffle|balls-in-bins loop, integer in [1, N] (shuffle: at most ⌈N/b⌉); T steps are ⌈T/K⌉ epochs',
    defaultText: '⌈N/b⌉, a loop that keeps the last, smaller batch',
  },
  'drop-last': { type: 'boolean', description: 'the shuffle|balls-in-bins loop drops the last, smaller batch of each epoch (PyTorch DataLoader(drop_last=True)): K = ⌊N/b⌋' },
};

/** `--batch-size`, `--dataset-size`, `--max-batch-size` and the epoch flags as the sampler flags read them. */
export const SAMPLER_SIZE_FLAGS: Readonly<Record<string, FlagSpec>> = {
  'batch-size': { type: 'string', valueName: 'b', description: 'batch size b (expected size for poisson and truncated-poisson), integer in [1, N]' },
  'dataset-size': { type: 'string', valueName: 'N', description: 'number of training records N, integer ≥ 1' },
  'max-batch-size': { type: 'string', valueName: 'B', description: 'cap of a --sampling truncated-poisson batch, integer in [b, N]' },
  ...EPOCH_FLAGS,
};

/**
 * Reads `--batches-per-epoch K` or `--drop-last` (one of them, for shuffle and balls-in-bins
 * only): K in [1, N] as given, or ⌊N/b⌋ for `--drop-last`; `undefined` when neither was given
 * (the library's default ⌈N/b⌉ applies). Refusals are one line naming the flag, range and value.
 *
 * @example parseBatchesPerEpoch({ 'drop-last': true }, 'shuffle', { batchSize: 400, datasetSize: 1000 }) // 2
 */
export function parseBatchesPerEpoch(flags: ParsedFlags, sampler: BatchSampler, sizes: { readonly batchSize: number; readonly datasetSize: number } | undefined): number | undefined {
  const given = optionalNumber(flags, 'batches-per-epoch', { integer: true });
  const dropLast = hasFlag(flags, 'drop-last');
  if (given === undefined && !dropLast) return undefined;
  const flag = given !== undefined ? '--batches-per-epoch' : '--drop-last';
  if (given !== undefined && dropLast) throw new UsageError('give only one of --batches-per-epoch or --drop-last (--drop-last means --batches-per-epoch ⌊N/b⌋)');
  if (sampler !== 'shuffle' && sampler !== 'balls-in-bins') throw new UsageError(`${flag} is for --sampling shuffle|balls-in-bins only (loops that run in epochs); found --sampling ${sampler}`);
  if (sizes === undefined) throw new UsageError(`${flag} needs --batch-size and --dataset-size`);
  if (given !== undefined && (given < 1 || given > sizes.datasetSize)) throw new UsageError(`--batches-per-epoch must be an integer in [1, --dataset-size = ${sizes.datasetSize}]; found ${given}`);
  return given ?? binsPerEpoch(sizes.datasetSize, sizes.batchSize, { dropLast: true });
}

/** Relative difference below which `--sampling-rate` and b/N are the same rate (float rounding of 1/len(loader) and b/N). */
const SAME_RATE = 1e-12;

/** True when q and b/N are the same rate up to float rounding. */
function sameRate(rate: number, implied: number): boolean {
  return Math.abs(rate - implied) <= SAME_RATE * implied;
}

/**
 * Reads `--sampling` with its sizes. Poisson takes `--sampling-rate q`, `--batch-size b
 * --dataset-size N`, or all three: then q is priced (it is what the loop ran: Opacus'
 * `sample_rate` is 1/len(loader), not b/N) and b, N are context, with a `rateNote` when q ≠ b/N.
 * Every other sampler needs b and N and is priced from them (its ε depends on both, not on a
 * rate); a `--sampling-rate` beside them must equal b/N. Truncated-poisson needs
 * `--max-batch-size`. Contradictory combinations throw a `UsageError` naming the flags.
 * `rateRequired: false` lets a command run without any rate (its own default applies) and then
 * returns `undefined` for a Poisson run given no rate.
 *
 * @example parseSampling({ sampling: 'shuffle', 'batch-size': '256', 'dataset-size': '60000' }).samplingRate // 256 / 60000
 * @example parseSampling({ 'sampling-rate': '0.0097087', 'batch-size': '256', 'dataset-size': '26048' }).samplingRate // 0.0097087 (priced), sizeRate 256/26048
 */
export function parseSampling(flags: ParsedFlags, options: { readonly rateRequired?: boolean } = {}): SamplingChoice | undefined {
  const sampler = choice(flags, 'sampling', BATCH_SAMPLERS, 'poisson');
  const explicit = flags.sampling !== undefined;
  const rate = optionalNumber(flags, 'sampling-rate', { min: 0, minExclusive: true, max: 1 });
  const datasetSize = optionalNumber(flags, 'dataset-size', { min: 1, integer: true });
  const batchSize = optionalNumber(flags, 'batch-size', { min: 1, integer: true });
  const maxBatchSize = optionalNumber(flags, 'max-batch-size', { min: 1, integer: true });
  if ((batchSize === undefined) !== (datasetSize === undefined)) {
    throw new UsageError(batchSize === undefined ? '--dataset-size needs --batch-size (the sampling rate is --batch-size / --dataset-size)' : '--batch-size needs --dataset-size (the sampling rate is --batch-size / --dataset-size)');
  }
  if (batchSize !== undefined && datasetSize !== undefined && batchSize > datasetSize) {
    throw new UsageError(`--batch-size must be at most --dataset-size (${datasetSize}); found ${batchSize}`);
  }
  if (sampler === 'truncated-poisson') {
    if (maxBatchSize === undefined) throw new UsageError('--sampling truncated-poisson needs --max-batch-size B (the batch cap, an integer in [--batch-size, --dataset-size])');
    if (batchSize !== undefined && datasetSize !== undefined && (maxBatchSize < batchSize || maxBatchSize > datasetSize)) {
      throw new UsageError(`--max-batch-size must be in [--batch-size = ${batchSize}, --dataset-size = ${datasetSize}]; found ${maxBatchSize}`);
    }
  } else if (maxBatchSize !== undefined) {
    throw new UsageError(`--max-batch-size is for --sampling truncated-poisson only; found --sampling ${sampler}`);
  }
  const sizes = batchSize !== undefined && datasetSize !== undefined ? { batchSize, datasetSize } : undefined;
  const batchesPerEpoch = parseBatchesPerEpoch(flags, sampler, sizes);
  const rateGiven = rate !== undefined;
  if (sizes === undefined) {
    if (sampler !== 'poisson') throw new UsageError(`--sampling ${sampler} needs --batch-size and --dataset-size (its ε depends on both, not only on the rate)`);
    if (rate === undefined) {
      if (options.rateRequired === false) return undefined;
      throw new UsageError('missing --sampling-rate (0 < q ≤ 1), or --batch-size with --dataset-size');
    }
    return { sampler, explicit, samplingRate: rate, rateGiven };
  }
  const implied = sizes.batchSize / sizes.datasetSize;
  const rest = { ...sizes, sizeRate: implied, ...(maxBatchSize === undefined ? {} : { maxBatchSize }), ...(batchesPerEpoch === undefined ? {} : { batchesPerEpoch }) };
  if (rate !== undefined && !sameRate(rate, implied)) {
    if (sampler !== 'poisson') {
      throw new UsageError(`--sampling ${sampler} is priced from --batch-size and --dataset-size (its ε depends on both, not on a rate): --sampling-rate ${formatNumber(rate)} contradicts --batch-size / --dataset-size = ${formatNumber(implied)}; drop --sampling-rate`);
    }
    const rateNote = `priced at --sampling-rate q = ${formatNumber(rate)}, the rate the loop ran (Opacus: sample_rate = 1/len(loader)); --batch-size / --dataset-size = ${formatNumber(implied)} is context, not priced`;
    return { sampler, explicit, samplingRate: rate, rateGiven, ...rest, rateNote };
  }
  return { sampler, explicit, samplingRate: rate ?? implied, rateGiven, ...rest };
}

/**
 * True when the choice is a Poisson run priced from its `--sampling-rate` (b and N, if given,
 * are context): such a run is priced by the Poisson accountants at q, not by `samplerRunOf`.
 *
 * @example pricedFromRate(parseSampling({ 'sampling-rate': '0.01', 'batch-size': '100', 'dataset-size': '10000' })) // true
 */
export function pricedFromRate(choiceMade: SamplingChoice): boolean {
  return choiceMade.sampler === 'poisson' && choiceMade.rateGiven;
}

/** The JSON fields that echo a Poisson run's sizes beside the priced rate (empty without sizes). */
export function samplingContextJson(choiceMade: SamplingChoice): Record<string, unknown> {
  if (choiceMade.batchSize === undefined) return {};
  return {
    sampling: choiceMade.sampler,
    samplingRate: choiceMade.samplingRate,
    batchSize: choiceMade.batchSize,
    datasetSize: choiceMade.datasetSize,
    sizeRate: choiceMade.sizeRate,
    ...(choiceMade.rateNote === undefined ? {} : { samplingNote: choiceMade.rateNote }),
  };
}

/**
 * The `SamplerRun` of a choice that carries b and N (throws a `UsageError` naming the flags
 * otherwise). A `SamplerRun` prices b/N: a Poisson choice whose `--sampling-rate` differs from
 * b/N is refused here (never priced at the wrong rate); price it with `samplerEpsilonOf`
 * (sampler-epsilon-of.ts), which prices the given rate.
 */
export function samplerRunOf(choiceMade: SamplingChoice, noiseMultiplier: number, steps: number, neighbouring: SamplerRun['neighbouring']): SamplerRun {
  if (choiceMade.batchSize === undefined || choiceMade.datasetSize === undefined) {
    throw new UsageError(`--sampling ${choiceMade.sampler} needs --batch-size and --dataset-size`);
  }
  if (choiceMade.rateNote !== undefined) {
    throw new UsageError(`--sampling-rate ${formatNumber(choiceMade.samplingRate)} differs from --batch-size / --dataset-size = ${formatNumber(choiceMade.sizeRate as number)}, and this analysis prices b/N only; drop one of them`);
  }
  return {
    sampler: choiceMade.sampler,
    datasetSize: choiceMade.datasetSize,
    batchSize: choiceMade.batchSize,
    ...(choiceMade.maxBatchSize === undefined ? {} : { maxBatchSize: choiceMade.maxBatchSize }),
    ...(choiceMade.batchesPerEpoch === undefined ? {} : { batchesPerEpoch: choiceMade.batchesPerEpoch }),
    noiseMultiplier,
    steps,
    ...(neighbouring === undefined ? {} : { neighbouring }),
  };
}

/**
 * For commands whose analysis holds for Poisson batches only: reads `--sampling` and refuses any
 * other sampler with one line saying why and where that sampler's ε is computed.
 *
 * @example requirePoissonSampling({ sampling: 'shuffle' }, 'Bayes security is derived for Poisson-subsampled DP-SGD') // throws
 */
export function requirePoissonSampling(flags: ParsedFlags, why: string): void {
  const sampler = choice(flags, 'sampling', BATCH_SAMPLERS, 'poisson');
  if (sampler !== 'poisson') {
    throw new UsageError(`--sampling ${sampler}: ${why}, and combining it with this sampler's DP curve would not be a guarantee; for the ε of ${sampler} batches run dpbounds dp --sampling ${sampler}`);
  }
}

/** `--sampling` for commands whose analysis holds for Poisson batches only (see {@link requirePoissonSampling}). */
export const POISSON_ONLY_SAMPLING_FLAG: Readonly<Record<string, FlagSpec>> = {
  sampling: { type: 'string', valueName: 'poisson', description: 'batch sampler of the run: this analysis holds for poisson only (other samplers are refused; docs/batch-samplers.md)', defaultText: 'poisson' },
};
