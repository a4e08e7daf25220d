import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choleskyLower, forwardSubstitute, whitenRows } from './cholesky.js';

/** A random SPD matrix B Bᵀ + d·I from a seeded integer stream (fast-check picks the entries). */
function spd(entries: number[], d: number): Float64Array {
  const b = entries.slice(0, d * d);
  const m = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j < d; j++) {
      let s = i === j ? d : 0;
      for (let k = 0; k < d; k++) s += (b[i * d + k] as number) * (b[j * d + k] as number);
      m[i * d + j] = s;
    }
  }
  return m;
}

describe('choleskyLower', () => {
  it('factorises a known matrix', () => {
    const l = choleskyLower(new Float64Array([4, 2, 2, 3]), 2);
    expect(l).toBeDefined();
    expect([...(l as Float64Array)].map((v) => Number(v.toFixed(12)))).toEqual([2, 0, 1, Number(Math.SQRT2.toFixed(12))]);
  });

  it('returns undefined for a matrix that is not positive definite', () => {
    expect(choleskyLower(new Float64Array([1, 2, 2, 1]), 2)).toBeUndefined();
    expect(choleskyLower(new Float64Array([1, 1, 1, 1]), 2)).toBeUndefined();
  });

  it('reproduces A = LLᵀ and solves L y = v (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 56, maxLength: 56 }), (d, entries) => {
        const a = spd(entries, d);
        const l = choleskyLower(a, d) as Float64Array;
        expect(l).toBeDefined();
        for (let i = 0; i < d; i++) {
          for (let j = 0; j < d; j++) {
            let s = 0;
            for (let k = 0; k < d; k++) s += (l[i * d + k] as number) * (l[j * d + k] as number);
            expect(Math.abs(s - (a[i * d + j] as number))).toBeLessThan(1e-9 * (1 + Math.abs(a[i * d + j] as number)));
            if (j > i) expect(l[i * d + j]).toBe(0);
          }
        }
        const v = entries.slice(0, d);
        const y = forwardSubstitute(l, d, v, 0, new Float64Array(d));
        for (let i = 0; i < d; i++) {
          let s = 0;
          for (let k = 0; k <= i; k++) s += (l[i * d + k] as number) * (y[k] as number);
          expect(Math.abs(s - (v[i] as number))).toBeLessThan(1e-9 * (1 + Math.abs(v[i] as number)));
        }
      }),
      { seed: 11, numRuns: 100 },
    );
  });
});

describe('whitenRows', () => {
  it('matches one forward substitution per row, for vector counts and dimensions around the block sizes', () => {
    for (const d of [5, 9]) checkWhiten(d);
  });
});

/** whitenRows against one forward substitution per vector, in dimension d. */
function checkWhiten(d: number): void {
  const entries = Array.from({ length: d * d }, (_, k) => Math.sin(k * 1.7) * 2);
  const l = choleskyLower(spd(entries, d), d) as Float64Array;
  const stride = 11;
  const columns = Uint32Array.from({ length: d }, (_, i) => (i * 5 + 6) % stride);
  const centre = Float64Array.from({ length: d }, (_, i) => Math.sin(i) - 0.5);
  for (const count of [1, 3, 4, 5, 9, 70, 131]) {
    const rows = Float64Array.from({ length: count * stride }, (_, k) => Math.cos(k * 0.37) * 3);
    const out = whitenRows(l, d, rows, stride, count, columns, centre, new Float64Array(count * d));
    for (let r = 0; r < count; r++) {
      const v = Array.from(columns, (c, i) => (rows[r * stride + c] as number) - (centre[i] as number));
      const y = forwardSubstitute(l, d, v, 0, new Float64Array(d));
      for (let i = 0; i < d; i++) expect(out[r * d + i]).toBeCloseTo(y[i] as number, 12);
    }
  }
}
