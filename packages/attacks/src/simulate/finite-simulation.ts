/**
 * The last check of a simulation: every simulated value is finite. A value beyond
 * ±`Number.MAX_VALUE` (options near it, e.g. a sensitivity or noise of 1e308) is refused naming
 * the options that set the scale, never returned as ±∞ (or NaN, when two infinities meet).
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';

/**
 * Throws a DpboundsRangeError naming `options` (the options that set the values' scale) when a
 * value of `values` is not finite; returns `values` otherwise.
 *
 * @example requireFiniteSimulation(new Float64Array([0, 1]), 'noiseStd') // the array
 */
export function requireFiniteSimulation(values: Float64Array, options: string): Float64Array {
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (!Number.isFinite(value)) {
      throw new DpboundsRangeError({
        code: 'ERR_OUT_OF_RANGE',
        parameter: options,
        expected: `values whose simulation stays within ±Number.MAX_VALUE (simulated value ${i} overflowed)`,
        found: value,
      });
    }
  }
  return values;
}
