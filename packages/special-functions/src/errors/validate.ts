/**
 * Argument validation for public APIs: each helper returns the value when valid and throws a
 * typed error naming the parameter, its valid range and the value found otherwise
 * (e.g. "Sampling rate must be in (0, 1]; found 1.5").
 */
import { DpboundsRangeError, DpboundsTypeError } from './dpbounds-error.js';

/** A real interval; omitted ends are unbounded; ends are inclusive unless marked exclusive. */
export interface Interval {
  readonly min?: number;
  readonly max?: number;
  readonly minExclusive?: boolean;
  readonly maxExclusive?: boolean;
}

/**
 * Interval notation for messages: `(0, 1]`, `[0, ∞)`, `(-∞, ∞)`.
 *
 * @example describeInterval({ min: 0, minExclusive: true, max: 1 }) // "(0, 1]"
 */
export function describeInterval(interval: Interval): string {
  const lo = interval.min === undefined || interval.min === -Infinity ? '(-∞' : `${interval.minExclusive === true ? '(' : '['}${interval.min}`;
  const hi = interval.max === undefined || interval.max === Infinity ? '∞)' : `${interval.max}${interval.maxExclusive === true ? ')' : ']'}`;
  return `${lo}, ${hi}`;
}

function inInterval(value: number, interval: Interval): boolean {
  if (interval.min !== undefined && (interval.minExclusive === true ? !(value > interval.min) : !(value >= interval.min))) return false;
  if (interval.max !== undefined && (interval.maxExclusive === true ? !(value < interval.max) : !(value <= interval.max))) return false;
  return true;
}

/**
 * Requires a number (not NaN) in `interval`. Infinite values pass only when the interval
 * includes them (`max: Infinity` with `maxExclusive` false allows +∞).
 *
 * @throws DpboundsTypeError when `value` is not a number; DpboundsRangeError when NaN or outside.
 * @example requireInRange('samplingRate', 0.01, { min: 0, minExclusive: true, max: 1 }) // 0.01
 */
export function requireInRange(parameter: string, value: unknown, interval: Interval): number {
  // Fast path first: the message is only built when the value is rejected (hot loops call this).
  if (typeof value === 'number' && Number.isFinite(value) && inInterval(value, interval)) return value;
  const expected = `in ${describeInterval(interval)}`;
  if (typeof value !== 'number') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: `a number ${expected}`, found: value });
  }
  if (Number.isNaN(value)) throw new DpboundsRangeError({ code: 'ERR_NOT_FINITE', parameter, expected, found: value });
  const infinityAllowed = (value === Infinity && interval.max === Infinity && interval.maxExclusive !== true) || (value === -Infinity && interval.min === -Infinity && interval.minExclusive !== true);
  if (!infinityAllowed || !inInterval(value, interval)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter, expected, found: value });
  }
  return value;
}

/**
 * Requires a finite number.
 *
 * @example requireFinite('score', 0.3) // 0.3
 */
export function requireFinite(parameter: string, value: unknown): number {
  if (typeof value !== 'number') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: 'a finite number', found: value });
  }
  if (!Number.isFinite(value)) throw new DpboundsRangeError({ code: 'ERR_NOT_FINITE', parameter, expected: 'a finite number', found: value });
  return value;
}

/**
 * Requires an integer (a safe integer) in `interval`.
 *
 * @example requireInteger('steps', 1000, { min: 1 }) // 1000
 */
export function requireInteger(parameter: string, value: unknown, interval: Interval = {}): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && inInterval(value, interval)) return value;
  const expected = `an integer in ${describeInterval(interval)}`;
  if (typeof value !== 'number') throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected, found: value });
  // an integer past 2^53 − 1 is not exactly representable: say so, or "found 9007199254740992" contradicts "an integer"
  if (!Number.isSafeInteger(value)) throw new DpboundsRangeError({ code: 'ERR_NOT_INTEGER', parameter, expected: Number.isInteger(value) ? `${expected} of at most 2^53 − 1 (exactly representable)` : expected, found: value });
  throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter, expected, found: value });
}

/**
 * Requires a probability in [0, 1] (or a sub-interval given by `interval`).
 *
 * @example requireProbability('fpr', 0.01) // 0.01
 */
export function requireProbability(parameter: string, value: unknown, interval: Interval = { min: 0, max: 1 }): number {
  return requireInRange(parameter, value, interval);
}

/**
 * Requires an array-like of finite numbers, optionally of a given length or minimum length.
 * Returns the input unchanged.
 *
 * @example requireFiniteArray('scores', [0.1, 0.2], { minLength: 1 })
 */
export function requireFiniteArray<T extends ArrayLike<number>>(
  parameter: string,
  values: T,
  shape: { readonly length?: number; readonly minLength?: number } = {},
): T {
  if (values === null || typeof values !== 'object' || typeof (values as { length?: unknown }).length !== 'number') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: 'an array of finite numbers', found: values });
  }
  if (shape.length !== undefined && values.length !== shape.length) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter, expected: `an array of length ${shape.length}`, found: values });
  }
  if (shape.minLength !== undefined && values.length < shape.minLength) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter, expected: `an array of at least ${shape.minLength} numbers`, found: values });
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new DpboundsRangeError({ code: 'ERR_NOT_FINITE', parameter: `${parameter}[${i}]`, expected: 'a finite number', found: v });
    }
  }
  return values;
}

