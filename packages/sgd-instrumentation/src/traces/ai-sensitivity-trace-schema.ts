/**
 * JSON Schema (draft 2020-12) of the attribute-sensitivity trace, version 1: the per-step
 * sensitivities R_1..R_T that the attribute-inference Bayes-security bound reads (Cherubin et
 * al., "Closed-Form Bounds for DP-SGD against Record-level Inference Attacks", USENIX Security
 * 2024, Corollary 10). `validateAiSensitivityTrace` enforces this schema plus the cross-field
 * rules JSON Schema cannot state (array lengths equal to `steps`, R_t ≤ 2·clip, the arrays named
 * by `method` present).
 */

/** The `format` tag every attribute-sensitivity trace carries. */
export const AI_SENSITIVITY_TRACE_FORMAT = 'dpbounds.ai-sensitivity-trace' as const;

/** The trace version this release writes and reads. */
export const AI_SENSITIVITY_TRACE_VERSION = 1 as const;

const sensitivityArray = (what: string): Record<string, unknown> => ({
  type: 'array',
  minItems: 1,
  items: { type: 'number', minimum: 0 },
  description: `${what} R_t for t = 1..steps, each in [0, 2·clip].`,
});

/**
 * The JSON Schema of a version-1 attribute-sensitivity trace, as a plain object (serialise it
 * with `JSON.stringify` to publish it, or validate from Python with `jsonschema`).
 *
 * @example JSON.stringify(aiSensitivityTraceSchema, null, 2)
 */
export const aiSensitivityTraceSchema: Readonly<Record<string, unknown>> = Object.freeze({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://github.com/dpbounds/dpbounds/schemas/ai-sensitivity-trace-v1.json',
  title: 'dpbounds attribute-sensitivity trace (version 1)',
  description:
    'Per-step attribute sensitivities R_t of a DP-SGD run (Poisson sampling, noise sigma*C on the sum of clipped gradients): R_t is the largest, over the records of batch t, diameter of the set of clipped gradients obtained by substituting every value of the sensitive attribute (Cherubin et al., USENIX Security 2024).',
  type: 'object',
  required: ['format', 'version', 'attribute', 'method', 'clip', 'samplingRate', 'noiseMultiplier', 'steps'],
  additionalProperties: false,
  properties: {
    format: { const: AI_SENSITIVITY_TRACE_FORMAT },
    version: { const: AI_SENSITIVITY_TRACE_VERSION },
    attribute: { type: 'string', minLength: 1, description: 'Name of the sensitive attribute (e.g. "age").' },
    values: { type: 'array', items: { type: 'string' }, description: 'The attribute values substituted (informative).' },
    method: {
      enum: ['full', 'approximate', 'both'],
      description: '"full": exact diameter (max pairwise distance); "approximate": 2 x max distance to the centroid (an upper bound, so conservative); "both": both arrays present.',
    },
    clip: { type: 'number', exclusiveMinimum: 0, description: 'Clip norm C.' },
    samplingRate: { type: 'number', minimum: 0, maximum: 1, description: 'Poisson sampling probability p.' },
    noiseMultiplier: { type: 'number', exclusiveMinimum: 0, description: 'sigma: noise std on the summed clipped gradients divided by C.' },
    steps: { type: 'integer', minimum: 1, description: 'Number of DP-SGD steps T (length of the arrays).' },
    full: sensitivityArray('Exact diameters'),
    approximate: sensitivityArray('Centroid upper bounds'),
    meta: { type: 'object', description: 'Free-form provenance (seed, dataset, tool versions); ignored by the analysis.' },
  },
});
