import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DpboundsTypeError } from '@dpbounds/special-functions';
import { parseCsv } from './csv.js';
import { loadTabularCsv, splitIndices } from './tabular-csv.js';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, CRLF and comma-plus-space', () => {
    const table = parseCsv('a, "b,c"\r\n1, "x ""y"""\r\n\r\n2,  z \n');
    expect(table.header).toEqual(['a', 'b,c']);
    expect(table.rows).toEqual([
      ['1', 'x "y"'],
      ['2', 'z'],
    ]);
  });
  it('names the line of a row with the wrong length', () => {
    expect(() => parseCsv('a,b\n1,2\n3\n')).toThrow('csv line 3');
    expect(() => parseCsv('')).toThrow(DpboundsTypeError);
    expect(() => parseCsv('a\n"x\n')).toThrow('unterminated');
  });
});

describe('loadTabularCsv', () => {
  const csv = 'x, colour, label\n1, red, yes\n2, blue, no\n3, ?, yes\n?, red, no\n';
  it('one-hot encodes text columns, standardises numbers, imputes missing numbers with the mean', () => {
    const { train, encoding } = loadTabularCsv(csv, { labelColumn: 'label', positiveLabel: 'yes', testFraction: 0 });
    expect(encoding.featureNames).toEqual(['x', 'colour=?', 'colour=blue', 'colour=red']);
    expect(Array.from(train.labels)).toEqual([1, 0, 1, 0]);
    const x = [0, 1, 2, 3].map((i) => train.features[i * 4] as number);
    expect(x[3]).toBe(0);
    expect(x[0]).toBeCloseTo(-Math.sqrt(1.5), 12);
    expect(Array.from(train.features.subarray(8, 12))).toEqual([x[2], 1, 0, 0]);
  });
  it('requires a binary label and names missing columns', () => {
    expect(() => loadTabularCsv(csv, { labelColumn: 'label' })).toThrow('positiveLabel');
    expect(() => loadTabularCsv(csv, { labelColumn: 'nope' })).toThrow('nope');
    expect(() => loadTabularCsv('a,b\n1,x\n2,y\n3,z\n', { labelColumn: 'b', positiveLabel: 'x' })).toThrow('binary');
  });
  it('refuses encoding options of the wrong type, naming them (library fuzz: drop: 0.5 threw a plain TypeError)', () => {
    const bad: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
      ['drop', { drop: 0.5 }],
      ['drop[0]', { drop: [1] }],
      ['categorical', { categorical: {} }],
      ['positiveLabel', { positiveLabel: new Float64Array([Number.NaN, 1]) }],
      ['missing', { missing: 0 }],
      ['labelColumn', { labelColumn: 1 }],
    ];
    for (const [parameter, change] of bad) {
      expect(() => loadTabularCsv(csv, { labelColumn: 'label', positiveLabel: 'yes', ...change } as never)).toThrow(expect.objectContaining({ name: 'DpboundsTypeError', parameter }));
    }
  });
  it('splits into disjoint, covering, sorted index sets', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.double({ min: 0, max: 0.99, noNaN: true }), fc.integer({ min: 0, max: 1000 }), (n, f, seed) => {
        const { train, test } = splitIndices(n, { testFraction: f, seed });
        expect(test.length).toBe(Math.round(f * n));
        const all = [...train, ...test].sort((a, b) => a - b);
        expect(all).toEqual(Array.from({ length: n }, (_, i) => i));
      }),
      { numRuns: 50, seed: 20261122 },
    );
    expect(() => splitIndices(10, { testFraction: 1, seed: 0 })).toThrow('testFraction');
  });
});
