/**
 * The Laplace trade-off curve (Dong, Roth & Su 2022, §2, the Laplace mechanism example): the
 * optimal (Neyman–Pearson) trade-off of Lap(0, 1) vs Lap(μ, 1), i.e. of the Laplace mechanism
 * with μ = Δ/b (docs/math/tradeoff-core.md §2).
 */
import { sampleOnGrid } from './sample-curve.js';
import type { TradeOffCurve, TradeOffCurveJSON, TradeOffSample } from './trade-off-curve.js';
import { requireAlpha, requireMu } from './validate-alpha.js';

/** L_ε as returned by {@link laplaceTradeOff}. */
export interface LaplaceTradeOffCurve extends TradeOffCurve {
  readonly kind: 'laplace';
  /** μ = Δ/b, which is also the pure-DP ε of the mechanism. */
  readonly epsilon: number;
  readonly symmetric: true;
  closedFormPrivacyProfile(epsilon: number): number;
}

function laplaceUnchecked(mu: number, alpha: number): number {
  if (alpha <= 0) return 1;
  if (alpha >= 1) return 0;
  const e = Math.exp(-mu);
  if (alpha < e / 2) return 1 - alpha / e;
  if (alpha <= 0.5) return e / (4 * alpha);
  return e * (1 - alpha);
}

/** δ(ε) for ε ≥ 0: 1 − e^{(ε−μ)/2} on [0, μ], 0 beyond. */
function laplaceProfileNonNegative(mu: number, epsilon: number): number {
  return epsilon >= mu ? 0 : -Math.expm1((epsilon - mu) / 2);
}

class Laplace implements LaplaceTradeOffCurve {
  readonly kind: 'laplace' = 'laplace';
  readonly symmetric: true = true;
  readonly epsilon: number;
  constructor(epsilon: number) {
    this.epsilon = epsilon;
  }
  evaluate(alpha: number): number {
    return laplaceUnchecked(this.epsilon, requireAlpha(alpha));
  }
  inverse(): TradeOffCurve {
    return this;
  }
  sample(n?: number): TradeOffSample {
    return sampleOnGrid((a) => laplaceUnchecked(this.epsilon, a), n);
  }
  toJSON(): TradeOffCurveJSON {
    return { kind: 'laplace', epsilon: this.epsilon };
  }
  closedFormPrivacyProfile(epsilon: number): number {
    if (epsilon >= 0) return laplaceProfileNonNegative(this.epsilon, epsilon);
    // symmetric curve: δ(−ε) = 1 − e^{−ε}(1 − δ(ε)), here with ε < 0
    return 1 - Math.exp(epsilon) * (1 - laplaceProfileNonNegative(this.epsilon, -epsilon));
  }
}

/**
 * The Laplace trade-off curve L_ε = T(Lap(0, 1), Lap(ε, 1)) (Dong, Roth & Su 2022, §2):
 * L(α) = 1 − e^ε α for α < e^{−ε}/2; e^{−ε}/(4α) for e^{−ε}/2 ≤ α ≤ ½; e^{−ε}(1 − α) for α > ½.
 * The Laplace mechanism with scale b and sensitivity Δ is L_{Δ/b}-DP (and ε-DP with ε = Δ/b).
 * Privacy profile δ(ε') = 1 − e^{(ε'−ε)/2} for 0 ≤ ε' ≤ ε. Symmetric; exact to rounding.
 *
 * @param epsilon ε = Δ/b ≥ 0, finite.
 * @throws DpboundsRangeError when ε is negative, infinite or NaN.
 * @example laplaceTradeOff(1).evaluate(0.5) // e^{-1}/2 ≈ 0.1839
 */
export function laplaceTradeOff(epsilon: number): LaplaceTradeOffCurve {
  return new Laplace(requireMu(epsilon, 'epsilon'));
}
