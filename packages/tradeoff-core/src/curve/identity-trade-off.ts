/**
 * The identity trade-off Id(α) = 1 − α: perfect privacy (Dong, Roth & Su 2022, §2.1; docs/math/tradeoff-core.md §1).
 */
import { sampleOnGrid } from './sample-curve.js';
import type { TradeOffCurve, TradeOffCurveJSON, TradeOffSample } from './trade-off-curve.js';
import { requireAlpha } from './validate-alpha.js';

/** Id(α) = 1 − α as returned by {@link identityTradeOff}. */
export interface IdentityTradeOffCurve extends TradeOffCurve {
  readonly kind: 'identity';
  readonly symmetric: true;
  closedFormPrivacyProfile(epsilon: number): number;
}

class Identity implements IdentityTradeOffCurve {
  readonly kind: 'identity' = 'identity';
  readonly symmetric: true = true;
  evaluate(alpha: number): number {
    return 1 - requireAlpha(alpha);
  }
  inverse(): TradeOffCurve {
    return this;
  }
  sample(n?: number): TradeOffSample {
    return sampleOnGrid((a) => 1 - a, n);
  }
  toJSON(): TradeOffCurveJSON {
    return { kind: 'identity' };
  }
  closedFormPrivacyProfile(epsilon: number): number {
    return epsilon >= 0 ? 0 : -Math.expm1(epsilon);
  }
}

const identity: Identity = new Identity();

/**
 * The identity trade-off Id(α) = 1 − α = T(P, P) (Dong, Roth & Su 2022, §2.1): no test beats
 * random guessing, i.e. perfect privacy. Every trade-off function lies below it. Its privacy
 * profile is δ(ε) = max(0, 1 − e^ε).
 *
 * @example identityTradeOff().evaluate(0.3) // 0.7
 */
export function identityTradeOff(): IdentityTradeOffCurve {
  return identity;
}
