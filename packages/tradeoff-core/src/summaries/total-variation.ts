/**
 * Total variation, advantage and Bayes security read off a trade-off curve (docs/math/tradeoff-core.md §5).
 */
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { privacyProfileUnchecked } from '../conversions/privacy-profile.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/**
 * Total variation distance TV(P, Q) = sup_α (1 − α − f(α)) = δ_f(0) of the pair behind the curve
 * f = T(P, Q) (Dong, Roth & Su 2022, §2.4 / Proposition 2.12 at ε = 0): the largest gap between
 * TPR and FPR any attack reaches. In [0, 1]; 0 for the identity. For G_μ: 2Φ(μ/2) − 1.
 * Accuracy: exact for closed-form and numeric curves, ~1e−15 absolute otherwise.
 *
 * @example totalVariation(gaussianTradeOff(1)) // 0.382924922548026
 */
export function totalVariation(curve: TradeOffCurve): number {
  requireTradeOffCurve('curve', curve);
  return privacyProfileUnchecked(curve, 0);
}

/**
 * Membership advantage max(TPR − FPR) over all attacks (Yeom et al. 2018, "Privacy risk in
 * machine learning"; equal to the total variation, Cherubin et al. 2024 §2).
 * In [0, 1].
 *
 * @example advantage(gaussianTradeOff(1)) // 0.382924922548026
 */
export function advantage(curve: TradeOffCurve): number {
  return totalVariation(curve);
}

/**
 * Bayes security β* = 1 − TV (Chatzikokolakis, Cherubin, Palamidessi & Troncoso 2023, "Bayes
 * security: a not so average metric"; Cherubin et al. 2024, "Closed-form
 * bounds for DP-SGD against record-level inference", §2): 1 is perfect secrecy, 0 a
 * perfect attack. Independent of the prior: for every prior the attacker's advantage over
 * guessing is at most (1 − β*) times the guessing error. For G_μ: 2Φ(−μ/2).
 *
 * @example bayesSecurity(gaussianTradeOff(1)) // 0.617075077451974
 */
export function bayesSecurity(curve: TradeOffCurve): number {
  return 1 - totalVariation(curve);
}
