/**
 * The rational Chebyshev approximations of W. J. Cody, "Rational Chebyshev approximations for
 * the error function", Math. Comp. 23 (1969) 631–637, with the coefficients of his CALERF
 * routine (Cody 1993, ACM TOMS 19, Algorithm 715): three intervals |x| ≤ 0.5, 0.5 < |x| ≤ 4 and
 * |x| > 4, each accurate to about 1e-18 relative before rounding.
 *
 * The kernels are defined in ../normal.ts (beside normalCdf, their hot caller) and re-exported
 * here for erf.ts.
 */
export { erfcxPositive, erfSmall } from '../normal.js';
