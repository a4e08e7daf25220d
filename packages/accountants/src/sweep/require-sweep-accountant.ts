/**
 * The shape checks the sweep's result builders run first, so a hand-built argument gets a typed
 * error naming its field instead of a property read on `undefined`.
 */
import { DpboundsRangeError, requireArray, requireObject } from '@dpbounds/special-functions';
import { SWEEP_ACCOUNTANTS, type SweepAccountant } from './sweep-configuration.js';

/**
 * Requires one of the sweep's accountants (`rdp`, `pld`, `prv`, `gdp`).
 *
 * @throws DpboundsRangeError naming `parameter` otherwise.
 * @example requireSweepAccountant('accountant', 'pld') // 'pld'
 */
export function requireSweepAccountant(parameter: string, value: unknown): SweepAccountant {
  if (!(SWEEP_ACCOUNTANTS as readonly unknown[]).includes(value)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter, expected: `one of ${SWEEP_ACCOUNTANTS.join(', ')}`, found: value });
  }
  return value as SweepAccountant;
}

/**
 * Requires an object whose listed fields are arrays (an analysis result handed to a JSON builder).
 *
 * @throws DpboundsTypeError naming `parameter` or `parameter.field`.
 * @example requireResultShape('result', { tprAtFpr: [] }, ['tprAtFpr'])
 */
export function requireResultShape(parameter: string, value: unknown, arrays: readonly string[]): Readonly<Record<string, unknown>> {
  const o = requireObject(parameter, value);
  for (const field of arrays) requireArray(`${parameter}.${field}`, o[field]);
  return o;
}
