import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readStrategyFile, strategyFromJson, strategyFromLines } from './banded-strategy-file.js';

describe('strategyFromJson', () => {
  it('keeps the diagonals or the column norms as written', () => {
    expect(strategyFromJson('s.json', '{ "bands": [[1, 1, 1], [0.5]] }')).toEqual({ bands: [[1, 1, 1], [0.5]] });
    expect(strategyFromJson('s.json', '{ "columnNorms": [1, 0.9] }')).toEqual({ columnNorms: [1, 0.9] });
  });

  it('refuses other shapes, naming the file and the entry', () => {
    expect(() => strategyFromJson('s.json', '[1, 2]')).toThrow('s.json: expected a JSON object { "bands": [[...], ...] } or { "columnNorms": [...] }; found an array');
    expect(() => strategyFromJson('s.json', '{}')).toThrow('found no keys');
    expect(() => strategyFromJson('s.json', '{ "bands": [] }')).toThrow('s.json: bands must be a non-empty array of diagonals (arrays of numbers); found an empty array');
    expect(() => strategyFromJson('s.json', '{ "bands": [1, 0.5] }')).toThrow('s.json: bands[0] must be an array of numbers; found 1');
    expect(() => strategyFromJson('s.json', '{ "bands": [[1], ["0.5"]] }')).toThrow('s.json: bands[1][0] must be a number; found "0.5"');
    expect(() => strategyFromJson('s.json', '{ "columnNorms": { "0": 1 } }')).toThrow('s.json: columnNorms must be an array of numbers; found an object');
    expect(() => strategyFromJson('s.json', 'NaN')).toThrow('s.json: not valid JSON');
  });
});

describe('strategyFromLines', () => {
  it('reads one norm per line: numpy.savetxt output, CRLF, a byte-order mark, blank lines and the optional header', () => {
    expect(strategyFromLines('n.txt', '1.000000000000000000e+00\n9.000000000000000222e-01\n')).toEqual({ columnNorms: [1, 0.9] });
    expect(strategyFromLines('n.csv', '\uFEFFcolumnNorms\r\n1\r\n\r\n.5\r\n')).toEqual({ columnNorms: [1, 0.5] });
  });

  it('refuses anything but one finite number per line, naming the line', () => {
    expect(() => strategyFromLines('n.txt', '1\n1,2\n')).toThrow('n.txt: line 2: expected one column norm (a finite number) per line; found "1,2"');
    expect(() => strategyFromLines('n.txt', '1\nnan\n')).toThrow('line 2');
    expect(() => strategyFromLines('n.txt', '1\n1e400\n')).toThrow('line 2');
    expect(() => strategyFromLines('n.txt', '1\ncolumnNorms\n')).toThrow('line 2');
    expect(() => strategyFromLines('n.txt', 'columnNorms\n\n')).toThrow('n.txt: no column norms');
  });
});

describe('readStrategyFile', () => {
  it('reads gzip transparently and prefixes every problem with --strategy and the path as given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-strategy-'));
    writeFileSync(join(dir, 's.json.gz'), gzipSync('{ "bands": [[1], [0.25]] }'));
    expect(await readStrategyFile('s.json.gz', dir)).toEqual({ bands: [[1], [0.25]] });
    await expect(readStrategyFile('nope.json', dir)).rejects.toThrow(/^--strategy nope\.json: /);
    await expect(readStrategyFile('s', dir)).rejects.toThrow('--strategy s: unsupported file type "(none)"');
    writeFileSync(join(dir, 'bin.txt'), Buffer.from([0xff, 0xfe, 0x00]));
    await expect(readStrategyFile('bin.txt', dir)).rejects.toThrow('--strategy bin.txt: not valid UTF-8 text');
  });
});
