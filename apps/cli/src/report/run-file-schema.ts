/**
 * The JSON Schema (draft 2020-12) of the run file, version 1, published as
 * docs/run-file/run-file-v1.schema.json (a test keeps the two equal). It describes the shape for
 * editors and other tools; `parseRunFile` is the validator dpbounds runs, and it checks more
 * (b ≤ N, q against b/N, a sampler's own fields, a banded strategy's bands against the steps).
 */

const positiveNumber = { type: 'number', exclusiveMinimum: 0 } as const;
const positiveInteger = { type: 'integer', minimum: 1 } as const;
const SAMPLERS = ['poisson', 'fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson'] as const;

/** The run file's JSON Schema. */
export const runFileSchema: Readonly<Record<string, unknown>> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://github.com/dpbounds/dpbounds/docs/run-file/run-file-v1.schema.json',
  title: 'dpbounds run file, version 1',
  description: 'A DP-SGD or DP-FTRL / BandMF run as `dpbounds report` reads it: what `dpbounds dp` takes, with the library\'s names (docs/your-run.md).',
  type: 'object',
  additionalProperties: false,
  required: ['format', 'version', 'delta'],
  properties: {
    format: { const: 'dpbounds.run' },
    version: { const: 1 },
    name: { type: 'string', description: 'free name of the run' },
    framework: { type: 'string', description: 'free: what trained it (e.g. "opacus 1.4.1, torch 2.1")' },
    mechanism: { enum: ['dp-sgd', 'banded-matrix'], default: 'dp-sgd' },
    samplingRate: { type: 'number', exclusiveMinimum: 0, maximum: 1, description: 'the Poisson rate the loop ran (Opacus: sample_rate = 1/len(data_loader)); may stand beside batchSize and datasetSize' },
    batchSize: { ...positiveInteger, description: 'batch size b (expected size for Poisson); needed by every sampler but poisson' },
    datasetSize: { ...positiveInteger, description: 'number of training records N' },
    noiseMultiplier: { ...positiveNumber, description: 'σ: noise standard deviation / clip norm' },
    steps: { ...positiveInteger, description: 'number of steps T' },
    history: {
      type: 'array',
      minItems: 1,
      description: 'instead of samplingRate, noiseMultiplier and steps: phases priced in order (Opacus accountant.history [σ, q, steps] written as objects); Poisson only',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['noiseMultiplier', 'samplingRate', 'steps'],
        properties: { noiseMultiplier: positiveNumber, samplingRate: { type: 'number', exclusiveMinimum: 0, maximum: 1 }, steps: positiveInteger },
      },
    },
    sampler: {
      description: 'how batches were drawn (docs/batch-samplers.md)',
      oneOf: [
        { enum: SAMPLERS },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind'],
          properties: {
            kind: { enum: SAMPLERS },
            maxBatchSize: { ...positiveInteger, description: 'truncated-poisson: the batch cap B' },
            batchesPerEpoch: { ...positiveInteger, description: 'shuffle, balls-in-bins: batches per epoch K (default ⌈N/b⌉)' },
            dropLast: { type: 'boolean', description: 'shuffle, balls-in-bins: the loop drops the last, smaller batch (K = ⌊N/b⌋)' },
          },
        },
      ],
    },
    bandedMatrix: {
      type: 'object',
      description: 'with mechanism "banded-matrix": the strategy and how records join steps (as dp --mechanism banded-matrix)',
      additionalProperties: false,
      required: ['participation'],
      properties: {
        bandValues: { type: 'array', minItems: 1, items: { type: 'number' }, description: 'a Toeplitz strategy, one value per diagonal (v0 > 0)' },
        strategy: { type: 'string', description: 'a strategy file (.json diagonals or column norms, .csv/.txt column norms), relative to the run file' },
        bands: positiveInteger,
        participation: { enum: ['cyclic', 'balls-in-bins', 'poisson-in-group'] },
        minSeparation: positiveInteger,
      },
    },
    delta: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'δ of every ε in the report' },
    neighbouring: { enum: ['add-remove', 'substitution'], default: 'add-remove' },
    clipNorm: { ...positiveNumber, description: 'clip norm C (attribute inference, μ-GMIP)' },
    parameters: { ...positiveInteger, description: 'number of trainable parameters d (μ-GMIP of a random target, K = d)' },
    description: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] }, description: 'free key–value description shown in the report (dataset, model, epochs, …)' },
    utility: {
      type: 'object',
      additionalProperties: false,
      properties: { testAccuracy: { type: ['number', 'null'], minimum: 0, maximum: 1 }, trainAccuracy: { type: ['number', 'null'], minimum: 0, maximum: 1 }, testSize: { type: ['integer', 'null'], minimum: 0 } },
    },
  },
};
