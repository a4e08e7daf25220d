import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepConfigurationId } from '@dpbounds/accountants/advanced';
import { csvCell, parseCsv } from '../io/csv.js';
import { MAX_INPUT_ENV } from '../io/input-budget.js';
import { runCaptured } from '../test-helpers/capture-io.js';
import { MAX_SWEEP_HEADER_BYTES, openSweepMerge } from './sweep-merge.js';
import { recheckSample } from './sweep-recheck.js';
import { withRowDigest } from './sweep-row-digest.js';

// four configurations, RDP only: the files' checks are under test, not the numbers
// (0: q 0.001 σ 0.8, 1: q 0.001 σ 1.2, 2: q 0.004 σ 0.8, 3: q 0.004 σ 1.2)
const grid = ['--sampling-rate', '0.001,0.004', '--noise-multiplier', '0.8,1.2', '--steps', '50', '--delta', '1e-5', '--accountant', 'rdp'];
const formats = ['jsonl', 'csv'] as const;
type Format = (typeof formats)[number];
type Json = Record<string, unknown>;

const sweep = (argv: readonly string[], cwd: string): ReturnType<typeof runCaptured> => runCaptured(['sweep', ...grid, ...argv, '--workers', '1', '--json'], { cwd });
const merge = (argv: readonly string[], cwd: string): ReturnType<typeof runCaptured> => runCaptured(['sweep', 'merge', ...argv], { cwd });
const lines = (dir: string, file: string): string[] => readFileSync(join(dir, file), 'utf8').split('\n');
const write = (dir: string, file: string, all: readonly string[]): void => writeFileSync(join(dir, file), all.join('\n'));

/** One refusal: exit 2 and exactly one line on stderr matching `message`. */
function expectRefusal(run: { code: number; stderr: string }, message: RegExp): void {
  expect(run.stderr).toMatch(message);
  expect(run.code).toBe(2);
  expect(run.stderr.split('\n')).toHaveLength(2);
}

/** The cells of the one CSV record in `text`. */
const cellsOf = (text: string): string[] => [...((parseCsv('line', text)[0]?.cells ?? []) as readonly string[])];

/** Edits field `name` of a row line (`epsilon` is the RDP ε): JSONL by its JSON text, CSV by its cell; the digest is left as it was. */
function edit(format: Format, header: string, line: string, name: 'epsilon' | 'noiseMultiplier' | 'index', value: string): string {
  if (format === 'jsonl') {
    const key = name === 'epsilon' ? '"epsilon":' : `"${name}":`;
    const at = line.indexOf(key) + key.length;
    const end = line.slice(at).search(/[,}]/) + at;
    return `${line.slice(0, at)}${value}${line.slice(end)}`;
  }
  const columns = cellsOf(header);
  const cells = cellsOf(line);
  cells[columns.indexOf(name === 'epsilon' ? 'rdp.epsilon' : name)] = value;
  return cells.map(csvCell).join(',');
}

/** A result forged with its rowDigest recomputed: only re-evaluating the row catches it. */
function forgeEpsilon(format: Format, header: string, line: string, spec: string): string {
  const edited = edit(format, header, line, 'epsilon', '1e-6');
  if (format === 'jsonl') return withRowDigest('jsonl', spec, edited.replace(/,"rowDigest":"[0-9a-f]{64}"\}$/, '}'));
  return withRowDigest('csv', spec, edited.replace(/,[0-9a-f]{64}$/, ''));
}

