/**
 * Typed errors thrown by every public dpbounds API above the numeric kernels
 * (docs/architecture.md, "Two error policies"). Kernels in this package never throw; they
 * return NaN out of domain. These classes live here only because this is the one
 * package every other package may import.
 */

/** Machine-readable reason of a {@link DpboundsRangeError} or {@link DpboundsTypeError}. */
export type DpboundsErrorCode =
  | 'ERR_OUT_OF_RANGE'
  | 'ERR_NOT_FINITE'
  | 'ERR_NOT_INTEGER'
  | 'ERR_INVALID_TYPE'
  | 'ERR_INVALID_LENGTH'
  | 'ERR_INVALID_FORMAT'
  | 'ERR_UNSUPPORTED_EVENT'
  | 'ERR_NOT_CONVERGED';

/** What a dpbounds error carries besides its message. */
export interface DpboundsErrorDetails {
  /** Stable machine-readable code. */
  readonly code: DpboundsErrorCode;
  /** Name of the offending parameter or field, as the API spells it (e.g. `samplingRate`). */
  readonly parameter: string;
  /** The valid range or shape, in words or interval notation (e.g. `(0, 1]`). */
  readonly expected: string;
  /** The value that was found (as given). */
  readonly found: unknown;
}

/**
 * Renders a value for an error message: numbers in shortest round-trip form, strings quoted,
 * arrays and objects abbreviated.
 *
 * @example formatFound(1.5) // "1.5"
 */
export function formatFound(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a typed array of length ${(value as unknown as { length: number }).length}`;
  if (typeof value === 'object') return 'an object';
  // a BigInt prints without its n (String(100n) is "100"): say what it is, or "found 100" contradicts "an integer"
  if (typeof value === 'bigint') return `${String(value)}n (a BigInt, not a number)`;
  return String(value);
}

function buildMessage(parameter: string, expected: string, found: unknown): string {
  // String(): a Symbol given as a name would throw inside a template literal
  return `${String(parameter)} must be ${String(expected)}; found ${formatFound(found)}`;
}

/**
 * A numeric argument outside its valid domain (out of range, NaN, infinite, not an integer).
 *
 * @example
 * throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'samplingRate', expected: 'in (0, 1]', found: 1.5 });
 * // message: "samplingRate must be in (0, 1]; found 1.5"
 */
export class DpboundsRangeError extends RangeError implements DpboundsErrorDetails {
  readonly code: DpboundsErrorCode;
  readonly parameter: string;
  readonly expected: string;
  readonly found: unknown;

  constructor(details: DpboundsErrorDetails, message?: string) {
    super(message ?? buildMessage(details.parameter, details.expected, details.found));
    this.name = 'DpboundsRangeError';
    this.code = details.code;
    this.parameter = details.parameter;
    this.expected = details.expected;
    this.found = details.found;
  }
}

/**
 * An argument of the wrong type or shape (not a number, wrong array length, malformed file
 * content, an event an accountant does not support).
 *
 * @example
 * throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'scores', expected: 'an array of numbers', found: 'abc' });
 */
export class DpboundsTypeError extends TypeError implements DpboundsErrorDetails {
  readonly code: DpboundsErrorCode;
  readonly parameter: string;
  readonly expected: string;
  readonly found: unknown;

  constructor(details: DpboundsErrorDetails, message?: string) {
    super(message ?? buildMessage(details.parameter, details.expected, details.found));
    this.name = 'DpboundsTypeError';
    this.code = details.code;
    this.parameter = details.parameter;
    this.expected = details.expected;
    this.found = details.found;
  }
}

/**
 * True when `error` is one of the typed dpbounds errors (what the CLI reports with exit code 2).
 *
 * @example isDpboundsError(new RangeError('x')) // false
 */
export function isDpboundsError(error: unknown): error is DpboundsRangeError | DpboundsTypeError {
  return error instanceof DpboundsRangeError || error instanceof DpboundsTypeError;
}
