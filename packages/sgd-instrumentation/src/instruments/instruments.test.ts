import { describe, expect, it } from 'vitest';
import { subsetDataset } from '../data/dataset.js';
import { logisticRegression } from '../models/logistic-regression.js';
import { mlp } from '../models/mlp.js';
import { syntheticDataset } from '../test-helpers/synthetic.js';
import { trainDpSgd } from '../training/trainer.js';
import { canaryScoresCsv } from './canary-scores.js';
import { diracCanaryInstrument } from './dirac-canaries.js';
import { evaluationInstrument } from './evaluation.js';
import { gradientStatsInstrument } from './gradient-stats.js';
import { composeInstruments, createStepContext } from './instrument.js';
import type { Instrument, StepContext } from './instrument.js';
import { createInputCanaries, inputCanaryInstrument } from './input-canaries.js';
import { collectPerInstanceNorms, perInstanceNormInstrument, perInstanceTraceFromNorms } from './per-instance-norms.js';

const data = syntheticDataset(400);
// Records 400… of a longer synthetic sequence: not duplicates of the training records.
const pool = subsetDataset(syntheticDataset(700), Array.from({ length: 300 }, (_, i) => 400 + i));

function auc(scores: readonly { score: number; member: 0 | 1 }[]): number {
  const pos = scores.filter((s) => s.member === 1);
  const neg = scores.filter((s) => s.member === 0);
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p.score > n.score ? 1 : p.score === n.score ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

describe('Dirac canaries', () => {
  it('keep the secret bits inside, include about half, and members score higher at low noise', () => {
    const canaries = diracCanaryInstrument({ count: 60, seed: 4 });
    let contributed = 0;
    const counter: Instrument = { name: 'counter', onStep: () => undefined, trace: () => null };
    trainDpSgd({
      model: mlp(data.featureCount, 8),
      data,
      expectedBatchSize: 4,
      steps: 1500,
      noiseMultiplier: 0.3,
      clip: 1,
      learningRate: 0.05,
      seed: 8,
      instruments: [
        {
          ...canaries,
          contributions: (t, p) => {
            const c = canaries.contributions?.(t, p) ?? [];
            contributed += c.length;
            for (const v of c) expect(Math.hypot(...v)).toBeCloseTo(1, 12);
            return c;
          },
        },
        counter,
      ],
    });
    const trace = canaries.trace();
    expect(trace.scores).toHaveLength(60);
    const members = trace.scores.filter((s) => s.member === 1).length;
    expect(members).toBeGreaterThan(15);
    expect(members).toBeLessThan(45);
    // Included canaries join ~q·T = 0.01·1500 = 15 batches each.
    expect(contributed / members).toBeGreaterThan(8);
    expect(contributed / members).toBeLessThan(22);
    expect(auc(trace.scores)).toBeGreaterThan(0.9);
    const csv = canaryScoresCsv(trace).trim().split('\n');
    expect(csv[0]).toBe('score,member');
    expect(csv).toHaveLength(61);
  });

  it('are deterministic given the seed', () => {
    const once = () => {
      const c = diracCanaryInstrument({ count: 10, seed: 1 });
      trainDpSgd({ model: mlp(data.featureCount, 3), data, expectedBatchSize: 40, steps: 5, noiseMultiplier: 1, clip: 1, learningRate: 0.1, seed: 2, instruments: [c] });
      return c.trace();
    };
    expect(once()).toEqual(once());
    expect(() => trainDpSgd({ model: logisticRegression(3 + data.featureCount - 3), data, expectedBatchSize: 40, steps: 1, noiseMultiplier: 1, clip: 1, learningRate: 0.1, seed: 2, instruments: [diracCanaryInstrument({ count: 10_000, seed: 1 })] })).toThrow('count');
  });
});

describe('input canaries', () => {
  it('append only the included canaries and score members higher at low noise', () => {
    const made = createInputCanaries(data, pool, { count: 40, seed: 5 });
    const members = made.included.reduce((s, b) => s + b, 0);
    expect(made.data.size).toBe(data.size + members);
    expect(made.canaries.size).toBe(40);
    const scorer = inputCanaryInstrument(made);
    const aligned = inputCanaryInstrument(made, { score: 'gradient', every: 2 });
    trainDpSgd({ model: mlp(data.featureCount, 64), data: made.data, expectedBatchSize: 50, steps: 1500, noiseMultiplier: 0, clip: 10, learningRate: 1, seed: 3, instruments: [scorer, { ...aligned, name: 'aligned' }] });
    const trace = scorer.trace();
    expect(aligned.trace().scores.every((s) => Number.isFinite(s.score) && s.score !== 0)).toBe(true);
    expect(trace.kind).toBe('input');
    expect(trace.scores.map((s) => s.member)).toEqual(Array.from(made.included));
    expect(auc(trace.scores)).toBeGreaterThan(0.75);
  });
  it('score finitely when 1/(σC)² overflows (σ = 1e-320): the common scale is dropped, as at σ = 0', () => {
    const made = createInputCanaries(data, pool, { count: 10, seed: 6 });
    const score = (noiseMultiplier: number) => {
      const scorer = inputCanaryInstrument(made, { score: 'gradient', every: 1 });
      trainDpSgd({ model: logisticRegression(data.featureCount), data: made.data, expectedBatchSize: 40, steps: 5, noiseMultiplier, clip: 1, learningRate: 0.1, seed: 3, instruments: [scorer] });
      return scorer.trace().scores.map((s) => s.score);
    };
    const tiny = score(1e-320);
    expect(tiny.every((s) => Number.isFinite(s))).toBe(true);
    expect(tiny.some((s) => s !== 0)).toBe(true);
  });
});

describe('gradient statistics', () => {
  it('give mean susceptibility exactly d_eff over the background itself, and positive K elsewhere', () => {
    const background = subsetDataset(pool, Array.from({ length: 200 }, (_, i) => i));
    const stats = gradientStatsInstrument({ background, targets: background, dims: 12, checkpoints: [0, 9], targetMembers: Array.from({ length: 200 }, () => 0) });
    trainDpSgd({ model: mlp(data.featureCount, 4), data, expectedBatchSize: 40, steps: 10, noiseMultiplier: 1, clip: 1, learningRate: 0.1, seed: 3, instruments: [stats] });
    const trace = stats.trace();
    expect(trace.checkpoints.map((c) => c.step)).toEqual([0, 9]);
    for (const c of trace.checkpoints) {
      const dEff = c.coordinates.length;
      expect(dEff).toBeGreaterThan(0);
      expect(dEff).toBeLessThanOrEqual(12);
      expect(Math.abs(c.meanSusceptibility - dEff)).toBeLessThan(1e-6 * dEff);
      const ks = c.targets.map((t) => t.susceptibility).sort((a, b) => a - b);
      expect(c.medianSusceptibility).toBe(((ks[99] as number) + (ks[100] as number)) / 2);
      expect(c.maxSusceptibility).toBe(ks[199]);
      expect(c.covariance).toHaveLength(dEff * dEff);
      expect(c.targets[0]?.gradient).toHaveLength(dEff);
      expect(c.update).toHaveLength(dEff);
    }
    expect(() => gradientStatsInstrument({ background, targets: background, targetIds: [1] })).toThrow('targetIds');
  });
});

describe('per-instance norms', () => {
  it('record ratios in [0, 1] as ratios[run][checkpoint][target] over seeded runs', () => {
    const targets = subsetDataset(data, [0, 1, 2, 3, 4]);
    const { norms, first } = collectPerInstanceNorms(
      { model: mlp(data.featureCount, 4), data, expectedBatchSize: 40, steps: 20, noiseMultiplier: 1, clip: 5, learningRate: 0.1, seed: 10 },
      { targets, every: 5, runs: 3 },
    );
    expect(first.steps).toBe(20);
    expect(norms.checkpointSteps).toEqual([0, 5, 10, 15]);
    expect(norms.ratios).toHaveLength(3);
    expect(norms.seeds).toEqual([10, 11, 12]);
    for (const run of norms.ratios) {
      expect(run).toHaveLength(4);
      for (const row of run) {
        expect(row).toHaveLength(5);
        for (const r of row) {
          expect(r).toBeGreaterThanOrEqual(0);
          expect(r).toBeLessThanOrEqual(1);
        }
      }
    }
    expect(norms.ratios[0]).not.toEqual(norms.ratios[1]);
    expect(() => perInstanceNormInstrument({ targets, checkpoints: [3, 3] })).toThrow('strictly increasing');
  });

  it('also trains runs without the targets when asked, at the same q and T, and marks them in the trace', () => {
    const targets = subsetDataset(data, [0, 1, 2]);
    const rest = subsetDataset(data, Array.from({ length: data.size - 3 }, (_, i) => i + 3));
    const train = { model: mlp(data.featureCount, 4), data, expectedBatchSize: 40, epochs: 2, noiseMultiplier: 1, clip: 5, learningRate: 0.1, seed: 10 };
    const seen: number[] = [];
    const { norms, first } = collectPerInstanceNorms(train, {
      targets,
      targetIds: [7, 8, 9],
      every: 5,
      withoutTargets: { runs: 2, data: rest },
      runs: 2,
      firstRunInstruments: [{ name: 'spy', onStart: (info) => void seen.push(info.seed), onStep: () => undefined, trace: () => null }],
    });
    expect(norms.seeds).toEqual([10, 11, 12, 13]);
    expect(norms.withoutTargets).toEqual([false, false, true, true]);
    expect(seen).toEqual([10]);
    expect(norms.ratios).toHaveLength(4);
    for (const run of norms.ratios) expect(run).toHaveLength(norms.checkpointSteps.length);
    const trace = perInstanceTraceFromNorms(norms, { datasetSize: data.size });
    expect(trace.version).toBe(2);
    expect(trace.runs.map((run) => run.excludedRecords ?? [])).toEqual([[], [], [7, 8, 9], [7, 8, 9]]);
    expect(first.steps).toBe(trace.steps);
    expect(() => collectPerInstanceNorms(train, { targets, withoutTargets: { runs: -1, data: rest }, runs: 1 })).toThrow('withoutTargets.runs');
  });
});

describe('composition and external loops', () => {
  it('composeInstruments calls every hook and createStepContext matches the trainer', () => {
    const seen: StepContext[] = [];
    const probe: Instrument = { name: 'probe', onStep: (c) => void seen.push({ ...c, noisySum: Float64Array.from(c.noisySum), gradients: Float64Array.from(c.gradients), parameters: Float64Array.from(c.parameters), noise: Float64Array.from(c.noise) }), trace: () => 'p' };
    const evaluation = evaluationInstrument(data, { every: 2 });
    const both = composeInstruments([probe, evaluation]);
    trainDpSgd({ model: logisticRegression(data.featureCount), data, expectedBatchSize: 40, steps: 4, noiseMultiplier: 1, clip: 0.2, learningRate: 0.1, seed: 1, instruments: [both] });
    const trace = both.trace() as { probe: string; evaluation: { points: { step: number }[] } };
    expect(trace.probe).toBe('p');
    expect(trace.evaluation.points.map((p) => p.step)).toEqual([0, 2, 4]);
    const ctx = seen[1] as StepContext;
    const rebuilt = createStepContext({ step: ctx.step, run: ctx.run, parameters: ctx.parameters, batch: ctx.batch, gradients: ctx.gradients, noise: ctx.noise, learningRate: ctx.learningRate });
    rebuilt.noisySum.forEach((v, p) => expect(Math.abs(v - (ctx.noisySum[p] as number))).toBeLessThan(1e-12));
    rebuilt.clipFactors.forEach((c, i) => expect(Math.abs(c - (ctx.clipFactors[i] as number))).toBeLessThan(1e-14));
    expect(() => composeInstruments([probe, probe])).toThrow('distinct');
    expect(() => createStepContext({ step: 0, run: ctx.run, parameters: ctx.parameters, batch: ctx.batch, gradients: new Float64Array(3), noise: ctx.noise, learningRate: 0.1 })).toThrow('gradients');
  });
});
