import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { logisticRegression } from './logistic-regression.js';
import { explicitSubstitutedGradients, logisticLoss, sigmoid } from './model.js';
import type { Model } from './model.js';
import { mlp } from './mlp.js';

/** Deterministic pseudo-random numbers for test inputs (not the library RNG). */
function values(n: number, seed: number, scale = 1): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => scale * Math.sin(12.9898 * (i + 1) + 78.233 * seed) * 1.7);
}

function finiteDifferenceCheck(model: Model, params: Float64Array, x: Float64Array, y: number): number {
  const grad = new Float64Array(model.parameterCount);
  const scratch = new Float64Array(model.parameterCount);
  model.lossAndGradient(params, x, y, grad);
  let worst = 0;
  for (let p = 0; p < model.parameterCount; p++) {
    const h = 1e-6 * Math.max(1, Math.abs(params[p] as number));
    const plus = Float64Array.from(params);
    const minus = Float64Array.from(params);
    plus[p] = (plus[p] as number) + h;
    minus[p] = (minus[p] as number) - h;
    const numeric = (model.lossAndGradient(plus, x, y, scratch) - model.lossAndGradient(minus, x, y, scratch)) / (2 * h);
    // Relative error for entries of order ≥ 1, absolute below (round-off of the loss is ~1e-16·ℓ/h).
    worst = Math.max(worst, Math.abs(numeric - (grad[p] as number)) / Math.max(1, Math.abs(numeric)));
  }
  return worst;
}

describe('loss helpers', () => {
  it('are stable at extreme logits', () => {
    expect(logisticLoss(800, 1)).toBe(0);
    expect(logisticLoss(-800, 1)).toBe(800);
    expect(logisticLoss(0, 0)).toBeCloseTo(Math.LN2, 15);
    expect(sigmoid(-800)).toBe(0);
    expect(sigmoid(800)).toBe(1);
  });
});

describe('analytic gradients match central finite differences', () => {
  it('logistic regression', () => {
    const model = logisticRegression(7);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(0, 1), (seed, y) => {
        expect(finiteDifferenceCheck(model, values(8, seed), values(7, seed + 1), y)).toBeLessThan(1e-6);
      }),
      { numRuns: 30, seed: 20261122 },
    );
  });
  it('one-hidden-layer ReLU MLP', () => {
    const model = mlp(6, 5);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(0, 1), (seed, y) => {
        const params = values(model.parameterCount, seed);
        const x = values(6, seed + 7);
        expect(finiteDifferenceCheck(model, params, x, y)).toBeLessThan(1e-5);
      }),
      { numRuns: 30, seed: 20261122 },
    );
  });
});

describe('factored substituted gradients equal the explicit ones', () => {
  for (const model of [logisticRegression(9), mlp(9, 6)]) {
    it(model.kind, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 2, max: 6 }), (seed, m, k) => {
          const params = values(model.parameterCount, seed);
          const x = values(9, seed + 3);
          const indices = Uint32Array.from({ length: m }, (_, j) => (2 * j + seed) % 9).filter((v, i, a) => a.indexOf(v) === i);
          const mm = indices.length;
          const candidates = values(k * mm, seed + 5, 2);
          const weights = values(k, seed + 9);
          const fast = model.substitutedGradients(params, x, 1, indices, candidates);
          const slow = explicitSubstitutedGradients(model, params, x, 1, indices, candidates);
          const close = (a: Float64Array, b: Float64Array): void => {
            expect(a.length).toBe(b.length);
            a.forEach((v, i) => expect(Math.abs(v - (b[i] as number))).toBeLessThan(1e-10 * (1 + Math.abs(b[i] as number))));
          };
          close(fast.gram(), slow.gram());
          close(fast.normsSquared(), slow.normsSquared());
          close(fast.innerWithWeightedSum(weights), slow.innerWithWeightedSum(weights));
        }),
        { numRuns: 25, seed: 20261122 },
      );
    });
  }
});