/** A forgery beyond the digest: σ set to 99 with the id and rowDigest recomputed, as anyone can. */
function forgeNoiseMultiplier(format: Format, header: string, line: string, spec: string): string {
  const config = (fields: Json): string => sweepConfigurationId({ samplingRate: fields.samplingRate, noiseMultiplier: 99, steps: fields.steps, delta: fields.delta, neighbouring: fields.neighbouring });
  if (format === 'jsonl') {
    const { rowDigest: _digest, ...row } = JSON.parse(line) as Json;
    row.noiseMultiplier = 99;
    row.id = config(row);
    return withRowDigest('jsonl', spec, JSON.stringify(row));
  }
  const columns = cellsOf(header);
  const cells = cellsOf(line);
  const get = (name: string): string => cells[columns.indexOf(name)] as string;
  cells[columns.indexOf('noiseMultiplier')] = '99';
  cells[columns.indexOf('id')] = config({ samplingRate: Number(get('samplingRate')), steps: Number(get('steps')), delta: Number(get('delta')), neighbouring: get('neighbouring') });
  return withRowDigest('csv', spec, cells.slice(0, -1).map(csvCell).join(','));
}

const specOf = (format: Format, all: readonly string[]): string => {
  if (format === 'jsonl') return (JSON.parse(all[0] as string) as { spec: string }).spec;
  return cellsOf(all[1] as string)[2] as string;
};

async function fullSweep(format: Format): Promise<{ dir: string; full: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-integrity-'));
  const run = await sweep(['--out', `full.${format}`], dir);
  expect(run.stderr).toBe('');
  const full = lines(dir, `full.${format}`);
  expect(full).toHaveLength(6); // header, 4 rows, final newline
  return { dir, full };
}

