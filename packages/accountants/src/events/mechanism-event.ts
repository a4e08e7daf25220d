/**
 * Mechanism events: immutable, documented data describing what a training run did, kept apart
 * from the accountants that price them (the `DpEvent` design of Google's dp_accounting).
 *
 * An event is a discriminated union on `kind`. DP-SGD is "T times, Poisson-sample each record
 * with probability q, then add Gaussian noise of standard deviation σ·C to the clipped sum":
 * `selfComposed(poissonSampled(gaussian(σ), q), T)`. Schedules where σ or q change during
 * training are a `composed` list of such phases. Sensitivity is the clip norm, so σ is the
 * noise multiplier (docs/math/accounting.md §1).
 */
import { DpboundsRangeError, DpboundsTypeError, requireInRange, requireInteger, requireObject } from '@dpbounds/special-functions';
import type { BallsInBinsEvent, FixedSizeSampledEvent, TruncatedPoissonSampledEvent } from './sampler-events.js';
import { MAX_EVENT_NODES, requireOptions, validateEvent } from './validate-event.js';
import type { BandedMatrixEvent } from '../sampling/banded-matrix/banded-matrix-event.js';

export type { BallsInBinsEvent, BandedMatrixEvent, FixedSizeSampledEvent, TruncatedPoissonSampledEvent };

/** The Gaussian mechanism with L2 sensitivity 1 and noise multiplier `noiseMultiplier` (0 means no noise). */
export interface GaussianEvent {
  readonly kind: 'gaussian';
  readonly noiseMultiplier: number;
}

/** `event` run on a Poisson sample: each record is included independently with probability `samplingRate`. */
export interface PoissonSampledEvent {
  readonly kind: 'poisson-sampled';
  readonly samplingRate: number;
  readonly event: MechanismEvent;
}

/** `event` repeated `count` times (adaptive composition). */
export interface SelfComposedEvent {
  readonly kind: 'self-composed';
  readonly event: MechanismEvent;
  readonly count: number;
}

/** The events of `events`, one after the other (adaptive composition). */
export interface ComposedEvent {
  readonly kind: 'composed';
  readonly events: readonly MechanismEvent[];
}

/** A step that touches no private data (evaluation on public data, a learning-rate change). */
export interface NoOpEvent {
  readonly kind: 'no-op';
}

/** A release without any privacy protection: every accountant reports ε = ∞ after it. */
export interface NonPrivateEvent {
  readonly kind: 'non-private';
}

/**
 * A mechanism no accountant here can price (a custom release). It exists so that a ledger can
 * record it honestly: `compose` of it fails with an {@link UnsupportedEventError}-style typed
 * error naming `name`, instead of silently ignoring it.
 */
export interface UnsupportedEvent {
  readonly kind: 'unsupported';
  readonly name: string;
}

/** Every mechanism event the accountants understand (or explicitly refuse). */
export type MechanismEvent =
  | GaussianEvent
  | PoissonSampledEvent
  | SelfComposedEvent
  | ComposedEvent
  | NoOpEvent
  | NonPrivateEvent
  | UnsupportedEvent
  | FixedSizeSampledEvent
  | TruncatedPoissonSampledEvent
  | BallsInBinsEvent
  | BandedMatrixEvent;

/**
 * The Gaussian mechanism N(f(D), σ²C²I) with clip norm C (σ = `noiseMultiplier` ≥ 0; 0 is
 * the non-private identity release).
 *
 * @example gaussianEvent(1.1) // { kind: 'gaussian', noiseMultiplier: 1.1 }
 */
export function gaussianEvent(noiseMultiplier: number): GaussianEvent {
  requireInRange('noiseMultiplier', noiseMultiplier, { min: 0 });
  return Object.freeze({ kind: 'gaussian', noiseMultiplier });
}

/**
 * `event` applied to a Poisson subsample with inclusion probability `samplingRate` ∈ [0, 1]
 * (q = 0: no record is ever used; q = 1: the full data set).
 *
 * @example poissonSampledEvent(0.01, gaussianEvent(1))
 */
export function poissonSampledEvent(samplingRate: number, event: MechanismEvent): PoissonSampledEvent {
  requireInRange('samplingRate', samplingRate, { min: 0, max: 1 });
  requireEvent('event', event);
  return Object.freeze({ kind: 'poisson-sampled', samplingRate, event });
}

/**
 * `event` composed with itself `count` times (integer ≥ 0).
 *
 * @example selfComposedEvent(gaussianEvent(2), 10)
 */
export function selfComposedEvent(event: MechanismEvent, count: number): SelfComposedEvent {
  requireEvent('event', event);
  requireInteger('count', count, { min: 0 });
  return Object.freeze({ kind: 'self-composed', event, count });
}

/**
 * The composition of `events` in order (the list is copied and frozen).
 *
 * @example composedEvent([gaussianEvent(1), gaussianEvent(2)])
 */
export function composedEvent(events: readonly MechanismEvent[]): ComposedEvent {
  if (!Array.isArray(events)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'events', expected: 'an array of mechanism events', found: events });
  }
  // the length is checked before anything walks the array: new Array(2 ** 31) is refused at once
  if (events.length > MAX_EVENT_NODES) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'events', expected: `at most ${MAX_EVENT_NODES} events`, found: events });
  }
  for (let i = 0; i < events.length; i++) requireEvent(`events[${i}]`, events[i]); // a hole is refused as a missing event
  return Object.freeze({ kind: 'composed', events: Object.freeze([...events]) });
}

