/**
 * Learning-rate schedules η_t for t = 0 … T−1.
 */
import { DpboundsTypeError, requireInRange, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';

/** A schedule: a constant, or one of the usual decays from `initial`. */
export type LearningRateSchedule =
  | number
  | { readonly kind: 'constant'; readonly initial: number }
  | { readonly kind: 'cosine'; readonly initial: number; readonly final?: number }
  | { readonly kind: 'linear'; readonly initial: number; readonly final?: number }
  | { readonly kind: 'step'; readonly initial: number; readonly every: number; readonly factor: number };

/** Options of {@link learningRateAt}: where in the run to read the schedule. */
export interface LearningRateAtOptions {
  /** The step t, an integer ≥ 0. */
  readonly step: number;
  /** The run's total number of steps T, an integer ≥ 1. */
  readonly steps: number;
}

/**
 * η_t of `schedule` at step `options.step` of `options.steps` (T): constant; cosine
 * η_f + ½(η_0 − η_f)(1 + cos(πt/T)); linear η_0 + (η_f − η_0)t/T; step η_0·factor^⌊t/every⌋.
 *
 * @throws DpboundsRangeError on negative rates, factors outside (0, 1], non-integer steps;
 *   DpboundsTypeError naming `options.<key>` for an unknown key.
 * @example learningRateAt({ kind: 'cosine', initial: 0.1 }, { step: 50, steps: 100 }) // 0.05
 */
export function learningRateAt(schedule: LearningRateSchedule, options: LearningRateAtOptions): number {
  const { step, steps } = requireOptions<LearningRateAtOptions>('options', options, ['step', 'steps']);
  requireInteger('options.step', step, { min: 0 });
  requireInteger('options.steps', steps, { min: 1 });
  return scheduleValue(schedule, step, steps);
}

/**
 * The trainer's per-step form of {@link learningRateAt} (step and T already checked): not
 * exported from the package root.
 *
 * @example scheduleValue(0.1, 3, 10) // 0.1
 */
export function scheduleValue(schedule: LearningRateSchedule, step: number, totalSteps: number): number {
  if (typeof schedule === 'number') return requireInRange('learningRate', schedule, { min: 0 });
  requireObject('learningRate', schedule); // null or undefined: a typed error, not a TypeError reading .initial
  const initial = requireInRange('learningRate.initial', schedule.initial, { min: 0 });
  switch (schedule.kind) {
    case 'constant':
      return initial;
    case 'cosine': {
      const final = requireInRange('learningRate.final', schedule.final ?? 0, { min: 0 });
      return final + 0.5 * (initial - final) * (1 + Math.cos((Math.PI * step) / totalSteps));
    }
    case 'linear': {
      const final = requireInRange('learningRate.final', schedule.final ?? 0, { min: 0 });
      return initial + ((final - initial) * step) / totalSteps;
    }
    case 'step': {
      const every = requireInteger('learningRate.every', schedule.every, { min: 1 });
      const factor = requireInRange('learningRate.factor', schedule.factor, { min: 0, minExclusive: true, max: 1 });
      return initial * factor ** Math.floor(step / every);
    }
    default:
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'learningRate.kind', expected: 'constant, cosine, linear or step', found: (schedule as { kind: unknown }).kind });
  }
}
