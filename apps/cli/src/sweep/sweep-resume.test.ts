import { mkdtempSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandIo } from '../command.js';
import { MAX_INPUT_ENV } from '../io/input-budget.js';
import { runCaptured } from '../test-helpers/capture-io.js';
import { UsageError } from '../usage-error.js';
import { MAX_SWEEP_HEADER_BYTES } from './sweep-merge.js';
import { sweepPlanFromFlags } from './sweep-inputs.js';
import type { SweepFormat } from './sweep-format.js';
import type { SweepResumeProbe } from './sweep-resume.js';
import { runSweep } from './sweep-run.js';
import type { SweepRunSummary } from './sweep-run.js';

// 120 configurations, RDP only (a few ms each): the resume reader is under test, not the numbers
const gridFlags = { 'sampling-rate': '0.001:0.06:0.001', 'noise-multiplier': '0.8,1.2', steps: '50', delta: '1e-5', accountant: 'rdp' };
const gridArgv = Object.entries(gridFlags).flatMap(([flag, value]) => [`--${flag}`, value]);
const formats = ['jsonl', 'csv'] as const;
/** Bytes per read of `--out` in these tests: every file below spans many reads. */
const CHUNK = 512;

const ioIn = (cwd: string): CommandIo => ({ stdout: () => undefined, stderr: () => undefined, stderrIsTTY: false, cwd });

/** A probe counting the reads and the most bytes of `--out` held at once. */
function counter(): SweepResumeProbe & { calls: number; most: number } {
  const probe = {
    chunkBytes: CHUNK,
    calls: 0,
    most: 0,
    held: (bytes: number): void => {
      probe.calls++;
      probe.most = Math.max(probe.most, bytes);
    },
  };
  return probe;
}

/** Resumes `file` in `dir` in this thread, with `probe` watching the reader and the rewriter. */
async function resume(dir: string, file: string, format: SweepFormat, probe: SweepResumeProbe, recheck: number | 'all' = 1): Promise<SweepRunSummary> {
  const io = ioIn(dir);
  const plan = await sweepPlanFromFlags(gridFlags, io);
  return runSweep(io, { plan, out: { path: file, format }, force: false, shard: { index: 0, count: 1 }, workers: 1, workerScript: undefined, recheck, probe });
}

async function fullSweep(format: SweepFormat): Promise<{ dir: string; full: string; lines: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-resume-'));
  const run = await runCaptured(['sweep', ...gridArgv, '--workers', '1', '--out', `full.${format}`], { cwd: dir });
  expect(run.stderr).toBe('');
  const full = readFileSync(join(dir, `full.${format}`), 'utf8');
  const lines = full.split('\n');
  expect(lines).toHaveLength(122); // header, 120 rows, final newline
  return { dir, full, lines };
}

const longest = (lines: readonly string[]): number => Math.max(...lines.map((l) => Buffer.byteLength(l) + 1));

describe('sweep resume reads --out in bounded memory', () => {
  for (const format of formats) {
    it(`${format}: checks every row holding at most a read and the longest line, and rewrites in order holding as little`, async () => {
      const { dir, full, lines } = await fullSweep(format);
      const bound = CHUNK + longest(lines);
      // the file is many times what the reader may hold: reading it whole could not pass
      expect(Buffer.byteLength(full)).toBeGreaterThan(25 * bound);

      // a finished file: every row read, checked and kept
      writeFileSync(join(dir, `a.${format}`), full);
      const read = counter();
      expect(await resume(dir, `a.${format}`, format, read)).toMatchObject({ evaluated: 0, checked: 120, rewritten: false, rechecked: [expect.any(Number)] });
      expect(read.calls).toBeGreaterThanOrEqual(Buffer.byteLength(full) / CHUNK);
      expect(read.most).toBeLessThanOrEqual(bound);

      // rows reversed, two deleted before the last and the file cut mid-line: the missing rows are
      // computed and the file rewritten in configuration order, copied range by range
      const rows = lines.slice(1, -1);
      const damaged = [lines[0], ...rows.slice(0, 100).filter((_, i) => i !== 7 && i !== 50).reverse(), (rows[100] as string).slice(0, 25)].join('\n');
      writeFileSync(join(dir, `b.${format}`), damaged);
      const rewrite = counter();
      expect(await resume(dir, `b.${format}`, format, rewrite)).toMatchObject({ evaluated: 22, checked: 98, rewritten: true });
      expect(readFileSync(join(dir, `b.${format}`), 'utf8')).toBe(full);
      expect(rewrite.calls).toBeGreaterThanOrEqual((2 * Buffer.byteLength(damaged)) / CHUNK);
      expect(rewrite.most).toBeLessThanOrEqual(bound);

      // --recheck all reads each kept row back on its own
      const recheck = counter();
      expect(await resume(dir, `b.${format}`, format, recheck, 'all')).toMatchObject({ evaluated: 0, checked: 120, rechecked: expect.arrayContaining([0, 119]) });
      expect(recheck.most).toBeLessThanOrEqual(bound);
    }, 60_000);
  }
});

