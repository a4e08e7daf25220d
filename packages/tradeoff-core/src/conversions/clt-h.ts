/**
 * The function h of the central limit theorem for uniformly subsampled (shuffled / fixed-size
 * batch) Gaussian mechanisms (Dong, Roth & Su 2022, §5, with Bu, Dong, Long &
 * Su 2020 "Deep learning with Gaussian differential privacy"; docs/math/tradeoff-core.md §8).
 */
import { bisect, brentRoot, erf, logNormalCdf, normalCdf, requireInRange } from '@dpbounds/special-functions';

const LOG2 = Math.log(2);
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

/** h(m) without checks (m ≥ 0 or +∞). */
export function cltHUnchecked(m: number): number {
  if (m === 0) return 0;
  if (m === Infinity) return Infinity;
  if (m < 2e-3) {
    // Taylor series g = m²/2 + c m³ + m⁴/4 + (3/8)c m⁵ + m⁶/12 + (69/640)c m⁷ + O(m⁸), c = φ(0):
    // the closed form below loses ~ε/m relative to cancellation there
    const c = INV_SQRT_2PI;
    const s = 0.5 + m * (c + m * (0.25 + m * (0.375 * c + m * (1 / 12 + m * (0.1078125 * c)))));
    return m * Math.sqrt(2 * s);
  }
  if (m <= 20) {
    // g = expm1(m²)Φ(1.5m) + ½erf(1.5m/√2) − 1.5·erf(m/(2√2)): cancellation-free form of
    // e^{m²}Φ(1.5m) + 3Φ(−m/2) − 2 (docs/tradeoff-curves.md)
    const g = Math.expm1(m * m) * normalCdf(1.5 * m) + 0.5 * erf((1.5 * m) / Math.SQRT2) - 1.5 * erf(m / (2 * Math.SQRT2));
    return g > 0 ? Math.sqrt(2 * g) : 0;
  }
  // log h = ½log2 + ½[m² + log(Φ(1.5m) + (3Φ(−m/2) − 2)e^{−m²})]
  const inner = Math.exp(logNormalCdf(1.5 * m)) + (3 * normalCdf(-m / 2) - 2) * Math.exp(-m * m);
  const logH = 0.5 * LOG2 + 0.5 * (m * m + Math.log(inner));
  return logH > 709.78 ? Infinity : Math.exp(logH);
}

/**
 * h(m) = √(2(e^{m²}Φ(1.5m) + 3Φ(−m/2) − 2)): T steps of a Gaussian mechanism with per-step level
 * m, each on a uniformly subsampled batch (rate p), are asymptotically μ-GDP with
 * μ = p√T·h(m) as T → ∞, p√T → const (Dong, Roth & Su 2022, §5, CLT for the subsampling
 * operator C_p; Bu et al. 2020; Leemann et al. 2023 Lemma 5.1 reuse it for GMIP).
 * Increasing; h(m) ≈ m√(1 + 2m/√(2π)) for small m, √2·e^{m²/2} for large m.
 *
 * Method: its Taylor series (to m⁷) for m < 0.002; the cancellation-free form expm1(m²)Φ(1.5m) + ½erf(1.5m/√2) − 1.5·erf(m/(2√2)) for
 * m ≤ 20 (relative error ~1e−12 at m = 1e−5, where the naive form is off by 5e−7), log space
 * beyond; +∞ once h overflows (m ≳ 37.7), never NaN.
 *
 * @param m per-step level m ≥ 0 (m = 1/σ for DP-SGD with noise multiplier σ; +∞ allowed).
 * @throws DpboundsRangeError when m is negative or NaN.
 * @example cltH(1) // 1.7101424755953…
 */
export function cltH(m: number): number {
  return cltHUnchecked(requireInRange('m', m, { min: 0, max: Infinity }));
}

/**
 * h⁻¹(y): the per-step level m ≥ 0 with h(m) = y (h from {@link cltH}); used to calibrate noise
 * for a target μ (docs/tradeoff-curves.md). h is increasing with h(0) = 0: bracket by doubling, then Brent
 * (relative accuracy ~1e−14). h⁻¹(∞) = ∞.
 *
 * @param y y ≥ 0 (+∞ allowed).
 * @throws DpboundsRangeError when y is negative or NaN.
 * @example cltHInverse(1) // 0.7090457803847…
 */
export function cltHInverse(y: number): number {
  requireInRange('y', y, { min: 0, max: Infinity });
  if (y === 0) return 0;
  if (y === Infinity) return Infinity;
  let hi = 1;
  while (cltHUnchecked(hi) < y) hi *= 2;
  if (cltHUnchecked(hi) === Infinity) {
    // h overflows inside the bracket: bisect on the (monotone) comparison instead
    const root = bisect((m) => (cltHUnchecked(m) < y ? -1 : 1), 0, hi);
    return Number.isFinite(root) ? root : hi;
  }
  const root = brentRoot((m) => cltHUnchecked(m) - y, 0, hi);
  return Number.isFinite(root) ? root : hi;
}
