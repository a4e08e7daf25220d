/**
 * Test helper: the parameter named by the typed error `call` throws; fails the test when `call`
 * throws anything else, and throws when it answers instead of refusing.
 */
import { DpboundsRangeError, isDpboundsError } from '@dpbounds/special-functions';
import { expect } from 'vitest';

/**
 * The `parameter` of the DpboundsError thrown by `call`.
 *
 * @example expect(refusedParameter(() => requireInRange('q', 2, { min: 0, max: 1 }))).toBe('q')
 */
export function refusedParameter(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(isDpboundsError(error), String(error)).toBe(true);
    return (error as { parameter: string }).parameter;
  }
  throw new Error('expected a typed refusal, got an answer');
}

/**
 * The DpboundsRangeError thrown by `call` (fails the test on any other error; throws when `call`
 * answers instead of refusing).
 *
 * @example expect(rangeRefusal(() => subsampledGaussianRdp({ samplingRate: 0.1, noiseMultiplier: 1, order: 1e15 })).parameter).toBe('order')
 */
export function rangeRefusal(call: () => unknown): DpboundsRangeError {
  try {
    call();
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(DpboundsRangeError);
    return error as DpboundsRangeError;
  }
  throw new Error('expected a typed refusal, got an answer');
}
