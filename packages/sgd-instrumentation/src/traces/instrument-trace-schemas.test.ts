import { describe, expect, it } from 'vitest';
import { subsetDataset } from '../data/dataset.js';
import { diracCanaryInstrument } from '../instruments/dirac-canaries.js';
import { evaluationInstrument } from '../instruments/evaluation.js';
import { gradientStatsInstrument } from '../instruments/gradient-stats.js';
import { collectPerInstanceNorms, perInstanceTraceFromNorms } from '../instruments/per-instance-norms.js';
import { loadModelFile, modelFile } from '../models/model-file.js';
import { mlp } from '../models/mlp.js';
import { syntheticDataset } from '../test-helpers/synthetic.js';
import { trainDpSgd } from '../training/trainer.js';
import { canaryScoresTraceSchema, evaluationTraceSchema, gradientStatsTraceSchema } from './instrument-trace-schemas.js';
import { perInstanceTraceRatios } from './per-instance-trace.js';

/** A minimal checker for the schema features used here (type, required, const, enum, items, properties). */
function conforms(schema: Record<string, unknown>, value: unknown, path = '$'): string[] {
  const errors: string[] = [];
  if ('const' in schema && value !== schema.const) errors.push(`${path}: expected ${String(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) errors.push(`${path}: not in enum`);
  const type = schema.type;
  if (type === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path}: not an object`];
    for (const key of (schema.required as string[] | undefined) ?? []) if (!(key in value)) errors.push(`${path}.${key}: missing`);
    for (const [key, sub] of Object.entries((schema.properties as Record<string, Record<string, unknown>>) ?? {})) {
      if (key in value) errors.push(...conforms(sub, (value as Record<string, unknown>)[key], `${path}.${key}`));
    }
  } else if (type === 'array') {
    if (!Array.isArray(value)) return [`${path}: not an array`];
    value.forEach((item, i) => errors.push(...conforms((schema.items as Record<string, unknown>) ?? {}, item, `${path}[${i}]`)));
  } else if (type === 'number' && typeof value !== 'number') errors.push(`${path}: not a number`);
  else if (type === 'integer' && !Number.isInteger(value)) errors.push(`${path}: not an integer`);
  else if (type === 'string' && typeof value !== 'string') errors.push(`${path}: not a string`);
  return errors;
}

describe('instrument traces match their JSON Schemas and round-trip', () => {
  const data = syntheticDataset(300);
  const background = subsetDataset(syntheticDataset(500), Array.from({ length: 100 }, (_, i) => 400 + i));
  const model = mlp(data.featureCount, 4);
  const canaries = diracCanaryInstrument({ count: 5, seed: 1 });
  const stats = gradientStatsInstrument({ background, targets: subsetDataset(data, [0, 1]), dims: 8 });
  const evaluation = evaluationInstrument(background, { every: 5 });
  const result = trainDpSgd({ model, data, expectedBatchSize: 30, steps: 10, noiseMultiplier: 1, clip: 1, learningRate: 0.1, seed: 2, instruments: [canaries, stats, evaluation] });

  it('canary scores, gradient statistics and evaluation', () => {
    const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
    expect(conforms(canaryScoresTraceSchema, json(canaries.trace()))).toEqual([]);
    expect(conforms(gradientStatsTraceSchema, json(stats.trace()))).toEqual([]);
    expect(conforms(evaluationTraceSchema, json(evaluation.trace()))).toEqual([]);
    expect(conforms(evaluationTraceSchema, { format: 'dpbounds.evaluation', version: 2, size: 1, points: [] })).not.toEqual([]);
  });

  it('model files restore the same predictions', () => {
    const file = JSON.parse(JSON.stringify(modelFile(model, { parameters: result.parameters, encoding: data.encoding })));
    const restored = loadModelFile(file);
    const x = data.features.subarray(0, data.featureCount);
    expect(restored.model.logit(restored.parameters, x)).toBe(model.logit(result.parameters, x));
    expect(() => loadModelFile({ format: 'other' })).toThrow('dpbounds.model');
  });

  it('per-instance norms become a valid per-instance trace with the same ratios', () => {
    const { norms } = collectPerInstanceNorms({ model, data, expectedBatchSize: 30, steps: 6, noiseMultiplier: 1, clip: 2, learningRate: 0.1, seed: 4 }, { targets: subsetDataset(data, [3, 4, 5]), targetIds: [3, 4, 5], every: 2, runs: 2 });
    const trace = perInstanceTraceFromNorms(norms, { datasetSize: data.size, labels: ['a', 'b', 'c'] });
    expect(trace.records.map((r) => r.id)).toEqual([3, 4, 5]);
    const ratios = perInstanceTraceRatios(trace);
    ratios.forEach((run, r) => run.forEach((row, c) => row.forEach((v, i) => expect(Math.abs(v - (norms.ratios[r]?.[c]?.[i] as number))).toBeLessThan(1e-15))));
  });
});
