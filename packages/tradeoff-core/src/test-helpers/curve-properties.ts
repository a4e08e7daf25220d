/**
 * Checks the defining properties of a trade-off function on a grid (DRS22 Proposition 2.2):
 * convex, non-increasing, f(0) ≤ 1, f(1) = 0, f(α) ≤ 1 − α, values in [0, 1], never NaN.
 * Failures are collected and asserted once (fast enough for property tests).
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
  const failures: string[] = [];
  if (!(curve.evaluate(1) <= tolerance)) failures.push(`f(1) = ${curve.evaluate(1)}`);
  if (!(curve.evaluate(0) <= 1)) failures.push(`f(0) = ${curve.evaluate(0)}`);
  for (let i = 0; i < checkGrid.length && failures.length < 5; i++) {
    const a = checkGrid[i] as number;
    const v = values[i] as number;
    if (Number.isNaN(v)) failures.push(`NaN at ${a}`);
    if (!(v >= 0)) failures.push(`f(${a}) = ${v} < 0`);
    if (!(v <= 1 - a + tolerance)) failures.push(`f(${a}) = ${v} > 1 − α`);
    if (i > 0 && !(v <= (values[i - 1] as number) + tolerance)) failures.push(`increasing at ${a}: ${values[i - 1]} → ${v}`);
    if (i > 0 && i + 1 < checkGrid.length) {
      // convexity: the value at a lies below the chord of its neighbours
      const a0 = checkGrid[i - 1] as number;
      const a1 = checkGrid[i + 1] as number;
      const chord = (values[i - 1] as number) + (((values[i + 1] as number) - (values[i - 1] as number)) * (a - a0)) / (a1 - a0);
      if (!(v <= chord + tolerance)) failures.push(`not convex at ${a}: ${v} > chord ${chord}`);
    }
  }
  expect(failures, label).toEqual([]);
}

/** (f⁻¹)⁻¹ = f on the grid. */
export function expectInvolution(curve: TradeOffCurve, tolerance = 1e-9, label: string = curve.kind): void {
  const twice = curve.inverse().inverse();
  const failures: string[] = [];
  for (const a of checkGrid) {
    const d = Math.abs(twice.evaluate(a) - curve.evaluate(a));
    if (!(d <= tolerance) && failures.length < 5) failures.push(`involution off by ${d} at ${a}`);
  }
  expect(failures, label).toEqual([]);
}
