/**
 * The ε of the batch sampler a training loop actually uses, next to the Poisson ε at the same
 * expected batch size: the user-level contract called by the CLI, the trainer report, the
 * playground and sweeps (derivations: docs/math/batch-samplers.md).
 */
import { DpboundsTypeError } from '@dpbounds/special-functions';
import type { NeighbouringRelation, ResultKind } from '@dpbounds/tradeoff-core';
import type { MechanismEvent } from '../events/mechanism-event.js';

/** How batches are drawn: the five samplers whose ε this package reports. */
export type BatchSampler = 'poisson' | 'fixed-size' | 'shuffle' | 'balls-in-bins' | 'truncated-poisson';

/** One DP-SGD run described by its batch sampler. */
export interface SamplerRun {
  readonly sampler: BatchSampler;
  /** Number of records N (integer ≥ 1). */
  readonly datasetSize: number;
  /** Batch size b (expected size for Poisson and truncated Poisson; integer, 1 ≤ b ≤ N). */
  readonly batchSize: number;
  /** Cap on the batch size (truncated Poisson only; integer ≥ 1). */
  readonly maxBatchSize?: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
  /** Number of steps T (integer ≥ 1; balls-in-bins and shuffle: a whole number of epochs of ⌈N/b⌉ steps is not required). */
  readonly steps: number;
  /** Neighbouring relation (default `add-remove`). */
  readonly neighbouring?: NeighbouringRelation;
}

/** One ε with what it is and how it was computed. */
export interface SamplerEpsilonValue<K extends ResultKind = ResultKind> {
  readonly value: number;
  readonly kind: K;
  readonly method: string;
}

/** The ε of a sampler's run, next to the Poisson ε at the same expected batch size. */
export interface SamplerEpsilon {
  readonly sampler: BatchSampler;
  readonly neighbouring: NeighbouringRelation;
  readonly delta: number;
  /** The sampler's own ε (its kind says whether it is a guarantee, an estimate or a lower bound). */
  readonly epsilon: SamplerEpsilonValue;
  /** A valid upper bound when one is known. */
  readonly upper?: SamplerEpsilonValue<'guarantee'>;
  /** A lower bound when one is known. */
  readonly lower?: SamplerEpsilonValue<'lower-bound'>;
  /** The Poisson ε at sampling rate b/N with the same σ and T. */
  readonly poisson: SamplerEpsilonValue;
  /** True when the Poisson ε is a valid guarantee for this run (only for the Poisson sampler). */
  readonly poissonValidForRun: boolean;
  /** A sentence for practitioners. */
  readonly note: string;
}

/** Every batch sampler, in the order the CLI lists them. */
export const BATCH_SAMPLERS: readonly BatchSampler[] = Object.freeze(['poisson', 'fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson'] as const);

function notImplemented(what: string): never {
  throw new DpboundsTypeError({ code: 'ERR_UNSUPPORTED_EVENT', parameter: 'sampler', expected: 'an implemented sampler', found: what }, `${what}: not implemented`);
}

/**
 * The ε of `run` at δ with its kind, and the Poisson ε at the same expected batch size.
 *
 * @example samplerEpsilon({ sampler: 'fixed-size', datasetSize: 60_000, batchSize: 256, noiseMultiplier: 1.1, steps: 10_000 }, 1e-5)
 */
export function samplerEpsilon(run: SamplerRun, delta: number, options?: { readonly accountant?: 'pld' | 'rdp' }): SamplerEpsilon {
  void run; void delta; void options;
  return notImplemented('samplerEpsilon');
}

/**
 * The smallest σ whose sampler ε (`samplerEpsilon(...).epsilon`) meets the target.
 *
 * @example samplerNoiseMultiplier({ sampler: 'fixed-size', datasetSize: 60_000, batchSize: 256, steps: 10_000 }, { epsilon: 3, delta: 1e-5 })
 */
export function samplerNoiseMultiplier(run: Omit<SamplerRun, 'noiseMultiplier'>, target: { readonly epsilon: number; readonly delta: number }): { noiseMultiplier: number; epsilon: SamplerEpsilon } {
  void run; void target;
  return notImplemented('samplerNoiseMultiplier');
}

/**
 * The mechanism event of a run (throws a typed error for `shuffle`, which has no event: only a lower bound is known).
 *
 * @example samplerEvent({ sampler: 'poisson', datasetSize: 1000, batchSize: 10, noiseMultiplier: 1, steps: 100 })
 */
export function samplerEvent(run: SamplerRun): MechanismEvent {
  void run;
  return notImplemented('samplerEvent');
}

/**
 * Which relations a sampler supports, the kind of its ε and a one-line summary.
 *
 * @example samplerSupport('fixed-size').epsilonKind // 'guarantee'
 */
export function samplerSupport(s: BatchSampler): { relations: readonly NeighbouringRelation[]; epsilonKind: ResultKind; summary: string } {
  void s;
  return notImplemented('samplerSupport');
}
