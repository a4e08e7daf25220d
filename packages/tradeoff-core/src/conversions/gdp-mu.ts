/**
 * μ of the Gaussian curve whose privacy profile passes through (ε, δ) (docs/math/tradeoff-core.md §4).
 */
import { brentRoot, requireInRange } from '@dpbounds/special-functions';
import { gdpDeltaUnchecked } from './gdp-delta.js';

/**
 * The μ ≥ 0 with δ(ε; μ) = δ (Dong, Roth & Su 2022, Corollary 2.13): the Gaussian curve G_μ
 * that is (ε, δ)-DP with equality, i.e. the GDP level "equivalent" to one (ε, δ) pair. Note
 * that an (ε, δ)-DP mechanism need not be μ-GDP for this μ (f_{ε,δ} is not above G_μ
 * everywhere); this is the common conversion used to compare (ε, δ) with μ. δ(ε; ·) increases
 * in μ from 0 to 1, so the root is unique: bracket by doubling, then Brent (relative
 * accuracy ~1e−14; on log δ when δ < 1e−12).
 *
 * @param epsilon ε ≥ 0, finite. @param delta δ ∈ (0, 1).
 * @throws DpboundsRangeError for ε < 0, δ outside (0, 1), NaN or infinite inputs.
 * @example gdpMuFromEpsilonDelta(1, 1e-5) // 0.268051123211…
 */
export function gdpMuFromEpsilonDelta(epsilon: number, delta: number): number {
  requireInRange('epsilon', epsilon, { min: 0 });
  requireInRange('delta', delta, { min: 0, minExclusive: true, max: 1, maxExclusive: true });
  const useLog = delta < 1e-12;
  const logDelta = Math.log(delta);
  const g = (mu: number): number => {
    const d = gdpDeltaUnchecked(mu, epsilon);
    if (!useLog) return d - delta;
    return d > 0 ? Math.log(d) - logDelta : -Infinity;
  };
  let hi = 1;
  while (g(hi) < 0 && hi < 1e300) hi *= 2;
  if (g(hi) < 0) return Infinity;
  const root = brentRoot(g, 0, hi);
  return Number.isFinite(root) ? Math.max(0, root) : Infinity;
}