/** @example noOpEvent() // { kind: 'no-op' } (a step that uses no private data) */
export function noOpEvent(): NoOpEvent {
  return Object.freeze({ kind: 'no-op' });
}

/** @example nonPrivateEvent() // every accountant then reports ε = ∞ */
export function nonPrivateEvent(): NonPrivateEvent {
  return Object.freeze({ kind: 'non-private' });
}

/** @example unsupportedEvent('my-sketch') // composing it fails naming "my-sketch" */
export function unsupportedEvent(name: string): UnsupportedEvent {
  if (typeof name !== 'string' || name === '') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'name', expected: 'a non-empty string', found: name });
  }
  return Object.freeze({ kind: 'unsupported', name });
}

/** One phase of a DP-SGD run: `steps` steps at sampling rate q and noise multiplier σ. */
export interface DpSgdPhase {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
}

/**
 * DP-SGD with Poisson sampling: `steps` repetitions of the Poisson-subsampled Gaussian
 * mechanism (Abadi et al. 2016; the event every accountant here prices).
 *
 * @example dpSgdEvent({ samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10_000 })
 */
export function dpSgdEvent(phase: DpSgdPhase): SelfComposedEvent {
  requireOptions('phase', phase, ['samplingRate', 'noiseMultiplier', 'steps'], false);
  return selfComposedEvent(poissonSampledEvent(phase.samplingRate, gaussianEvent(phase.noiseMultiplier)), phase.steps);
}

/** Most phases of one {@link dpSgdScheduleEvent} (each phase is three events of the tree). */
export const MAX_SCHEDULE_PHASES = 300_000;

/**
 * A heterogeneous DP-SGD schedule: phases whose σ or q differ, composed in order. At most
 * {@link MAX_SCHEDULE_PHASES} phases; a longer array, or one with holes, is refused at once.
 *
 * @example dpSgdScheduleEvent([{ samplingRate: 0.01, noiseMultiplier: 0.8, steps: 500 }, { samplingRate: 0.01, noiseMultiplier: 1.2, steps: 500 }])
 */
export function dpSgdScheduleEvent(phases: readonly DpSgdPhase[]): ComposedEvent {
  if (!Array.isArray(phases)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'phases', expected: 'an array of { samplingRate, noiseMultiplier, steps }', found: phases });
  }
  // each phase is three events (self-composed, Poisson-sampled, Gaussian): the cap keeps the tree
  // within MAX_EVENT_NODES, and is checked before the array is walked
  if (phases.length > MAX_SCHEDULE_PHASES) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'phases', expected: `at most ${MAX_SCHEDULE_PHASES} phases (merge consecutive steps with the same σ and q into one phase)`, found: phases });
  }
  const events: MechanismEvent[] = [];
  for (let i = 0; i < phases.length; i++) {
    // a hole (new Array(n)) is undefined here, refused as a missing phase
    const phase = requireOptions<DpSgdPhase>(`phases[${i}]`, phases[i], ['samplingRate', 'noiseMultiplier', 'steps'], false);
    events.push(dpSgdEvent(phase));
  }
  return composedEvent(events);
}

function requireEvent(parameter: string, event: unknown): void {
  validateEvent(parameter, event);
}

/**
 * A short readable name of an event, used in error messages and the CLI.
 *
 * @example describeEvent(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 10 })) // "self-composed(poisson-sampled(gaussian(σ=1), q=0.01), 10)"
 */
export function describeEvent(event: MechanismEvent): string {
  requireObject('event', event);
  switch (event.kind) {
    case 'gaussian':
      return `gaussian(σ=${event.noiseMultiplier})`;
    case 'poisson-sampled':
      return `poisson-sampled(${describeEvent(event.event)}, q=${event.samplingRate})`;
    case 'self-composed':
      return `self-composed(${describeEvent(event.event)}, ${event.count})`;
    case 'composed':
      return `composed([${event.events.length} events])`;
    case 'no-op':
      return 'no-op';
    case 'non-private':
      return 'non-private';
    case 'unsupported':
      return `unsupported(${event.name})`;
    case 'fixed-size-sampled':
      return `fixed-size-sampled(${describeEvent(event.event)}, b=${event.batchSize}, N=${event.datasetSize})`;
    case 'truncated-poisson-sampled':
      return `truncated-poisson-sampled(${describeEvent(event.event)}, q=${event.samplingRate}, max=${event.maxBatchSize}, N=${event.datasetSize})`;
    case 'balls-in-bins':
      return `balls-in-bins(σ=${event.noiseMultiplier}, b=${event.batchSize}, N=${event.datasetSize}, epochs=${event.epochs}${event.batchesPerEpoch === undefined ? '' : `, k=${event.batchesPerEpoch}`})`;
    case 'banded-matrix':
      return `banded-matrix(${event.participation}, σ=${event.noiseMultiplier}, bands=${event.bands}, steps=${event.steps}, k=${event.minSeparation})`;
  }
}
