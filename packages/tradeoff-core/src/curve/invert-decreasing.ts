/**
 * Numeric inverse of a trade-off function (internal; docs/math/tradeoff-core.md §1).
 */
import { bisect, brentRoot } from '@dpbounds/special-functions';

/**
 * f⁻¹(β) = inf{α ∈ [0, 1] : f(α) ≤ β} for a continuous non-increasing f (values unchecked).
 * A trade-off function is strictly decreasing where positive, so for β > 0 the root of
 * f(α) − β is unique (Brent); for β ≤ 0 the smallest zero is found by bisection on f(α) ≤ 0.
 */
export function invertDecreasing(f: (alpha: number) => number, beta: number): number {
  const f0 = f(0);
  if (beta >= f0) return 0;
  if (beta <= 0) {
    if (f(1 - 1e-16) > 0) return 1;
    // smallest α with f(α) ≤ 0: bisection on the sign of an indicator that is monotone
    const root = bisect((a) => (f(a) <= 0 ? 1 : -1), 0, 1);
    return Number.isFinite(root) ? root : 1;
  }
  const root = brentRoot((a) => f(a) - beta, 0, 1);
  return Number.isFinite(root) ? Math.min(1, Math.max(0, root)) : 1;
}
