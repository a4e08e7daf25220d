/**
 * Self-composition of one-step PLDs by FFT under the PLD work budget: the grid step grows
 * (×1.5, still pessimistic: a coarser connect-the-dots grid only raises δ) until every
 * composition window fits `DEFAULT_PLD_MAX_GRID_POINTS` bins.
 */
import { DpboundsRangeError, DpboundsTypeError, requireFunction, requireInRange, requireInteger } from '@dpbounds/special-functions';
import type { DiscretePld } from '../pld/discrete-pld.js';
import { requireDiscretePld } from '../pld/require-discrete-pld.js';
import { composeInWindow, planComposition, type CompositionWindow } from '../pld/fft-composition.js';
import { DEFAULT_PLD_MAX_GRID_POINTS } from '../pld/work-budget.js';

/** Tail mass τ of the composition window (moved to +∞). */
export const SAMPLER_TAIL_MASS = 1e-15;

/**
 * What `buildStep(h)` returned, if it is a non-empty array of discrete PLDs (read by index, so a
 * hole is refused too); else a typed error naming `buildStep` with what it returned.
 */
function requireStepPlds(value: unknown, h: number): DiscretePld[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'buildStep', expected: `a function returning a non-empty array of discrete PLDs (at h = ${h})`, found: value });
  }
  for (let i = 0; i < value.length; i++) requireDiscretePld(`buildStep(${h})[${i}]`, value[i]);
  return value as DiscretePld[];
}

/**
 * `steps`-fold compositions of the one-step PLDs `buildStep(h)` (one per direction), starting at
 * grid step `h`. Throws a typed error naming `steps` when no grid up to 40 coarsenings fits,
 * and naming `buildStep` when it returns anything but a non-empty array of discrete PLDs.
 *
 * @example composeWithinBudget((h) => [connectTheDotsPld('remove', 0.01, 1, { h })], 1e-4, 1000)
 */
export function composeWithinBudget(buildStep: (h: number) => DiscretePld[], h: number, steps: number): DiscretePld[] {
  requireFunction('buildStep', buildStep);
  requireInRange('h', h, { min: 0, minExclusive: true, max: 10 });
  requireInteger('steps', steps, { min: 1 });
  let step = h;
  for (let attempt = 0; attempt < 40; attempt++) {
    const one = requireStepPlds(buildStep(step), step);
    const windows: CompositionWindow[] = one.map((pld) => planComposition([{ pld, count: steps }], SAMPLER_TAIL_MASS));
    if (windows.every((w) => w.width <= DEFAULT_PLD_MAX_GRID_POINTS)) {
      return one.map((pld, i) => composeInWindow([{ pld, count: steps }], windows[i] as CompositionWindow, SAMPLER_TAIL_MASS, true));
    }
    step *= 1.5;
  }
  throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'steps', expected: `a run whose PLD fits ${DEFAULT_PLD_MAX_GRID_POINTS} grid points`, found: steps });
}
