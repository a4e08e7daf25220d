/**
 * ε(δ) of μ-GDP: the inverse of the GDP privacy profile (Dong, Roth & Su 2022, Corollary 2.13).
 */
import { brentRoot, normalCdf, requireInRange } from '@dpbounds/special-functions';
import { gdpDeltaUnchecked } from './gdp-delta.js';

/**
 * The smallest ε ≥ 0 such that a μ-GDP mechanism is (ε, δ)-DP: the root of δ(ε; μ) = δ
 * (Dong, Roth & Su 2022, Corollary 2.13). δ(·; μ) decreases on ε ≥ 0 from δ(0) = 2Φ(μ/2) − 1
 * to 0, so ε = 0 when δ ≥ δ(0) (Opacus raises there; we return 0; docs/math/tradeoff-core.md §4).
 * Method: bracket [0, ε_hi] by doubling, then Brent's method on δ(ε) − δ, or on
 * log δ(ε) − log δ when δ < 1e−12 (docs/tradeoff-curves.md). Relative accuracy ~1e−14.
 *
 * @param mu μ ≥ 0, finite. @param delta δ ∈ (0, 1].
 * @throws DpboundsRangeError for μ < 0, δ outside (0, 1], NaN or infinite inputs.
 * @example gdpEpsilon(1, 1e-5) // 4.377178095681…
 */
export function gdpEpsilon(mu: number, delta: number): number {
  requireInRange('mu', mu, { min: 0 });
  requireInRange('delta', delta, { min: 0, minExclusive: true, max: 1 });
  if (mu === 0) return 0;
  const delta0 = 2 * normalCdf(mu / 2) - 1;
  if (delta >= delta0) return 0;
  const useLog = delta < 1e-12;
  const logDelta = Math.log(delta);
  const g = (epsilon: number): number => {
    const d = gdpDeltaUnchecked(mu, epsilon);
    if (!useLog) return d - delta;
    return d > 0 ? Math.log(d) - logDelta : -Infinity;
  };
  let hi = 1;
  while (g(hi) > 0 && hi < 1e300) hi *= 2;
  if (g(hi) > 0) return Infinity;
  const root = brentRoot(g, 0, hi);
  return Number.isFinite(root) ? Math.max(0, root) : Infinity;
}
