import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlagSpec } from '../command.js';
import { UsageError } from '../usage-error.js';
import { npyFloat64 } from '../test-helpers/npy-file.js';
import { dashFor, isInputFileFlag, prepareStdin, sniffFormat, spoolStdin, stdinInput } from './stdin-input.js';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);
async function* chunks(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array | string> {
  yield* parts;
}
const file: FlagSpec = { type: 'string', valueName: 'FILE', description: '' };
const specs: Record<string, FlagSpec> = { targets: file, shadow: file, out: { type: 'string', valueName: 'FILE', description: '' }, method: { type: 'string', valueName: 'name', description: '' }, json: { type: 'boolean', description: '' } };

describe('sniffFormat: the format of standard input from its first bytes', () => {
  it('npy by its magic bytes, JSON by [ or {, JSON Lines by a whole object of non-arrays on the first line, else CSV', () => {
    expect(sniffFormat(npyFloat64(2, 1, Float64Array.of(1, 2)))).toBe('npy');
    expect(sniffFormat(text(' \n[{"score":1}]'))).toBe('json');
    expect(sniffFormat(text('\uFEFF{\n "score": [1, 2]\n}\n'))).toBe('json');
    expect(sniffFormat(text('{"score":[1,2],"member":[0,1]}'))).toBe('json');
    expect(sniffFormat(text('{"score":1,"member":0}\n{"score":2,"member":1}\n'))).toBe('jsonl');
    expect(sniffFormat(text('{"score":1,"member":0}\n'))).toBe('json');
    expect(sniffFormat(text('{"format":"dpbounds.run","steps":10}'))).toBe('json');
    expect(sniffFormat(text('score,member\n1,0\n'))).toBe('csv');
    expect(sniffFormat(text(''))).toBe('csv');
  });
});

describe('which flags take -', () => {
  it('file input flags (FILE in the placeholder), never --out or a flag naming something else', () => {
    expect(isInputFileFlag('targets', file)).toBe(true);
    expect(isInputFileFlag('dataset', { type: 'string', valueName: 'adult|FILE.csv', description: '' })).toBe(true);
    expect(isInputFileFlag('out', file)).toBe(false);
    expect(isInputFileFlag('method', specs.method as FlagSpec)).toBe(false);
    expect(stdinInput({ targets: '-', out: '-', method: '-' }, specs)).toBe('targets');
    expect(stdinInput({ targets: 'a.csv' }, specs)).toBeUndefined();
  });

  it('refuses two inputs given -, naming both (positional included)', () => {
    expect(() => stdinInput({ targets: '-', shadow: '-' }, specs)).toThrow(new UsageError('--targets and --shadow are both - (standard input), which can be read only once; give one of them as a file'));
    expect(() => stdinInput({ targets: '-', files: 'a.jsonl\n-' }, specs, { name: 'files', valueName: 'FILE…' })).toThrow(/^--targets and FILE… - are both - \(standard input\)/);
    expect(stdinInput({ files: 'a.jsonl\n-' }, specs, { name: 'files', valueName: 'FILE…' })).toBe('files');
    expect(() => stdinInput({ files: '-\na.jsonl\n-' }, specs, { name: 'files', valueName: 'FILE…' })).toThrow(new UsageError('FILE… has - (standard input) 2 times, which can be read only once; give all but one as a file'));
  });
});

describe('dashFor', () => {
  it('writes the path back as -, padded only where a column follows', () => {
    expect(dashFor('/t/stdin.csv: x /t/stdin.csv', '/t/stdin.csv')).toBe('-: x -');
    expect(dashFor('/t/stdin.csv  2', '/t/stdin.csv')).toBe(`-${' '.repeat(13)}2`);
    expect(dashFor('no path', '/t/stdin.csv')).toBe('no path');
  });
});

describe('spoolStdin', () => {
  const removes: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const remove of removes.splice(0)) await remove();
    delete process.env.DPBOUNDS_MAX_INPUT_MB;
  });

  it('keeps the bytes exactly (chunks of text or bytes) under a name from the content, gzip kept compressed', async () => {
    const plain = await spoolStdin(chunks('score,', text('member\n1,0\n')), '--targets - (standard input)');
    removes.push(plain.remove);
    expect(basename(plain.path)).toBe('stdin.csv');
    expect(readFileSync(plain.path, 'utf8')).toBe('score,member\n1,0\n');
    const zipped = gzipSync(text('{"score":1,"member":0}\n{"score":2,"member":1}\n'));
    const gz = await spoolStdin(chunks(zipped.subarray(0, 7), zipped.subarray(7)), 'x');
    removes.push(gz.remove);
    expect(basename(gz.path)).toBe('stdin.jsonl.gz');
    expect(readFileSync(gz.path)).toEqual(Buffer.from(zipped));
    await gz.remove();
    expect(existsSync(dirname(gz.path))).toBe(false);
  });

  it('refuses no standard input, an empty one and one over the input budget, naming the input', async () => {
    await expect(spoolStdin(undefined, '--scores - (standard input)')).rejects.toThrow(/^--scores - \(standard input\): standard input is a terminal; pipe the file into it/);
    await expect(spoolStdin(chunks(), '--scores - (standard input)')).rejects.toThrow(new UsageError('--scores - (standard input): standard input is empty'));
    process.env.DPBOUNDS_MAX_INPUT_MB = '1';
    let pieces = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (;;) {
        pieces++;
        yield new Uint8Array(256 * 1024);
      }
    }
    await expect(spoolStdin(endless(), '--scores - (standard input)')).rejects.toThrow(/^--scores - \(standard input\): over the input budget of 1\.0 MiB \(set DPBOUNDS_MAX_INPUT_MB/);
    // read no further than the budget: the 5th quarter-MiB passes 1 MiB
    expect(pieces).toBe(5);
  });

  it('prepareStdin: the flag names the spooled file; messages and output speak of - again', async () => {
    const run = await prepareStdin({ targets: '-', method: 'loss' }, specs, undefined, chunks('score,member\n1,0\n'));
    removes.push(run.remove);
    const path = run.values.targets as string;
    expect(basename(path)).toBe('stdin.csv');
    expect(run.values.method).toBe('loss');
    expect(run.message(`--targets ${path}: missing column "id"`)).toBe('--targets - (standard input): missing column "id"');
    expect(run.message(`${path}: row 2`)).toBe('--targets - (standard input): row 2');
    const sidecar = path.replace(/\.csv$/, '.json');
    expect(run.message(`--targets ${sidecar}: file not found (the JSON sidecar of ${path})`)).toBe('--targets <standard input>.json: file not found (the JSON sidecar of --targets - (standard input))');
    expect(run.output(`{"targets":"${path}"}`)).toBe('{"targets":"-"}');
    // a text table keeps its columns: the - is padded to the width of the path it replaces
    const table = run.output(`a.jsonl${' '.repeat(path.length - 5)}1 rows\n${path}  1 rows\n`).split('\n');
    expect(table[1]).toBe(`-${' '.repeat(path.length + 1)}1 rows`);
    expect(table[0]?.indexOf('1 rows')).toBe(table[1]?.indexOf('1 rows'));
    const unchanged = await prepareStdin({ targets: 'a.csv' }, specs, undefined, undefined);
    expect(unchanged.values).toEqual({ targets: 'a.csv' });
  });
});
