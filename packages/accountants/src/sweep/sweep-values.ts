/**
 * One axis of a parameter sweep, written the way a user types it: a list (`0.001,0.004`), a
 * single value (`1e-5`) or an inclusive range `start:stop:step` (`0.5:2:0.1`). Range points are
 * computed in decimal, not by repeated floating-point addition, so `0.5:2:0.1` yields exactly the
 * doubles of the literals `0.5`, `0.6`, …, `2` (never `0.7000000000000001`) and always ends at
 * `stop`.
 */
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';

/** Most points one axis may have (a larger range is refused, never truncated). */
export const MAX_SWEEP_AXIS_POINTS = 1_000_000;

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A decimal literal as an integer mantissa times a power of ten. */
interface Decimal {
  readonly mantissa: bigint;
  readonly exponent: number;
}

function parseDecimal(field: string, text: string, whole: string): Decimal {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: field, expected: 'a decimal number, a comma-separated list or a range start:stop:step', found: whole });
  }
  const [body = '', exp = '0'] = trimmed.toLowerCase().split('e');
  const sign = body.startsWith('-') ? -1n : 1n;
  const digits = body.replace(/^[+-]/, '');
  const dot = digits.indexOf('.');
  const fraction = dot < 0 ? 0 : digits.length - dot - 1;
  const mantissa = BigInt(digits.replace('.', '') || '0') * sign;
  return { mantissa, exponent: Number(exp) - fraction };
}

function decimalToNumber(field: string, d: Decimal, whole: string): number {
  const value = Number(`${d.mantissa}e${d.exponent}`);
  if (!Number.isFinite(value)) {
    throw new DpboundsRangeError({ code: 'ERR_NOT_FINITE', parameter: field, expected: 'finite numbers (at most 1.7976931348623157e308)', found: whole });
  }
  if (value === 0 && d.mantissa !== 0n) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: field, expected: 'numbers that do not underflow to 0 (at least 5e-324)', found: whole });
  }
  return value === 0 ? 0 : value;
}

function atExponent(d: Decimal, exponent: number): bigint {
  return d.mantissa * 10n ** BigInt(d.exponent - exponent);
}

function parseRange(field: string, parts: readonly string[], whole: string): number[] {
  const [start, stop, step] = parts.map((p) => parseDecimal(field, p, whole)) as [Decimal, Decimal, Decimal];
  const exponent = Math.min(start.exponent, stop.exponent, step.exponent);
  if (Math.max(start.exponent, stop.exponent, step.exponent) - exponent > 400) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: field, expected: 'a range whose start, stop and step differ by at most 400 orders of magnitude', found: whole });
  }
  const a = atExponent(start, exponent);
  const b = atExponent(stop, exponent);
  const h = atExponent(step, exponent);
  if (h <= 0n) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: field, expected: 'a range start:stop:step with step > 0', found: whole });
  if (b < a) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: field, expected: 'a range start:stop:step with start ≤ stop', found: whole });
  if ((b - a) % h !== 0n) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: field, expected: 'a range start:stop:step whose stop − start is a whole number of steps (the range includes stop)', found: whole });
  }
  const count = (b - a) / h + 1n;
  if (count > BigInt(MAX_SWEEP_AXIS_POINTS)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: field, expected: `a range of at most ${MAX_SWEEP_AXIS_POINTS} points`, found: whole });
  }
  const values: number[] = [];
  for (let k = 0n; k < count; k++) values.push(decimalToNumber(field, { mantissa: a + k * h, exponent }, whole));
  return values;
}

/**
 * The values of one sweep axis: `start:stop:step` (inclusive, decimal-exact), a comma-separated
 * list, or one number. Duplicates are refused (two equal configurations would be ambiguous).
 *
 * @param field the configuration field the axis sets (named in errors), e.g. `noiseMultiplier`.
 * @throws DpboundsTypeError (not a number, list or range) or DpboundsRangeError (step ≤ 0,
 *   start > stop, stop not on the step grid, more than {@link MAX_SWEEP_AXIS_POINTS} points,
 *   overflow, duplicates), naming `field`.
 * @example parseSweepValues('noiseMultiplier', '0.5:1:0.1') // [0.5, 0.6, 0.7, 0.8, 0.9, 1]
 * @example parseSweepValues('samplingRate', '0.001,0.004') // [0.001, 0.004]
 */
export function parseSweepValues(field: string, text: string): number[] {
  if (typeof text !== 'string' || text.trim() === '') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: field, expected: 'a number, a comma-separated list or a range start:stop:step', found: text });
  }
  const items = text.split(',');
  const values: number[] = [];
  for (const item of items) {
    const parts = item.split(':');
    if (parts.length === 3) values.push(...parseRange(field, parts, text));
    else if (parts.length === 1) values.push(decimalToNumber(field, parseDecimal(field, item, text), text));
    else throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: field, expected: 'a range written start:stop:step (three parts)', found: text });
    if (values.length > MAX_SWEEP_AXIS_POINTS) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: field, expected: `at most ${MAX_SWEEP_AXIS_POINTS} values`, found: text });
    }
  }
  const seen = new Set<number>();
  for (const v of values) {
    if (seen.has(v)) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: field, expected: 'distinct values (each configuration once)', found: text });
    seen.add(v);
  }
  return values;
}
