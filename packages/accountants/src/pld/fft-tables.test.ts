import FFT from 'fft.js';
import { describe, expect, it } from 'vitest';
import { createFft } from './fft-tables.js';

/** Every own field of an fft.js instance, arrays as plain arrays (−0 and +0 kept apart by toEqual's Object.is). */
function fields(f: FFT): Record<string, unknown> {
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, ArrayBuffer.isView(v) || Array.isArray(v) ? Array.from(v as ArrayLike<number>) : v]));
}

describe('createFft (fft.js instances with typed tables)', () => {
  it('has the fields of new FFT(size), tables equal to the bit, for every size 2 … 2^14', () => {
    for (let size = 2; size <= 2 ** 14; size *= 2) {
      const ours = createFft(size);
      expect(Object.getPrototypeOf(ours)).toBe(FFT.prototype);
      expect(fields(ours)).toEqual(fields(new FFT(size)));
    }
  });

  it('takes the twiddle table of size N from the instance of 2N, to the bit, and ignores an instance of another size', () => {
    for (let size = 2; size <= 2 ** 14; size *= 2) {
      const fromLarger = createFft(size, createFft(2 * size));
      expect(Array.from(fromLarger.table)).toEqual(Array.from(new FFT(size).table));
      const fromOther = createFft(size, createFft(4 * size));
      expect(Array.from(fromOther.table)).toEqual(Array.from(new FFT(size).table));
    }
  });

  it('transforms as fft.js does, bit for bit (real forward, complex inverse)', () => {
    const size = 2 ** 10;
    const input = Float64Array.from({ length: size }, (_, i) => Math.sin(i * 0.37) + ((i * 7919) % 13) / 13);
    const want = new Float64Array(2 * size);
    const got = new Float64Array(2 * size);
    new FFT(size).realTransform(want, input);
    createFft(size).realTransform(got, input);
    expect(Array.from(got)).toEqual(Array.from(want));
    const back = new Float64Array(2 * size);
    const backWant = new Float64Array(2 * size);
    new FFT(size).inverseTransform(backWant, want);
    createFft(size).inverseTransform(back, got);
    expect(Array.from(back)).toEqual(Array.from(backWant));
  });

  it('throws a typed error naming size for a size that is not a power of two ≥ 2', () => {
    for (const size of [0, 1, 3, 6, 2.5, Number.NaN, -4]) expect(() => createFft(size)).toThrow(/size/);
  });
});