describe('sweep resume checks every row and writes in configuration order', () => {
  for (const format of formats) {
    const out = `part.${format}`;
    it(`${format}: a deleted middle row is filled in its place; reordered rows are put in order`, async () => {
      const { dir, full } = await fullSweep(format);
      write(dir, out, [full[0], full[1], full[3], full[4], ''] as string[]);
      const filled = await sweep(['--out', out], dir);
      expect(JSON.parse(filled.stdout)).toMatchObject({ evaluated: 1, skipped: 3, checkedRows: 3, rewritten: true });
      expect(lines(dir, out)).toEqual(full);
      write(dir, out, [full[0], full[3], full[1], full[4], full[2], ''] as string[]);
      const reordered = await sweep(['--out', out], dir);
      expect(JSON.parse(reordered.stdout)).toMatchObject({ evaluated: 0, skipped: 4, rewritten: true });
      expect(lines(dir, out)).toEqual(full);
      // a deleted last row and a cut line are appended as before: no rewrite
      write(dir, out, [full[0], full[1], full[2], (full[3] as string).slice(0, 30)] as string[]);
      const appended = await sweep(['--out', out], dir);
      expect(JSON.parse(appended.stdout)).toMatchObject({ evaluated: 2, skipped: 2, rewritten: false, droppedPartialLine: true });
      expect(lines(dir, out)).toEqual(full);
    }, 60_000);

    it(`${format}: a duplicated row is refused naming both lines`, async () => {
      const { dir, full } = await fullSweep(format);
      write(dir, out, [full[0], full[1], full[2], full[2], full[3], ''] as string[]);
      expectRefusal(await sweep(['--out', out], dir), new RegExp(`^dpbounds sweep: --out ${out}: line 4 repeats configuration 1 \\(line 3\\); each configuration is written once; give another --out, or --force to start it over\\n$`));
      // nothing was written
      expect(lines(dir, out)).toEqual([full[0], full[1], full[2], full[2], full[3], '']);
    }, 60_000);

    it(`${format}: an edited ε, noise multiplier or index is refused naming the line and what differs`, async () => {
      const { dir, full } = await fullSweep(format);
      const header = full[0] as string;
      const cases: [string, RegExp][] = [
        [edit(format, header, full[2] as string, 'epsilon', '1e-6'), /line 3 does not match its rowDigest: the row was changed after dpbounds wrote it/],
        [edit(format, header, full[2] as string, 'noiseMultiplier', '99'), /line 3 noiseMultiplier is 99 where configuration 1 of this sweep has 1\.2;/],
        [edit(format, header, full[2] as string, 'index', '2'), /line 3 samplingRate is 0\.001 where configuration 2 of this sweep has 0\.004;/],
        // a forger who recomputes the id and the digest is still caught: the configuration is not the first one (index 1)
        [forgeNoiseMultiplier(format, header, full[2] as string, specOf(format, full)), /line 3 noiseMultiplier is 99 where configuration 1 of this sweep has 1\.2;/],
      ];
      for (const [line, message] of cases) {
        write(dir, out, [header, full[1], line, full[3], ''] as string[]);
        expectRefusal(await sweep(['--out', out], dir), message);
      }
    }, 60_000);
  }

  for (const format of formats) {
    it(`${format}: --recheck computes rows again and catches a result forged with its digest recomputed`, async () => {
      const { dir, full } = await fullSweep(format);
      const forged = forgeEpsilon(format, full[0] as string, full[2] as string, specOf(format, full));
      const out = `f.${format}`;
      write(dir, out, [full[0], full[1], forged, ''] as string[]);
      expectRefusal(await sweep(['--out', out, '--recheck', 'all'], dir), new RegExp(`^dpbounds sweep: --out ${out}: line 3 \\(configuration 1\\) differs from the row computed again \\(rdp\\.epsilon: the file has ${format === 'csv' ? '1e-6' : '0\\.000001'}, recomputed 0\\.40297484646790643\\): a result was changed after dpbounds wrote it, or another dpbounds version wrote the file\n$`));
      // what is not detected: without re-evaluating that row, the forgery checks (docs/sweep.md says so)
      const unchecked = await sweep(['--out', out, '--recheck', '0'], dir);
      expect(JSON.parse(unchecked.stdout)).toMatchObject({ skipped: 2, checkedRows: 2, rechecked: [] });
      // by default one kept row is computed again
      write(dir, out, full);
      expect(JSON.parse((await sweep(['--out', out], dir)).stdout)).toMatchObject({ skipped: 4, rechecked: [expect.any(Number)] });
      const bad = await sweep(['--out', out, '--recheck', '-1'], dir);
      expectRefusal(bad, /^dpbounds sweep: --recheck must be a whole number of rows ≥ 0 or all; found "-1"\n$/);
    }, 60_000);
  }

  it('jsonl: a field the sweep does not write, or a file of the earlier format, is refused', async () => {
    const { dir, full } = await fullSweep('jsonl');
    const extra = (full[1] as string).replace('"results":', '"note":"mine","results":');
    write(dir, 'x.jsonl', [full[0], extra, ''] as string[]);
    expectRefusal(await sweep(['--out', 'x.jsonl'], dir), /line 2 has a field "note" this sweep does not write/);
    const dropped = (full[1] as string).replace(/"results":\[.*\],"rowDigest"/, '"rowDigest"');
    write(dir, 'x.jsonl', [full[0], dropped, ''] as string[]);
    expectRefusal(await sweep(['--out', 'x.jsonl'], dir), /line 2 lacks the field results this sweep writes/);
    write(dir, 'x.jsonl', [(full[0] as string).replace('"dpboundsSweep":2', '"dpboundsSweep":1'), ''] as string[]);
    expectRefusal(await sweep(['--out', 'x.jsonl'], dir), /--out x.jsonl: was written by an earlier dpbounds \(sweep files without rowDigest\)/);
  }, 60_000);
});

