import { isDpboundsError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { matrixFromRows, requireMatrix } from './matrix.js';

describe('matrixFromRows', () => {
  it('copies equal-length rows', () => {
    expect(Array.from(matrixFromRows([[1, 2], [3, 4]]).data)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a row that is not an array and an entry that is not a number, naming it (library fuzz: an array nested 10⁴ deep overflowed the stack)', () => {
    let deep: unknown = 0.5;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const cases: ReadonlyArray<readonly [unknown, string]> = [[deep, 'rows[0][0]'], [[null], 'rows[0]'], [[[1], 5], 'rows[1]'], [[['1']], 'rows[0][0]']];
    for (const [rows, parameter] of cases) {
      let caught: unknown;
      try {
        matrixFromRows(rows as never);
      } catch (error) {
        caught = error;
      }
      expect(isDpboundsError(caught), String(caught)).toBe(true);
      expect((caught as { parameter: string }).parameter).toBe(parameter);
    }
  });
});

describe('requireMatrix', () => {
  it('refuses a parameter name that is not a string and a null shape with a typed error (library fuzz: a Symbol name threw building the error path)', () => {
    const m = matrixFromRows([[1, 2]]);
    expect(() => requireMatrix(Symbol('m') as never, m)).toThrow(expect.objectContaining({ parameter: 'parameter' }));
    expect(() => requireMatrix('m', m, null as never)).toThrow(expect.objectContaining({ parameter: 'shape' }));
    expect(requireMatrix('m', m)).toBe(m);
  });
});