describe('sweep resume of a shard', () => {
  it('rewrites a damaged shard file in order, and refuses a row of another shard', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-resume-'));
    const shard = (file: string, i: number, extra: string[] = []): ReturnType<typeof runCaptured> => runCaptured(['sweep', ...gridArgv, '--workers', '1', '--shard', `${i}/3`, '--out', file, '--json', ...extra], { cwd: dir });
    expect((await shard('s1.jsonl', 1)).code).toBe(0);
    expect((await shard('s2.jsonl', 2)).code).toBe(0);
    const full = readFileSync(join(dir, 's1.jsonl'), 'utf8');
    const lines = full.split('\n');
    expect(lines).toHaveLength(42); // header, configurations 1, 4, …, 118, final newline
    // rows 2 … 30 reversed, the row of configuration 4 deleted
    writeFileSync(join(dir, 's1.jsonl'), [lines[0], ...lines.slice(1, 31).filter((_, i) => i !== 1).reverse(), ''].join('\n'));
    const resumed = await shard('s1.jsonl', 1);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ inShard: 40, evaluated: 11, skipped: 29, rewritten: true });
    expect(readFileSync(join(dir, 's1.jsonl'), 'utf8')).toBe(full);
    // a row of shard 2 in shard 1's file
    const other = readFileSync(join(dir, 's2.jsonl'), 'utf8').split('\n')[3] as string;
    writeFileSync(join(dir, 's1.jsonl'), [lines[0], lines[1], other, ''].join('\n'));
    const refused = await shard('s1.jsonl', 1);
    expect(refused.stderr).toBe('dpbounds sweep: --out s1.jsonl: line 3 (configuration 8) is not in shard 1/3; give another --out, or --force to start it over\n');
    expect(refused.code).toBe(2);
  }, 60_000);
});

describe('sweep resume keeps --out within the input budget', () => {
  const saved = process.env[MAX_INPUT_ENV];
  afterEach(() => {
    if (saved === undefined) delete process.env[MAX_INPUT_ENV];
    else process.env[MAX_INPUT_ENV] = saved;
  });

  it('refuses an --out over the budget from its size, before reading a byte, naming --out, the budget and the size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-resume-'));
    // sparse: 2 MiB of zeros without a newline, which a reader would refuse for another reason
    writeFileSync(join(dir, 'big.jsonl'), '');
    truncateSync(join(dir, 'big.jsonl'), 2 * 1024 * 1024);
    process.env[MAX_INPUT_ENV] = '1';
    const refused = await runCaptured(['sweep', ...gridArgv, '--workers', '1', '--out', 'big.jsonl'], { cwd: dir });
    expect(refused.stderr).toMatch(/^dpbounds sweep: --out big\.jsonl: 2\.0 MiB is over the input budget of 1\.0 MiB \(set DPBOUNDS_MAX_INPUT_MB to a larger number of MiB to read it anyway.*\); give another --out, or --force to start it over\n$/);
    expect(refused.code).toBe(2);
    expect(statSync(join(dir, 'big.jsonl')).size).toBe(2 * 1024 * 1024);
    const probe = counter();
    await expect(resume(dir, 'big.jsonl', 'jsonl', probe)).rejects.toThrow(UsageError);
    expect(probe.calls).toBe(0);
    // --force starts over without reading it
    const forced = await runCaptured(['sweep', ...gridArgv, '--workers', '1', '--out', 'big.jsonl', '--force', '--json'], { cwd: dir });
    expect(JSON.parse(forced.stdout)).toMatchObject({ evaluated: 120, skipped: 0 });
  }, 60_000);

  it('refuses a 64 GiB sparse --out at the default budget at once', async () => {
    delete process.env[MAX_INPUT_ENV];
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-resume-'));
    writeFileSync(join(dir, 'huge.csv'), '');
    truncateSync(join(dir, 'huge.csv'), 64 * 1024 ** 3);
    const refused = await runCaptured(['sweep', ...gridArgv, '--workers', '1', '--out', 'huge.csv'], { cwd: dir });
    expect(refused.stderr).toMatch(/^dpbounds sweep: --out huge\.csv: 64\.00 GiB is over the input budget of 256\.0 MiB/);
    expect(refused.code).toBe(2);
  });
});

describe('sweep resume reads the first line of --out as a header, bounded', () => {
  it('starts over a header cut off mid-write; refuses a first line that is not one, reading no more than 4 MiB of it', async () => {
    const { dir, full, lines } = await fullSweep('jsonl');
    writeFileSync(join(dir, 'cut.jsonl'), (lines[0] as string).slice(0, 30));
    expect(await resume(dir, 'cut.jsonl', 'jsonl', counter())).toMatchObject({ evaluated: 120, checked: 0, droppedPartialLine: false });
    expect(readFileSync(join(dir, 'cut.jsonl'), 'utf8')).toBe(full);

    writeFileSync(join(dir, 'notes.jsonl'), 'my notes, no newline');
    const notes = await runCaptured(['sweep', ...gridArgv, '--workers', '1', '--out', 'notes.jsonl'], { cwd: dir });
    expect(notes.stderr).toMatch(/^dpbounds sweep: --out notes\.jsonl: is not a file dpbounds sweep wrote \(its one line, without a newline, is not the start of this sweep's header\); give another --out, or --force to start it over\n$/);
    expect(notes.code).toBe(2);
    expect(readFileSync(join(dir, 'notes.jsonl'), 'utf8')).toBe('my notes, no newline');

    writeFileSync(join(dir, 'long.jsonl'), '');
    truncateSync(join(dir, 'long.jsonl'), 3 * MAX_SWEEP_HEADER_BYTES);
    const probe = counter();
    await expect(resume(dir, 'long.jsonl', 'jsonl', probe)).rejects.toThrow(/^--out long\.jsonl: is not a file dpbounds sweep wrote \(its first line is longer than 4 MiB\); give another --out, or --force to start it over$/);
    expect(probe.most).toBeLessThanOrEqual(MAX_SWEEP_HEADER_BYTES + CHUNK);
    expect(probe.calls).toBeLessThanOrEqual(MAX_SWEEP_HEADER_BYTES / CHUNK + 1);
  }, 60_000);
});
