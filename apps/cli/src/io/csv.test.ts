import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('splits records and cells with their line numbers, skipping blank lines and a BOM', () => {
    const records = parseCsv('t.csv', '\ufeffid,score\r\n\r\na,1\nb,2');
    expect(records).toEqual([
      { line: 1, cells: ['id', 'score'] },
      { line: 3, cells: ['a', '1'] },
      { line: 4, cells: ['b', '2'] },
    ]);
  });

  it('handles quotes, escaped quotes, commas and newlines inside quotes', () => {
    const records = parseCsv('t.csv', 'name,v\n"a, ""b""\nc",1\nnext,2\n');
    expect(records[1]).toEqual({ line: 2, cells: ['a, "b"\nc', '1'] });
    expect(records[2]).toEqual({ line: 4, cells: ['next', '2'] });
  });

  it('reports an unterminated quote and text after a closing quote with the line', () => {
    expect(() => parseCsv('t.csv', 'a\n"open\n')).toThrow('t.csv: line 2: unterminated quoted field');
    expect(() => parseCsv('t.csv', 'a\n"x"y\n')).toThrow('t.csv: line 2: unexpected text after a closing quote');
  });

  it('round-trips any grid of cells through csvCell (property)', () => {
    const cellArb = fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '1', ' ', 'é') , minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(fc.array(cellArb, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 }), (grid) => {
        const text = grid.map((row) => row.map(csvCell).join(',')).join('\n');
        expect(parseCsv('p.csv', text).map((r) => r.cells)).toEqual(grid);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
