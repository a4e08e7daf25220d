/**
 * The size limits of the attacks package, checked before anything is allocated or drawn: a
 * count of 10¹⁵ must be refused naming it, not reach a typed-array allocation (a plain
 * `RangeError`) or a loop that never ends.
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';

/** Most values in one array a function allocates from a count it is given: 2²⁶ (512 MiB of float64). */
export const MAX_ALLOCATED_VALUES: number = 2 ** 26;

/** Most multiply-adds of a simulation (the correlated draws of `simulateGradientGame`): 2³⁰, a few seconds of CPU. */
export const MAX_SIMULATION_WORK: number = 2 ** 30;

/**
 * Throws a DpboundsRangeError when `factor` times the product of `counts` (integers ≥ 1, already
 * validated) exceeds `limit`, naming the largest count (the one to lower), the most it may be
 * given the others, the limit and the value found. `product` says what is counted (e.g.
 * "2 · trialsPerClass · dimension observations") and `limitText` the limit (e.g. "2^26").
 *
 * @example requireCountProduct([['trialsPerClass', 10000], ['dimension', 1]], MAX_ALLOCATED_VALUES, '2 · trialsPerClass · dimension observations', '2^26', 2) // fits
 */
export function requireCountProduct(counts: ReadonlyArray<readonly [string, number]>, limit: number, product: string, limitText: string, factor = 1): void {
  const total = counts.reduce((p, [, value]) => p * value, factor);
  if (total <= limit) return;
  const [parameter, found] = counts.reduce((largest, count) => (count[1] >= largest[1] ? count : largest));
  const others = total / found;
  throw new DpboundsRangeError({
    code: 'ERR_OUT_OF_RANGE',
    parameter,
    expected: `an integer ≤ ${Math.floor(limit / others)}: ${product} must be at most ${limitText} = ${limit} (${counts.map(([name, value]) => `${name} ${value}`).join(', ')})`,
    found,
  });
}
