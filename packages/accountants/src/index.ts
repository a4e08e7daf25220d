/**
 * @dpbounds/accountants. Exports arrive with the issues that build this package; nothing is faked here.
 */
export {};
// Threat-specific guarantees (issue 5: Bayes security, μ-GMIP, relaxed threat model).
export {
  ATTRIBUTE_INFERENCE_LEAKAGE_WARNING, analyzeBayesSecurity, analyzeGmip, bayesAttackSuccess,
  bayesSecurityAttributeInference, bayesSecurityFromEpsilonDelta, bayesSecurityFromSensitivity,
  bayesSecurityMia, calibrateGmipNoise, epsilonFromBayesSecurity, gdpToGmip, gmipAttackSummary,
  gmipCompose, gmipDpMu, gmipEffectiveBatchSize, gmipMu, gmipStepMu, gmipToGdp,
  noiseMultiplierForBayesSecurity, requireBayesRelation, resolveGmipConfig, rtmLaplace,
  rtmLaplaceTangentPoint, samplingRateForBayesSecurity, stepsForBayesSecurity
} from './threat/index.js';
export type {
  BayesAiBound, BayesAiInput, BayesAnalysisOptions, BayesMiaBound, BayesMiaInput, BayesRelation,
  BayesSecurityAnalysis, BayesSecurityBound, BayesSensitivityInput, BayesTprAtFpr,
  GaussianAttackSummary, GmipAnalysis, GmipConfig, GmipConversion, GmipMu, GmipNoiseCalibration,
  GmipStepInput, GmipStepMu, LaplaceTangentPoint, ResolvedGmipConfig
} from './threat/index.js';
