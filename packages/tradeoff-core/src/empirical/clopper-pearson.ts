/**
 * Exact (Clopper–Pearson) confidence intervals for a binomial proportion (docs/math/tradeoff-core.md §10).
 */
import { binomialCdf, binomialSf, brentRoot, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';

/** A two-sided confidence interval for a proportion. */
export interface ProportionInterval {
  readonly lower: number;
  readonly upper: number;
}

/** Options of {@link clopperPearson}: the two-sided confidence level c ∈ (0, 1), default 0.95. */
export interface ClopperPearsonOptions {
  readonly confidence?: number;
}

/**
 * The exact two-sided Clopper–Pearson interval for a binomial proportion from k successes in n
 * trials (Clopper & Pearson 1934, Biometrika 26(4)): lower = 0 if k = 0, else the p with
 * P[X ≥ k | p] = (1 − c)/2; upper = 1 if k = n, else the p with P[X ≤ k | p] = (1 − c)/2.
 * Coverage is at least c for every p (conservative). Solved with Brent's method on the binomial
 * tails of `@dpbounds/special-functions` (relative accuracy ~1e−12, also for tiny bounds).
 *
 * @param k successes, integer in [0, n]. @param n trials, integer ≥ 1.
 * @param options `confidence` c ∈ (0, 1), default 0.95 (unknown keys are refused).
 * @throws DpboundsRangeError for non-integer or out-of-range k, n or c.
 * @example clopperPearson(5, 100) // { lower: 0.01643…, upper: 0.11283… }
 */
export function clopperPearson(k: number, n: number, options: ClopperPearsonOptions = {}): ProportionInterval {
  requireInteger('n', n, { min: 1 });
  requireInteger('k', k, { min: 0, max: n });
  const c = requireInRange('confidence', requireOptions<ClopperPearsonOptions>('options', options, ['confidence']).confidence ?? 0.95, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  return clopperPearsonUnchecked(k, n, c);
}

/** {@link clopperPearson} without argument checks (internal). */
export function clopperPearsonUnchecked(k: number, n: number, confidence: number): ProportionInterval {
  const tail = (1 - confidence) / 2;
  let lower = 0;
  let upper = 1;
  if (k > 0) {
    // P[X ≥ k] = P[X > k − 1] increases in p
    const r = brentRoot((p) => binomialSf(k - 1, n, p) - tail, 0, 1);
    lower = Number.isFinite(r) ? r : 0;
  }
  if (k < n) {
    // P[X ≤ k] decreases in p
    const r = brentRoot((p) => binomialCdf(k, n, p) - tail, 0, 1);
    upper = Number.isFinite(r) ? r : 1;
  }
  return { lower: Math.max(0, Math.min(lower, k / n)), upper: Math.min(1, Math.max(upper, k / n)) };
}
