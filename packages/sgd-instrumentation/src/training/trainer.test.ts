import { describe, expect, it } from 'vitest';
import { logisticRegression } from '../models/logistic-regression.js';
import { mlp } from '../models/mlp.js';
import { syntheticDataset } from '../test-helpers/synthetic.js';
import type { Instrument, StepContext } from '../instruments/instrument.js';
import { evaluateModel } from './evaluate.js';
import { learningRateAt } from './learning-rate.js';
import { trainDpSgd } from './trainer.js';

const data = syntheticDataset(400);

describe('trainDpSgd', () => {
  it('is reproducible: same seed gives identical weights, another seed different ones', () => {
    const run = (seed: number): Float64Array =>
      trainDpSgd({ model: mlp(data.featureCount, 8), data, expectedBatchSize: 40, epochs: 2, noiseMultiplier: 1, clip: 1, learningRate: 0.5, seed }).parameters;
    expect(run(11)).toEqual(run(11));
    expect(run(12)).not.toEqual(run(11));
  });

  it('learns the synthetic task with little noise', () => {
    const model = logisticRegression(data.featureCount);
    const before = evaluateModel(model, { parameters: model.initialParameters(undefined as never), data });
    const result = trainDpSgd({ model, data, expectedBatchSize: 40, epochs: 10, noiseMultiplier: 0.1, clip: 1, learningRate: 1, seed: 1 });
    const after = evaluateModel(model, { parameters: result.parameters, data });
    expect(after.accuracy).toBeGreaterThan(0.85);
    expect(after.loss).toBeLessThan(before.loss);
    expect(result.steps).toBe(100);
    expect(result.samplingRate).toBeCloseTo(0.1, 15);
    expect(result.matchesPoissonAccounting).toBe(true);
    expect(result.meanBatchSize).toBeGreaterThan(30);
    expect(result.meanBatchSize).toBeLessThan(50);
  });

  it('hands instruments clipped gradients, noise of std σC and the exact update', () => {
    const sigma = 2;
    const C = 0.05;
    const seen: { norms: number[]; noiseVar: number; update: number }[] = [];
    let previous: Float64Array | undefined;
    let lastContext: StepContext | undefined;
    const probe: Instrument = {
      name: 'probe',
      onStep(ctx) {
        if (previous !== undefined && lastContext !== undefined) {
          // θ_t = θ_{t−1} − η/L · noisySum_{t−1}
          const expected = (previous[0] as number) - (lastContext.learningRate / 40) * (lastContext.noisySum[0] as number);
          seen[seen.length - 1] = { ...(seen[seen.length - 1] as (typeof seen)[number]), update: Math.abs(expected - (ctx.parameters[0] as number)) };
        }
        const clipped = Array.from({ length: ctx.batch.length }, (_, i) => {
          const g = ctx.clippedGradient(i);
          return Math.sqrt(g.reduce((s, v) => s + v * v, 0));
        });
        const v = ctx.noise.reduce((s, z) => s + z * z, 0) / ctx.noise.length;
        seen.push({ norms: clipped, noiseVar: v, update: 0 });
        previous = Float64Array.from(ctx.parameters);
        lastContext = { ...ctx, noisySum: Float64Array.from(ctx.noisySum) };
      },
      trace: () => null,
    };
    trainDpSgd({ model: mlp(data.featureCount, 8), data, expectedBatchSize: 40, steps: 20, noiseMultiplier: sigma, clip: C, learningRate: 0.1, seed: 5, instruments: [probe] });
    expect(seen).toHaveLength(20);
    for (const step of seen) {
      for (const norm of step.norms) expect(norm).toBeLessThanOrEqual(C * (1 + 1e-12));
      expect(step.update).toBeLessThan(1e-15);
    }
    const meanVar = seen.reduce((s, x) => s + x.noiseVar, 0) / seen.length;
    expect(Math.abs(meanVar / (sigma * C) ** 2 - 1)).toBeLessThan(0.1);
  });

  it('shuffled batches have exactly L records and are labelled as not matching the accounting', () => {
    const sizes: number[] = [];
    const probe: Instrument = { name: 'p', onStep: (ctx) => void sizes.push(ctx.batch.length), trace: () => null };
    const result = trainDpSgd({ model: logisticRegression(data.featureCount), data, expectedBatchSize: 50, epochs: 2, noiseMultiplier: 1, clip: 1, learningRate: 0.1, seed: 2, sampling: 'shuffle', instruments: [probe] });
    expect(new Set(sizes)).toEqual(new Set([50]));
    expect(result.matchesPoissonAccounting).toBe(false);
  });

  it('validates its options', () => {
    const base = { model: logisticRegression(data.featureCount), data, expectedBatchSize: 40, epochs: 1, noiseMultiplier: 1, clip: 1, learningRate: 0.1, seed: 1 };
    expect(() => trainDpSgd({ ...base, expectedBatchSize: 0 })).toThrow('expectedBatchSize');
    expect(() => trainDpSgd({ ...base, clip: 0 })).toThrow('clip');
    expect(() => trainDpSgd({ ...base, noiseMultiplier: -1 })).toThrow('noiseMultiplier');
    expect(() => trainDpSgd({ ...base, model: logisticRegression(3) })).toThrow('featureCount');
    expect(() => trainDpSgd({ ...base, learningRate: -1 })).toThrow('learningRate');
  });
});

