/**
 * Algorithm AS 241 (PPND16) of M. J. Wichura, "The percentage points of the normal
 * distribution", Applied Statistics 37 (1988) 477–484: three rational approximations of
 * Φ⁻¹, each of relative accuracy about 1e-16.
 *
 * The kernel itself is defined in ../normal-quantile.ts (beside normalQuantile and
 * normalSfInverse, its hot callers) and re-exported here for erfinv.
 */
export { ppnd16 } from '../normal-quantile.js';
