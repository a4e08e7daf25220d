/**
 * Inverse of the standard normal CDF and survival function, by Wichura's AS 241.
 */
import { ppnd16 } from './internal/as241.js';

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
  if (!(q > 0 && q < 1)) {
    if (q === 0) return Infinity;
    if (q === 1) return -Infinity;
    return Number.NaN;
  }
  return 0 - ppnd16(q - 0.5, q < 0.5 ? q : 1 - q);
}
