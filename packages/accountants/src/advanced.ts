/**
 * @dpbounds/accountants/advanced: the building blocks behind the accountants and threat
 * analyses of `@dpbounds/accountants`, for researchers who compose their own analyses: ledger
 * flattening and grouping, the subsampled-Gaussian privacy-loss pair and discretised PLDs,
 * config resolvers and validators, the relaxed-threat-model tangent points, the μ-GMIP step
 * quantities, and the per-instance RDP helpers (Hölder composition, Hoeffding runs, the authors'
 * compatible formulas, the Theorem 3.6 estimate, Corollary 3.1 batch bounds).
 *
 * Stability: these are building blocks, not the stable surface. A semver-minor release may
 * rename, re-shape or remove them; pin an exact version if you depend on them. Parameters here
 * may be positional and use the papers' short names.
 */
// Ledger and accountant internals.
export { flattenEvent, groupLedger } from './events/ledger.js';
export type { EntryCheck, FlattenEventOptions, LedgerEntry } from './events/ledger.js';
export { validateLedgerEntry } from './events/validate-event.js';
export type { ValidLedgerEntry } from './events/validate-event.js';
export { parseAccountantState, requireNeighbouring } from './accountant.js';
// RDP building blocks (positional, for hot paths).
export { rdpCurveToDelta, rdpCurveToEpsilon } from './rdp/rdp-to-epsilon.js';
// Privacy loss distributions.
export { autoDiscretizationInterval } from './pld/pld-accountant.js';
export { connectTheDotsPld, optimisticPld } from './pld/connect-the-dots.js';
export type { ConnectTheDotsOptions } from './pld/connect-the-dots.js';
export { pldDeltaAt, pldEpsilonAt, pldTotalMass } from './pld/discrete-pld.js';
export { pldDeltasAt } from './pld/pld-deltas-at.js';
export type { DiscretePld } from './pld/discrete-pld.js';
export { psgPair, singleStepHockeyStick } from './pld/psg-privacy-loss.js';
export type { PsgDirection, PsgPair, PsgPairOptions } from './pld/psg-privacy-loss.js';
export { pldToTradeOffCurve } from './pld/pld-trade-off-curve.js';
// Threat-specific building blocks.
export { bayesSecurityFromSensitivity, requireBayesRelation, weakerKind } from './threat/index.js';
export type { BayesSecurityBound, BayesSensitivityInput } from './threat/index.js';
export { gmipCompose, gmipEffectiveBatchSize, gmipStepMu, resolveGmipConfig } from './threat/index.js';
export type { GmipStepInput, GmipStepMu, ResolvedGmipConfig } from './threat/index.js';
export {
  requireRtmAttacker, rtmGaussianAsymptotic, rtmGaussianTangentPoint, rtmLaplaceTangentPoint, rtmMaxPower
} from './threat/index.js';
export type { GaussianTangentPoint, LaplaceTangentPoint, RtmGaussianAsymptotic } from './threat/index.js';
// Per-instance RDP building blocks (Thudi et al. 2024).
export {
  authorsComposeSum, authorsGpiAlpha, batchSensitivities, batchUpdateStepRdp, chooseHolderLambda, composeFromRatios,
  composePerInstanceRdp, cor31StepEpsilon, gaussianEpsClassic, hoeffdingRuns, holderEpsDelta, holderOrderSchedule,
  perInstanceStepRdp, sgmRdpInteger, thm36Estimate
} from './per-instance/index.js';
export type {
  AuthorsComposeSum, AuthorsComposeSumInput, AuthorsGpiAlpha, AuthorsGpiAlphaInput, BatchSensitivitiesInput,
  BatchUpdateRule, BatchUpdateStepRdp, BatchUpdateStepRdpInput, ChooseHolderLambdaInput, ComposedFromRatios,
  ComposedPerInstanceRdp, ComposeFromRatiosInput, ComposePerInstanceRdpInput, Cor31StepEpsilon, Cor31StepEpsilonInput,
  GaussianEpsClassicInput, HoeffdingRuns, HoeffdingRunsInput, HolderEpsDelta, HolderEpsDeltaInput, HolderOrderSchedule,
  HolderOrderScheduleInput, PerInstanceStepRdpInput, SgmRdpIntegerInput, Thm36EstimateInput, Thm36Group
} from './per-instance/index.js';
// Batch-sampler building blocks (mixture and truncated-Poisson PLDs, fixed-size substitution pair, bounds).
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
// The work budget of calibrations (grid points counted before the work is done).
export { DEFAULT_CALIBRATION_MAX_WORK, maxTestLowerBoundWork } from './calibration/calibration-work.js';
export { samplerCalibrationWorkEstimate } from './sampling/sampler-calibration-work.js';
export type { SamplerWorkRun } from './sampling/sampler-calibration-work.js';
export { connectTheDotsGridOfPair, connectTheDotsPldOfPair, psgLossPair } from './pld/connect-the-dots.js';
export type { PrivacyLossPair } from './pld/connect-the-dots.js';
// The JSON objects the CLI prints for one configuration (the sweep rows are built from them).
export {
  bayesSecurityJson, bayesSecurityResult, calibrateEpsilon, calibrateEventEpsilon, canonicalJson, dpAccountantEvaluation, dpEventAccountantEvaluation,
  dpAccountantResult, dpTprFields, gmipBatchSize, gmipJson, gmipResult, jsonSafeResult, rtmJson,
  rtmResult, stableHash, sweepAccountants
} from './sweep/index.js';
export type {
  DpAccountantEvaluation, DpAccountantOptions, DpAccountantResult, DpEventQuestion, DpQuery, DpTprFields,
  EpsilonCalibrationQuery, EpsilonCalibrationResult, EventEpsilonCalibrationQuery, ThreatRun
} from './sweep/index.js';
// Sweep plumbing behind `dpbounds sweep`: request and configuration validators, the field and
// value lists, value-list parsing, grid limits, shard indices and the stable ids that resuming
// and merging key on.
export {
  DEFAULT_THREAT_FPRS, MAX_SWEEP_AXIS_POINTS, MAX_SWEEP_CONFIGURATIONS, parseSweepValues, SWEEP_ACCOUNTANTS,
  SWEEP_NUMERIC_FIELDS, SWEEP_THREATS, sweepConfigurationId, sweepShardIndices, sweepSpecId,
  validateSweepConfiguration, validateSweepRequest
} from './sweep/index.js';
export type { SweepNumericField } from './sweep/index.js';
// Banded matrix mechanisms: the ledger steps an event prices and the strategy's Gram structure.
export { bandedMatrixLedgerSteps, bandedMatrixSensitivity } from './sampling/banded-matrix/banded-matrix-event.js';
export type { BandedLedgerStep, BandedMatrixSensitivity } from './sampling/banded-matrix/banded-matrix-event.js';
export { bandedGram } from './sampling/banded-matrix/banded-strategy.js';
export { splitNoiseSensitivity } from './sampling/banded-matrix/split-noise.js';
export type { BandedGram } from './sampling/banded-matrix/banded-strategy.js';
// Balls-in-bins (random allocation) RDP: both directions of one epoch and the ε they guarantee.
export {
  ballsInBinsAddRdp, ballsInBinsAddRdpMeanBound, ballsInBinsRdpEpsilon, ballsInBinsRemoveRdp, ballsInBinsSubstitutionRdp,
  BALLS_IN_BINS_MAX_ORDER, BALLS_IN_BINS_SUBSTITUTION_MAX_ORDER
} from './rdp/balls-in-bins-gaussian-rdp.js';
export { ballsInBinsAddLogMoments, BALLS_IN_BINS_ADD_MAX_MOMENT } from './rdp/balls-in-bins-add-moments.js';
export type { BallsInBinsRdpRun } from './rdp/balls-in-bins-gaussian-rdp.js';
