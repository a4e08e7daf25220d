import fc from 'fast-check';
import { DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords } from './csv.js';

/** RFC 4180 quoting of one cell (what a CSV writer does). */
function quote(cell: string): string {
  return /[",\r\n]/.test(cell) || cell.trim() !== cell ? `"${cell.replace(/"/g, '""')}"` : cell;
}

describe('parseCsvRecords', () => {
  it('keeps cells verbatim by default, with line numbers, skipping blank lines and a BOM', () => {
    expect(parseCsvRecords('\ufeffid, score\r\n\r\na,1\n"x\ny",2')).toEqual([
      { line: 1, cells: ['id', ' score'] },
      { line: 3, cells: ['a', '1'] },
      { line: 4, cells: ['x\ny', '2'] },
    ]);
    // A line holding only "" is a record with one empty cell, not a blank line.
    expect(parseCsvRecords('v\n""\n\n')).toEqual([
      { line: 1, cells: ['v'] },
      { line: 2, cells: [''] },
    ]);
    expect(parseCsvRecords('')).toEqual([]);
    expect(parseCsvRecords('a,b\n1\n')[1]?.cells).toEqual(['1']);
  });

  it('trims unquoted cells and allows spaces around quotes when asked', () => {
    expect(parseCsvRecords(' a , "b, c" ,d\n   \n"q ""x""" , 2 ', { trim: true })).toEqual([
      { line: 1, cells: ['a', 'b, c', 'd'] },
      { line: 3, cells: ['q "x"', '2'] },
    ]);
  });

  it('reports an unterminated quote (line where it opens) and text after a closing quote', () => {
    const failure = (text: string, trim = false): DpboundsTypeError => {
      try {
        parseCsvRecords(text, { trim });
      } catch (error) {
        return error as DpboundsTypeError;
      }
      throw new Error('no error');
    };
    const open = failure('a\nb,"open\nmore\n');
    expect(open).toBeInstanceOf(DpboundsTypeError);
    expect(open.code).toBe('ERR_INVALID_FORMAT');
    expect(open.parameter).toBe('csv line 2');
    expect(open.found).toBe('unterminated quoted field');
    const after = failure('a\n"x\nz"y\n');
    expect(after.parameter).toBe('csv line 3');
    expect(after.found).toBe('unexpected text after a closing quote');
    expect(failure('"x" y', true).found).toBe('unexpected text after a closing quote');
  });

  it('round-trips any grid of cells written with RFC 4180 quoting, verbatim and trimmed (property)', () => {
    const cellArb = fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', '1', ' ', 'é'), minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(fc.array(cellArb, { minLength: 2, maxLength: 3 }), { minLength: 1, maxLength: 5 }), fc.boolean(), (grid, crlf) => {
        const text = grid.map((row) => row.map(quote).join(',')).join(crlf ? '\r\n' : '\n');
        expect(parseCsvRecords(text).map((r) => r.cells)).toEqual(grid);
        expect(parseCsvRecords(text, { trim: true }).map((r) => r.cells)).toEqual(grid);
      }),
      { seed: 17, numRuns: 200 },
    );
  });
});

describe('parseCsv on top of parseCsvRecords', () => {
  it('names the line of a malformed quote', () => {
    expect(() => parseCsv('a,b\n1,"2"x\n')).toThrow('csv line 2');
    expect(parseCsv('\ufeffa,b\n 1 , "2 "\n').rows).toEqual([['1', '2 ']]);
  });
});