/**
 * Requires a non-null object that is not an array (an options or configuration object, a
 * record, an event). Returns the input unchanged, typed as a record to read fields from.
 *
 * @throws DpboundsTypeError (`ERR_INVALID_TYPE`) naming `parameter` when `value` is
 * `undefined`, `null`, a primitive, a function or an array.
 * @example requireObject('options', { delta: 1e-5 }) // { delta: 1e-5 }
 */
export function requireObject<T extends object = Readonly<Record<string, unknown>>>(parameter: string, value: unknown): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: 'an object', found: value });
  }
  return value as T;
}

/** The papers' short names of the options dpbounds spells out. */
const SPELLED_OUT: Readonly<Record<string, string>> = { sigma: 'noiseMultiplier', q: 'samplingRate', T: 'steps', eps: 'epsilon' };

/** Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps), capped at `cap + 1`. */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return Math.min(rows[a.length]![b.length]!, cap + 1);
}

/**
 * The allowed key that `key` stands for: a paper's short name, another spelling
 * (`noise_multiplier`, `delta_`) or a typo (`detla`, `confidance`: at most one edit for keys of
 * up to 5 letters, two for longer ones, when exactly one allowed key is that close).
 */
function spelledAs(key: string, allowed: readonly string[]): string | undefined {
  const squash = (k: string): string => k.replace(/[-_]/g, '').toLowerCase();
  const short = SPELLED_OUT[key];
  if (short !== undefined && allowed.includes(short)) return short;
  const same = allowed.find((k) => squash(k) === squash(key));
  if (same !== undefined) return same;
  const typed = squash(key);
  const cap = typed.length <= 5 ? 1 : 2;
  if (typed.length < 3) return undefined;
  let best: string | undefined;
  let bestDistance = cap + 1;
  let tie = false;
  for (const k of allowed) {
    const d = editDistance(typed, squash(k), cap);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  return bestDistance <= cap && !tie ? best : undefined;
}

/**
 * Requires an options object whose keys are all among `allowed` (a misspelt or outdated key,
 * e.g. `sigma` for `noiseMultiplier`, is refused rather than silently ignored, with the name to
 * say instead when it has one: a paper's short name, another spelling such as `delta_` or
 * `noise_multiplier`, or a typo within one or two edits). Returns the input typed as `T`; field
 * checks are the caller's.
 *
 * @throws DpboundsTypeError (`ERR_INVALID_TYPE`) naming `parameter` when `value` is not an
 * object, or `parameter.key` for the first unknown key
 * (`step.sigma must be absent: say noiseMultiplier (known keys: …); found 1`).
 * @example requireOptions('options', { samplingRate: 0.01 }, ['samplingRate', 'noiseMultiplier']) // { samplingRate: 0.01 }
 */
export function requireOptions<T extends object>(parameter: string, value: unknown, allowed: readonly string[]): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: `an object with keys among ${allowed.join(', ') || '(none)'}`, found: value });
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      const instead = spelledAs(key, allowed);
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `${parameter}.${key}`, expected: `absent${instead === undefined ? '' : `: say ${instead}`} (known keys: ${allowed.join(', ') || 'none'})`, found: (value as Record<string, unknown>)[key] });
    }
  }
  return value as T;
}

/**
 * Requires an array (any length; element checks are the caller's). Returns the input unchanged.
 *
 * @throws DpboundsTypeError (`ERR_INVALID_TYPE`) naming `parameter` when `value` is not an array.
 * @example requireArray('curves', [a, b]) // [a, b]
 */
export function requireArray<T = unknown>(parameter: string, value: unknown): readonly T[] {
  if (!Array.isArray(value)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: 'an array', found: value });
  }
  return value as readonly T[];
}

/**
 * Requires a function (a callback such as a trade-off function `f(α)` or a progress hook).
 * Returns the input unchanged.
 *
 * @throws DpboundsTypeError (`ERR_INVALID_TYPE`) naming `parameter` when `value` is not callable.
 * @example requireFunction('f', (alpha: number) => 1 - alpha)
 */
export function requireFunction<T extends (...args: never[]) => unknown = (...args: never[]) => unknown>(parameter: string, value: unknown): T {
  if (typeof value !== 'function') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: 'a function', found: value });
  }
  return value as T;
}

/**
 * Requires a string (file text, a column or attribute name). Returns it unchanged.
 *
 * @throws DpboundsTypeError (`ERR_INVALID_TYPE`) naming `parameter` when `value` is not a string.
 * @example requireString('text', 'age,income\n39,50000') // the text
 */
export function requireString(parameter: string, value: unknown): string {
  if (typeof value !== 'string') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: 'a string', found: value });
  }
  return value;
}
