/**
 * The Gaussian trade-off curve G_μ (Dong, Roth & Su 2022, "Gaussian differential privacy",
 * Definition 2.6): G_μ(α) = Φ(Φ⁻¹(1 − α) − μ) = Φ(Q⁻¹(α) − μ), Q(x) = Φ(−x)
 * (docs/math/tradeoff-core.md §2).
 */
import { normalCdf, normalSfInverse } from '@dpbounds/special-functions';
import { gdpDeltaUnchecked } from '../conversions/gdp-delta.js';
import { sampleOnGrid } from './sample-curve.js';
import type { TradeOffCurve, TradeOffCurveJSON, TradeOffSample } from './trade-off-curve.js';
import { requireAlpha, requireMu } from './validate-alpha.js';

// Bound once at load: a direct reference to each kernel. Under Vite's module runner (the tests
// and benchmarks) every call through an imported binding goes through a getter that is not
// inlined (~10-20 ns per call, measured), which alone was ~30 % of G_μ's cost; in native ESM
// these are the same functions.
const cdf: (x: number) => number = normalCdf;
const sfInverse: (q: number) => number = normalSfInverse;

/** G_μ as returned by {@link gaussianTradeOff}: a symmetric analytic curve with its μ. */
export interface GaussianTradeOffCurve extends TradeOffCurve {
  readonly kind: 'gaussian';
  /** μ = Δ/σ (sensitivity over noise standard deviation). */
  readonly mu: number;
  readonly symmetric: true;
  closedFormPrivacyProfile(epsilon: number): number;
}

/**
 * G_μ(α) without argument checks (μ ≥ 0 finite, α ∈ [0, 1] assumed). Upper tails go through
 * Q⁻¹ = `normalSfInverse` and Φ through an erfc-based `normalCdf`, so tiny values keep their
 * relative accuracy (G_10(0.5) = 7.6e−24).
 */
export function gaussianTradeOffUnchecked(mu: number, alpha: number): number {
  if (alpha <= 0) return 1;
  if (alpha >= 1) return 0;
  if (mu === 0) return 1 - alpha;
  return cdf(sfInverse(alpha) - mu);
}

class Gaussian implements GaussianTradeOffCurve {
  readonly kind: 'gaussian' = 'gaussian';
  readonly symmetric: true = true;
  readonly mu: number;
  constructor(mu: number) {
    this.mu = mu;
  }
  evaluate(alpha: number): number {
    // hot path: the valid case is checked inline (no call into another module, no string built);
    // anything else goes to requireAlpha, which throws the DpboundsRangeError
    if (!(typeof alpha === 'number' && alpha >= 0 && alpha <= 1)) alpha = requireAlpha(alpha);
    return gaussianTradeOffUnchecked(this.mu, alpha);
  }
  inverse(): TradeOffCurve {
    return this;
  }
  sample(n?: number): TradeOffSample {
    return sampleOnGrid((a) => gaussianTradeOffUnchecked(this.mu, a), n);
  }
  toJSON(): TradeOffCurveJSON {
    return { kind: 'gaussian', mu: this.mu };
  }
  closedFormPrivacyProfile(epsilon: number): number {
    return gdpDeltaUnchecked(this.mu, epsilon);
  }
}

/**
 * The Gaussian trade-off curve G_μ(α) = Φ(Φ⁻¹(1 − α) − μ) (Dong, Roth & Su 2022,
 * Definition 2.6): the exact trade-off of N(0, 1) vs N(μ, 1), hence of the Gaussian mechanism with
 * μ = Δ/σ. μ-GDP means "G_μ-DP". G_0 is the identity 1 − α (perfect privacy). Symmetric
 * (G_μ⁻¹ = G_μ). Relative accuracy ~1e−14 wherever the value is above 1e−300.
 *
 * Attack summaries: AUC = Φ(μ/√2), best balanced accuracy Φ(μ/2), TPR at FPR a =
 * Q(Q⁻¹(a) − μ).
 *
 * @param mu μ ≥ 0, finite.
 * @throws DpboundsRangeError when μ is negative, infinite or NaN.
 * @example
 * const g = gaussianTradeOff(1);
 * 1 - g.evaluate(0.01); // TPR at 1 % FPR ≈ 0.0924
 */
export function gaussianTradeOff(mu: number): GaussianTradeOffCurve {
  return new Gaussian(requireMu(mu));
}