describe('learningRateAt', () => {
  it('follows each schedule', () => {
    expect(learningRateAt(0.3, { step: 5, steps: 10 })).toBe(0.3);
    expect(learningRateAt({ kind: 'cosine', initial: 1 }, { step: 0, steps: 10 })).toBe(1);
    expect(learningRateAt({ kind: 'cosine', initial: 1, final: 0.2 }, { step: 5, steps: 10 })).toBeCloseTo(0.6, 15);
    expect(learningRateAt({ kind: 'linear', initial: 1 }, { step: 5, steps: 10 })).toBeCloseTo(0.5, 15);
    expect(learningRateAt({ kind: 'step', initial: 1, every: 3, factor: 0.5 }, { step: 7, steps: 10 })).toBe(0.25);
    expect(() => learningRateAt({ kind: 'step', initial: 1, every: 0, factor: 0.5 }, { step: 1, steps: 10 })).toThrow('every');
  });
});

describe('trainDpSgd at the ends of the double range', () => {
  it('a run whose noise or parameters leave float64 is refused naming σ, C or the learning rate (never NaN norms)', () => {
    const base = { model: logisticRegression(data.featureCount), data, expectedBatchSize: 40, epochs: 1, noiseMultiplier: 1, clip: 1, learningRate: 0.5, seed: 3 };
    expect(() => trainDpSgd({ ...base, noiseMultiplier: 1e308 })).toThrow(/^noiseMultiplier must be a value for which training stays finite/);
    expect(() => trainDpSgd({ ...base, clip: 1e308 })).toThrow(/^clip must be a value for which training stays finite/);
    // the update at η = 1e308 lands the parameters near 1e307: within a few steps w·x overflows (∞ − ∞)
    expect(() => trainDpSgd({ ...base, model: mlp(data.featureCount, 4), learningRate: 1e308 })).toThrow(/^learningRate must be a value for which training stays finite/);
  });

  it('records which sampler ran; only Poisson batches match the Poisson accounting', () => {
    const base = { model: logisticRegression(data.featureCount), data, expectedBatchSize: 40, steps: 30, noiseMultiplier: 1, clip: 1, learningRate: 0.1, seed: 3 } as const;
    const sizes: Record<string, number[]> = {};
    const probe = (name: string): Instrument => ({ name: 'sizes', onStep: (ctx) => void (sizes[name] ??= []).push(ctx.batch.length), trace: () => null });
    for (const sampling of ['poisson', 'fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson'] as const) {
      const result = trainDpSgd({ ...base, sampling, ...(sampling === 'truncated-poisson' ? { maxBatchSize: 42 } : {}), instruments: [probe(sampling)] });
      expect(result.sampling).toBe(sampling);
      expect(result.sampler.name).toBe(sampling);
      expect(result.matchesPoissonAccounting).toBe(sampling === 'poisson');
      expect(result.meanBatchSize).toBeCloseTo((sizes[sampling] ?? []).reduce((s, n) => s + n, 0) / 30, 12);
    }
    expect(new Set(sizes['fixed-size'])).toEqual(new Set([40]));
    expect(Math.max(...(sizes['truncated-poisson'] ?? []))).toBeLessThanOrEqual(42);
    expect(trainDpSgd({ ...base, sampling: 'truncated-poisson', maxBatchSize: 42 }).sampler).toEqual({ name: 'truncated-poisson', datasetSize: 400, expectedBatchSize: 40, samplingRate: 0.1, maxBatchSize: 42 });
    expect(() => trainDpSgd({ ...base, sampling: 'truncated-poisson' })).toThrow(/maxBatchSize/);
    expect(() => trainDpSgd({ ...base, maxBatchSize: 42 })).toThrow(/maxBatchSize/);
  });
});
