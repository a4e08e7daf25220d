/**
 * @dpbounds/accountants: (ε, δ) accounting of DP-SGD (RDP, PLD, PRV, GDP/CLT) with noise
 * calibration, and threat-specific guarantees. Explicit re-exports only.
 */
// Classic (ε, δ) accounting (events, RDP, PLD, PRV, GDP, calibration).
export {
  composedEvent, describeEvent, dpSgdEvent, dpSgdScheduleEvent, gaussianEvent, noOpEvent,
  nonPrivateEvent, poissonSampledEvent, selfComposedEvent, unsupportedEvent
} from './events/mechanism-event.js';
export type {
  ComposedEvent, DpSgdPhase, GaussianEvent, MechanismEvent, NonPrivateEvent, NoOpEvent,
  PoissonSampledEvent, SelfComposedEvent, UnsupportedEvent
} from './events/mechanism-event.js';
export { flattenEvent, groupLedger, UnsupportedEventError } from './events/ledger.js';
export { EVENT_KINDS, validateEvent, validateLedgerEntry } from './events/validate-event.js';
export { DEFAULT_MAX_GRID_POINTS, DEFAULT_PLD_MAX_GRID_POINTS } from './pld/work-budget.js';
export type { EntryCheck, LedgerEntry } from './events/ledger.js';
export { LedgerAccountant, parseAccountantState, requireNeighbouring } from './accountant.js';
export type {
  AccountantKind, AccountantState, DeltaBounds, EpsilonBounds, NeighbouringRelation, PrivacyAccountant, ResultProvenance
} from './accountant.js';
export type { AccountantOptions } from './calibration/accountant-factory.js';
export { RdpAccountant } from './rdp/rdp-accountant.js';
export type { RdpAccountantOptions } from './rdp/rdp-accountant.js';
export { subsampledGaussianRdp } from './rdp/subsampled-gaussian-rdp.js';
export { rdpToDelta, rdpToEpsilon } from './rdp/rdp-to-epsilon.js';
export type { RdpConversion, RdpEpsilon } from './rdp/rdp-to-epsilon.js';
export { DEFAULT_RDP_ORDERS, DP_ACCOUNTING_RDP_ORDERS, OPACUS_RDP_ORDERS } from './rdp/rdp-orders.js';
export { autoDiscretizationInterval, PldAccountant } from './pld/pld-accountant.js';
export type { PldAccountantOptions } from './pld/pld-accountant.js';
export { connectTheDotsPld, optimisticPld } from './pld/connect-the-dots.js';
export type { ConnectTheDotsOptions } from './pld/connect-the-dots.js';
export { pldDeltaAt, pldEpsilonAt, pldTotalMass } from './pld/discrete-pld.js';
export type { DiscretePld } from './pld/discrete-pld.js';
export { psgPair, singleStepHockeyStick } from './pld/psg-privacy-loss.js';
export type { PsgDirection, PsgPair } from './pld/psg-privacy-loss.js';
export { pldToTradeOffCurve, pldTradeOffCurve } from './pld/pld-trade-off-curve.js';
export { PrvAccountant } from './prv/prv-accountant.js';
export type { PrvAccountantOptions } from './prv/prv-accountant.js';
export { GdpAccountant } from './gdp/gdp-accountant.js';
export type { GdpAccountantOptions } from './gdp/gdp-accountant.js';
export { ACCOUNTANT_KINDS, createAccountant, restoreAccountant } from './calibration/accountant-factory.js';
export { calibrateNoiseMultiplier, calibrateSamplingRate, calibrateSteps } from './calibration/calibrate.js';
export type { AccountantChoice, CalibrationResult, CalibrationTarget } from './calibration/calibrate.js';
export { accountantTprAtFpr, accountantTradeOff } from './summaries/accountant-tpr-at-fpr.js';
export type { AccountantTprAtFpr, AccountantTradeOff } from './summaries/accountant-tpr-at-fpr.js';
export { noiseMultiplierForTprAtFpr } from './summaries/noise-for-tpr-at-fpr.js';
export type { TprAtFprCalibration, TprAtFprTarget } from './summaries/noise-for-tpr-at-fpr.js';
// Threat-specific guarantees (Bayes security, μ-GMIP, relaxed threat model).
export {
  ATTRIBUTE_INFERENCE_LEAKAGE_WARNING, analyzeBayesSecurity, analyzeGmip, analyzeRtm,
  analyzeRtmDpSgd, RTM_ATTACKERS, requireRtmAttacker,
  BAYES_SECURITY_KINDS, combineThreatWithDp, dpSgdGuaranteeCurve, weakerKind,
  bayesAttackSuccess, bayesSecurityAttributeInference, bayesSecurityFromEpsilonDelta,
  bayesSecurityFromPld, bayesSecurityFromSensitivity, bayesSecurityMia, calibrateGmipNoise,
  calibrateRtmGaussianNoise,
  epsilonFromBayesSecurity, gdpToGmip, gmipAttackSummary, gmipCompose, gmipDpMu,
  gmipEffectiveBatchSize, gmipMu, gmipOneStepTradeOff, gmipStepMu, gmipToGdp,
  noiseMultiplierForBayesSecurity, requireBayesRelation, resolveGmipConfig, rtmCurves, rtmGaussian,
  rtmGaussianAsymptotic, rtmGaussianComposition, rtmGaussianPrivacyProfile,
  rtmGaussianTangentPoint, rtmLaplace, rtmLaplaceTangentPoint, rtmMaxPower,
  samplingRateForBayesSecurity, stepsForBayesSecurity
} from './threat/index.js';
export type {
  BayesAiBound, BayesAiInput, BayesAnalysisOptions, BayesMiaBound, BayesMiaInput, BayesRelation,
  BayesSecurityAnalysis, BayesSecurityBound, BayesSecurityPldBracket, BayesSensitivityInput,
  BayesTprAtFpr,
  CombinedSide, CombinedTprAtFpr, DpSgdRun, DpSide, ResultKinds, ThreatDpCombination,
  GaussianAttackSummary, GaussianTangentPoint, GmipAnalysis, GmipAnalysisOptions, GmipConfig, GmipConversion, GmipMu,
  GmipNoiseCalibration, GmipOneStepTradeOff, GmipStepInput, GmipStepMu, LaplaceTangentPoint,
  ResolvedGmipConfig, RtmAnalysis, RtmAnalysisInput, RtmCalibration, RtmCalibrationInput,
  RtmComposedGaussian, RtmCurves, RtmGaussianAsymptotic, RtmGaussianParameters, RtmMechanism,
  RtmAttacker, RtmCompositionOptions, RtmDpSgdAnalysis, RtmDpSgdInput,
  RtmPoint, RtmPrivacyProfile
} from './threat/index.js';
// Per-instance RDP (Thudi et al. 2024, "Gradients Look Alike").
export {
  authorsComposeSum, authorsGpiAlpha, chooseHolderLambda, composeFromRatios, composePerInstanceRdp,
  gaussianEpsClassic, hoeffdingRuns, holderEpsDelta, holderOrderSchedule, perInstancePrivacy,
  perInstanceStepRdp, sgmRdpInteger, thm36Estimate
} from './per-instance/index.js';
export type {
  AuthorsComposeSum, AuthorsComposeSumInput, AuthorsGpiAlpha, AuthorsGpiAlphaInput,
  ChooseHolderLambdaInput, ComposedFromRatios, ComposedPerInstanceRdp, ComposeFromRatiosInput,
  ComposePerInstanceRdpInput, GaussianEpsClassicInput, HoeffdingRuns, HoeffdingRunsInput,
  HolderEpsDelta, HolderEpsDeltaInput, HolderOrderSchedule, HolderOrderScheduleInput,
  PerInstancePrivacy, PerInstancePrivacyInput, PerInstanceRecordPrivacy, PerInstanceStepRdpInput,
  SgmRdpIntegerInput, Thm36EstimateInput, Thm36Group
} from './per-instance/index.js';
export { PER_INSTANCE_MAX_STEPS, perInstanceWorkEstimate } from './per-instance/index.js';
export type { PerInstanceCoverage, PerInstanceDirection, PerInstanceWork, PerInstanceWorkInput } from './per-instance/index.js';
export { batchUpdateStepRdp, perInstanceBatchPrivacy } from './per-instance/index.js';
export { batchSensitivities, cor31StepEpsilon } from './per-instance/index.js';
export type { BatchSensitivitiesInput, Cor31StepEpsilon, Cor31StepEpsilonInput } from './per-instance/index.js';
export type { BatchUpdateRule, BatchUpdateStepRdp, BatchUpdateStepRdpInput, PerInstanceBatchCheckpoint, PerInstanceBatchPrivacyInput, PerInstanceBatchRun } from './per-instance/index.js';
// batch samplers (fixed-size, truncated Poisson, balls-in-bins, shuffle next to Poisson).
export { BATCH_SAMPLERS, samplerEpsilon, samplerEvent, samplerNoiseMultiplier, samplerSupport } from './sampling/sampler-accounting.js';
export type { BatchSampler, SamplerAccountant, SamplerEpsilon, SamplerEpsilonValue, SamplerRun } from './sampling/sampler-accounting.js';
export { ballsInBinsEvent, binsPerEpoch, fixedSizeSampledEvent, truncatedPoissonSampledEvent } from './events/sampler-events.js';
export type { BallsInBinsEvent, FixedSizeSampledEvent, TruncatedPoissonSampledEvent } from './events/sampler-events.js';
export { mixtureGaussianPld, mixtureGaussianPrivacyLoss } from './sampling/mixture-gaussian-privacy-loss.js';
export type { MixtureDirection } from './sampling/mixture-gaussian-privacy-loss.js';
export { truncatedPoissonEpsilon, truncatedPoissonPlds, truncationParameters } from './sampling/truncated-poisson-pld.js';
export type { TruncatedPoissonOptions, TruncatedPoissonRun } from './sampling/truncated-poisson-pld.js';
export { mixPlds } from './sampling/mix-plds.js';
export { ballsInBinsEpsilonLowerBound } from './sampling/balls-in-bins-lower-bound.js';
export { fixedSizeSubstitutionEpsilon, fixedSizeSubstitutionPld } from './sampling/fixed-size-substitution.js';
export type { FixedSizeRun } from './sampling/fixed-size-substitution.js';
export { symmetrisedPld } from './sampling/symmetrised-pld.js';
export { composeWithinBudget } from './sampling/compose-within-budget.js';
// shuffling's lower bound and banded matrix mechanisms (DP-FTRL / BandMF).
export { shuffleEpsilonLowerBound } from './sampling/shuffle-lower-bound.js';
export type { ShuffleEpsilonLowerBound, ShuffleMode, ShuffleRun } from './sampling/shuffle-lower-bound.js';
export { BANDED_PARTICIPATIONS, bandedMatrixEvent, bandedMatrixLedgerSteps } from './sampling/banded-matrix/banded-matrix-event.js';
export type { BandedLedgerStep, BandedMatrixEvent, BandedMatrixOptions, BandedParticipation } from './sampling/banded-matrix/banded-matrix-event.js';
export { bandedGram } from './sampling/banded-matrix/banded-strategy.js';
export type { BandedGram, BandedStrategy } from './sampling/banded-matrix/banded-strategy.js';
export { connectTheDotsGridOfPair, connectTheDotsPldOfPair, psgLossPair } from './pld/connect-the-dots.js';
export type { PrivacyLossPair } from './pld/connect-the-dots.js';
