/**
 * JSON Schema (draft 2020-12) of the per-instance trace, version 1: what per-instance Rényi DP
 * (Thudi et al., "Gradients Look Alike", USENIX Security 2024) needs from training runs.
 * Documented field by field in docs/per-instance-trace.md. `validatePerInstanceTrace` enforces
 * this schema plus the cross-field rules JSON Schema cannot state (array lengths equal to the
 * number of checkpoints and records, norms ≤ clip, checkpoints inside [0, steps − 1]).
 */

/** The `format` tag every per-instance trace carries. */
export const PER_INSTANCE_TRACE_FORMAT = 'dpbounds.per-instance-trace' as const;

/** The trace version this release writes and reads. */
export const PER_INSTANCE_TRACE_VERSION = 1 as const;

/**
 * The JSON Schema of a version-1 per-instance trace, as a plain object (serialise it with
 * `JSON.stringify` to publish or to validate from Python with `jsonschema`).
 *
 * @example JSON.stringify(perInstanceTraceSchema, null, 2)
 */
export const perInstanceTraceSchema: Readonly<Record<string, unknown>> = Object.freeze({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://github.com/dpbounds/dpbounds/schemas/per-instance-trace-v1.json',
  title: 'dpbounds per-instance trace (version 1)',
  description:
    'Clipped per-example gradient norms of target records at checkpoints of several DP-SGD runs (sum update rule, Poisson sampling), for per-instance Renyi DP (Thudi et al., USENIX Security 2024).',
  type: 'object',
  required: ['format', 'version', 'updateRule', 'samplingRate', 'noiseMultiplier', 'clip', 'datasetSize', 'steps', 'checkpointSteps', 'records', 'runs'],
  additionalProperties: false,
  properties: {
    format: { const: PER_INSTANCE_TRACE_FORMAT },
    version: { const: PER_INSTANCE_TRACE_VERSION },
    updateRule: { const: 'sum', description: 'Noise N(0, sigma^2 C^2 I) added to the SUM of clipped per-example gradients (Opacus default).' },
    samplingRate: { type: 'number', exclusiveMinimum: 0, maximum: 1, description: 'Poisson sampling probability q = expected batch size / dataset size.' },
    noiseMultiplier: { type: 'number', exclusiveMinimum: 0, description: 'sigma: noise standard deviation divided by the clip norm C.' },
    clip: { type: 'number', exclusiveMinimum: 0, description: 'Clip norm C.' },
    datasetSize: { type: 'integer', minimum: 1, description: 'Number of training records N.' },
    steps: { type: 'integer', minimum: 1, description: 'Number of DP-SGD steps T of each run.' },
    checkpointSteps: {
      type: 'array',
      minItems: 1,
      items: { type: 'integer', minimum: 0 },
      description: 'Strictly increasing 0-based steps s < T at which norms were measured, on the model theta_s that step s uses.',
    },
    records: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['id'],
        additionalProperties: false,
        properties: {
          id: { type: ['string', 'integer'], description: 'Unique id of the target record (e.g. its row index).' },
          label: { type: 'string', description: 'Optional free-form note (e.g. "typical", "outlier").' },
        },
      },
    },
    runs: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['seed', 'gradientNorms'],
        additionalProperties: false,
        properties: {
          seed: { type: 'integer', description: 'Seed of the run (sampling, noise, initialisation).' },
          gradientNorms: {
            type: 'array',
            description: 'gradientNorms[checkpoint][record]: clipped norm min(||g||, C) of the record at that checkpoint, in [0, C].',
            items: { type: 'array', items: { type: 'number', minimum: 0 } },
          },
        },
      },
    },
    meta: { type: 'object', description: 'Free-form provenance (dataset, model, learning rate, producer); ignored by the analysis.' },
  },
});
