/** Parameter sweeps: grids, configurations, shards and the one-row engine. Explicit re-exports. */
export { calibrateEpsilon, calibrateEventEpsilon } from './calibration-result.js';
export type { EpsilonCalibrationQuery, EpsilonCalibrationResult, EventEpsilonCalibrationQuery } from './calibration-result.js';
export { dpAccountantEvaluation, dpAccountantResult, dpEventAccountantEvaluation, jsonSafeResult } from './dp-accountant-result.js';
export type { DpAccountantEvaluation, DpAccountantOptions, DpAccountantResult, DpEventQuestion, DpQuery } from './dp-accountant-result.js';
export { dpTprFields } from './dp-tpr-fields.js';
export type { DpTprFields } from './dp-tpr-fields.js';
export { evaluateSweepConfiguration } from './evaluate-sweep-configuration.js';
export type { SweepRow, SweepRowError } from './evaluate-sweep-configuration.js';
export {
  DEFAULT_THREAT_FPRS, SWEEP_ACCOUNTANTS, SWEEP_NUMERIC_FIELDS, SWEEP_THREATS, gmipBatchSize,
  sweepAccountants, validateSweepConfiguration, validateSweepRequest
} from './sweep-configuration.js';
export type { SweepAccountant, SweepConfiguration, SweepNumericField, SweepRequest, SweepThreat } from './sweep-configuration.js';
export { expandSweepGrid, MAX_SWEEP_CONFIGURATIONS } from './sweep-grid.js';
export type { SweepGridSpec } from './sweep-grid.js';
export { canonicalJson, stableHash, sweepConfigurationId, sweepSpecId } from './sweep-id.js';
export { sweepShard, sweepShardIndices } from './sweep-shard.js';
export type { SweepShardOptions } from './sweep-shard.js';
export { MAX_SWEEP_AXIS_POINTS, parseSweepValues } from './sweep-values.js';
export { bayesSecurityJson, bayesSecurityResult, gmipJson, gmipResult, rtmJson, rtmResult } from './threat-results.js';
export type { ThreatRun } from './threat-results.js';