describe('sweep merge checks every row, streaming', () => {
  for (const format of formats) {
    const shards = [`s0.${format}`, `s1.${format}`];
    const setUp = async (): Promise<{ dir: string; full: string[]; s0: string[] }> => {
      const { dir, full } = await fullSweep(format);
      for (const [i, file] of shards.entries()) expect((await sweep(['--shard', `${i}/2`, '--out', file], dir)).code).toBe(0);
      const s0 = lines(dir, shards[0] as string); // header, configurations 0 and 2
      expect(s0).toHaveLength(4);
      return { dir, full, s0 };
    };

    it(`${format}: joins the shards into the unsharded file, and refuses deleted, reordered and duplicated rows`, async () => {
      const { dir, full, s0 } = await setUp();
      const ok = await merge([...shards, '--out', `m.${format}`, '--json'], dir);
      expect(ok.stderr).toBe('');
      expect(JSON.parse(ok.stdout)).toMatchObject({ configurations: 4, checkedRows: 4 });
      expect(lines(dir, `m.${format}`)).toEqual(full);
      write(dir, shards[0] as string, [s0[0], s0[1], ''] as string[]);
      expectRefusal(await merge([...shards, '--out', `a.${format}`], dir), /^dpbounds sweep merge: missing 1 of 4 configurations \(indices 2\)/);
      write(dir, shards[0] as string, [s0[0], s0[2], s0[1], ''] as string[]);
      expectRefusal(await merge([...shards, '--out', `b.${format}`], dir), new RegExp(`s0.${format}: line 3: configuration 0 after configuration 2 \\(line 2\\): the rows are out of configuration order`));
      write(dir, shards[0] as string, [s0[0], s0[1], s0[1], s0[2], ''] as string[]);
      expectRefusal(await merge([...shards, '--out', `c.${format}`], dir), new RegExp(`s0.${format}: line 3: configuration 0 again \\(line 2\\); a file dpbounds sweep wrote holds each configuration once`));
      // nothing was written by a refused merge
      for (const f of ['a', 'b', 'c']) expect(existsSync(join(dir, `${f}.${format}`))).toBe(false);
    }, 60_000);

    it(`${format}: an edited ε, noise multiplier or index is refused naming the file, line and what differs`, async () => {
      const { dir, full, s0 } = await setUp();
      const header = s0[0] as string;
      const cases: [string, RegExp][] = [
        [edit(format, header, s0[2] as string, 'epsilon', '1e-6'), new RegExp(`^dpbounds sweep merge: s0.${format}: line 3 does not match its rowDigest`)],
        [edit(format, header, s0[2] as string, 'noiseMultiplier', '99'), new RegExp(`s0.${format}: line 3 its configuration \\(samplingRate 0.004, noiseMultiplier 99, steps 50, delta 0.00001, neighbouring "add-remove"\\) is not the one its id "[0-9a-f]{16}" names`)],
        [edit(format, header, s0[2] as string, 'index', '3'), new RegExp(`s0.${format}: line 3 does not match its rowDigest`)],
        // id and digest recomputed: every row checks on its own, the sweep does not
        [forgeNoiseMultiplier(format, header, s0[2] as string, specOf(format, full)), /^dpbounds sweep merge: the rows' configurations, in index order, are not those of sweep [0-9a-f]{16}/],
      ];
      for (const [i, [line, message]] of cases.entries()) {
        write(dir, shards[0] as string, [header, s0[1], line, ''] as string[]);
        expectRefusal(await merge([...shards, '--out', `e${i}.${format}`], dir), message);
        expect(existsSync(join(dir, `e${i}.${format}`))).toBe(false);
      }
    }, 60_000);
  }

  for (const format of formats) {
    it(`${format}: merge --recheck all catches a result forged with its digest recomputed`, async () => {
      const { dir, full } = await fullSweep(format);
      for (const [i, file] of [`s0.${format}`, `s1.${format}`].entries()) expect((await sweep(['--shard', `${i}/2`, '--out', file], dir)).code).toBe(0);
      const s1 = lines(dir, `s1.${format}`);
      write(dir, `s1.${format}`, [s1[0], forgeEpsilon(format, s1[0] as string, s1[1] as string, specOf(format, full)), s1[2], ''] as string[]);
      expectRefusal(await merge([`s0.${format}`, `s1.${format}`, '--out', `m.${format}`, '--recheck', 'all'], dir), new RegExp(`^dpbounds sweep merge: s1.${format}: line 2 \\(configuration 1\\) differs from the row computed again`));
      expect(existsSync(join(dir, `m.${format}`))).toBe(false);
      const ok = await merge([`s0.${format}`, `s1.${format}`, '--out', `m.${format}`, '--recheck', '0', '--json'], dir);
      expect(JSON.parse(ok.stdout)).toMatchObject({ checkedRows: 4, rechecked: [] });
    }, 60_000);
  }

  it('draws the rows to recheck uniformly without repeats, all of them with all', () => {
    expect(recheckSample('all', 3)).toEqual([0, 1, 2]);
    expect(recheckSample(5, 3)).toEqual([0, 1, 2]);
    expect(recheckSample(0, 3)).toEqual([]);
    const counts = new Array<number>(10).fill(0);
    for (let seed = 1; seed <= 2000; seed++) {
      const sample = recheckSample(3, 10, seed);
      expect(new Set(sample).size).toBe(3);
      expect(sample).toEqual([...sample].sort((a, b) => a - b));
      for (const p of sample) counts[p] = (counts[p] as number) + 1;
    }
    // each position with probability 3/10: 600 of 2000 draws, binomial sd ≈ 20.5; 5 sd either side
    for (const c of counts) expect(Math.abs(c - 600)).toBeLessThan(103);
  });

  it('refuses a file that is not a sweep file from its first line, and one over the input budget before reading it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-integrity-'));
    writeFileSync(join(dir, 'long.jsonl'), Buffer.alloc(MAX_SWEEP_HEADER_BYTES + 1024 * 1024, 0x78));
    expectRefusal(await merge(['long.jsonl', '--out', 'm.jsonl'], dir), /^dpbounds sweep merge: long.jsonl: not a sweep file written by dpbounds sweep --out \(line 1 is longer than 4 MiB\)\n$/);
    writeFileSync(join(dir, 'other.jsonl'), `{"hello":1}\n${'x'.repeat(1000)}\n`);
    expectRefusal(await merge(['other.jsonl', '--out', 'm.jsonl'], dir), /other.jsonl: not a sweep file .*line 1 is not a sweep header/);
    process.env[MAX_INPUT_ENV] = '1';
    try {
      writeFileSync(join(dir, 'big.jsonl'), Buffer.alloc(2 * 1024 * 1024, 0x0a));
      expectRefusal(await merge(['big.jsonl', '--out', 'm.jsonl'], dir), /^dpbounds sweep merge: big.jsonl: 2(\.0)? MiB is over the input budget of 1(\.0)? MiB/);
    } finally {
      delete process.env[MAX_INPUT_ENV];
    }
  });

  it('reads no more of a 1 GiB non-shard file than its first line (counted in chunks read)', async () => {
    let read = 0;
    /** 1 GiB in 1 MiB chunks, produced only as they are read. */
    async function* gib(first: string, fill: number): AsyncGenerator<Uint8Array> {
      const head = new TextEncoder().encode(first);
      for (let i = 0; i < 1024; i++) {
        read++;
        const chunk = new Uint8Array(1 << 20).fill(fill);
        if (i === 0) chunk.set(head);
        yield chunk;
      }
    }
    // no newline at all: refused once the first line passes 4 MiB
    await expect(openSweepMerge([{ path: 'x.jsonl', chunks: gib('', 0x78) }], 'jsonl')).rejects.toThrow(/x.jsonl: not a sweep file .*line 1 is longer than 4 MiB/);
    expect(read).toBe(MAX_SWEEP_HEADER_BYTES / (1 << 20) + 1);
    // a first line that is not a sweep header: refused after the first chunk
    read = 0;
    await expect(openSweepMerge([{ path: 'y.csv', chunks: gib('a,b,c\n', 0x0a) }], 'csv')).rejects.toThrow(/y.csv: not a sweep file .*line 1 is not the header of a sweep .csv/);
    expect(read).toBe(1);
  });

  it('names --out for a bad output name, and the missing input file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-integrity-'));
    expectRefusal(await merge(['A.jsonl', 'B.jsonl', '--out', 'x.jsonl\u0001'], dir), /^dpbounds sweep merge: --out "x\.jsonl\\u0001": a file name with control characters/);
    expectRefusal(await merge(['nosuch.jsonl', '--out', 'x.jsonl'], dir), /^dpbounds sweep merge: nosuch.jsonl: file not found\n$/);
  });
});
