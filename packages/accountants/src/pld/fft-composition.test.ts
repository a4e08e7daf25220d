import fc from 'fast-check';
import FFT from 'fft.js';
import { describe, expect, it } from 'vitest';
import { connectTheDotsPld } from './connect-the-dots.js';
import type { DiscretePld } from './discrete-pld.js';
import { circularCompose, composeInWindow, planComposition } from './fft-composition.js';
import type { PsgDirection } from './psg-privacy-loss.js';
import { directCircular } from './test-helpers/direct-circular.js';

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
          const want = directCircular(inputs, size);
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

/**
 * The composition as it was computed before the scratch buffers were shared (fresh arrays for
 * the spectrum, the half-size inverse's input and output, and a copy of the result; every power
 * through a logarithm; the window read with a modulo per bin): the oracle the in-place version
 * must match bit for bit, so no ε moves.
 */
function referenceCircular(inputs: readonly { probs: Float64Array; count: number }[], size: number): Float64Array {
  const fft = new FFT(size);
  const half = size / 2;
  const spectrum = new Float64Array(size + 2);
  const work = new Float64Array(2 * size);
  const input = new Float64Array(size);
  let first = true;
  for (const g of inputs) {
    input.fill(0);
    for (let i = 0; i < g.probs.length; i++) input[i % size] = (input[i % size] as number) + (g.probs[i] as number);
    fft.realTransform(work, input);
    for (let k = 0; k <= half; k++) {
      const re = work[2 * k] as number;
      const im = work[2 * k + 1] as number;
      const r2 = re * re + im * im;
      let pr = 0;
      let pi = 0;
      const logMag = 0.5 * g.count * Math.log(r2);
      if (r2 > 0 && logMag > -745) {
        const mag = g.count === 1 ? Math.sqrt(r2) : Math.exp(logMag);
        const theta = g.count * Math.atan2(im, re);
        pr = mag * Math.cos(theta);
        pi = mag * Math.sin(theta);
      }
      if (first) {
        spectrum[2 * k] = pr;
        spectrum[2 * k + 1] = pi;
      } else {
        const sr = spectrum[2 * k] as number;
        const si = spectrum[2 * k + 1] as number;
        spectrum[2 * k] = sr * pr - si * pi;
        spectrum[2 * k + 1] = sr * pi + si * pr;
      }
    }
    first = false;
  }
  const table = (fft as unknown as { table: readonly number[] }).table;
  const z = new Float64Array(size);
  for (let k = 0; k < half; k++) {
    const ar = spectrum[2 * k] as number;
    const ai = spectrum[2 * k + 1] as number;
    const br = spectrum[2 * (half - k)] as number;
    const bi = -(spectrum[2 * (half - k) + 1] as number);
    const er = 0.5 * (ar + br);
    const ei = 0.5 * (ai + bi);
    const dr = 0.5 * (ar - br);
    const di = 0.5 * (ai - bi);
    const c = table[2 * k] as number;
    const sn = -(table[2 * k + 1] as number);
    z[2 * k] = er - (dr * sn + di * c);
    z[2 * k + 1] = ei + (dr * c - di * sn);
  }
  const zt = new Float64Array(size);
  new FFT(half).inverseTransform(zt, z);
  return zt;
}

