/**
 * Files that used to crash or hang the CLI now end with exit 2 and one line naming the file:
 * a gzip bomb, an unterminated quote in a large CSV, a .json too big to parse whole, deeply
 * nested JSON, and an --out under /proc.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCaptured } from '../../src/test-helpers/capture-io.js';
import { BIG, scratch } from './generate.js';

/** The directories the CLI asks to create (counted: creating --out's directory is bounded work). */
const mkdirCalls = vi.hoisted(() => [] as { path: string; recursive: boolean }[]);
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const counted = {
    ...actual,
    mkdir: ((path: string, options?: { recursive?: boolean }) => {
      mkdirCalls.push({ path: String(path), recursive: options?.recursive === true });
      return actual.mkdir(path, options);
    }) as typeof actual.mkdir,
  };
  return { ...counted, default: counted };
});

describe('hostile input and output files', () => {
  const cwd = scratch('dpbounds-hostile-');
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));
  const expectRefused = (run: { code: number; stderr: string }, pattern: RegExp): void => {
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(pattern);
  };

  it('a gzip bomb is refused while it expands', async () => {
    writeFileSync(join(cwd, 'bomb.csv.gz'), gzipSync(Buffer.concat([Buffer.from('score,member\n'), Buffer.alloc(200 << 20, `0.${'5'.repeat(1000)},1\n`)]), { level: 9 }));
    expectRefused(await runCaptured(['audit', '--scores', 'bomb.csv.gz'], { cwd }), /^dpbounds audit: bomb\.csv\.gz: gzip expands over 100x: probable decompression bomb/);
  }, 120_000);

  it('an unterminated quote does not buffer the rest of the file (CI: the quote is reported at its line)', async () => {
    // Big: 72 MiB after the quote, past the 64 Mi-character record limit; CI: 1 MiB, reported at the end.
    writeFileSync(join(cwd, 'quote.csv'), `score,member\n0.2,1\n"0.5,1\n${'0.1,0\n'.repeat(BIG ? 12_000_000 : 170_000)}`);
    const pattern = BIG ? /^dpbounds audit: quote\.csv: line 3: .*record longer than 67108864 characters \(an unterminated quote\?\)/ : /^dpbounds audit: quote\.csv: line 3: unterminated quoted field$/m;
    expectRefused(await runCaptured(['audit', '--scores', 'quote.csv'], { cwd }), pattern);
  }, 120_000);

  it('a .json over the whole-document limit is refused with what to use instead', async () => {
    writeFileSync(join(cwd, 'big.json'), `[${'{"score":0.5,"member":1},'.repeat(2_800_000)}{"score":0.5,"member":1}]`);
    expectRefused(await runCaptured(['audit', '--scores', 'big.json'], { cwd }), /^dpbounds audit: big\.json: a \.json file is parsed whole .* write the table as \.csv, \.jsonl or \.npy/);
  }, 120_000);

  it('deeply nested JSON is refused by its depth (the limit every JSON input has), not a stack overflow', async () => {
    writeFileSync(join(cwd, 'deep.json'), `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    expectRefused(await runCaptured(['audit', '--scores', 'deep.json'], { cwd }), /^dpbounds audit: deep\.json: JSON nested more than 64 levels deep/);
    writeFileSync(join(cwd, 'deep.jsonl'), `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}\n`);
    expectRefused(await runCaptured(['audit', '--scores', 'deep.jsonl'], { cwd }), /^dpbounds audit: deep\.jsonl: line 1: JSON nested more than 64 levels deep/);
  }, 120_000);

  it('an --out under /proc fails at once instead of looping', async () => {
    writeFileSync(join(cwd, 't.csv'), 'score,member\n1,1\n0,0\n');
    // Node's recursive mkdir retries forever under /proc: one plain mkdir of the missing directory, counted
    mkdirCalls.length = 0;
    expectRefused(await runCaptured(['attack', '--method', 'loss', '--targets', 't.csv', '--out', '/proc/dpbounds/x.csv'], { cwd }), /^dpbounds attack: --out \/proc\/dpbounds\/x\.csv: cannot create the directory/);
    expect(mkdirCalls).toEqual([{ path: '/proc/dpbounds', recursive: false }]);
  });
});
