/**
 * @dpbounds/tradeoff-core: the f-DP language of trade-off curves (Dong, Roth & Su 2022), their
 * operations and conversions, and the attack summaries read off them.
 */
export type { TradeOffCurve, TradeOffCurveJSON, TradeOffSample } from './curve/trade-off-curve.js';
export { gaussianTradeOff } from './curve/gaussian-trade-off.js';
export type { GaussianTradeOffCurve } from './curve/gaussian-trade-off.js';
export { laplaceTradeOff } from './curve/laplace-trade-off.js';
export type { LaplaceTradeOffCurve } from './curve/laplace-trade-off.js';
export { epsilonDeltaTradeOff } from './curve/epsilon-delta-trade-off.js';
export type { EpsilonDeltaTradeOffCurve } from './curve/epsilon-delta-trade-off.js';
export { identityTradeOff } from './curve/identity-trade-off.js';
export type { IdentityTradeOffCurve } from './curve/identity-trade-off.js';
export { piecewiseLinearTradeOff } from './curve/piecewise-linear-trade-off.js';
export type { PiecewiseLinearTradeOffCurve } from './curve/piecewise-linear-trade-off.js';
export { tradeOffFromFunction } from './curve/trade-off-from-function.js';
export type { TradeOffFromFunctionOptions } from './curve/trade-off-from-function.js';
export { lowerConvexHull } from './curve/lower-convex-hull.js';
export type { HullPoints } from './curve/lower-convex-hull.js';
export { privacyProfile } from './conversions/privacy-profile.js';
export { gdpDelta } from './conversions/gdp-delta.js';
export { advantage, bayesSecurity, totalVariation } from './summaries/total-variation.js';
export { bestAttackAccuracy } from './summaries/attack-accuracy.js';
export { tprAtFpr } from './summaries/tpr-at-fpr.js';
export type { TprAtFpr } from './summaries/tpr-at-fpr.js';
export { tprBoundFromBayesSecurity } from './summaries/tpr-bound-from-bayes-security.js';
export { auc } from './summaries/auc.js';
export { gdpEpsilon } from './conversions/gdp-epsilon.js';
export { gdpMuFromEpsilonDelta } from './conversions/gdp-mu.js';
export { cltH, cltHInverse } from './conversions/clt-h.js';
export { cltMu } from './conversions/clt-mu.js';
export type { BatchSampling, CltMuOptions } from './conversions/clt-mu.js';
export { defineTradeOff } from './curve/define-trade-off.js';
export type { TradeOffDefinition } from './curve/define-trade-off.js';
export { inverseTradeOff } from './operations/inverse.js';
export { subsample } from './operations/subsample.js';
export type { SubsampledTradeOffCurve } from './operations/subsample.js';
export { symmetrize } from './operations/symmetrize.js';
export type { SymmetrizeOptions, SymmetrizedTradeOffCurve } from './operations/symmetrize.js';
export { subsamplingOperator } from './operations/subsampling-operator.js';
export { pointwiseMax, pointwiseMin } from './operations/pointwise.js';
export type { PointwiseMaxCurve } from './operations/pointwise.js';
export type { Bridge } from './operations/bridge.js';
export type { ConvexEnvelopeCurve, EnvelopeMethod } from './operations/envelope-curve.js';
export type { EnvelopeOptions } from './operations/convex-envelope.js';
export { composeGdp, composeTradeOffs } from './operations/compose.js';
export { dominates } from './operations/dominance.js';
export type { DominanceOptions, DominanceResult } from './operations/dominance.js';
