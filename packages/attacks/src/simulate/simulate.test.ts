import { DpboundsRangeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { simulateGaussianMechanism } from './simulate-gaussian-mechanism.js';
import { simulateGradientGame } from './simulate-gradient-game.js';
import { simulateShadowScores } from './simulate-shadow-scores.js';

describe('simulateGradientGame', () => {
  const a = { rows: 3, columns: 3, data: new Float64Array([1, 0, 0, 0.5, 2, 0, -0.3, 0.1, 0.7]) };
  const game = simulateGradientGame({ dimension: 3, batchSize: 5, trialsPerClass: 4000, susceptibility: 2, mean: [1, -1, 0.5], covarianceFactor: a, seed: 9 });

  it('is reproducible from its seed and labels the first half as members', () => {
    const again = simulateGradientGame({ dimension: 3, batchSize: 5, trialsPerClass: 4000, susceptibility: 2, mean: [1, -1, 0.5], covarianceFactor: a, seed: 9 });
    expect(again.updates.data).toEqual(game.updates.data);
    expect(game.members[0]).toBe(1);
    expect(game.members[3999]).toBe(1);
    expect(game.members[4000]).toBe(0);
    expect(game.covariance.data[1 * 3 + 0]).toBeCloseTo(0.5, 14);
    expect(game.covariance.data[1 * 3 + 1]).toBeCloseTo(4.25, 14);
  });

  it('gives every target exactly the requested susceptibility (x − μ)ᵀΣ⁻¹(x − μ)', () => {
    // Σ⁻¹-norm through A⁻¹ (lower triangular): solve A v = x − μ.
    for (const t of [0, 17, 5000]) {
      const r = [0, 1, 2].map((j) => (game.targetGradients.data[t * 3 + j] as number) - ([1, -1, 0.5][j] as number));
      const v0 = r[0] as number;
      const v1 = ((r[1] as number) - 0.5 * v0) / 2;
      const v2 = ((r[2] as number) + 0.3 * v0 - 0.1 * v1) / 0.7;
      expect(v0 * v0 + v1 * v1 + v2 * v2).toBeCloseTo(2, 10);
    }
  });

  it('centres non-member updates on μ and member updates on μ + (x − μ)/n', () => {
    let offNon = 0;
    let offMem = 0;
    for (let t = 0; t < 8000; t++) {
      const diff = (game.updates.data[t * 3] as number) - 1;
      const expected = t < 4000 ? ((game.targetGradients.data[t * 3] as number) - 1) / 5 : 0;
      if (t < 4000) offMem += diff - expected;
      else offNon += diff;
    }
    // Mean of 4000 draws with sd √(Var/n) ≲ 0.45: |mean| < 4 sd / √4000.
    expect(Math.abs(offNon / 4000)).toBeLessThan(0.03);
    expect(Math.abs(offMem / 4000)).toBeLessThan(0.03);
  });

  it('rejects invalid options', () => {
    expect(() => simulateGradientGame({ dimension: 2, batchSize: 1, trialsPerClass: 1, seed: 1 })).toThrow(DpboundsRangeError);
    expect(() => simulateGradientGame({ dimension: 2, batchSize: 2, trialsPerClass: 1, susceptibility: -1, seed: 1 })).toThrow(DpboundsRangeError);
  });
});

describe('simulateGaussianMechanism', () => {
  it('shifts member outputs by exactly Δ in a random direction', () => {
    const game = simulateGaussianMechanism({ sensitivity: 3, noiseStd: 1e-9, dimension: 4, trialsPerClass: 50, seed: 2 });
    for (let t = 0; t < 100; t++) {
      let norm = 0;
      for (let j = 0; j < 4; j++) norm += (game.observations.data[t * 4 + j] as number) ** 2;
      expect(Math.sqrt(norm)).toBeCloseTo(t < 50 ? 3 : 0, 6);
    }
    expect(game.reference.std).toBe(1e-9);
  });
});

describe('simulateShadowScores', () => {
  it('draws per-target Gaussians whose standardised gap is μ', () => {
    const game = simulateShadowScores({ targets: 200, shadows: 400, mu: 1.5, seed: 4 });
    let gap = 0;
    for (let i = 0; i < 200; i++) {
      let sIn = 0;
      let nIn = 0;
      let sOut = 0;
      let nOut = 0;
      for (let k = 0; k < 400; k++) {
        const v = game.shadowScores.data[i * 400 + k] as number;
        if (game.shadowIn[i * 400 + k] === 1) {
          sIn += v;
          nIn++;
        } else {
          sOut += v;
          nOut++;
        }
      }
      gap += (sIn / nIn - sOut / nOut) / (game.std[i] as number);
    }
    expect(gap / 200).toBeCloseTo(1.5, 1);
    expect(game.members.filter((m) => m === 1).length).toBe(100);
  });
});
