import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { circularCompose } from './fft-composition.js';
import { fftCompositionErrorBound } from './fft-rounding-bound.js';
import { directCircular } from './test-helpers/direct-circular.js';

/** A law of total mass 1 whose entries span `decades` decades (10^(−decades·u), u uniform in [0, 1]). */
const wideLaw = (maxLength: number) =>
  fc
    .record({
      exponents: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength }),
      decades: fc.integer({ min: 0, max: 250 }),
    })
    .map(({ exponents, decades }) => {
      const p = Float64Array.from(exponents, (u) => 10 ** (-decades * u));
      const total = p.reduce((s, v) => s + v, 0);
      return p.map((v) => v / total);
    });

describe('fftCompositionErrorBound (per-bin rounding of circularCompose)', () => {
  it('bounds |circularCompose − exact| in every bin, for laws spanning up to 250 decades, sizes 8–256, up to 3 groups and 40 steps', () => {
    // seeded: the same 60 cases each run; the reference costs O(size · length · steps)
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 8 }),
        fc.array(fc.record({ probs: wideLaw(24), count: fc.integer({ min: 1, max: 40 }) }), { minLength: 1, maxLength: 3 }),
        (logSize, groups) => {
          const size = 2 ** logSize;
          const inputs = groups.map((g) => ({ probs: g.probs, count: g.count }));
          const computed = circularCompose(inputs, size);
          const exact = directCircular(inputs, size);
          const bound = fftCompositionErrorBound(inputs, size);
          const steps = inputs.reduce((s, g) => s + g.count * g.probs.length, 0);
          for (let k = 0; k < size; k++) {
            const e = exact[k] as number;
            const referenceSlack = (steps + 2) * 2 ** -52 * e;
            expect(Math.abs((computed[k] as number) - e)).toBeLessThanOrEqual(bound + referenceSlack);
          }
          // the bound is informative, not the trivial mass-sized one
          expect(bound).toBeLessThan(1e-12);
        },
      ),
      { seed: 20261129, numRuns: 60 },
    );
  });

  it('is far below the whole-vector bound when the composed law is spread (few large frequencies)', () => {
    const p = new Float64Array(64).fill(1 / 64);
    const bound = fftCompositionErrorBound([{ probs: p, count: 10 }], 256);
    // a block law's frequencies decay like 1/k: the bound stays within twenty units of roundoff
    expect(bound).toBeLessThan(20 * 2 ** -53);
    const point = fftCompositionErrorBound([{ probs: new Float64Array([1]), count: 10 }], 256);
    // a point mass has every frequency of modulus 1: the bound is larger, still tiny
    expect(point).toBeGreaterThan(bound);
    expect(point).toBeLessThan(1e-12);
  });
});
