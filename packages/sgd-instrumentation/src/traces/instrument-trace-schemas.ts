/**
 * JSON Schemas (draft 2020-12) of the traces written by this package's own instruments:
 * canary scores, gradient statistics, evaluation. (The attribute-sensitivity and per-instance
 * trace schemas live beside their validators in this folder.) Every trace carries `format`
 * and an integer `version`; readers must refuse versions they do not know.
 */

const number = { type: 'number' } as const;
const numbers = { type: 'array', items: number } as const;

/** Schema of `dpbounds.canary-scores` version 1 (see `CanaryScoresTrace`). */
export const canaryScoresTraceSchema: Readonly<Record<string, unknown>> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://dpbounds.dev/schemas/canary-scores-1.json',
  title: 'dpbounds canary scores (one-run audit input)',
  type: 'object',
  required: ['format', 'version', 'kind', 'scoring', 'canaries', 'scores'],
  properties: {
    format: { const: 'dpbounds.canary-scores' },
    version: { const: 1 },
    kind: { enum: ['dirac', 'input'], description: 'gradient canaries on single coordinates, or records' },
    scoring: { type: 'string', description: 'how scores were computed' },
    canaries: { type: 'integer', minimum: 1 },
    sampling: {
      type: 'object',
      description: 'the batch sampler whose law the canaries followed (optional)',
      required: ['sampler', 'participation'],
      properties: {
        sampler: { enum: ['poisson', 'fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson'], description: "the run's batch sampler" },
        participation: { type: 'string', description: "the law of one canary's batch participation" },
      },
    },
    scores: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'score', 'member'],
        properties: { id: { type: 'integer' }, score: { ...number, description: 'higher = more likely included' }, member: { enum: [0, 1], description: 'secret inclusion bit' } },
      },
    },
  },
};

/** Schema of `dpbounds.gradient-stats` version 1 (see `GradientStatsTrace`). */
export const gradientStatsTraceSchema: Readonly<Record<string, unknown>> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://dpbounds.dev/schemas/gradient-stats-1.json',
  title: 'dpbounds gradient statistics and susceptibility (μ-GMIP, GLiR input)',
  type: 'object',
  required: ['format', 'version', 'datasetSize', 'expectedBatchSize', 'samplingRate', 'noiseMultiplier', 'clip', 'steps', 'parameterCount', 'dims', 'checkpoints'],
  properties: {
    format: { const: 'dpbounds.gradient-stats' },
    version: { const: 1 },
    datasetSize: { type: 'integer', minimum: 1 },
    expectedBatchSize: { ...number, exclusiveMinimum: 0 },
    samplingRate: { ...number, minimum: 0, maximum: 1 },
    noiseMultiplier: { ...number, minimum: 0 },
    clip: { ...number, exclusiveMinimum: 0 },
    steps: { type: 'integer', minimum: 1 },
    parameterCount: { type: 'integer', minimum: 1 },
    dims: { type: 'integer', minimum: 1, description: 'coordinates requested (every floor(P/d)-th parameter)' },
    checkpoints: {
      type: 'array',
      items: {
        type: 'object',
        required: ['step', 'coordinates', 'backgroundSize', 'mean', 'covariance', 'update', 'targets', 'meanSusceptibility', 'medianSusceptibility', 'maxSusceptibility'],
        properties: {
          step: { type: 'integer', minimum: 0 },
          coordinates: { type: 'array', items: { type: 'integer' }, description: 'kept parameter indices (d_eff)' },
          backgroundSize: { type: 'integer' },
          mean: numbers,
          covariance: { ...numbers, description: 'row-major d_eff × d_eff' },
          update: { ...numbers, description: 'released update (sum of clipped gradients + noise)/L on the kept coordinates' },
          targets: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'susceptibility'],
              properties: { id: { type: 'integer' }, member: { enum: [0, 1] }, susceptibility: { ...number, minimum: 0 }, gradient: numbers },
            },
          },
          meanSusceptibility: number,
          medianSusceptibility: number,
          maxSusceptibility: number,
        },
      },
    },
  },
};

/** Schema of `dpbounds.evaluation` version 1 (see `EvaluationTrace`). */
export const evaluationTraceSchema: Readonly<Record<string, unknown>> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://dpbounds.dev/schemas/evaluation-1.json',
  title: 'dpbounds held-out accuracy during training',
  type: 'object',
  required: ['format', 'version', 'size', 'points'],
  properties: {
    format: { const: 'dpbounds.evaluation' },
    version: { const: 1 },
    size: { type: 'integer', minimum: 0 },
    points: {
      type: 'array',
      items: { type: 'object', required: ['step', 'accuracy', 'loss'], properties: { step: { type: 'integer', minimum: 0 }, accuracy: { ...number, minimum: 0, maximum: 1 }, loss: { ...number, minimum: 0 } } },
    },
  },
};
