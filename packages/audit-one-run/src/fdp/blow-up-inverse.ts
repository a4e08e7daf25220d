/**
 * Inverse blow-up functions f̄⁻¹ (docs/math/audit-one-run.md): the oracle through which Algorithm 3 of
 * Mahloujifar, Melis and Chaudhuri, "Auditing f-Differential Privacy in One Run" (ICML 2025,
 * arXiv 2410.22235) sees a privacy hypothesis f.
 */
import { normalCdf, normalQuantile, requireInRange } from '@dpbounds/special-functions';
import { type TradeOffCurve } from '@dpbounds/tradeoff-core';
import { requireTradeOffCurve } from '@dpbounds/tradeoff-core/advanced';

/**
 * The generalised inverse `f̄⁻¹(y) = inf{x : 1 − f(x) ≥ y}` of the blow-up function of a
 * trade-off function f: non-decreasing, `f̄⁻¹(y) ≤ y`, 0 at 0 and 1 at 1. Implementations
 * return 0 for y ≤ 0 and 1 for y ≥ 1.
 */
export type BlowUpInverse = (y: number) => number;

/**
 * f̄⁻¹ of μ-GDP: `f̄_μ⁻¹(y) = Φ(Φ⁻¹(y) − μ)` ([MMC] §2; docs/math/audit-one-run.md). This equals
 * `gaussianTradeOff(mu).evaluate(1 − y)` of `@dpbounds/tradeoff-core` (G_μ is symmetric), but is
 * evaluated from Φ and Φ⁻¹ directly so that it keeps full relative accuracy for y as small as
 * 1e−300 (the 1 − y round trip would lose it for the y ≈ τ/m the audit starts from). μ = 0 gives
 * the identity (perfect privacy). Underflow to 0 for very large μ is correct and harmless.
 * Domain: μ ≥ 0 finite.
 *
 * @throws DpboundsRangeError when μ is negative, NaN or infinite.
 * @example gaussianBlowUpInverse(1)(0.5) // Φ(−1) = 0.15865525393145707
 */
export function gaussianBlowUpInverse(mu: number): BlowUpInverse {
  requireInRange('mu', mu, { min: 0 });
  if (mu === 0) return (y: number): number => (y <= 0 ? 0 : y >= 1 ? 1 : y);
  return (y: number): number => {
    if (y <= 0) return 0;
    if (y >= 1) return 1;
    return normalCdf(normalQuantile(y) - mu);
  };
}

/**
 * f̄⁻¹ of any trade-off curve: `f̄⁻¹(y) = f⁻¹(1 − y)` with f⁻¹ the curve's generalised inverse
 * (`curve.inverse()`), clamped to [0, 1]. Accuracy is the curve's, with an absolute error of
 * about 1e−16 in y from forming 1 − y. Use it for families without a closed-form oracle (e.g.
 * the Poisson-subsampled Gaussian).
 *
 * @example blowUpInverseFromCurve(gaussianTradeOff(1))(0.5) // ≈ 0.158655
 */
export function blowUpInverseFromCurve(curve: TradeOffCurve): BlowUpInverse {
  requireTradeOffCurve('curve', curve);
  const inverse = curve.inverse();
  return (y: number): number => {
    if (y <= 0) return 0;
    if (y >= 1) return 1;
    const x = inverse.evaluate(1 - y);
    return x <= 0 ? 0 : x >= 1 ? 1 : x;
  };
}

/**
 * f̄⁻¹ of (ε, δ)-DP: `f̄⁻¹(y) = max(0, (y − δ)·e^{−ε})` ([MMC] §2; docs/math/audit-one-run.md). With δ = 0 this
 * is the pure ε-DP hypothesis the audit tests when asked for ε at δ = 0.
 * Domain: ε ≥ 0 finite, δ ∈ [0, 1].
 *
 * @throws DpboundsRangeError when ε or δ is out of range.
 * @example epsilonDeltaBlowUpInverse(1, 0)(0.5) // 0.5·e^{−1} = 0.18393972058572117
 */
export function epsilonDeltaBlowUpInverse(epsilon: number, delta: number): BlowUpInverse {
  requireInRange('epsilon', epsilon, { min: 0 });
  requireInRange('delta', delta, { min: 0, max: 1 });
  const scale = Math.exp(-epsilon);
  return (y: number): number => {
    if (y <= 0) return 0;
    if (y >= 1) return 1;
    return Math.max(0, (y - delta) * scale);
  };
}
