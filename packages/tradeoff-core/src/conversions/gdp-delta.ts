/**
 * The privacy profile of μ-GDP (Dong, Roth & Su 2022, Corollary 2.13):
 * δ(ε; μ) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (docs/math/tradeoff-core.md §4).
 */
import { erfcx, logNormalCdf, normalCdf, requireFinite, requireInRange } from '@dpbounds/special-functions';

const SQRT_HALF_PI = Math.sqrt(Math.PI / 2);
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

/** δ(ε; μ) without argument checks (μ ≥ 0 finite, ε finite or ±∞). Never NaN. */
export function gdpDeltaUnchecked(mu: number, epsilon: number): number {
  if (epsilon === Infinity) return 0;
  if (epsilon === -Infinity) return 1;
  if (mu === 0) return epsilon >= 0 ? 0 : -Math.expm1(epsilon);
  const a = -epsilon / mu + mu / 2;
  const b = a - mu;
  let delta: number;
  if (a < -5) {
    // e^ε φ(b) = φ(a): δ = φ(a)·√(π/2)·[erfcx(−a/√2) − erfcx(−b/√2)], no inf·0 and no 1 − (1 − x)
    const phiA = INV_SQRT_2PI * Math.exp(-0.5 * a * a);
    delta = phiA * SQRT_HALF_PI * (erfcx(-a / Math.SQRT2) - erfcx(-b / Math.SQRT2));
  } else {
    // the second term as exp(ε + log Φ(b)) avoids ∞·0 for large ε
    delta = normalCdf(a) - Math.exp(epsilon + logNormalCdf(b));
  }
  const floor = epsilon >= 0 ? 0 : -Math.expm1(epsilon);
  if (!(delta >= floor)) return floor;
  return delta > 1 ? 1 : delta;
}

/**
 * The privacy profile of μ-GDP, δ(ε; μ) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (Dong, Roth & Su
 * 2022, Corollary 2.13): the smallest δ such that a μ-GDP mechanism is (ε, δ)-DP. Defined for
 * every real ε (negative ε gives the full profile); μ = 0 gives max(0, 1 − e^ε).
 *
 * Method: direct form with an erfc-based Φ and the second term as exp(ε + log Φ(b)) when
 * a = −ε/μ + μ/2 ≥ −5; below, the cancellation-free form δ = φ(a)√(π/2)[erfcx(−a/√2) −
 * erfcx(−b/√2)], b = a − μ, using e^ε φ(b) = φ(a) (docs/tradeoff-curves.md). Relative accuracy ~1e−12 in the
 * bulk and ~1e−9 in deep tails (ε = 5, μ = 0.5 → 4.4154e−24); never NaN, always in
 * [max(0, 1 − e^ε), 1].
 *
 * @param mu μ ≥ 0, finite. @param epsilon any finite real ε.
 * @throws DpboundsRangeError for negative/NaN/infinite μ or NaN/infinite ε.
 * @example gdpDelta(1, 1) // 0.126936737506644
 */
export function gdpDelta(mu: number, epsilon: number): number {
  requireInRange('mu', mu, { min: 0 });
  requireFinite('epsilon', epsilon);
  return gdpDeltaUnchecked(mu, epsilon);
}
