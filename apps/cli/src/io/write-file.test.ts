import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandIo } from '../command.js';
import { UsageError } from '../usage-error.js';
import { tableFromBytes } from './read-table.js';
import { formatTableFile, writeOutputFile } from './write-file.js';

function ioIn(cwd: string, confirm?: (q: string) => Promise<boolean>): CommandIo {
  return { stdout: () => undefined, stderr: () => undefined, stderrIsTTY: false, cwd, ...(confirm !== undefined ? { confirm } : {}) };
}

describe('writeOutputFile', () => {
  it('creates a new file, with missing parent directories', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-out-'));
    await writeOutputFile('sub/out.csv', 'a\n1\n', ioIn(dir));
    expect(readFileSync(join(dir, 'sub/out.csv'), 'utf8')).toBe('a\n1\n');
  });

  it('refuses to overwrite without --force or confirmation, and leaves the file intact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-out-'));
    writeFileSync(join(dir, 'out.csv'), 'old');
    await expect(writeOutputFile('out.csv', 'new', ioIn(dir))).rejects.toThrow('out.csv already exists; pass --force to overwrite it');
    const questions: string[] = [];
    await expect(
      writeOutputFile('out.csv', 'new', ioIn(dir, async (q) => (questions.push(q), false))),
    ).rejects.toThrow(UsageError);
    expect(questions).toEqual(['out.csv exists. Overwrite it?']);
    expect(readFileSync(join(dir, 'out.csv'), 'utf8')).toBe('old');
  });

  it('overwrites when confirmed or forced', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-out-'));
    writeFileSync(join(dir, 'out.csv'), 'old');
    await writeOutputFile('out.csv', 'yes', ioIn(dir, async () => true));
    expect(readFileSync(join(dir, 'out.csv'), 'utf8')).toBe('yes');
    await writeOutputFile('out.csv', 'forced', ioIn(dir), { force: true });
    expect(readFileSync(join(dir, 'out.csv'), 'utf8')).toBe('forced');
  });

  it('names the file when it cannot be written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-out-'));
    writeFileSync(join(dir, 'file'), 'x');
    await expect(writeOutputFile('file/out.csv', 'x', ioIn(dir))).rejects.toThrow(/^file\/out\.csv: /);
    expect(existsSync(join(dir, 'file/out.csv'))).toBe(false);
  });
});

describe('formatTableFile', () => {
  const columns = { id: ['a,1', 'b'], score: new Float64Array([0.1 + 0.2, -3e-300]), member: [1, 0] };

  it('writes CSV, JSON and JSON Lines that the table reader reads back exactly', () => {
    for (const path of ['o.csv', 'o.json', 'o.jsonl']) {
      const content = formatTableFile(path, columns);
      const back = tableFromBytes(path, new TextEncoder().encode(content), {
        columns: { id: { kind: 'string' }, score: { kind: 'number' }, member: { kind: 'binary' } },
      });
      expect(back.strings('id'), path).toEqual(['a,1', 'b']);
      expect([...back.numbers('score')], path).toEqual([0.1 + 0.2, -3e-300]);
      expect([...back.numbers('member')], path).toEqual([1, 0]);
    }
  });

  it('refuses non-finite values, unequal columns and unknown extensions', () => {
    expect(() => formatTableFile('o.csv', { s: [Number.NaN] })).toThrow('o.csv: cannot write column "s", row 1: value NaN is not finite');
    expect(() => formatTableFile('o.csv', { s: [1], t: [1, 2] })).toThrow(UsageError);
    expect(() => formatTableFile('o.npy', { s: [1] })).toThrow('o.npy: unsupported output file type ".npy"');
  });
});
