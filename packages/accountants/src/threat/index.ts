/**
 * Threat-specific guarantees of DP-SGD: Bayes security (Cherubin et al. 2024), μ-GMIP (Leemann
 * et al. 2023) and the relaxed threat model (Kaissis et al. 2023). Re-exported by name from the
 * package entry point.
 */
export { requireBayesRelation } from './bayes/neighbouring-relation.js';
export type { BayesRelation } from './bayes/neighbouring-relation.js';
export { bayesSecurityFromSensitivity } from './bayes/bayes-security-bound.js';
export type { BayesSecurityBound, BayesSensitivityInput } from './bayes/bayes-security-bound.js';
export { bayesSecurityMia } from './bayes/bayes-security-mia.js';
export type { BayesMiaBound, BayesMiaInput } from './bayes/bayes-security-mia.js';
export { ATTRIBUTE_INFERENCE_LEAKAGE_WARNING, bayesSecurityAttributeInference } from './bayes/bayes-security-ai.js';
export type { BayesAiBound, BayesAiInput } from './bayes/bayes-security-ai.js';
export { noiseMultiplierForBayesSecurity, samplingRateForBayesSecurity, stepsForBayesSecurity } from './bayes/bayes-parameter-selection.js';
export type { BayesSecurityTarget, NoiseForBayesSecurityOptions, SamplingRateForBayesSecurityOptions, StepsForBayesSecurityOptions } from './bayes/bayes-parameter-selection.js';
export { bayesAttackSuccess, bayesSecurityFromEpsilonDelta, epsilonFromBayesSecurity } from './bayes/bayes-derived-metrics.js';
export { bayesSecurityFromPld } from './bayes/bayes-security-pld.js';
export type { BayesSecurityPldBracket } from './bayes/bayes-security-pld.js';
export { analyzeBayesSecurity, BAYES_SECURITY_KINDS } from './bayes/bayes-security-analysis.js';
export { dpSgdGuaranteeCurve } from './common/dp-sgd-guarantee-curve.js';
export type { DpSgdRun } from './common/dp-sgd-guarantee-curve.js';
export { combineThreatWithDp } from './common/threat-dp-combination.js';
export type { CombinedSide, CombinedTprAtFpr, CombineThreatWithDpOptions, DpSide, ThreatDpCombination } from './common/threat-dp-combination.js';
export { weakerKind } from './common/result-kinds.js';
export type { ResultKinds } from './common/result-kinds.js';
export type { BayesAnalysisOptions, BayesSecurityAnalysis, BayesTprAtFpr } from './bayes/bayes-security-analysis.js';
export { resolveGmipConfig } from './gmip/gmip-config.js';
export type { GmipConfig, ResolvedGmipConfig } from './gmip/gmip-config.js';
export { gmipEffectiveBatchSize, gmipStepMu } from './gmip/gmip-step.js';
export type { GmipStepInput, GmipStepMu } from './gmip/gmip-step.js';
export { gmipCompose, gmipDpMu, gmipMu } from './gmip/gmip-composition.js';
export type { GmipMu } from './gmip/gmip-composition.js';
export { gmipOneStepTradeOff } from './gmip/gmip-one-step-trade-off.js';
export type { GmipOneStepTradeOff } from './gmip/gmip-one-step-trade-off.js';
export { calibrateGmipNoise } from './gmip/gmip-calibration.js';
export type { GmipCalibrationOptions, GmipCalibrationRule, GmipNoiseCalibration } from './gmip/gmip-calibration.js';
export { gdpToGmip, gmipToGdp } from './gmip/gmip-conversions.js';
export type { GmipConversion } from './gmip/gmip-conversions.js';
export { analyzeGmip, gmipAttackSummary } from './gmip/gmip-analysis.js';
export type { GaussianAttackSummary, GmipAnalysis, GmipAnalysisOptions } from './gmip/gmip-analysis.js';
export { rtmLaplace, rtmLaplaceTangentPoint } from './rtm/rtm-laplace.js';
export type { LaplaceTangentPoint } from './rtm/rtm-laplace.js';
export { rtmGaussian, rtmGaussianTangentPoint } from './rtm/rtm-gaussian.js';
export type { GaussianTangentPoint, RtmGaussianParameters } from './rtm/rtm-gaussian.js';
export { rtmGaussianAsymptotic, rtmGaussianComposition } from './rtm/rtm-composition.js';
export type { RtmComposedGaussian, RtmGaussianAsymptotic } from './rtm/rtm-composition.js';
export { rtmCurves } from './rtm/rtm-symmetrized.js';
export type { RtmCurves, RtmMechanism } from './rtm/rtm-symmetrized.js';
export { rtmGaussianPrivacyProfile } from './rtm/rtm-privacy-profile.js';
export type { RtmPrivacyProfile } from './rtm/rtm-privacy-profile.js';
export { calibrateRtmGaussianNoise } from './rtm/rtm-calibration.js';
export type { RtmCalibration, RtmCalibrationInput } from './rtm/rtm-calibration.js';
export { analyzeRtm, rtmMaxPower } from './rtm/rtm-analysis.js';
export type { RtmAnalysis, RtmAnalysisInput, RtmPoint } from './rtm/rtm-analysis.js';
export { RTM_ATTACKERS, requireRtmAttacker } from './rtm/rtm-attacker.js';
export type { RtmAttacker } from './rtm/rtm-attacker.js';
export type { RtmCompositionOptions } from './rtm/rtm-composition.js';
export { analyzeRtmDpSgd } from './rtm/rtm-dp-sgd.js';
export type { RtmDpSgdAnalysis, RtmDpSgdInput } from './rtm/rtm-dp-sgd.js';
