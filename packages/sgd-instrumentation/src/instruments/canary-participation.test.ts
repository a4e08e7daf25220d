import { binomialCdf } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { mlp } from '../models/mlp.js';
import { binomialMass, chiSquarePValue } from '../test-helpers/goodness-of-fit.js';
import { syntheticDataset } from '../test-helpers/synthetic.js';
import type { SamplingName } from '../training/samplers/batch-sampler.js';
import { trainDpSgd } from '../training/trainer.js';
import { truncatedPoissonInclusion } from './canary-participation.js';
import type { CanaryScoresTrace } from './canary-scores.js';
import { diracCanaryInstrument } from './dirac-canaries.js';
import type { Instrument } from './instrument.js';

const ALPHA = 0.001;
const N = 200;
const data = syntheticDataset(N);

/** A run with Dirac canaries; per step, the coordinates of the canary gradients added to the sum. */
function canaryRun(sampling: SamplingName, batchSize: number, steps: number, options: { maxBatchSize?: number; seed?: number; noiseMultiplier?: number; hidden?: number } = {}) {
  const canaries = diracCanaryInstrument({ count: 100, seed: options.seed ?? 3 });
  const perStep: number[][] = [];
  const spy: Instrument = {
    ...canaries,
    contributions: (t, p) => {
      const c = canaries.contributions?.(t, p) ?? [];
      perStep.push(c.map((v) => v.findIndex((x) => x !== 0)));
      return c;
    },
  };
  const result = trainDpSgd({
    model: mlp(data.featureCount, options.hidden ?? 16),
    data,
    expectedBatchSize: batchSize,
    steps,
    noiseMultiplier: options.noiseMultiplier ?? 1,
    clip: 1,
    learningRate: 0.01,
    seed: options.seed ?? 5,
    sampling,
    ...(options.maxBatchSize === undefined ? {} : { maxBatchSize: options.maxBatchSize }),
    instruments: [spy],
  });
  const trace: CanaryScoresTrace = canaries.trace();
  const members = trace.scores.filter((s) => s.member === 1).length;
  return { perStep, members, trace, result };
}

/** Per full epoch of k steps and included canary: the batch it joined (k: none). */
function epochBatches(perStep: readonly number[][], k: number, members: number): number[] {
  const out: number[] = [];
  for (let e = 0; (e + 1) * k <= perStep.length; e++) {
    const seen = new Map<number, number>();
    for (let b = 0; b < k; b++) {
      for (const c of perStep[e * k + b] as number[]) {
        expect(seen.has(c)).toBe(false); // at most once per epoch
        seen.set(c, b);
      }
    }
    out.push(...seen.values(), ...Array.from({ length: members - seen.size }, () => k));
  }
  return out;
}

