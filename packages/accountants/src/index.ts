/**
 * @dpbounds/accountants: (ε, δ) accounting of DP-SGD (RDP, PLD, PRV, GDP/CLT) with noise
 * calibration, threat-specific guarantees (Bayes security, μ-GMIP, relaxed threat model) and
 * per-instance RDP. This root entry point is the curated, stable surface a user needs; the
 * building blocks behind it (privacy-loss pairs, discretised PLDs, per-instance helpers, config
 * resolvers) are in `@dpbounds/accountants/advanced`, which a semver-minor release may change.
 * Explicit re-exports only.
 */
// Mechanism events: immutable data describing what a training run released.
export {
  composedEvent, describeEvent, dpSgdEvent, dpSgdScheduleEvent, gaussianEvent, noOpEvent,
  nonPrivateEvent, poissonSampledEvent, selfComposedEvent, unsupportedEvent
} from './events/mechanism-event.js';
export type {
  ComposedEvent, DpSgdPhase, GaussianEvent, MechanismEvent, NonPrivateEvent, NoOpEvent,
  PoissonSampledEvent, SelfComposedEvent, UnsupportedEvent
} from './events/mechanism-event.js';
export { UnsupportedEventError } from './events/ledger.js';
export { EVENT_KINDS, validateEvent } from './events/validate-event.js';
// Accountants: one interface, four methods, a factory and saved states.
export { LedgerAccountant } from './accountant.js';
export type {
  AccountantKind, AccountantState, DeltaBounds, EpsilonBounds, NeighbouringRelation, PrivacyAccountant, ResultProvenance,
  TrainingHistoryEntry, TrainingStep
} from './accountant.js';
export type { AccountantOptions } from './calibration/accountant-factory.js';
export { RdpAccountant } from './rdp/rdp-accountant.js';
export type { RdpAccountantOptions } from './rdp/rdp-accountant.js';
export { subsampledGaussianRdp } from './rdp/subsampled-gaussian-rdp.js';
export type { SubsampledGaussianRdpOptions } from './rdp/subsampled-gaussian-rdp.js';
export { rdpToDelta, rdpToEpsilon } from './rdp/rdp-to-epsilon.js';
export type { RdpConversion, RdpCurveOptions, RdpDelta, RdpEpsilon, RdpToDeltaOptions, RdpToEpsilonOptions } from './rdp/rdp-to-epsilon.js';
export { DEFAULT_RDP_ORDERS, DP_ACCOUNTING_RDP_ORDERS, OPACUS_RDP_ORDERS } from './rdp/rdp-orders.js';
export { PldAccountant } from './pld/pld-accountant.js';
export type { PldAccountantOptions } from './pld/pld-accountant.js';
export { DEFAULT_MAX_GRID_POINTS, DEFAULT_PLD_MAX_GRID_POINTS } from './pld/work-budget.js';
export { pldTradeOffCurve } from './pld/pld-trade-off-curve.js';
export { PrvAccountant } from './prv/prv-accountant.js';
export type { PrvAccountantOptions } from './prv/prv-accountant.js';
export { GdpAccountant } from './gdp/gdp-accountant.js';
export type { GdpAccountantOptions } from './gdp/gdp-accountant.js';
export { ACCOUNTANT_KINDS, createAccountant, restoreAccountant } from './calibration/accountant-factory.js';
// Calibration and attack summaries of an accountant.
export { calibrateEventNoiseMultiplier, calibrateNoiseMultiplier, calibrateSamplingRate, calibrateSteps } from './calibration/calibrate.js';
export type { AccountantChoice, CalibrationResult, CalibrationTarget } from './calibration/calibrate.js';
export { accountantTprAtFpr, accountantTradeOff } from './summaries/accountant-tpr-at-fpr.js';
export type { AccountantTprAtFpr, AccountantTradeOff } from './summaries/accountant-tpr-at-fpr.js';
export { noiseMultiplierForTprAtFpr } from './summaries/noise-for-tpr-at-fpr.js';
export type { TprAtFprCalibration, TprAtFprTarget } from './summaries/noise-for-tpr-at-fpr.js';
// Threat-specific guarantees: Bayes security.
export {
  analyzeBayesSecurity, ATTRIBUTE_INFERENCE_LEAKAGE_WARNING, BAYES_SECURITY_KINDS, bayesAttackSuccess,
  bayesSecurityAttributeInference, bayesSecurityFromEpsilonDelta, bayesSecurityFromPld, bayesSecurityMia,
  epsilonFromBayesSecurity, noiseMultiplierForBayesSecurity, samplingRateForBayesSecurity, stepsForBayesSecurity
} from './threat/index.js';
export type {
  BayesAiBound, BayesAiInput, BayesAnalysisOptions, BayesMiaBound, BayesMiaInput, BayesRelation,
  BayesSecurityAnalysis, BayesSecurityPldBracket, BayesSecurityTarget, BayesTprAtFpr, NoiseForBayesSecurityOptions,
  SamplingRateForBayesSecurityOptions, StepsForBayesSecurityOptions
} from './threat/index.js';
// Threat-specific guarantees: μ-GMIP.
export {
  analyzeGmip, calibrateGmipNoise, gdpToGmip, gmipAttackSummary, gmipDpMu, gmipMu, gmipOneStepTradeOff, gmipToGdp
} from './threat/index.js';
export type {
  GaussianAttackSummary, GmipAnalysis, GmipAnalysisOptions, GmipCalibrationOptions, GmipCalibrationRule, GmipConfig, GmipConversion, GmipMu, GmipNoiseCalibration,
  GmipOneStepTradeOff
} from './threat/index.js';
// Threat-specific guarantees: relaxed threat model.
export {
  analyzeRtm, analyzeRtmDpSgd, calibrateRtmGaussianNoise, RTM_ATTACKERS, rtmCurves, rtmGaussian, rtmGaussianComposition,
  rtmGaussianPrivacyProfile, rtmLaplace
} from './threat/index.js';
export type {
  RtmAnalysis, RtmAnalysisInput, RtmAttacker, RtmCalibration, RtmCalibrationInput, RtmComposedGaussian,
  RtmCompositionOptions, RtmCurves, RtmDpSgdAnalysis, RtmDpSgdInput, RtmGaussianParameters, RtmMechanism, RtmPoint,
  RtmPrivacyProfile
} from './threat/index.js';
// A threat analysis beside the DP guarantee of the same run.
export { combineThreatWithDp, dpSgdGuaranteeCurve } from './threat/index.js';
export type { CombinedSide, CombinedTprAtFpr, CombineThreatWithDpOptions, DpSgdRun, DpSide, ResultKinds, ThreatDpCombination } from './threat/index.js';
// Per-instance RDP (Thudi et al. 2024, "Gradients Look Alike").
export { PER_INSTANCE_MAX_STEPS, perInstanceBatchPrivacy, perInstancePrivacy, perInstanceWorkEstimate } from './per-instance/index.js';
export type {
  PerInstanceBatchCheckpoint, PerInstanceBatchPrivacyInput, PerInstanceBatchRun, PerInstanceBound, PerInstanceCoverage, PerInstanceDirection,
  PerInstancePrivacy, PerInstancePrivacyInput, PerInstanceRecordPrivacy, PerInstanceWork,
  PerInstanceWorkInput
} from './per-instance/index.js';
// Batch samplers other than Poisson (fixed-size, truncated Poisson, balls-in-bins, shuffle).
export { BATCH_SAMPLERS, samplerEpsilon, samplerEvent, samplerNoiseMultiplier, samplerSupport } from './sampling/sampler-accounting.js';
export type { BatchSampler, SamplerAccountant, SamplerEpsilon, SamplerEpsilonValue, SamplerRun } from './sampling/sampler-accounting.js';
export { ballsInBinsEvent, binsPerEpoch, fixedSizeSampledEvent, truncatedPoissonSampledEvent } from './events/sampler-events.js';
export type { BallsInBinsEvent, FixedSizeSampledEvent, TruncatedPoissonSampledEvent } from './events/sampler-events.js';
// Parameter sweeps: expand a grid, take one shard of it, evaluate each configuration (one row).
// The CLI's plumbing (validators, ids, value parsing, limits) is in /advanced.
export { evaluateSweepConfiguration, expandSweepGrid, sweepShard } from './sweep/index.js';
export type {
  SweepAccountant, SweepConfiguration, SweepGridSpec, SweepRequest, SweepRow, SweepRowError, SweepShardOptions,
  SweepThreat
} from './sweep/index.js';
// Shuffling's lower bound and banded matrix mechanisms (DP-FTRL / BandMF).
export { shuffleEpsilonLowerBound } from './sampling/shuffle-lower-bound.js';
export type { ShuffleEpsilonLowerBound, ShuffleMode, ShuffleRun } from './sampling/shuffle-lower-bound.js';
export { BANDED_PARTICIPATIONS, bandedMatrixEvent } from './sampling/banded-matrix/banded-matrix-event.js';
export type { BandedMatrixEvent, BandedMatrixOptions, BandedParticipation } from './sampling/banded-matrix/banded-matrix-event.js';
export type { BandedStrategy } from './sampling/banded-matrix/banded-strategy.js';
export { bandedBallsInBinsGuarantee, bandedBallsInBinsNoiseMultiplier } from './sampling/banded-matrix/banded-balls-in-bins-guarantee.js';
export type { BandedBallsInBinsGuarantee } from './sampling/banded-matrix/banded-balls-in-bins-guarantee.js';
