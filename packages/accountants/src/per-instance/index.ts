/**
 * Per-instance (data-dependent) Rényi DP of DP-SGD (Thudi, Jia, Meehan, Shumailov, Papernot,
 * "Gradients Look Alike", USENIX Security 2024; docs/math/per-instance-rdp.md). Re-exports only.
 */
export { perInstanceStepRdp, sgmRdpInteger } from './per-instance-step-rdp.js';
export type { PerInstanceStepRdpInput, SgmRdpIntegerInput } from './per-instance-step-rdp.js';
export { chooseHolderLambda, holderOrderSchedule } from './holder-order-schedule.js';
export type { ChooseHolderLambdaInput, HolderOrderSchedule, HolderOrderScheduleInput } from './holder-order-schedule.js';
export { composeFromRatios, composePerInstanceRdp } from './compose-per-instance-rdp.js';
export type { ComposeFromRatiosInput, ComposedFromRatios, ComposedPerInstanceRdp, ComposePerInstanceRdpInput } from './compose-per-instance-rdp.js';
export { hoeffdingRuns } from './hoeffding-runs.js';
export type { HoeffdingRuns, HoeffdingRunsInput } from './hoeffding-runs.js';
export { gaussianEpsClassic, holderEpsDelta } from './holder-eps-delta.js';
export type { GaussianEpsClassicInput, HolderEpsDelta, HolderEpsDeltaInput } from './holder-eps-delta.js';
export { thm36Estimate } from './thm36-estimate.js';
export type { Thm36EstimateInput, Thm36Group } from './thm36-estimate.js';
export { authorsComposeSum, authorsGpiAlpha } from './authors-compat.js';
export type { AuthorsComposeSum, AuthorsComposeSumInput, AuthorsGpiAlpha, AuthorsGpiAlphaInput } from './authors-compat.js';
export { perInstancePrivacy } from './per-instance-privacy.js';
export type { PerInstanceBound, PerInstanceCoverage, PerInstanceDirection, PerInstancePrivacy, PerInstancePrivacyInput, PerInstanceRecordPrivacy } from './per-instance-privacy.js';
export { PER_INSTANCE_MAX_STEPS, perInstanceWorkEstimate } from './per-instance-work.js';
export type { PerInstanceWork, PerInstanceWorkInput } from './per-instance-work.js';
export { batchUpdateStepRdp } from './batch-update-step-rdp.js';
export type { BatchUpdateRule, BatchUpdateStepRdp, BatchUpdateStepRdpInput } from './batch-update-step-rdp.js';
export { perInstanceBatchPrivacy } from './per-instance-batch-privacy.js';
export type { PerInstanceBatchCheckpoint, PerInstanceBatchPrivacyInput, PerInstanceBatchRun } from './per-instance-batch-privacy.js';
export { batchSensitivities, cor31StepEpsilon } from './cor31-step-epsilon.js';
export type { BatchSensitivitiesInput, Cor31StepEpsilon, Cor31StepEpsilonInput } from './cor31-step-epsilon.js';
