/**
 * Mechanism events for the batch samplers other than Poisson: fixed-size sampling without
 * replacement, truncated Poisson and balls-in-bins (derivations: docs/math/batch-samplers.md).
 * Plain frozen data like the other events; the accountants decide how (or whether) to price them.
 */
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
 * `epochs` epochs of DP-SGD where, each epoch, every record is put in one of ⌈N/b⌉ batches
 * chosen uniformly at random (independently of the other records), each batch then released
 * with Gaussian noise of multiplier `noiseMultiplier`.
 */
export interface BallsInBinsEvent {
  readonly kind: 'balls-in-bins';
  readonly datasetSize: number;
  readonly batchSize: number;
  readonly epochs: number;
  readonly noiseMultiplier: number;
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
 * Balls-in-bins batching for `epochs` epochs (Chua et al. 2025).
 *
 * @example ballsInBinsEvent({ datasetSize: 60_000, batchSize: 256, epochs: 10, noiseMultiplier: 1.1 })
 */
export function ballsInBinsEvent(options: { readonly datasetSize: number; readonly batchSize: number; readonly epochs: number; readonly noiseMultiplier: number }): BallsInBinsEvent {
  requireOptions('options', options, ['datasetSize', 'batchSize', 'epochs', 'noiseMultiplier'], false);
  const e: BallsInBinsEvent = Object.freeze({ kind: 'balls-in-bins', datasetSize: options.datasetSize, batchSize: options.batchSize, epochs: options.epochs, noiseMultiplier: options.noiseMultiplier });
  validateEvent('event', e);
  return e;
}

/**
 * Number of batches per epoch of balls-in-bins, ⌈N/b⌉.
 *
 * @example binsPerEpoch(60_000, 256) // 235
 */
export function binsPerEpoch(datasetSize: number, batchSize: number): number {
  requireBatchWithinDataset('', batchSize, datasetSize);
  return Math.ceil(datasetSize / batchSize);
}

