/**
 * @dpbounds/sgd-instrumentation: the instrument hook API for DP-SGD loops, a reference DP-SGD
 * trainer (Poisson sampling, per-example clipping, Gaussian noise) with logistic-regression and
 * MLP models, the bundled Adult data, and the versioned trace formats the analyses read.
 * File I/O lives in the Node-only entry point `@dpbounds/sgd-instrumentation/node`.
 */
// Data
export { parseCsv } from './data/csv.js';
export type { CsvTable } from './data/csv.js';
export { recordFeatures, subsetDataset } from './data/dataset.js';
export type { ColumnEncoding, Dataset, TabularEncoding } from './data/dataset.js';
export { encodeTable, fitTabularEncoding } from './data/encoding.js';
export type { EncodingOptions } from './data/encoding.js';
export { loadTabularCsv, splitIndices } from './data/tabular-csv.js';
export type { TabularCsvOptions, TrainTestData } from './data/tabular-csv.js';
export { ADULT_CATEGORICAL_COLUMNS, ADULT_LABEL, ADULT_NUMERIC_COLUMNS, loadAdult } from './data/adult.js';
export type { AdultOptions } from './data/adult.js';
export { gunzipText } from './data/gunzip.js';
// Models
export { explicitSubstitutedGradients, logisticLoss, sigmoid } from './models/model.js';
export type { Model, Rng, SubstitutedGradients } from './models/model.js';
export { logisticRegression } from './models/logistic-regression.js';
export { mlp } from './models/mlp.js';
// Training
export { trainDpSgd } from './training/trainer.js';
export type { TrainOptions, TrainResult } from './training/trainer.js';
export { learningRateAt } from './training/learning-rate.js';
export type { LearningRateSchedule } from './training/learning-rate.js';
export { evaluateModel } from './training/evaluate.js';
export type { Evaluation } from './training/evaluate.js';
// Instruments
export { composeInstruments, createStepContext } from './instruments/instrument.js';
export type { DenseStepInput, Instrument, RunInfo, StepContext } from './instruments/instrument.js';
