/**
 * The error function family erf, erfc and the scaled erfcx, by the rational Chebyshev
 * approximations of W. J. Cody, Math. Comp. 23 (1969) 631–637 (CALERF, ACM TOMS Algorithm 715,
 * 1993).
 */
import { erfcxPositive, erfSmall } from './internal/cody-erf.js';
import { expSquare, scaledExpNegSquare } from './internal/exp-neg-square.js';

/**
 * The error function erf(x) = (2/√π) ∫₀ˣ e^{−t²} dt.
 *
 * Method (Cody 1969): |x| ≤ 0.5: x·R₁(x²); 0.5 < |x| ≤ 4: 1 − e^{−x²}R₂(|x|);
 * |x| > 4: 1 − e^{−x²}(1/√π − x⁻²R₃(x⁻²))/|x|; odd symmetry for x < 0. e^{−x²} uses Cody's
 * split x = xh + xl with exact xh².
 *
 * Domain: all reals; erf(±∞) = ±1; NaN → NaN. Accuracy: relative error below 2e-16 on the
 * generated fixtures (see test/fixtures/generated.json).
 *
 * @example erf(0.5) // 0.5204998778130465
 */
export function erf(x: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof x !== 'number') return Number.NaN;
  const y = Math.abs(x);
  if (y <= 0.5) return erfSmall(x);
  if (Number.isNaN(x)) return Number.NaN;
  const r = y >= 6 ? 1 : 1 - scaledExpNegSquare(y, erfcxPositive(y));
  return x < 0 ? -r : r;
}

/**
 * The complementary error function erfc(x) = 1 − erf(x), accurate in the upper tail.
 *
 * Method (Cody 1969): |x| ≤ 0.5: 1 − x·R₁(x²); x > 0.5: e^{−x²}·erfcx(x) with the rational
 * erfcx of Cody's intervals 2 (x ≤ 4) and 3 (x > 4); x < −0.5: 2 − erfc(−x). Subnormal results
 * (x > 26.55) get one final rounding.
 *
 * Domain: all reals; erfc(−∞) = 2, erfc(+∞) = 0 (underflow to 0 past x ≈ 27.2); NaN → NaN.
 * Accuracy: relative error below 5e-16 on the generated fixtures.
 *
 * @example erfc(2) // 0.004677734981047266
 */
export function erfc(x: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof x !== 'number') return Number.NaN;
  const y = Math.abs(x);
  if (y <= 0.5) return 1 - erfSmall(x);
  if (Number.isNaN(x)) return Number.NaN;
  const upper = scaledExpNegSquare(y, erfcxPositive(y));
  return x < 0 ? 2 - upper : upper;
}

/**
 * The scaled complementary error function erfcx(x) = e^{x²}·erfc(x), finite and smooth for
 * large x (≈ 1/(x√π)).
 *
 * Method (Cody 1969): |x| ≤ 0.5: e^{x²}(1 − x·R₁(x²)); x > 0.5: the rational functions of
 * Cody's intervals 2 and 3 directly (1/(x√π) past 6.71e7); x < −0.5: 2e^{x²} − erfcx(−x)
 * (overflows to +∞ for x < −26.63).
 *
 * Domain: all reals; erfcx(+∞) = 0, erfcx(−∞) = +∞; NaN → NaN. Accuracy: relative error below
 * 5e-16 for x ≥ 0, a few ulp of 2e^{x²} for x < 0.
 *
 * @example erfcx(10) // 0.05614099274382259
 */
export function erfcx(x: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof x !== 'number') return Number.NaN;
  const y = Math.abs(x);
  if (y <= 0.5) return Math.exp(x * x) * (1 - erfSmall(x));
  if (Number.isNaN(x)) return Number.NaN;
  if (x > 0) return x === Infinity ? 0 : erfcxPositive(y);
  if (y > 26.7) return Infinity;
  return 2 * expSquare(y) - erfcxPositive(y);
}