describe('MLP scalar-attribute fast path (prefix sums over ReLU activity)', () => {
  it('equals the explicit gradients for unsorted candidates, including the O(k) inner products', () => {
    const model = mlp(7, 9);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 2, max: 15 }), fc.integer({ min: 0, max: 6 }), fc.constantFrom(0, 1), (seed, k, index, y) => {
        const params = values(model.parameterCount, seed);
        const x = values(7, seed + 1);
        const indices = Uint32Array.of(index);
        const candidates = values(k, seed + 2, 3);
        const weights = values(k, seed + 4);
        const fast = model.substitutedGradients(params, x, y, indices, candidates);
        const slow = explicitSubstitutedGradients(model, params, x, y, indices, candidates);
        // The fused diameter equals the same expression evaluated on the Gram matrix.
        const G = slow.gram();
        for (const clip of [0.05, 1, 100]) {
          let best = 0;
          const cs = Array.from({ length: k }, (_, a) => Math.min(1, clip / Math.sqrt(G[a * k + a] as number)));
          for (let a = 0; a < k; a++) {
            for (let b = a + 1; b < k; b++) {
              const own = (cs[a] as number) ** 2 * (G[a * k + a] as number) + (cs[b] as number) ** 2 * (G[b * k + b] as number);
              best = Math.max(best, own - 2 * (cs[a] as number) * (cs[b] as number) * (G[a * k + b] as number) + 1e-12 * own);
            }
          }
          expect(Math.abs((fast.maxClippedSquaredDistance?.(clip, 1e-12) as number) - best)).toBeLessThan(1e-10 * (1 + best));
        }
        for (const [a, b] of [
          [fast.gram(), slow.gram()],
          [fast.normsSquared(), slow.normsSquared()],
          [fast.innerWithWeightedSum(weights), slow.innerWithWeightedSum(weights)],
        ] as const) {
          a.forEach((v, i) => expect(Math.abs(v - (b[i] as number))).toBeLessThan(1e-10 * (1 + Math.abs(b[i] as number))));
        }
      }),
      { numRuns: 60, seed: 7 },
    );
  });
});

describe('logistic regression fused diameter (no Gram matrix)', () => {
  it('equals clippedDiameter\'s expression on gram() bit for bit, for scalar and one-hot attributes', () => {
    const model = logisticRegression(6);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 2, max: 12 }), fc.boolean(), fc.constantFrom(0, 1), (seed, k, oneHot, y) => {
        const params = values(model.parameterCount, seed);
        const x = values(6, seed + 1);
        const indices = oneHot ? Uint32Array.from({ length: Math.min(k, 5) }, (_, j) => j + 1) : Uint32Array.of(seed % 6);
        const m = indices.length;
        const candidates = oneHot ? Float64Array.from({ length: k * m }, (_, i) => (i % m === Math.floor(i / m) % m ? 1 : 0)) : values(k, seed + 2, 3);
        const gradients = model.substitutedGradients(params, x, y, indices, candidates);
        const G = gradients.gram();
        for (const clip of [0.05, 1, 100]) {
          // clippedDiameter's loop (packages/sgd-instrumentation/src/instruments/attribute-sensitivity.ts) on the Gram matrix
          const c = new Float64Array(k);
          const sq = new Float64Array(k);
          for (let a = 0; a < k; a++) {
            const n = Math.sqrt(Math.max(0, G[a * k + a] as number));
            c[a] = n > clip ? clip / n : 1;
            sq[a] = (c[a] as number) ** 2 * (G[a * k + a] as number);
          }
          let best = 0;
          for (let a = 0; a < k; a++) {
            for (let b = a + 1; b < k; b++) {
              const d2 = (sq[a] as number) + (sq[b] as number) - 2 * (c[a] as number) * (c[b] as number) * (G[a * k + b] as number) + 1e-12 * ((sq[a] as number) + (sq[b] as number));
              if (d2 > best) best = d2;
            }
          }
          expect(gradients.maxClippedSquaredDistance?.(clip, 1e-12)).toBe(best);
        }
      }),
      { numRuns: 80, seed: 20261129 },
    );
  });
});

describe('validation', () => {
  it('rejects bad sizes', () => {
    expect(() => mlp(0, 3)).toThrow('featureCount');
    expect(() => mlp(3, 1.5)).toThrow('hiddenUnits');
    expect(() => logisticRegression(-1)).toThrow('featureCount');
  });
});
