import { describe, expect, it } from 'vitest';
import { subsetDataset } from '../data/dataset.js';
import { logisticRegression } from '../models/logistic-regression.js';
import { syntheticDataset } from '../test-helpers/synthetic.js';
import { perInstanceBatchTraceExclusions, validatePerInstanceBatchTrace } from '../traces/per-instance-batch-trace.js';
import { collectPerInstanceBatchTrace } from './per-instance-batches.js';

const data = syntheticDataset(300);
const targetIndices = [0, 1];
const targets = subsetDataset(data, targetIndices);
const background = subsetDataset(data, Array.from({ length: 298 }, (_, i) => i + 2));
const train = { model: logisticRegression(data.featureCount), data, expectedBatchSize: 30, steps: 12, noiseMultiplier: 1, clip: 0.5, learningRate: 0.5, seed: 4 };

describe('per-instance batch instrument', () => {
  const trace = collectPerInstanceBatchTrace(train, { targets, background, every: 5, batches: 6, seed: 1, runs: 2, runsWithout: 1, targetIds: [10, 11], datasetSize: data.size, labels: ['a', 'b'] });

  it('writes a valid batch trace of the sum rule with sigma_U = sigma C, runs with and without the targets', () => {
    expect(validatePerInstanceBatchTrace(JSON.parse(JSON.stringify(trace)))).toEqual(JSON.parse(JSON.stringify(trace)));
    expect(trace.updateRule).toBe('sum');
    expect(trace.noiseStd).toBe(0.5);
    expect(trace.checkpointSteps).toEqual([0, 5, 10]);
    expect(trace.runs.map((run) => run.seed)).toEqual([4, 5, 6]);
    expect(perInstanceBatchTraceExclusions(trace)).toEqual([[], [], [0, 1]]);
    expect(trace.records).toEqual([{ id: 10, label: 'a' }, { id: 11, label: 'b' }]);
  });

  it('stores batch sums of clipped gradients (norm at most |B|·C) and clipped record gradients', () => {
    for (const run of trace.runs) {
      for (const point of run.checkpoints) {
        expect(point.batchSums).toHaveLength(6);
        point.batchSums.forEach((sum, m) => {
          const norm = Math.hypot(...sum);
          expect(norm).toBeLessThanOrEqual((point.batchSizes[m] as number) * 0.5 * (1 + 1e-12));
        });
        expect(point.batchSizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(6 * 30 * 0.5);
        for (const g of point.recordGradients) expect(Math.hypot(...g)).toBeLessThanOrEqual(0.5 * (1 + 1e-12));
      }
    }
  });
});
