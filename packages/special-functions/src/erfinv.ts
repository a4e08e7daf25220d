/**
 * Inverses of erf and erfc through Φ⁻¹ (Wichura AS 241): erf(x) = 2Φ(x√2) − 1.
 */
import { ppnd16 } from './internal/as241.js';

/**
 * The inverse error function: the x with erf(x) = y.
 *
 * Method: erfinv(y) = Φ⁻¹((1 + y)/2)/√2 by Wichura's AS 241, with q = y/2 passed exactly
 * (so small |y| keeps full relative accuracy) and the tail (1 − |y|)/2 computed exactly.
 *
 * Domain: −1 ≤ y ≤ 1; erfinv(±1) = ±∞; NaN outside or for NaN. Accuracy: relative error
 * ≤ 1e-15 on the fixtures.
 *
 * @example erfinv(0.5) // 0.4769362762044699
 */
export function erfinv(y: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof y !== 'number') return Number.NaN;
  if (!(y > -1 && y < 1)) {
    if (y === 1) return Infinity;
    if (y === -1) return -Infinity;
    return Number.NaN;
  }
  return ppnd16(0.5 * y, 0.5 * (1 - Math.abs(y))) * Math.SQRT1_2;
}

/**
 * The inverse complementary error function: the x with erfc(x) = y; accurate for tiny y
 * (erfcinv(2e-300) = 26.196…).
 *
 * Method: erfcinv(y) = −Φ⁻¹(y/2)/√2 by Wichura's AS 241.
 *
 * Domain: 0 ≤ y ≤ 2; erfcinv(0) = +∞, erfcinv(2) = −∞; NaN outside or for NaN. Accuracy:
 * relative error ≤ 1e-15 on the fixtures.
 *
 * @example erfcinv(2e-10) // 4.49814728952926
 */
export function erfcinv(y: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof y !== 'number') return Number.NaN;
  if (!(y > 0 && y < 2)) {
    if (y === 0) return Infinity;
    if (y === 2) return -Infinity;
    return Number.NaN;
  }
  const p = 0.5 * y;
  return 0 - ppnd16(p - 0.5, p < 0.5 ? p : 1 - p) * Math.SQRT1_2;
}
