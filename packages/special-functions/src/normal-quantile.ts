/**
 * Inverse of the standard normal CDF and survival function, by Wichura's AS 241. The AS 241
 * kernel (ppnd16) lives here, beside its hot callers, so that a G_μ evaluation makes no call
 * through another module's binding (Vite's module runner, used by the tests and benchmarks, does
 * not inline those: ~8 ns per call); internal/as241.ts re-exports it for erfinv.
 */

/**
 * The standard normal quantile Φ⁻¹(p): the x with Φ(x) = p.
 *
 * Method: M. J. Wichura, Algorithm AS 241 (PPND16), Applied Statistics 37 (1988) 477–484:
 * q = p − ½; |q| ≤ 0.425: q·A(r)/B(r) with r = 0.180625 − q² (degree 7/7); otherwise
 * r = √(−ln min(p, 1−p)): r ≤ 5: C(r − 1.6)/D(r − 1.6); r > 5: E(r − 5)/F(r − 5); sign of q.
 * No iteration.
 *
 * Domain: 0 ≤ p ≤ 1; Φ⁻¹(0) = −∞, Φ⁻¹(1) = +∞; NaN outside [0, 1] or for NaN. Accuracy:
 * relative error ≤ 1e-15 on the fixtures from p = 1e-300 to 1 − 1e-12 (for p near 1 the
 * result is limited by the spacing of doubles near 1: use normalSfInverse(1 − p) instead).
 *
 * @example normalQuantile(1e-300) // -37.0470962993612
 */
export function normalQuantile(p: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof p !== 'number') return Number.NaN;
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    return Number.NaN;
  }
  return ppnd16(p - 0.5, p < 0.5 ? p : 1 - p);
}

/**
 * The inverse survival function Φ̄⁻¹(q): the x with 1 − Φ(x) = q, i.e. −Φ⁻¹(q); accurate for
 * tiny q (q = 1e-300 gives 37.047…), unlike normalQuantile(1 − q).
 *
 * Method: Wichura AS 241 applied to q (see normalQuantile).
 *
 * Domain: 0 ≤ q ≤ 1; Φ̄⁻¹(0) = +∞, Φ̄⁻¹(1) = −∞; NaN outside [0, 1] or for NaN. Accuracy:
 * relative error ≤ 1e-15 on the fixtures.
 *
 * @example normalSfInverse(1e-10) // 6.361340902404057
 */
export function normalSfInverse(q: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof q !== 'number') return Number.NaN;
  if (!(q > 0 && q < 1)) {
    if (q === 0) return Infinity;
    if (q === 1) return -Infinity;
    return Number.NaN;
  }
  return 0 - ppnd16(q - 0.5, q < 0.5 ? q : 1 - q);
}

/**
 * AS 241 (PPND16; M. J. Wichura, Applied Statistics 37 (1988) 477–484, three rational
 * approximations of relative accuracy about 1e-16), internal to the package: Φ⁻¹(p) given
 * q = p − 0.5 and tail = min(p, 1 − p), both computed accurately by the caller.
 * Central region |q| ≤ 0.425: q·A(r)/B(r), r = 0.180625 − q². Otherwise r = √(−ln tail):
 * r ≤ 5: C(r − 1.6)/D(r − 1.6); r > 5: E(r − 5)/F(r − 5); sign of q.
 */
export function ppnd16(q: number, tail: number): number {
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (
      (q *
        (((((((2509.0809287301226727 * r + 33430.575583588128105) * r + 67265.770927008700853) * r + 45921.953931549871457) * r +
          13731.693765509461125) *
          r +
          1971.5909503065514427) *
          r +
          133.14166789178437745) *
          r +
          3.387132872796366608)) /
      (((((((5226.495278852545561 * r + 28729.085735721942674) * r + 39307.89580009271061) * r + 21213.794301586595867) * r +
        5394.1960214247511077) *
        r +
        687.1870074920579083) *
        r +
        42.313330701600911252) *
        r +
        1)
    );
  }
  let r = Math.sqrt(-Math.log(tail));
  let x: number;
  if (r <= 5) {
    r -= 1.6;
    x =
      (((((((7.7454501427834140764e-4 * r + 0.0227238449892691845833) * r + 0.24178072517745061177) * r + 1.27045825245236838258) * r +
        3.64784832476320460504) *
        r +
        5.7694972214606914055) *
        r +
        4.6303378461565452959) *
        r +
        1.42343711074968357734) /
      (((((((1.05075007164441684324e-9 * r + 5.475938084995344946e-4) * r + 0.0151986665636164571966) * r + 0.14810397642748007459) * r +
        0.68976733498510000455) *
        r +
        1.6763848301838038494) *
        r +
        2.05319162663775882187) *
        r +
        1);
  } else {
    r -= 5;
    x =
      (((((((2.01033439929228813265e-7 * r + 2.71155556874348757815e-5) * r + 0.0012426609473880784386) * r + 0.026532189526576123093) * r +
        0.29656057182850489123) *
        r +
        1.7848265399172913358) *
        r +
        5.4637849111641143699) *
        r +
        6.6579046435011037772) /
      (((((((2.04426310338993978564e-15 * r + 1.4215117583164458887e-7) * r + 1.8463183175100546818e-5) * r + 7.868691311456132591e-4) * r +
        0.0148753612908506148525) *
        r +
        0.13692988092273580531) *
        r +
        0.59983220655588793769) *
        r +
        1);
  }
  return q < 0 ? -x : x;
}