describe('Dirac canaries follow the batch sampler of the run', () => {
  it('balls-in-bins: every included canary joins exactly one batch per epoch, uniform over the k batches', () => {
    const { perStep, members, trace, result } = canaryRun('balls-in-bins', 20, 600);
    const k = result.sampler.batchesPerEpoch as number;
    expect(k).toBe(10);
    const batches = epochBatches(perStep, k, members);
    expect(batches.filter((b) => b === k)).toHaveLength(0);
    expect(chiSquarePValue(batches, (b) => (b < k ? 1 / k : 0), k).pValue).toBeGreaterThan(ALPHA);
    expect(trace.sampling?.sampler).toBe('balls-in-bins');
  });

  it('shuffle: at most one batch per epoch, each with probability L/N, none with (N − kL)/N', () => {
    const L = 30; // k = 6 batches of 30, the last 20 records of each permutation sit the epoch out
    const { perStep, members, trace, result } = canaryRun('shuffle', L, 600);
    const k = result.sampler.batchesPerEpoch as number;
    expect(k).toBe(6);
    const batches = epochBatches(perStep, k, members);
    const fit = chiSquarePValue(batches, (b) => (b < k ? L / N : (N - k * L) / N), k);
    expect(fit.cells).toBe(k + 1);
    expect(fit.pValue).toBeGreaterThan(ALPHA);
    expect(trace.sampling?.sampler).toBe('shuffle');
  });

  for (const [sampling, maxBatchSize] of [['poisson', undefined], ['fixed-size', undefined], ['truncated-poisson', 16]] as const) {
    it(`${sampling}: each step independently with the record's inclusion probability`, () => {
      const T = 1500;
      const { perStep, members, trace } = canaryRun(sampling, 20, T, maxBatchSize === undefined ? {} : { maxBatchSize });
      // q = 0.1; a cap of 16 (mean batch 20) keeps a record with probability E[min(X, 16)]/N ≈ 0.078
      const p = maxBatchSize === undefined ? 20 / N : truncatedPoissonInclusion(N, 20 / N, maxBatchSize);
      if (maxBatchSize !== undefined) expect(p).toBeLessThan(0.08);
      // canaries in each step's batch ~ Binomial(members, p)
      const counts = perStep.map((c) => c.length);
      expect(chiSquarePValue(counts, binomialMass(members, p), members).pValue).toBeGreaterThan(ALPHA);
      // each included canary's number of steps ~ Binomial(T, p)
      const perCanary = new Map<number, number>();
      for (const step of perStep) for (const c of step) perCanary.set(c, (perCanary.get(c) ?? 0) + 1);
      const totals = [...perCanary.values(), ...Array.from({ length: members - perCanary.size }, () => 0)];
      expect(chiSquarePValue(totals, binomialMass(T, p), T).pValue).toBeGreaterThan(ALPHA);
      expect(trace.sampling?.sampler).toBe(sampling);
    });
  }

  it('are seeded and deterministic under a non-Poisson sampler, and the epoch score separates members', () => {
    // 513 parameters: the records' gradients spread thinly over the canary coordinates
    const once = (seed: number) => canaryRun('shuffle', 20, 100, { seed, noiseMultiplier: 0.3, hidden: 64 });
    const a = once(7);
    expect(once(7).trace).toEqual(a.trace);
    expect(once(7).perStep).toEqual(a.perStep);
    expect(once(8).perStep).not.toEqual(a.perStep);
    // 10 epochs of 10 steps at σ = 0.3: members score higher
    const members = a.trace.scores.filter((s) => s.member === 1).map((s) => s.score);
    const others = a.trace.scores.filter((s) => s.member === 0).map((s) => s.score);
    let wins = 0;
    for (const x of members) for (const y of others) wins += x > y ? 1 : 0;
    expect(wins / (members.length * others.length)).toBeGreaterThan(0.8);
    expect(a.trace.scoring).toMatch(/sum over epochs/);
  });

  it('a partial last epoch counts with the steps it ran (scores stay finite)', () => {
    const { trace } = canaryRun('balls-in-bins', 20, 15); // one epoch of 10 and 5 steps of the next
    for (const s of trace.scores) expect(Number.isFinite(s.score)).toBe(true);
  });
});

describe('truncatedPoissonInclusion', () => {
  it('is E[min(X, B)]/N summed directly, and q when the cap never binds', () => {
    for (const [n, q, B] of [[200, 0.1, 22], [200, 0.1, 16], [50, 0.5, 10], [7, 0.9, 1], [1, 0.3, 1], [1000, 0.01, 1000]] as const) {
      let expected = 0;
      for (let k = 0; k <= n; k++) {
        const mass = binomialCdf(k, n, q) - (k > 0 ? binomialCdf(k - 1, n, q) : 0);
        expected += Math.min(k, B) * mass;
      }
      expect(truncatedPoissonInclusion(n, q, B)).toBeCloseTo(expected / n, 12);
    }
    expect(truncatedPoissonInclusion(1000, 0.01, 1000)).toBeCloseTo(0.01, 15);
  });
});
