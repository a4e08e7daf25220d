import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { connectTheDotsPld } from './connect-the-dots.js';
import type { DiscretePld } from './discrete-pld.js';
import { circularCompose, planComposition } from './fft-composition.js';
import type { PsgDirection } from './psg-privacy-loss.js';

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

describe('planComposition: the Chernoff window (the λ grid walked from a Gaussian start)', () => {
  /** The window of the scan over every λ of the grid: min of the upper bounds, max of the lower ones (reference). */
  function fullScan(groups: readonly { pld: DiscretePld; count: number }[], tau: number): { lower: number; upper: number } {
    const h = (groups[0] as { pld: DiscretePld }).pld.h;
    const maxIndex = groups.reduce((s, g) => s + (g.pld.probs.length - 1) * g.count, 0);
    const logMgf = (p: Float64Array, lambda: number): number => {
      let max = -Infinity;
      for (let i = 0; i < p.length; i++) if ((p[i] as number) > 0) max = Math.max(max, Math.log(p[i] as number) + lambda * i);
      let s = 0;
      for (let i = 0; i < p.length; i++) if ((p[i] as number) > 0) s += Math.exp(Math.log(p[i] as number) + lambda * i - max);
      return max + Math.log(s);
    };
    let upper = maxIndex;
    let lower = 0;
    for (let l = 0.03; l <= Math.min(1e12, Math.max(100, 0.01 / h)) * 2.1; l *= 2.1) {
      for (const sign of [1, -1]) {
        const lambda = sign * l * h;
        const bound = (groups.reduce((t, g) => t + g.count * logMgf(g.pld.probs, lambda), 0) + Math.log(2 / tau)) / lambda;
        if (!Number.isFinite(bound)) continue;
        if (sign > 0) upper = Math.min(upper, Math.ceil(bound));
        else lower = Math.max(lower, Math.floor(bound));
      }
    }
    if (lower > upper) lower = upper;
    const lo = Math.min(maxIndex, Math.max(0, lower));
    return { lower: lo, upper: Math.max(lo, Math.min(maxIndex, upper)) };
  }

  it('is the window of the full λ scan on random PLDs of one and two groups', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PsgDirection>('remove', 'add', 'replace'),
        fc.double({ min: 1e-4, max: 0.5, noNaN: true }),
        fc.double({ min: 0.4, max: 4, noNaN: true }),
        fc.integer({ min: 2, max: 300_000 }),
        fc.constantFrom(1e-3, 3e-3, 1e-2),
        fc.boolean(),
        fc.constantFrom(1e-15, 1e-10),
        (direction, q, sigma, count, h, twoGroups, tau) => {
          const groups = [{ pld: connectTheDotsPld(direction, q, sigma, { h }), count }];
          if (twoGroups) groups.push({ pld: connectTheDotsPld(direction, Math.min(0.9, 2 * q), 1.3 * sigma, { h }), count: Math.ceil(count / 3) });
          const window = planComposition(groups, tau);
          expect({ lower: window.lower, upper: window.upper }).toEqual(fullScan(groups, tau));
        },
      ),
      { seed: 20261128, numRuns: 60 },
    );
  });
});
