import { createRng, isDpboundsError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { mlp } from '../models/mlp.js';
import { syntheticDataset } from '../test-helpers/synthetic.js';
import { trainDpSgd } from '../training/trainer.js';
import { diracCanaryInstrument } from './dirac-canaries.js';
import { diracCanaryScores, diracCanaryStepScore, NEGLIGIBLE_NOISE, releasedNoiseScale } from './dirac-canary-score.js';
import type { Instrument } from './instrument.js';

describe('diracCanaryStepScore / diracCanaryScores', () => {
  it('is the subsampled-Gaussian log-likelihood ratio, ℓ at p = 1 and u at σ = 0', () => {
    const law = { samplingRate: 0.1, noiseMultiplier: 0.5, clipNorm: 2 };
    // u = 3, C = 2: ℓ = (1.5 − 0.5)/0.25 = 4
    expect(diracCanaryStepScore(law)(3)).toBeCloseTo(Math.log(0.9 + 0.1 * Math.exp(4)), 14);
    expect(diracCanaryStepScore({ ...law, samplingRate: 1 })(3)).toBe(4);
    expect(diracCanaryStepScore({ ...law, noiseMultiplier: 0 })(3)).toBe(3);
    // a very negative u: log(1 − p), finite; a huge one: ≈ log p + ℓ, no overflow
    expect(diracCanaryStepScore(law)(-1e6)).toBeCloseTo(Math.log(0.9), 14);
    expect(diracCanaryStepScore(law)(1e6)).toBeCloseTo(Math.log(0.1) + (5e5 - 0.5) / 0.25, 6);
  });

  it('scores a noise too small for 1/σ² (σ below NEGLIGIBLE_NOISE) as σ = 0, never ±∞ or NaN', () => {
    // σ = 1e-320: σ² underflows to 0 and (u/C − ½)/σ² was ±∞, or NaN at u = C/2 (the CLI fuzz's demo --noise-multiplier 1e-320)
    for (const sigma of [1e-320, 5e-324, 1e-160, 1e-101]) {
      const step = diracCanaryStepScore({ samplingRate: 0.1, noiseMultiplier: sigma, clipNorm: 2 });
      expect([step(3), step(1), step(-5)]).toEqual([3, 1, -5]);
    }
    expect(NEGLIGIBLE_NOISE).toBe(1e-100);
    // just above the threshold the ratio is used, and is finite for released values up to 1e100
    const above = diracCanaryStepScore({ samplingRate: 1, noiseMultiplier: 1e-99, clipNorm: 1 });
    expect(above(1.5)).toBeCloseTo(1e198, -185);
    expect(Number.isFinite(above(1e100))).toBe(true);
  });

  it('gives the trainer’s Dirac canaries finite scores at σ = 1e-320, ranked as at σ = 0', () => {
    const data = syntheticDataset(200);
    const run = (noiseMultiplier: number) => {
      const canaries = diracCanaryInstrument({ count: 10, seed: 4 });
      trainDpSgd({ model: mlp(data.featureCount, 4), data, expectedBatchSize: 20, steps: 15, noiseMultiplier, clip: 1, learningRate: 0.05, seed: 5, instruments: [canaries] });
      return canaries.trace();
    };
    const tiny = run(1e-320);
    expect(tiny.scores.every((s) => Number.isFinite(s.score))).toBe(true);
    expect(tiny.scoring).toContain('scored as 0');
    expect(run(0).scoring).not.toContain('scored as 0');
  });

  it('sums the step score over the rows of a row-major T × m matrix', () => {
    const law = { samplingRate: 0.2, noiseMultiplier: 1, clipNorm: 1 };
    const step = diracCanaryStepScore(law);
    const released = [0.3, -1, 2, 1.1, 0, -0.4];
    const scores = diracCanaryScores(released, { ...law, canaries: 3 });
    expect(Array.from(scores)).toEqual([step(0.3) + step(1.1), step(-1) + step(0), step(2) + step(-0.4)]);
  });

  it('refuses a matrix that is not T × m, and bad laws, naming the parameter', () => {
    const law = { samplingRate: 0.2, noiseMultiplier: 1, clipNorm: 1 };
    const named = (f: () => unknown, parameter: string) => {
      try {
        f();
      } catch (error) {
        expect(isDpboundsError(error)).toBe(true);
        expect((error as { parameter: string }).parameter).toBe(parameter);
        return;
      }
      throw new Error(`no error for ${parameter}`);
    };
    named(() => diracCanaryScores([1, 2, 3], { ...law, canaries: 2 }), 'released');
    named(() => diracCanaryScores([1, Number.NaN], { ...law, canaries: 2 }), 'released[1]');
    named(() => diracCanaryScores([1, 2], { ...law, canaries: 0 }), 'canaries');
    named(() => diracCanaryStepScore({ ...law, samplingRate: 0 }), 'samplingRate');
    named(() => diracCanaryStepScore({ ...law, noiseMultiplier: -1 }), 'noiseMultiplier');
    named(() => diracCanaryStepScore({ ...law, clipNorm: 0 }), 'clipNorm');
    expect(() => diracCanaryStepScore({ ...law, sigma: 1 } as never)).toThrow(/sigma/);
  });

  it('is the function the trainer’s Dirac canaries score with (same numbers, bit for bit)', () => {
    const data = syntheticDataset(300);
    const model = mlp(data.featureCount, 4);
    const seed = 11;
    const m = 20;
    const canaries = diracCanaryInstrument({ count: m, seed });
    const sums: Float64Array[] = [];
    const recorder: Instrument = { name: 'recorder', onStep: (context) => void sums.push(Float64Array.from(context.noisySum)), trace: () => null };
    const result = trainDpSgd({ model, data, expectedBatchSize: 15, steps: 40, noiseMultiplier: 0.8, clip: 1.5, learningRate: 0.05, seed: 3, instruments: [canaries, recorder] });
    // the instrument's coordinates, drawn as it draws them
    const coordinates = createRng(seed).fork('dirac-coordinates').permutation(model.parameterCount).slice(0, m);
    const released = new Float64Array(sums.length * m);
    sums.forEach((sum, t) => coordinates.forEach((c, j) => (released[t * m + j] = sum[c] as number)));
    const expected = diracCanaryScores(released, { canaries: m, samplingRate: result.samplingRate, noiseMultiplier: 0.8, clipNorm: 1.5 });
    expect(sums).toHaveLength(40);
    expect(canaries.trace().scores.map((s) => s.score)).toEqual(Array.from(expected));
  });
});

describe('releasedNoiseScale', () => {
  it('is 1.4826 × the median absolute deviation', () => {
    expect(releasedNoiseScale([-1, 0, 1])).toBeCloseTo(1.482602218505602, 14);
    expect(releasedNoiseScale([5, 5, 5, 9])).toBe(0);
    expect(() => releasedNoiseScale([])).toThrow(/released/);
  });

  it('measures the noise, not the canaries’ shifts, where the sample standard deviation does not', () => {
    const rng = createRng(5);
    const n = 100_000;
    const values = new Float64Array(n);
    // noise 0.3; 5 % of the entries carry a canary's clip norm 1 (q = 0.1, half the canaries in)
    for (let i = 0; i < n; i++) values[i] = 0.3 * rng.normal() + (rng.bernoulli(0.05) ? 1 : 0);
    const scale = releasedNoiseScale(values);
    // 5 % of far shifts inflate the MAD by about 6 % (0.319 here): a slightly weaker score, never an invalid one
    expect(scale).toBeGreaterThan(0.3);
    expect(scale).toBeLessThan(0.3 * 1.1);
    const mean = values.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
    expect(sd).toBeGreaterThan(0.3 * 1.2);
  });
});
