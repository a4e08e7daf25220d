/**
 * @dpbounds/special-functions: numerical kernels for privacy accounting, and the typed errors
 * shared by every dpbounds package.
 */
export { DpboundsRangeError, DpboundsTypeError, isDpboundsError } from './errors/dpbounds-error.js';
export type { DpboundsErrorCode, DpboundsErrorDetails } from './errors/dpbounds-error.js';
export { requireFiniteArray, requireFinite, requireInRange, requireInteger, requireProbability } from './errors/validate.js';
export { requireArray, requireFunction, requireObject, requireOptions, requireString } from './errors/validate.js';
export { log1mExp, logAddExp, logMeanExp, logSubExp, logSumExp } from './log-space.js';
export { erf, erfc, erfcx } from './erf.js';
export { erfcinv, erfinv } from './erfinv.js';
export { logNormalCdf, normalCdf, normalPdf, normalSf } from './normal.js';
export { normalQuantile, normalSfInverse } from './normal-quantile.js';
export { bisect, brentRoot } from './root-finding.js';
export type { RootOptions } from './root-finding.js';
export { createRng } from './rng.js';
export type { Rng } from './rng.js';
export { lgamma } from './lgamma.js';
export { gammaP, gammaQ, logGammaP, logGammaQ } from './incomplete-gamma.js';
export { gammaPInverse, gammaQInverse } from './incomplete-gamma-inverse.js';
export { chiSquaredCdf, chiSquaredLogCdf, chiSquaredLogSf, chiSquaredQuantile, chiSquaredSf, chiSquaredSfInverse } from './chi-squared.js';
export {
  noncentralChiSquaredCdf,
  noncentralChiSquaredLogCdf,
  noncentralChiSquaredLogSf,
  noncentralChiSquaredQuantile,
  noncentralChiSquaredSf,
} from './noncentral-chi-squared.js';
export { binomialCdf, binomialSf, logBinomialCdf, logBinomialCoefficient, logBinomialSf } from './binomial.js';
