/**
 * The log-gamma function log|Γ(x)| and the Stirling remainder log Γ*(x).
 */

/** ζ(k) − 1 for k = 2 … 41 (mpmath, 40 digits, rounded to double). */
const ZETA_MINUS_ONE: readonly number[] = [
  0.6449340668482264, 0.2020569031595943, 0.08232323371113819, 0.03692775514336993, 0.01734306198444914, 0.008349277381922827,
  0.00407735619794434, 0.0020083928260822143, 0.0009945751278180853, 0.0004941886041194645, 0.0002460865533080483,
  0.00012271334757848915, 6.124813505870483e-5, 3.058823630702049e-5, 1.528225940865187e-5, 7.637197637899763e-6,
  3.81729326499984e-6, 1.908212716553939e-6, 9.539620338727962e-7, 4.769329867878064e-7, 2.38450502727733e-7,
  1.1921992596531106e-7, 5.960818905125948e-8, 2.980350351465228e-8, 1.4901554828365043e-8, 7.45071178983543e-9,
  3.725334024788457e-9, 1.862659723513049e-9, 9.313274324196682e-10, 4.656629065033784e-10, 2.3283118336765053e-10,
  1.164155017270052e-10, 5.820772087902701e-11, 2.9103850444971e-11, 1.4551921891041985e-11, 7.275959835057482e-12,
  3.637979547378651e-12, 1.818989650307066e-12, 9.094947840263888e-13, 4.547473783042154e-13,
];
/** cₖ = (−1)ᵏ(ζ(k) − 1)/k, k = 2 … 41. */
const SERIES: Float64Array = Float64Array.from(ZETA_MINUS_ONE, (v, i) => ((i % 2 === 0 ? 1 : -1) * v) / (i + 2));
const ONE_MINUS_EULER = 0.42278433509846713939;
const HALF_LOG_2PI = 0.91893853320467274178;

/**
 * S(z) = z(1 − γ) + Σ_{k≥2} (−1)ᵏ(ζ(k) − 1)zᵏ/k,
 * so that lgamma(1 + z) = S(z) − log1p(z) and lgamma(2 + z) = S(z) (Abramowitz & Stegun 6.1.33
 * rearranged); |z| ≤ 0.5.
 */
function shiftedSeries(z: number): number {
  let s = 0;
  for (let i = SERIES.length - 1; i >= 0; i--) s = s * z + (SERIES[i] as number);
  return z * (ONE_MINUS_EULER + z * s);
}

/** Stirling series of log Γ*(x) = lgamma(x) − ((x − ½)log x − x + ½log 2π), x ≥ 10. */
function stirlingRemainder(x: number): number {
  const r = 1 / x;
  const r2 = r * r;
  return (
    r *
    (1 / 12 +
      r2 *
        (-1 / 360 +
          r2 * (1 / 1260 + r2 * (-1 / 1680 + r2 * (1 / 1188 + r2 * (-691 / 360360 + r2 * (1 / 156 + r2 * (-3617 / 122400))))))))
  );
}

/**
 * lgamma(1 + z) for |z| ≤ 0.5, taking z itself (not 1 + z, whose rounding would cost relative
 * accuracy for tiny z): S(z) − log1p(z). Internal helper.
 */
export function lgamma1p(z: number): number {
  return shiftedSeries(z) - Math.log1p(z);
}

/** lgamma for 0.5 ≤ x < 10 (no reflection, no Stirling). */
function lgammaMid(x: number): number {
  if (x < 1.5) return shiftedSeries(x - 1) - Math.log1p(x - 1);
  if (x <= 2.5) return shiftedSeries(x - 2);
  let product = 1;
  let y = x;
  while (y > 2.5) {
    y -= 1;
    product *= y;
  }
  return Math.log(product) + shiftedSeries(y - 2);
}

/** sin(πx) with exact argument reduction (x − round(x) is exact). */
function sinPi(x: number): number {
  const n = Math.round(x);
  const r = x - n;
  const s = Math.sin(Math.PI * r);
  return n % 2 === 0 ? s : -s;
}

/**
 * The natural logarithm of the absolute value of the gamma function, log|Γ(x)|.
 *
 * Method: 0.5 ≤ x ≤ 2.5: the series lgamma(2 + z) = z(1 − γ) + Σ_{k≥2}(−1)ᵏ(ζ(k) − 1)zᵏ/k
 * (Abramowitz & Stegun 6.1.33; |z| ≤ 0.5, 40 terms) and lgamma(1 + z) = lgamma(2 + z) −
 * log1p(z), so the zeros at x = 1 and x = 2 are exact and relative accuracy holds near them;
 * 2.5 < x < 10: downward recurrence log((x − 1)…(x − n)) + lgamma(x − n); x ≥ 10: Stirling's
 * series (x − ½)log x − x + ½log 2π + Σ B₂ₖ/(2k(2k − 1)x^{2k−1}) (8 terms); 0 < x < 0.5:
 * lgamma(1 + x) − log x; x < 0: reflection log(π/|sin πx|) − lgamma(1 − x).
 *
 * Domain: all reals; +∞ at x = 0, at negative integers and at ±∞; NaN → NaN. Accuracy:
 * relative error ≤ 1e-15 for x > 0 on the fixtures (including x = 1e-7, 171.5, 1e5); for x < 0
 * absolute error of a few ulp of the reflection terms (relative accuracy is lost near the zeros
 * of lgamma on the negative axis).
 *
 * @example lgamma(0.5) // 0.5723649429247001 (= log √π)
 */
export function lgamma(x: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof x !== 'number') return Number.NaN;
  if (x >= 10) {
    if (x === Infinity) return Infinity;
    return (x - 0.5) * Math.log(x) - x + HALF_LOG_2PI + stirlingRemainder(x);
  }
  if (x >= 0.5) return lgammaMid(x);
  if (x > 0) return lgamma1p(x) - Math.log(x);
  if (Number.isNaN(x)) return Number.NaN;
  if (x === -Infinity || Number.isInteger(x)) return Infinity;
  return Math.log(Math.PI / Math.abs(sinPi(x))) - lgamma(1 - x);
}

/**
 * log Γ*(x) = lgamma(x) − ((x − ½)log x − x + ½log 2π), the remainder of Stirling's formula,
 * computed without cancellation for large x (internal helper for the incomplete gamma prefix
 * and the binomial saddle-point form; Temme 1979, DiDonato & Morris 1986).
 */
export function logGammaStar(x: number): number {
  if (x >= 10) return stirlingRemainder(x);
  return lgamma(x) - ((x - 0.5) * Math.log(x) - x + HALF_LOG_2PI);
}

/** log(1 + t) − t without cancellation for small |t| (u = t/(2 + t), atanh series). */
export function log1pmx(t: number): number {
  if (Math.abs(t) > 0.25) return Math.log1p(t) - t;
  const u = t / (2 + t);
  const u2 = u * u;
  let s = 0;
  for (let k = 19; k >= 3; k -= 2) s = s * u2 + 2 / k;
  return -u * t + u * u2 * s;
}
