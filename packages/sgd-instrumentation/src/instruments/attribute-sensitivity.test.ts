import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { explicitSubstitutedGradients } from '../models/model.js';
import { logisticRegression } from '../models/logistic-regression.js';
import { mlp } from '../models/mlp.js';
import { syntheticDataset } from '../test-helpers/synthetic.js';
import { trainDpSgd } from '../training/trainer.js';
import { attributeSubstitution } from './attribute-substitution.js';
import { attributeSensitivityInstrument, centroidBound, clippedDiameter } from './attribute-sensitivity.js';

const data = syntheticDataset(300);

function bruteForce(model: ReturnType<typeof mlp>, params: Float64Array, x: Float64Array, y: number, indices: Uint32Array, candidates: Float64Array, C: number): { diameter: number; centroid: number } {
  const m = indices.length;
  const k = candidates.length / m;
  const P = model.parameterCount;
  const grads: Float64Array[] = [];
  for (let a = 0; a < k; a++) {
    const xs = Float64Array.from(x);
    for (let j = 0; j < m; j++) xs[indices[j] as number] = candidates[a * m + j] as number;
    const g = new Float64Array(P);
    model.lossAndGradient(params, xs, y, g);
    const n = Math.hypot(...g);
    grads.push(g.map((v) => (n > C ? (v * C) / n : v)));
  }
  let diameter = 0;
  for (const a of grads) for (const b of grads) diameter = Math.max(diameter, Math.hypot(...a.map((v, p) => v - (b[p] as number))));
  const v = new Float64Array(P);
  for (const g of grads) g.forEach((x2, p) => (v[p] = (v[p] as number) + x2 / k));
  const centroid = 2 * Math.max(...grads.map((g) => Math.hypot(...g.map((x2, p) => x2 - (v[p] as number)))));
  return { diameter, centroid };
}

describe('attributeSubstitution', () => {
  it('lists the distinct values of a numeric column and every category of a one-hot column', () => {
    const age = attributeSubstitution(data.encoding, data, { attribute: 'age' });
    expect(age.values).toEqual(['20', '21', '22', '23', '24', '25', '26']);
    expect(age.indices.length).toBe(1);
    const colour = attributeSubstitution(data.encoding, data, { attribute: 'colour' });
    expect(colour.values).toEqual(['blue', 'green', 'red']);
    expect(Array.from(colour.candidates)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const two = attributeSubstitution(data.encoding, data, { attribute: 'age', values: [20, 26] });
    expect(two.values).toEqual(['20', '26']);
    expect(() => attributeSubstitution(data.encoding, data, { attribute: 'nope' })).toThrow('attribute');
    expect(() => attributeSubstitution(data.encoding, data, { attribute: 'colour', values: ['pink'] })).toThrow('pink');
    expect(() => attributeSubstitution(data.encoding, data, { attribute: 'age', values: [20] })).toThrow('two');
  });
});

describe('diameters from the factored Gram matrix', () => {
  for (const attribute of ['age', 'colour']) {
    it(`match brute force on explicit clipped gradients (${attribute}) and order as exact ≤ approximate ≤ 2C`, () => {
      const model = mlp(data.featureCount, 5);
      const sub = attributeSubstitution(data.encoding, data, { attribute: attribute });
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 299 }), fc.double({ min: 0.01, max: 5, noNaN: true }), fc.integer({ min: 0, max: 1000 }), (r, C, seed) => {
          const params = Float64Array.from({ length: model.parameterCount }, (_, i) => Math.sin(i * 3.1 + seed));
          const x = data.features.subarray(r * data.featureCount, (r + 1) * data.featureCount);
          const y = data.labels[r] as number;
          const fast = model.substitutedGradients(params, x, y, sub.indices, sub.candidates);
          const full = clippedDiameter(fast, C);
          const approx = centroidBound(fast, C);
          const brute = bruteForce(model, params, x, y, sub.indices, sub.candidates, C);
          // Never below the exact value; above it by at most the documented rounding margin.
          expect(full).toBeGreaterThanOrEqual(Math.min(2 * C, brute.diameter) - 1e-12);
          expect(full - Math.min(2 * C, brute.diameter)).toBeLessThan(3e-6 * C + 1e-9 * brute.diameter);
          expect(approx).toBeGreaterThanOrEqual(Math.min(2 * C, brute.centroid) - 1e-12);
          expect(approx - Math.min(2 * C, brute.centroid)).toBeLessThan(3e-6 * C + 1e-9 * brute.centroid);
          expect(full).toBeLessThanOrEqual(approx + 1e-12);
          expect(approx).toBeLessThanOrEqual(2 * C);
          const explicit = explicitSubstitutedGradients(model, params, x, y, sub.indices, sub.candidates);
          expect(Math.abs(clippedDiameter(explicit, C) - full)).toBeLessThan(3e-6 * C);
        }),
        { numRuns: 20, seed: 20261122 },
      );
    });
  }
});

describe('attributeSensitivityInstrument', () => {
  it('records one R_t per step; two chosen values give a smaller diameter than all values', () => {
    let lastTrace: unknown;
    const run = (values?: number[]) => {
      const sub = attributeSubstitution(data.encoding, data, { attribute: 'age', ...(values === undefined ? {} : { values }) });
      const instrument = attributeSensitivityInstrument({ substitution: sub, method: 'both' });
      trainDpSgd({ model: logisticRegression(data.featureCount), data, expectedBatchSize: 30, steps: 15, noiseMultiplier: 1, clip: 0.5, learningRate: 0.2, seed: 3, instruments: [instrument] });
      lastTrace = instrument.trace();
      return instrument.record();
    };
    const two = run([20, 26]);
    const all = run();
    expect(all.steps).toBe(15);
    expect(all.full).toHaveLength(15);
    expect(all.approximate).toHaveLength(15);
    all.full?.forEach((r, t) => {
      expect(r).toBeGreaterThan(0);
      expect(r).toBeLessThanOrEqual((all.approximate?.[t] as number) + 1e-12);
      expect(r).toBeLessThanOrEqual(1);
      // A subset of the values can only shrink the diameter.
      expect(two.full?.[t] as number).toBeGreaterThan(0);
      expect(two.full?.[t] as number).toBeLessThanOrEqual(r + 1e-12);
    });
    expect(all.clip).toBe(0.5);
    const trace = all === undefined ? undefined : JSON.parse(JSON.stringify(lastTrace));
    expect(trace.format).toBe('dpbounds.ai-sensitivity-trace');
    expect(trace.full).toEqual(Array.from(all.full ?? []));
    const approxOnly = attributeSensitivityInstrument({ substitution: attributeSubstitution(data.encoding, data, { attribute: 'age' }) });
    expect(approxOnly.record().full).toBeUndefined();
  });
});