describe('circularCompose: shared scratch, bit-identical results', () => {
  it('equals the fresh-array computation bit for bit, counts up to 1e7 (most powers underflow)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.array(fc.record({ weights: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 900 }), count: fc.constantFrom(1, 2, 7, 1000, 123_457, 1e7) }), { minLength: 1, maxLength: 3 }),
        (log2, groups) => {
          const size = 2 ** log2;
          const inputs = groups.map((g) => {
            const total = g.weights.reduce((s, w) => s + w, 0) || 1;
            return { probs: Float64Array.from(g.weights, (w) => w / total), count: g.count };
          });
          const got = circularCompose(inputs, size);
          const want = referenceCircular(inputs, size);
          expect(got.length).toBe(size);
          for (let i = 0; i < size; i++) expect(Object.is(got[i], want[i])).toBe(true);
        },
      ),
      { seed: 20261129, numRuns: 80 },
    );
  });
  it('allocates 3·size doubles for one group and size + 2 more for each further group (was 7·size + 2)', () => {
    const probs = new Float64Array([0.2, 0.5, 0.3]);
    for (const size of [4, 64, 1024]) {
      for (const groups of [1, 2, 3]) {
        const sizes: number[] = [];
        const allocate = (n: number): Float64Array => {
          sizes.push(n);
          return new Float64Array(n);
        };
        const inputs = Array.from({ length: groups }, (_, g) => ({ probs, count: 5 + g }));
        const out = circularCompose(inputs, size, allocate);
        expect(sizes.reduce((s, n) => s + n, 0)).toBe(3 * size + (groups > 1 ? size + 2 : 0));
        expect(out.length).toBe(size);
      }
    }
  });
  it('reads no scratch element before writing it: NaN-filled scratch gives the same bits', () => {
    const probs = Float64Array.from({ length: 50 }, (_, i) => 1 / (50 + i * i));
    for (const groups of [1, 2]) {
      const inputs = Array.from({ length: groups }, (_, g) => ({ probs, count: 3 + 1000 * g }));
      const dirty = circularCompose(inputs, 64, (n) => new Float64Array(n).fill(Number.NaN));
      const want = referenceCircular(inputs, 64);
      for (let i = 0; i < 64; i++) expect(Object.is(dirty[i], want[i])).toBe(true);
    }
  });
  it('composeInWindow gives the same bits when its scratch is reused within one job (several sizes in turn)', () => {
    const plds = [7, 40, 300].map((n) => {
      const probs = Float64Array.from({ length: n }, (_, i) => 1 + Math.sin(i));
      const total = probs.reduce((s, v) => s + v, 0);
      return { h: 0.01, offset: 3, probs: probs.map((v) => v / total), infinityMass: 0 };
    });
    const windowOf = (pld: DiscretePld, count: number) => planComposition([{ pld, count }], 1e-15);
    const alone = plds.map((pld, i) => composeInWindow([{ pld, count: 20 + i }], windowOf(pld, 20 + i), 1e-15, true));
    // the same compositions back to back (and again in reverse), sharing the pooled scratch
    for (const order of [[0, 1, 2, 2, 1, 0], [2, 2, 0, 0, 1]]) {
      for (const i of order) {
        const pld = plds[i] as DiscretePld;
        const got = composeInWindow([{ pld, count: 20 + i }], windowOf(pld, 20 + i), 1e-15, true);
        expect(got.probs.length).toBe((alone[i] as DiscretePld).probs.length);
        got.probs.forEach((v, j) => expect(Object.is(v, (alone[i] as DiscretePld).probs[j])).toBe(true));
      }
    }
  });
  it('composeInWindow reads the window across the wrap exactly as a modulo per bin does', () => {
    const probs = Float64Array.from({ length: 37 }, (_, i) => (i % 5 === 0 ? 0 : 1 / (1 + i)));
    const total = probs.reduce((s, v) => s + v, 0);
    for (let i = 0; i < probs.length; i++) probs[i] = (probs[i] as number) / total;
    const groups = [{ pld: { h: 0.01, offset: -5, probs, infinityMass: 1e-9 }, count: 9 }];
    const size = 512;
    const circular = circularCompose([{ probs, count: 9 }], size);
    for (const [lower, width] of [[0, 300], [100, 324], [400, 300], [700, 512], [-3, 260]] as const) {
      const got = composeInWindow(groups, { lower, upper: lower + width - 1, width }, 1e-15, true);
      expect(got.offset).toBe(-45 + lower);
      expect(got.probs.length).toBe(width);
      for (let j = 0; j < width; j++) {
        const v = circular[((lower + j) % size + size) % size] as number;
        expect(Object.is(got.probs[j], v > 0 ? v : 0)).toBe(true);
      }
    }
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
