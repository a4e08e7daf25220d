import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { circularCompose } from './fft-composition.js';

/** The law of the sum mod size by repeated direct circular convolution (O(size²) per step). */
function naiveCircular(inputs: readonly { probs: Float64Array; count: number }[], size: number): Float64Array {
  let acc = new Float64Array(size);
  acc[0] = 1;
  for (const g of inputs) {
    for (let t = 0; t < g.count; t++) {
      const next = new Float64Array(size);
      for (let i = 0; i < size; i++) {
        const a = acc[i] as number;
        if (a === 0) continue;
        for (let j = 0; j < g.probs.length; j++) next[(i + j) % size] = (next[(i + j) % size] as number) + a * (g.probs[j] as number);
      }
      acc = next;
    }
  }
  return acc;
}

describe('circularCompose (real FFTs, half-size inverse)', () => {
  it('equals direct circular convolution within 1e-15 on random laws, sizes 4–512 (inputs longer than size wrap)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.array(fc.record({ weights: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 700 }), count: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 3 }),
        (log2, groups) => {
          const size = 2 ** log2;
          const inputs = groups.map((g) => {
            const total = g.weights.reduce((s, w) => s + w, 0) || 1;
            return { probs: Float64Array.from(g.weights, (w) => (total === 0 ? 0 : w / total)), count: g.count };
          });
          const got = circularCompose(inputs, size);
          const want = naiveCircular(inputs, size);
          expect(got.length).toBe(size);
          for (let i = 0; i < size; i++) expect(Math.abs((got[i] as number) - (want[i] as number))).toBeLessThan(1e-15 * Math.max(1, inputs.length * 8));
        },
      ),
      { seed: 20261125, numRuns: 60 },
    );
  });
  it('keeps the documented example', () => {
    const c = circularCompose([{ probs: new Float64Array([0.5, 0.5]), count: 2 }], 4);
    expect(Array.from(c).map((v) => Math.round(v * 1e12) / 1e12)).toEqual([0.25, 0.5, 0.25, 0]);
  });
});
