/**
 * Checks the defining properties of a trade-off function on a grid (DRS22 Proposition 2.2):
 * convex, non-increasing, f(0) ≤ 1, f(1) = 0, f(α) ≤ 1 − α, values in [0, 1], never NaN.
 */
import { expect } from 'vitest';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';

/** A grid with uniform points and points close to both ends. */
export const checkGrid: Float64Array = (() => {
  const pts = new Set<number>([0, 1]);
  for (let i = 1; i < 200; i++) pts.add(i / 200);
  for (let e = -12; e <= -1; e += 0.5) {
    pts.add(10 ** e);
    pts.add(1 - 10 ** e);
  }
  return Float64Array.from([...pts]).sort();
})();

export function expectTradeOffProperties(curve: TradeOffCurve, tolerance = 1e-9, label: string = curve.kind): void {
  const values = checkGrid.map((a) => curve.evaluate(a));
  expect(curve.evaluate(1), `${label}: f(1)`).toBeLessThanOrEqual(tolerance);
  expect(curve.evaluate(0), `${label}: f(0)`).toBeLessThanOrEqual(1);
  for (let i = 0; i < checkGrid.length; i++) {
    const a = checkGrid[i] as number;
    const v = values[i] as number;
    expect(Number.isNaN(v), `${label}: NaN at ${a}`).toBe(false);
    expect(v, `${label}: f(${a}) ≥ 0`).toBeGreaterThanOrEqual(0);
    expect(v, `${label}: f(${a}) ≤ 1 − α`).toBeLessThanOrEqual(1 - a + tolerance);
    if (i > 0) expect(v, `${label}: non-increasing at ${a}`).toBeLessThanOrEqual((values[i - 1] as number) + tolerance);
    if (i > 0 && i + 1 < checkGrid.length) {
      // convexity: the value at a lies below the chord of its neighbours
      const a0 = checkGrid[i - 1] as number;
      const a1 = checkGrid[i + 1] as number;
      const chord = (values[i - 1] as number) + (((values[i + 1] as number) - (values[i - 1] as number)) * (a - a0)) / (a1 - a0);
      expect(v, `${label}: convex at ${a}`).toBeLessThanOrEqual(chord + tolerance);
    }
  }
}

/** (f⁻¹)⁻¹ = f on the grid. */
export function expectInvolution(curve: TradeOffCurve, tolerance = 1e-9, label: string = curve.kind): void {
  const twice = curve.inverse().inverse();
  for (const a of checkGrid) {
    expect(Math.abs(twice.evaluate(a) - curve.evaluate(a)), `${label}: involution at ${a}`).toBeLessThanOrEqual(tolerance);
  }
}
