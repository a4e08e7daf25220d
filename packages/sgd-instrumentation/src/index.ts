/**
 * @dpbounds/sgd-instrumentation: the instrument hook API for DP-SGD loops, a reference DP-SGD
 * trainer (Poisson sampling, per-example clipping, Gaussian noise) with logistic-regression and
 * MLP models, the bundled Adult data, and the versioned trace formats the analyses read.
 * File I/O lives in the Node-only entry point `@dpbounds/sgd-instrumentation/node`.
 */
// Data
export { parseCsv, parseCsvRecords } from './data/csv.js';
export type { CsvRecord, CsvRecordOptions, CsvTable } from './data/csv.js';
export { createCsvRecordReader } from './data/csv-reader.js';
export type { CsvReaderOptions, CsvRecordCallback, CsvRecordReader } from './data/csv-reader.js';
export { recordFeatures, subsetDataset } from './data/dataset.js';
export type { ColumnEncoding, Dataset, TabularEncoding } from './data/dataset.js';
export { encodeTable, fitTabularEncoding } from './data/encoding.js';
export type { EncodeTableOptions, EncodingOptions } from './data/encoding.js';
export { loadTabularCsv, loadTabularRecords, loadTabularRecordsAsync, splitIndices } from './data/tabular-csv.js';
export type { AsyncRecordReplay, RecordReplay, SplitIndicesOptions, TabularCsvOptions, TrainTestData } from './data/tabular-csv.js';
export { ADULT_CATEGORICAL_COLUMNS, ADULT_LABEL, ADULT_NUMERIC_COLUMNS, loadAdult } from './data/adult.js';
export type { AdultOptions } from './data/adult.js';
// Models
export { logisticLoss, sigmoid } from './models/model.js';
export type { Model, Rng, SubstitutedGradients } from './models/model.js';
export { logisticRegression } from './models/logistic-regression.js';
export { mlp } from './models/mlp.js';
export { loadModelFile, modelFile } from './models/model-file.js';
export type { ModelFileOptions } from './models/model-file.js';
export type { ModelFile } from './models/model-file.js';
// Training
export { trainDpSgd } from './training/trainer.js';
export type { TrainOptions, TrainResult } from './training/trainer.js';
export type { SamplerDescription, SamplingName } from './training/samplers/batch-sampler.js';
export { learningRateAt } from './training/learning-rate.js';
export type { LearningRateAtOptions } from './training/learning-rate.js';
export type { LearningRateSchedule } from './training/learning-rate.js';
export { evaluateModel } from './training/evaluate.js';
export type { EvaluateModelOptions } from './training/evaluate.js';
export type { Evaluation } from './training/evaluate.js';
// Instruments
export { composeInstruments, createStepContext } from './instruments/instrument.js';
export type { DenseStepInput, Instrument, RunInfo, StepContext } from './instruments/instrument.js';
export { attributeSubstitution } from './instruments/attribute-substitution.js';
export type { AttributeSubstitution, AttributeSubstitutionOptions } from './instruments/attribute-substitution.js';
export { attributeSensitivityInstrument } from './instruments/attribute-sensitivity.js';
export type { AttributeSensitivityMethod, AttributeSensitivityOptions, AttributeSensitivityRecord } from './instruments/attribute-sensitivity.js';
export { collectPerInstanceNorms, perInstanceNormInstrument } from './instruments/per-instance-norms.js';
export type { CollectPerInstanceNormsOptions, PerInstanceNormOptions, PerInstanceNormRun, PerInstanceNorms } from './instruments/per-instance-norms.js';
export { gradientStatsInstrument } from './instruments/gradient-stats.js';
export type { GradientStatsCheckpoint, GradientStatsOptions, GradientStatsTrace } from './instruments/gradient-stats.js';
export { diracCanaryInstrument } from './instruments/dirac-canaries.js';
export type { DiracCanaryOptions } from './instruments/dirac-canaries.js';
export { diracCanaryScores, diracCanaryStepScore, releasedNoiseScale } from './instruments/dirac-canary-score.js';
export type { DiracCanaryScoreOptions, DiracCanaryScoresOptions } from './instruments/dirac-canary-score.js';
export { createInputCanaries, inputCanaryInstrument } from './instruments/input-canaries.js';
export type { InputCanaries } from './instruments/input-canaries.js';
export { canaryScoresCsv } from './instruments/canary-scores.js';
export type { CanaryScore, CanarySampling, CanaryScoresTrace } from './instruments/canary-scores.js';
export { evaluationInstrument } from './instruments/evaluation.js';
export type { EvaluationPoint, EvaluationTrace } from './instruments/evaluation.js';
// Trace formats: attribute sensitivity (R_1..R_T for the attribute-inference Bayes-security bound)
export { AI_SENSITIVITY_TRACE_FORMAT, AI_SENSITIVITY_TRACE_VERSION, aiSensitivityTraceSchema } from './traces/ai-sensitivity-trace-schema.js';
export { aiSensitivities, aiSensitivityTraceFromRecord, validateAiSensitivityTrace } from './traces/ai-sensitivity-trace.js';
export type { AiSensitivityMethod, AiSensitivityRecordLike, AiSensitivityTrace } from './traces/ai-sensitivity-trace.js';
// Trace formats: per-instance (read by `dpbounds per-instance`)
export { PER_INSTANCE_TRACE_FORMAT, PER_INSTANCE_TRACE_VERSION, perInstanceTraceSchema } from './traces/per-instance-trace-schema.js';
export { PER_INSTANCE_TRACE_MAX_STEPS, PER_INSTANCE_TRACE_READ_VERSIONS } from './traces/per-instance-trace-schema.js';
export { createPerInstanceTrace, perInstanceTraceRatios, validatePerInstanceTrace } from './traces/per-instance-trace.js';
export { perInstanceTraceExclusions, validatePerInstanceTraceHeader } from './traces/per-instance-trace.js';
export { createPerInstanceTraceParser } from './traces/per-instance-trace-stream.js';
export type { PerInstanceTraceParser, PerInstanceTraceParserOptions, PerInstanceTraceTable } from './traces/per-instance-trace-stream.js';
export type { PerInstanceTrace, PerInstanceTraceInput, PerInstanceTraceRecord, PerInstanceTraceRun } from './traces/per-instance-trace.js';
export type { PerInstanceTraceHeader } from './traces/per-instance-trace.js';
export { PER_INSTANCE_BATCH_TRACE_FORMAT, PER_INSTANCE_BATCH_TRACE_VERSION, perInstanceBatchTraceExclusions, perInstanceBatchTraceSchema, validatePerInstanceBatchTrace } from './traces/per-instance-batch-trace.js';
export type { PerInstanceBatchTrace, PerInstanceBatchTraceCheckpoint, PerInstanceBatchTraceRun } from './traces/per-instance-batch-trace.js';
export { collectPerInstanceBatchTrace, perInstanceBatchInstrument } from './instruments/per-instance-batches.js';
export type { CollectPerInstanceBatchTraceOptions, PerInstanceBatchOptions, PerInstanceBatchRunTrace } from './instruments/per-instance-batches.js';
// Trace formats: this package's own instruments
export { perInstanceTraceFromNorms } from './instruments/per-instance-norms.js';
export { canaryScoresTraceSchema, evaluationTraceSchema, gradientStatsTraceSchema } from './traces/instrument-trace-schemas.js';
