import { describe, expect, it } from 'vitest';
import { choleskyLower } from './cholesky.js';
import { backSubstitute, forwardSubstitute, forwardSubstituteRows } from './triangular-solve.js';

const L = new Float64Array([2, 0, 1, 1]);

describe('triangular solves outside their domain: NaN, never a throw or a runaway loop (kernel policy)', () => {
  it('solve inside the domain as documented', () => {
    expect(Array.from(forwardSubstitute(L, 2, [4, 3], 0, new Float64Array(2)))).toEqual([2, 1]);
    expect(Array.from(backSubstitute(L, 2, [2, 1], 0, new Float64Array(2)))).toEqual([0.5, 1]);
    expect(Array.from(forwardSubstituteRows(L, 2, new Float64Array([4, 3, 2, 2]), 2))).toEqual([2, 1, 1, 1]);
  });

  it('d = ∞, 1e308, 1e9 or a fraction returns at once with NaN in out (d = ∞ once looped forever)', () => {
    for (const d of [Infinity, 1e308, 1e9, 1.5, -1, Number.NaN]) {
      expect(Array.from(forwardSubstitute(L, d, [4, 3], 0, new Float64Array(2))), `d = ${d}`).toEqual([NaN, NaN]);
      expect(Array.from(backSubstitute(L, d, [2, 1], 0, new Float64Array(2))), `d = ${d}`).toEqual([NaN, NaN]);
      expect(Array.from(forwardSubstituteRows(L, d, new Float64Array(4), 2)), `d = ${d}`).toEqual([NaN, NaN, NaN, NaN]);
      expect(choleskyLower(new Float64Array([4, 2, 2, 3]), d), `d = ${d}`).toBeUndefined();
    }
    for (const count of [Infinity, 1e9, -1, 0.5]) expect(Array.from(forwardSubstituteRows(L, 2, new Float64Array(4), count)), `count = ${count}`).toEqual([NaN, NaN, NaN, NaN]);
  });

  it('null, a BigInt, a Symbol or a short array in any position: NaN (or undefined for the factorisation), no TypeError', () => {
    const hostile: unknown[] = [null, undefined, 10n, Symbol('s'), 'x', {}, [1]];
    const good: unknown[] = [L, 2, [4, 3], 0, new Float64Array(2)];
    for (let position = 0; position < good.length; position++) {
      for (const value of hostile) {
        const args = [...good];
        args[position] = value;
        for (const solve of [forwardSubstitute, backSubstitute]) {
          const out = (solve as (...a: unknown[]) => Float64Array)(...args);
          expect(out.length, `${solve.name} position ${position}`).toBeGreaterThan(0);
          expect(Array.from(out).every(Number.isNaN), `${solve.name} position ${position}: ${String(value)}`).toBe(true);
        }
      }
    }
    for (const value of [null, undefined, 10n, Symbol('s'), 'x', {}]) {
      expect(choleskyLower(value as never, 2)).toBeUndefined();
      expect(Array.from(forwardSubstituteRows(value as never, 2, new Float64Array(4), 2)).every(Number.isNaN)).toBe(true);
      expect(Array.from(forwardSubstituteRows(L, 2, value as never, 2)).every(Number.isNaN)).toBe(true);
    }
  });
});
