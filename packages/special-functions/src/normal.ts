/**
 * The standard normal distribution: density, CDF, survival function and log-CDF, accurate in
 * both tails down to the smallest subnormal (Φ(−38.4) ≈ 5e-324).
 *
 * Cody's erf/erfcx rational approximations (W. J. Cody, "Rational Chebyshev approximations for
 * the error function", Math. Comp. 23 (1969) 631–637, coefficients of CALERF, ACM TOMS 19 (1993)
 * Algorithm 715; three intervals |x| ≤ 0.5, 0.5 < |x| ≤ 4, |x| > 4, each ~1e-18 relative before
 * rounding) are defined here, beside normalCdf, their hot caller, so that Φ makes no call through
 * another module's binding (Vite's module runner, used by the tests and benchmarks, does not
 * inline those: ~8 ns per call); internal/cody-erf.ts re-exports them for erf.ts.
 */

const A0 = 3.1611237438705656;
const A1 = 113.86415415105016;
const A2 = 377.48523768530202;
const A3 = 3209.3775891384695;
const A4 = 0.18577770618460315;
const B0 = 23.601290952344122;
const B1 = 244.02463793444417;
const B2 = 1282.6165260773723;
const B3 = 2844.2368334391706;

const C0 = 0.56418849698867009;
const C1 = 8.8831497943883759;
const C2 = 66.119190637141634;
const C3 = 298.63513819740013;
const C4 = 881.95222124176909;
const C5 = 1712.0476126340707;
const C6 = 2051.0783778260715;
const C7 = 1230.3393547979972;
const C8 = 2.1531153547440383e-8;
const D0 = 15.744926110709835;
const D1 = 117.6939508913125;
const D2 = 537.18110186200986;
const D3 = 1621.3895745666903;
const D4 = 3290.7992357334597;
const D5 = 4362.6190901432471;
const D6 = 3439.3676741437216;
const D7 = 1230.3393548037495;

const P0 = 0.30532663496123236;
const P1 = 0.36034489994980445;
const P2 = 0.12578172611122925;
const P3 = 0.016083785148742275;
const P4 = 6.5874916152983678e-4;
const P5 = 0.016315387137302097;
const Q0 = 2.5685201922898682;
const Q1 = 1.8729528499234604;
const Q2 = 0.52790510295142837;
const Q3 = 0.060518341312441319;
const Q4 = 0.0023352049762686918;

/** 1/√π. */
const INV_SQRT_PI = 0.56418958354775628695;

/** erf(x) for |x| ≤ 0.5: x·R(x²) (Cody interval 1). */
export function erfSmall(x: number): number {
  const z = x * x;
  let num = A4 * z;
  let den = z;
  num = (num + A0) * z;
  den = (den + B0) * z;
  num = (num + A1) * z;
  den = (den + B1) * z;
  num = (num + A2) * z;
  den = (den + B2) * z;
  return (x * (num + A3)) / (den + B3);
}

/** erfcx(y) = exp(y²)·erfc(y) for 0.5 < y ≤ 4: R(y) (Cody interval 2). */
function erfcxMid(y: number): number {
  let num = C8 * y;
  let den = y;
  num = (num + C0) * y;
  den = (den + D0) * y;
  num = (num + C1) * y;
  den = (den + D1) * y;
  num = (num + C2) * y;
  den = (den + D2) * y;
  num = (num + C3) * y;
  den = (den + D3) * y;
  num = (num + C4) * y;
  den = (den + D4) * y;
  num = (num + C5) * y;
  den = (den + D5) * y;
  num = (num + C6) * y;
  den = (den + D6) * y;
  return (num + C7) / (den + D7);
}

/** erfcx(y) for y > 4: (1/√π − y⁻²R(y⁻²))/y (Cody interval 3). */
function erfcxLarge(y: number): number {
  if (y >= 6.71e7) return INV_SQRT_PI / y;
  const z = 1 / (y * y);
  let num = P5 * z;
  let den = z;
  num = (num + P0) * z;
  den = (den + Q0) * z;
  num = (num + P1) * z;
  den = (den + Q1) * z;
  num = (num + P2) * z;
  den = (den + Q2) * z;
  num = (num + P3) * z;
  den = (den + Q3) * z;
  const r = (z * (num + P4)) / (den + Q4);
  return (INV_SQRT_PI - r) / y;
}

/** erfcx(y) for y ≥ 0.5 (intervals 2 and 3). */
export function erfcxPositive(y: number): number {
  return y <= 4 ? erfcxMid(y) : erfcxLarge(y);
}

const INV_SQRT_2PI = 0.3989422804014327;

/** 2²⁷ + 1: Veltkamp's splitting constant for doubles (Dekker 1971). */
const SPLIT = 134217729;

/**
 * factor · exp(−x²/2), factor > 0 of order 1 (kept beside its only callers: one module, no call
 * through another module's binding on the hot path).
 *
 * For x²/2 ≤ 700 (every normal result) ONE exponential: x² = s + e exactly (s = fl(x²), e from
 * Veltkamp's split x = xh + xl, T. J. Dekker, "A floating-point technique for extending the
 * available precision", Numer. Math. 18 (1971) 224–242), so exp(−x²/2) = exp(−s/2)·(1 − e/2)
 * with |e/2| ≤ 2⁻⁵⁴·s ≤ 8e-14 and the dropped (e/2)²/2 below 1e-27: the same relative accuracy
 * as the two-exponential split below, at half the cost. Beyond, the 1/16-grid split with a final
 * single rounding of subnormal results.
 */
