/**
 * Mechanism events for the batch samplers other than Poisson: fixed-size sampling without
 * replacement, truncated Poisson and balls-in-bins (derivations: docs/math/batch-samplers.md).
 * Plain frozen data like the other events; the accountants decide how (or whether) to price them.
 */
import { DpboundsTypeError } from '@dpbounds/special-functions';
import type { MechanismEvent } from './mechanism-event.js';
import { requireBatchWithinDataset, requireOptions, validateEvent } from './validate-event.js';

/**
 * `event` run on a batch of exactly `batchSize` distinct records drawn uniformly without
 * replacement from `datasetSize` records, independently at every step.
 */
export interface FixedSizeSampledEvent {
  readonly kind: 'fixed-size-sampled';
  readonly batchSize: number;
  readonly datasetSize: number;
  readonly event: MechanismEvent;
}

/**
 * `event` run on a Poisson sample (rate `samplingRate`) of `datasetSize` records, cut down to
 * a uniformly random subset of `maxBatchSize` records when it is larger.
 */
export interface TruncatedPoissonSampledEvent {
  readonly kind: 'truncated-poisson-sampled';
  readonly samplingRate: number;
  readonly maxBatchSize: number;
  readonly datasetSize: number;
  readonly event: MechanismEvent;
}

/**
 * `epochs` epochs of DP-SGD where, each epoch, every record is put in one of k batches chosen
 * uniformly at random (independently of the other records), each batch then released with
 * Gaussian noise of multiplier `noiseMultiplier`. k is `batchesPerEpoch` when given, else ⌈N/b⌉.
 * Every record is in exactly one batch per epoch, so the event prices the same for any k
 * (one Gaussian release per epoch); k decides how many epochs T steps are.
 */
export interface BallsInBinsEvent {
  readonly kind: 'balls-in-bins';
  readonly datasetSize: number;
  readonly batchSize: number;
  readonly epochs: number;
  readonly noiseMultiplier: number;
  /** Batches per epoch k of the loop (integer in [1, N]); absent: ⌈N/b⌉. */
  readonly batchesPerEpoch?: number;
}

/**
 * Fixed-size sampling without replacement: `batchSize` of `datasetSize` records each step.
 * Add-remove accountants price it as the Poisson add-remove pair at rate b/N with sensitivity 2;
 * under substitution it needs the symmetrised pair (Dong, Roth, Su 2022; Lebeda et al. 2024) of
 * `fixedSizeSubstitutionEpsilon`, and substitution accountants refuse it.
 *
 * @example fixedSizeSampledEvent({ batchSize: 256, datasetSize: 60_000, event: gaussianEvent(1.1) })
 */
export function fixedSizeSampledEvent(options: { readonly batchSize: number; readonly datasetSize: number; readonly event: MechanismEvent }): FixedSizeSampledEvent {
  requireOptions('options', options, ['batchSize', 'datasetSize', 'event'], false);
  const e: FixedSizeSampledEvent = Object.freeze({ kind: 'fixed-size-sampled', batchSize: options.batchSize, datasetSize: options.datasetSize, event: options.event });
  validateEvent('event', e);
  return e;
}

/**
 * Truncated Poisson sampling: Poisson at rate q, batches above `maxBatchSize` cut down at random
 * (dp_accounting's TruncatedSubsampledGaussianDpEvent).
 *
 * @example truncatedPoissonSampledEvent({ samplingRate: 0.004, maxBatchSize: 300, datasetSize: 60_000, event: gaussianEvent(1.1) })
 */
export function truncatedPoissonSampledEvent(options: { readonly samplingRate: number; readonly maxBatchSize: number; readonly datasetSize: number; readonly event: MechanismEvent }): TruncatedPoissonSampledEvent {
  requireOptions('options', options, ['samplingRate', 'maxBatchSize', 'datasetSize', 'event'], false);
  const e: TruncatedPoissonSampledEvent = Object.freeze({ kind: 'truncated-poisson-sampled', samplingRate: options.samplingRate, maxBatchSize: options.maxBatchSize, datasetSize: options.datasetSize, event: options.event });
  validateEvent('event', e);
  return e;
}

/**
 * Balls-in-bins batching for `epochs` epochs (Chua et al. 2025; docs/math/batch-samplers.md,
 * section 5, eq. (6)). `batchesPerEpoch` (integer in [1, N], default ⌈N/b⌉) records the loop's
 * k; the caller derives `epochs` = ⌈T/k⌉ from it.
 *
 * @example ballsInBinsEvent({ datasetSize: 60_000, batchSize: 256, epochs: 10, noiseMultiplier: 1.1 })
 */
export function ballsInBinsEvent(options: { readonly datasetSize: number; readonly batchSize: number; readonly epochs: number; readonly noiseMultiplier: number; readonly batchesPerEpoch?: number }): BallsInBinsEvent {
  requireOptions('options', options, ['datasetSize', 'batchSize', 'epochs', 'noiseMultiplier', 'batchesPerEpoch'], false);
  const { datasetSize, batchSize, epochs, noiseMultiplier, batchesPerEpoch } = options;
  const e: BallsInBinsEvent = Object.freeze({ kind: 'balls-in-bins', datasetSize, batchSize, epochs, noiseMultiplier, ...(batchesPerEpoch === undefined ? {} : { batchesPerEpoch }) });
  validateEvent('event', e);
  return e;
}

/**
 * Number of batches k per epoch of an epoch-based loop (shuffle, balls-in-bins) with batches of
 * b out of N records: ⌈N/b⌉ when the last, smaller batch of each epoch is kept (PyTorch
 * `DataLoader(drop_last=False)`, the default), ⌊N/b⌋ with `dropLast` (`drop_last=True`: the
 * N − ⌊N/b⌋·b records left over sit the epoch out). T steps are ⌈T/k⌉ epochs
 * (docs/math/batch-samplers.md, sections 5 and 6).
 *
 * @example binsPerEpoch(60_000, 256) // 235
 * @example binsPerEpoch(60_000, 256, { dropLast: true }) // 234
 */
export function binsPerEpoch(datasetSize: number, batchSize: number, options?: { readonly dropLast?: boolean }): number {
  requireBatchWithinDataset('', batchSize, datasetSize);
  const { dropLast = false } = requireOptions<{ dropLast?: boolean }>('options', options, ['dropLast']);
  if (typeof dropLast !== 'boolean') throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'options.dropLast', expected: 'a boolean', found: dropLast });
  return dropLast ? Math.floor(datasetSize / batchSize) : Math.ceil(datasetSize / batchSize);
}

