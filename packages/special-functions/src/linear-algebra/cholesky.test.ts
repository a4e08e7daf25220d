import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choleskyLower } from './cholesky.js';
import { backSubstitute, forwardSubstitute, forwardSubstituteRows } from './triangular-solve.js';

/** A random SPD matrix B Bᵀ + d·I (fast-check picks the entries of B). */
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

/** Naive L·Lᵀ, entry by entry. */
function reconstruct(l: Float64Array, d: number): Float64Array {
  const a = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j < d; j++) {
      let s = 0;
      for (let k = 0; k < d; k++) s += (l[i * d + k] as number) * (l[j * d + k] as number);
      a[i * d + j] = s;
    }
  }
  return a;
}

describe('choleskyLower', () => {
  it('factorises a known matrix', () => {
    const l = choleskyLower(new Float64Array([4, 2, 2, 3]), 2);
    expect(l).toBeDefined();
    expect([...(l as Float64Array)].map((v) => Number(v.toFixed(12)))).toEqual([2, 0, 1, Number(Math.SQRT2.toFixed(12))]);
    // 3 × 3 with an exact integer factor: L = [[2,0,0],[6,1,0],[-8,5,3]].
    expect([...(choleskyLower([4, 12, -16, 12, 37, -43, -16, -43, 98], 3) as Float64Array)]).toEqual([2, 0, 0, 6, 1, 0, -8, 5, 3]);
    expect(choleskyLower([], 0)).toEqual(new Float64Array(0));
  });

  it('returns undefined (never throws) for a matrix that is not positive definite or not valid', () => {
    expect(choleskyLower(new Float64Array([1, 2, 2, 1]), 2)).toBeUndefined();
    expect(choleskyLower(new Float64Array([1, 1, 1, 1]), 2)).toBeUndefined();
    expect(choleskyLower([0], 1)).toBeUndefined();
    expect(choleskyLower([-1], 1)).toBeUndefined();
    expect(choleskyLower([Number.NaN], 1)).toBeUndefined();
    expect(choleskyLower([Infinity], 1)).toBeUndefined();
    expect(choleskyLower([1, Number.NaN, Number.NaN, 1], 2)).toBeUndefined();
    expect(choleskyLower([1, 0, 0], 2)).toBeUndefined();
    expect(choleskyLower([1], 1.5)).toBeUndefined();
    expect(choleskyLower([1], -1)).toBeUndefined();
  });

  it('reproduces A = LLᵀ and solves L y = v (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 56, maxLength: 56 }), (d, entries) => {
        const a = spd(entries, d);
        const l = choleskyLower(a, d) as Float64Array;
        expect(l).toBeDefined();
        const back = reconstruct(l, d);
        for (let i = 0; i < d; i++) {
          for (let j = 0; j < d; j++) {
            expect(Math.abs((back[i * d + j] as number) - (a[i * d + j] as number))).toBeLessThan(1e-9 * (1 + Math.abs(a[i * d + j] as number)));
            if (j > i) expect(l[i * d + j]).toBe(0);
          }
          expect(l[i * d + i]).toBeGreaterThan(0);
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

  it('detects an indefinite matrix: A − (λ_min + t)·I fails for t > 0 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 36, maxLength: 36 }), (d, entries) => {
        // A = B Bᵀ + d·I has λ_min ≥ d, and the diagonal entry a_00 ≥ λ_min; subtracting a_00 + 1 from
        // the diagonal makes the (0,0) pivot −1.
        const a = spd(entries, d);
        const shift = (a[0] as number) + 1;
        for (let i = 0; i < d; i++) a[i * d + i] = (a[i * d + i] as number) - shift;
        expect(choleskyLower(a, d)).toBeUndefined();
      }),
      { seed: 12, numRuns: 50 },
    );
  });
});

describe('triangular solves', () => {
  it('solve A x = v with one forward and one back substitution (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 72, maxLength: 72 }), (d, entries) => {
        const a = spd(entries, d);
        const l = choleskyLower(a, d) as Float64Array;
        const v = entries.slice(64, 64 + d);
        const x = backSubstitute(l, d, forwardSubstitute(l, d, v, 0, new Float64Array(d)), 0, new Float64Array(d));
        for (let i = 0; i < d; i++) {
          let s = 0;
          for (let k = 0; k < d; k++) s += (a[i * d + k] as number) * (x[k] as number);
          expect(Math.abs(s - (v[i] as number))).toBeLessThan(1e-9 * (1 + Math.abs(v[i] as number)));
        }
      }),
      { seed: 13, numRuns: 100 },
    );
  });

  it('forward substitution reads from an offset and may solve in place', () => {
    const l = new Float64Array([2, 0, 1, 1]);
    expect([...forwardSubstitute(l, 2, [9, 4, 3], 1, new Float64Array(2))]).toEqual([2, 1]);
    const v = new Float64Array([4, 3]);
    expect(forwardSubstitute(l, 2, v, 0, v)).toBe(v);
    expect([...v]).toEqual([2, 1]);
    expect([...backSubstitute(l, 2, [2, 1], 0, new Float64Array(2))]).toEqual([0.5, 1]);
  });

  it('forwardSubstituteRows matches one forward substitution per vector around the block sizes', () => {
    for (const d of [1, 4, 5, 9]) {
      const entries = Array.from({ length: d * d }, (_, k) => Math.sin(k * 1.7) * 2);
      const l = choleskyLower(spd(entries, d), d) as Float64Array;
      for (const count of [1, 3, 4, 5, 64, 70, 131]) {
        const vectors = Float64Array.from({ length: count * d }, (_, k) => Math.cos(k * 0.37) * 3);
        const solved = forwardSubstituteRows(l, d, Float64Array.from(vectors), count);
        for (let r = 0; r < count; r++) {
          const y = forwardSubstitute(l, d, vectors, r * d, new Float64Array(d));
          for (let i = 0; i < d; i++) expect(solved[r * d + i]).toBeCloseTo(y[i] as number, 12);
        }
      }
    }
  });
});