function scaledExpNegHalfSquare(x: number, factor: number): number {
  const y = Math.abs(x);
  const s = y * y;
  if (s <= 1400) {
    const c = SPLIT * y;
    const hi = c - (c - y);
    const lo = y - hi;
    const e = hi * hi - s + 2 * hi * lo + lo * lo;
    return factor * Math.exp(-0.5 * s) * (1 - 0.5 * e);
  }
  const yh = Math.trunc(y * 16) / 16;
  const del = 0.5 * (y - yh) * (y + yh);
  const h = 0.5 * yh * yh;
  if (h > 700) {
    if (h > 746) return 0;
    return factor * Math.exp(-del) * Math.exp(-(h - 700)) * Math.exp(-700);
  }
  return factor * Math.exp(-h) * Math.exp(-del);
}

/**
 * Upper tail Φ̄(x) = 1 − Φ(x) for x ≥ 0: ½(1 − erf(x/√2)) when x/√2 ≤ 0.5, else
 * ½·erfcx(x/√2)·e^{−x²/2} with e^{−x²/2} split on x itself (so the rounding of x/√2 only enters
 * the slowly varying erfcx).
 */
function upperTail(x: number): number {
  const z = x * Math.SQRT1_2;
  if (z <= 0.5) return 0.5 - 0.5 * erfSmall(z);
  return scaledExpNegHalfSquare(x, 0.5 * erfcxPositive(z));
}

/**
 * The standard normal density φ(x) = e^{−x²/2}/√(2π).
 *
 * Method: Cody's split x = xh + xl (exact xh²) for e^{−x²/2}, so φ keeps full relative
 * accuracy in the tails. Domain: all reals; φ(±∞) = 0; NaN → NaN. Accuracy: ≤ 3 ulp.
 *
 * @example normalPdf(0) // 0.3989422804014327
 */
export function normalPdf(x: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof x !== 'number') return Number.NaN;
  if (Number.isNaN(x)) return Number.NaN;
  return scaledExpNegHalfSquare(x, INV_SQRT_2PI);
}

/**
 * The standard normal CDF Φ(x) = ½·erfc(−x/√2).
 *
 * Method: Cody's erf/erfcx rational approximations (Cody 1969; Cody 1993, TOMS 715) with
 * argument z = x/√2: |z| ≤ 0.5: ½ + ½·erf(z); x < 0: ½·erfcx(|z|)·e^{−x²/2}, where e^{−x²/2}
 * is computed from x itself with x² = s + e exactly (Dekker's split, one exponential; not from z,
 * whose rounding would cost x²·ulp); x > 0: 1 − Φ̄(x).
 *
 * Domain: all reals; Φ(−∞) = 0, Φ(+∞) = 1; NaN → NaN. Accuracy: relative error ≤ 1e-15 for
 * x ≥ −37.5 (normal range), correct rounding of subnormal results to Φ(−38.4) ≈ 5e-324 up to
 * one subnormal ulp.
 *
 * @example normalCdf(-8) // 6.220960574271784e-16
 */
export function normalCdf(x: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof x !== 'number') return Number.NaN;
  if (x < 0) return upperTail(-x);
  if (x >= 0) return 1 - upperTail(x);
  return Number.NaN;
}

/**
 * The standard normal survival function Φ̄(x) = 1 − Φ(x) = Φ(−x), accurate for large x.
 *
 * Method: as normalCdf with the roles of the tails exchanged (Cody 1969).
 *
 * Domain: all reals; Φ̄(−∞) = 1, Φ̄(+∞) = 0; NaN → NaN. Accuracy: relative error ≤ 1e-15 while
 * the result is a normal double.
 *
 * @example normalSf(8) // 6.220960574271784e-16
 */
export function normalSf(x: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof x !== 'number') return Number.NaN;
  if (x > 0) return upperTail(x);
  if (x <= 0) return 1 - upperTail(-x);
  return Number.NaN;
}

/**
 * log Φ(x), finite for every finite x (no underflow).
 *
 * Method: x < −20: log(½·erfcx(−x/√2)) − x²/2 (Cody's erfcx, so the log never sees an
 * underflowed value; asymptotically −x²/2 − log(−x) − ½log(2π)); −20 ≤ x ≤ 0: log Φ(x);
 * x > 0: log1p(−Φ̄(x)).
 *
 * Domain: all reals; log Φ(−∞) = −∞, log Φ(+∞) = 0; NaN → NaN. Accuracy: relative error
 * ≤ 1e-15 on the fixtures, including x = −1e5 (value −5.000000012e9).
 *
 * @example logNormalCdf(-1000) // -500007.82669481216
 */
export function logNormalCdf(x: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof x !== 'number') return Number.NaN;
  if (x < -20) {
    if (x === -Infinity) return -Infinity;
    return Math.log(0.5 * erfcxPositive(-x * Math.SQRT1_2)) - 0.5 * x * x;
  }
  if (x <= 0) return Math.log(upperTail(-x));
  if (x > 0) return Math.log1p(-upperTail(x));
  return Number.NaN;
}
