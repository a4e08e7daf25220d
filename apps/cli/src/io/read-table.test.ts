import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../usage-error.js';
import type { TableSpec } from './read-table.js';
import { readTable, tableFromBytes } from './read-table.js';

const spec: TableSpec = {
  columns: {
    id: { kind: 'string', required: false },
    score: { kind: 'number' },
    member: { kind: 'binary', required: false, aliases: ['label'] },
  },
};
const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('tableFromBytes: the same table from every format', () => {
  const expectTable = (path: string, bytes: Uint8Array): void => {
    const table = tableFromBytes(path, bytes, spec);
    expect(table.rowCount).toBe(3);
    expect([...table.numbers('score')]).toEqual([0.5, -1e-3, 2]);
    expect([...table.numbers('member')]).toEqual([1, 0, 1]);
    expect(table.strings('id')).toEqual(['a', 'b', '7']);
  };

  it('reads CSV, JSON (records and columns) and JSON Lines', () => {
    expectTable('t.csv', text('id,score,member,extra\na,0.5,1,x\nb,-1e-3,0,y\n7,2,1,z\n'));
    expectTable('t.json', text('[{"id":"a","score":0.5,"member":true},{"id":"b","score":-0.001,"member":false},{"id":7,"score":2,"member":1}]'));
    expectTable('t.json', text('{"id":["a","b",7],"score":[0.5,-0.001,2],"member":[1,0,1],"note":"ignored"}'));
    expectTable('t.jsonl', text('{"id":"a","score":0.5,"member":1}\n\n{"id":"b","score":-0.001,"member":0}\n{"id":"7","score":"2","member":"true"}\n'));
  });

  it('accepts an alias and leaves absent optional columns out', () => {
    const table = tableFromBytes('t.csv', text('score,label\n1,0\n2,1\n'), spec);
    expect([...table.numbers('member')]).toEqual([0, 1]);
    expect(table.has('id')).toBe(false);
    expect(() => table.strings('id')).toThrow('t.csv: missing column "id"');
  });

  it('maps .npy columns to the spec names in order', () => {
    const npy = readFileSync(new URL('./fixtures/i4-2d.npy', import.meta.url));
    const table = tableFromBytes('s.npy', npy, { columns: { score: { kind: 'number' }, member: { kind: 'binary', required: false } } });
    expect([...table.numbers('score')]).toEqual([1, 2, 3]);
    expect([...table.numbers('member')]).toEqual([0, 1, 0]);
    const oneD = tableFromBytes('s.npy', readFileSync(new URL('./fixtures/f4-1d.npy', import.meta.url)), { columns: { score: { kind: 'number' }, member: { kind: 'binary', required: false } } });
    expect(oneD.has('member')).toBe(false);
    expect(() => tableFromBytes('s.npy', readFileSync(new URL('./fixtures/f8-c.npy', import.meta.url)), { columns: { score: { kind: 'number' }, member: { kind: 'binary' } } })).toThrow(
      's.npy: wrong shape (2, 3): a .npy table needs 2 columns in the order score, member',
    );
  });
});

describe('tableFromBytes: errors name the file, the column and the row', () => {
  const cases: [string, string, string][] = [
    ['t.csv', 'id,member\na,1\n', 't.csv: missing column "score"; columns found: "id", "member"'],
    ['t.csv', 'score\n1\nnan\n', 't.csv: column "score", row 2 (line 3): expected a finite number, found "nan"'],
    ['t.csv', 'score\n1\n\n-inf\n', 't.csv: column "score", row 2 (line 4): expected a finite number, found "-inf"'],
    ['t.csv', 'score\n1\nabc\n', 't.csv: column "score", row 2 (line 3): expected a number, found "abc"'],
    ['t.csv', 'score,member\n1,\n', 't.csv: column "member", row 1 (line 2): expected 0 or 1, found an empty cell'],
    ['t.csv', 'score,member\n1,2\n', 't.csv: column "member", row 1 (line 2): expected 0 or 1, found "2"'],
    ['t.csv', 'score,member\n1\n', 't.csv: line 2: expected 2 fields like the header, found 1'],
    ['t.csv', 'score,score\n1,2\n', 't.csv: line 1: column "score" appears twice in the header'],
    ['t.csv', 'score\n', 't.csv: expected at least 1 data row, found 0'],
    ['t.csv', '', 't.csv: empty file'],
    ['t.json', '[{"score":1},{"score":null}]', 't.json: column "score", row 2 (index 1): expected a number, found null (NaN or a missing value?)'],
    ['t.json', '[{"score":1},{"other":2}]', 't.json: column "score", row 2 (index 1): expected a number, found nothing (missing value)'],
    ['t.json', '{"score":[1,2],"member":[1]}', 't.json: column "member" has 1 values but column "score" has 2'],
    ['t.json', '[1,2]', 't.json: row 1 (index 0) is not an object'],
    ['t.json', '{"score":[1,', 't.json: malformed JSON'],
    ['t.json', '42', 't.json: expected an array of objects or an object of arrays; found number'],
    ['t.jsonl', '{"score":1}\n[1]\n', 't.jsonl: line 2: expected a JSON object per line'],
    ['t.jsonl', '{"score":1}\n{"score":\n', 't.jsonl: line 2: malformed JSON'],
    ['t.txt', 'score\n1\n', 't.txt: unsupported file type ".txt"; use .csv, .json, .jsonl or .npy'],
  ];
  for (const [path, content, message] of cases) {
    it(`${path}: ${message.slice(path.length + 2, path.length + 50)}`, () => {
      expect(() => tableFromBytes(path, text(content), spec)).toThrow(UsageError);
      expect(() => tableFromBytes(path, text(content), spec)).toThrow(message);
    });
  }

  it('rejects non-integers in an integer column and binary garbage as text', () => {
    expect(() => tableFromBytes('t.csv', text('k\n1.5\n'), { columns: { k: { kind: 'integer' } } })).toThrow('t.csv: column "k", row 1 (line 2): expected an integer, found "1.5"');
    expect(() => tableFromBytes('t.csv', new Uint8Array([0xff, 0xfe, 0x00, 0x41]), spec)).toThrow('t.csv: not valid UTF-8 text');
  });
});

describe('readTable from disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dpbounds-io-'));
  writeFileSync(join(dir, 'ok.csv'), 'score\n3\n');
  mkdirSync(join(dir, 'folder.csv'));

  it('resolves paths against the working directory', async () => {
    const table = await readTable('ok.csv', { cwd: dir }, { columns: { score: { kind: 'number' } } });
    expect([...table.numbers('score')]).toEqual([3]);
  });

  it('names a missing file and a directory', async () => {
    await expect(readTable('missing.csv', { cwd: dir }, spec)).rejects.toThrow('missing.csv: file not found');
    await expect(readTable('folder.csv', { cwd: dir }, spec)).rejects.toThrow('folder.csv: is a directory, expected a file');
    await expect(readTable('x.parquet', { cwd: dir }, spec)).rejects.toThrow(UsageError);
  });
});
