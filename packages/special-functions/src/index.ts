/**
 * @dpbounds/special-functions: numerical kernels for privacy accounting, and the typed errors
 * shared by every dpbounds package.
 */
export { DpboundsRangeError, DpboundsTypeError, formatFound, isDpboundsError } from './errors/dpbounds-error.js';
export type { DpboundsErrorCode, DpboundsErrorDetails } from './errors/dpbounds-error.js';
export { describeInterval, requireFiniteArray, requireFinite, requireInRange, requireInteger, requireProbability } from './errors/validate.js';
export type { Interval } from './errors/validate.js';
