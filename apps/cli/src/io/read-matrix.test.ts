import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../usage-error.js';
import { matrixFromBytes } from './read-matrix.js';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('matrixFromBytes', () => {
  it('reads the same 2 × 3 matrix from .npy, .csv (with or without header), .json and .jsonl', () => {
    const expected = [1.5, -2, 3.25, 4, 5.5, -6];
    const sources: [string, Uint8Array][] = [
      ['g.npy', readFileSync(new URL('./fixtures/f8-fortran.npy', import.meta.url))],
      ['g.csv', text('1.5,-2,3.25\n4,5.5,-6\n')],
      ['g.csv', text('g0,g1,g2\n1.5,-2,3.25\n4,5.5,-6\n')],
      ['g.json', text('[[1.5,-2,3.25],[4,5.5,-6]]')],
      ['g.jsonl', text('[1.5,-2,3.25]\n[4,5.5,-6]\n')],
    ];
    for (const [path, bytes] of sources) {
      const m = matrixFromBytes(path, bytes);
      expect([m.rows, m.columns, ...m.data], path).toEqual([2, 3, ...expected]);
    }
  });

  it('reads a 1-D array as one column', () => {
    const m = matrixFromBytes('v.json', text('[1,2,3]'));
    expect([m.rows, m.columns]).toEqual([3, 1]);
  });

  it('rejects ragged rows, non-finite values and a wrong number of columns', () => {
    expect(() => matrixFromBytes('g.csv', text('1,2\n3\n'))).toThrow('g.csv: wrong shape: line 2 has 1 values, the first row has 2');
    expect(() => matrixFromBytes('g.json', text('[[1,null]]'))).toThrow('g.json: row 1 (index 0), column 2: expected a finite number, found null (NaN?)');
    expect(() => matrixFromBytes('g.csv', text('1,2\n3,inf\n'))).toThrow('g.csv: line 2, column 2: expected a finite number, found "inf"');
    expect(() => matrixFromBytes('g.jsonl', text('[1,2]\n[3,4]\n'), { columns: 3 })).toThrow('g.jsonl: wrong shape: expected 3 columns, found 2');
    expect(() => matrixFromBytes('g.json', text('[]'), { minRows: 1 })).toThrow('g.json: expected at least 1 row, found 0');
    expect(() => matrixFromBytes('g.json', text('{"a":1}'))).toThrow(UsageError);
  });
});
