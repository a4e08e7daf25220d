/**
 * Area under the ROC curve read off a trade-off curve (docs/math/tradeoff-core.md §5).
 */
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { alphaGrid } from '../curve/alpha-grid.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

function simpson(f: (x: number) => number, a: number, b: number, fa: number, fm: number, fb: number, whole: number, tol: number, depth: number): number {
  const m = (a + b) / 2;
  const lm = (a + m) / 2;
  const rm = (m + b) / 2;
  const flm = f(lm);
  const frm = f(rm);
  const left = ((m - a) / 6) * (fa + 4 * flm + fm);
  const right = ((b - m) / 6) * (fm + 4 * frm + fb);
  const diff = left + right - whole;
  if (depth <= 0 || Math.abs(diff) <= 15 * tol) return left + right + diff / 15;
  return simpson(f, a, m, fa, flm, fm, left, tol / 2, depth - 1) + simpson(f, m, b, fm, frm, fb, right, tol / 2, depth - 1);
}

/**
 * AUC = ∫₀¹ TPR d(FPR) = 1 − ∫₀¹ f(α) dα of the best attacks described by the curve (the ROC is
 * 1 − f; Dong, Roth & Su 2022, §2.1). For G_μ it equals Φ(μ/√2). In [½, 1].
 *
 * Method: exact trapezoid sum for numeric curves; adaptive Simpson quadrature (Kuncir 1962) on
 * a grid refined near both ends otherwise; absolute accuracy ~1e−12.
 *
 * @example auc(gaussianTradeOff(1)) // Φ(1/√2) ≈ 0.760250
 */
export function auc(curve: TradeOffCurve): number {
  requireTradeOffCurve('curve', curve);
  let integral = 0;
  const knots = (curve as { kind: string; alpha?: unknown; beta?: unknown }).kind === 'piecewiseLinear' ? (curve as unknown as { alpha: Float64Array; beta: Float64Array }) : undefined;
  if (knots !== undefined) {
    for (let i = 1; i < knots.alpha.length; i++) {
      integral += (((knots.alpha[i] as number) - (knots.alpha[i - 1] as number)) * ((knots.beta[i] as number) + (knots.beta[i - 1] as number))) / 2;
    }
  } else {
    const f = (a: number): number => curve.evaluate(a);
    const grid = alphaGrid(33, 6, 1e-12);
    for (let i = 1; i < grid.length; i++) {
      const a = grid[i - 1] as number;
      const b = grid[i] as number;
      const fa = f(a);
      const fb = f(b);
      const fm = f((a + b) / 2);
      integral += simpson(f, a, b, fa, fm, fb, ((b - a) / 6) * (fa + 4 * fm + fb), 1e-14, 30);
    }
  }
  return Math.min(1, Math.max(0.5, 1 - integral));
}
