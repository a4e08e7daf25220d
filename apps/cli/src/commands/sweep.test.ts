import { mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../main.js';
import { parseCsv } from '../io/csv.js';
import { flattenSweepRow } from '../sweep/sweep-csv-fields.js';
import { runCaptured } from '../test-helpers/capture-io.js';

type Json = Record<string, unknown>;
const sweepJson = async (argv: readonly string[], cwd?: string): Promise<Json> => {
  const r = await runCaptured(['sweep', ...argv, '--workers', '1', '--json'], cwd === undefined ? {} : { cwd });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Json;
};
const commandJson = async (argv: readonly string[]): Promise<Json> => {
  const r = await runCaptured([...argv, '--json']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Json;
};

/** The files this process holds open (Linux: /proc/self/fd), by target, sorted. */
function openFileDescriptors(): string[] {
  const dir = '/proc/self/fd';
  return readdirSync(dir)
    .map((fd) => {
      try {
        return readlinkSync(join(dir, fd));
      } catch {
        return ''; // the descriptor readdir itself used, closed by now
      }
    })
    .filter((target) => target.startsWith('/'))
    .sort();
}

describe('dpbounds sweep: rows equal the single commands', () => {
  it('for every accountant (ε at δ, TPR@FPR) and every threat model', async () => {
    const out = await sweepJson(['--sampling-rate', '0.01', '--noise-multiplier', '1:1.5:0.5', '--steps', '100', '--delta', '1e-5', '--accountant', 'all', '--threat', 'bayes,gmip,rtm', '--fpr', '0.01,0.1', '--dataset-size', '10000', '--params', '20']);
    expect(out).toMatchObject({ configurations: 2, evaluated: 2, skipped: 0, shard: '0/1', rowsWithErrors: 0 });
    const rows = out.rows as Json[];
    expect(rows.map((r) => r.noiseMultiplier)).toEqual([1, 1.5]);
    for (const row of rows) {
      const sigma = String(row.noiseMultiplier);
      const run = ['--sampling-rate', '0.01', '--noise-multiplier', sigma, '--steps', '100'];
      const dp = await commandJson(['dp', ...run, '--delta', '1e-5', '--accountant', 'all', '--fpr', '0.01,0.1']);
      expect(row.results).toEqual(dp.results);
      expect(row.bayesSecurity).toEqual(await commandJson(['bayes-security', ...run, '--neighbouring', 'add-remove', '--fpr', '0.01,0.1']));
      expect(row.gmip).toEqual(await commandJson(['gmip', '--batch-size', '100', '--dataset-size', '10000', '--steps', '100', '--params', '20', '--noise-multiplier', sigma, '--clip', '1', '--fpr', '0.01,0.1']));
      expect(row.rtm).toEqual(await commandJson(['rtm', '--mechanism', 'subsampled-gaussian', '--sensitivity', '1', '--scale', sigma, '--sampling-rate', '0.01', '--compositions', '100', '--fpr', '0.01,0.1']));
    }
  }, 120_000);

  it('for δ at ε, substitution, and calibration rows', async () => {
    const byEpsilon = await sweepJson(['--sampling-rate', '0.02', '--noise-multiplier', '1.2', '--steps', '50,100', '--epsilon', '1', '--accountant', 'pld', '--neighbouring', 'substitution']);
    for (const row of byEpsilon.rows as Json[]) {
      const dp = await commandJson(['dp', '--sampling-rate', '0.02', '--noise-multiplier', '1.2', '--steps', String(row.steps), '--epsilon', '1', '--neighbouring', 'substitution']);
      expect(row.results).toEqual([dp]);
    }
    const calibration = await sweepJson(['--sampling-rate', '0.01', '--steps', '100', '--delta', '1e-5', '--target-epsilon', '1,2', '--accountant', 'pld,rdp']);
    for (const row of calibration.rows as Json[]) {
      const expected = await Promise.all(['pld', 'rdp'].map((a) => commandJson(['calibrate', '--target-epsilon', String(row.targetEpsilon), '--delta', '1e-5', '--sampling-rate', '0.01', '--steps', '100', '--accountant', a])));
      expect(row.calibrations).toEqual(expected);
    }
  }, 120_000);
});

describe('dpbounds sweep: input errors exit 2 with one line naming the flag', () => {
  const cases: [string[], RegExp][] = [
    [['--sampling-rate', '0.01', '--noise-multiplier', '2:1:0.1', '--steps', '10', '--delta', '1e-5'], /^dpbounds sweep: --noise-multiplier .*start ≤ stop.*found "2:1:0.1"\n$/],
    [['--sampling-rate', '0.01,1.5', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5'], /^dpbounds sweep: --sampling-rate 0.01,1.5: --sampling-rate must be in \(0, 1\]; found 1.5\n$/],
    [['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5', '--accountant', 'pdl'], /did you mean pld\?/],
    [['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5', '--threat', 'gmip'], /^dpbounds sweep: missing --dataset-size \(an integer ≥ 1: μ-GMIP needs the dataset size N; batch size n = qN\)\n$/],
    [['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5', '--shard', '3/3'], /--shard must be i\/n/],
    [['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5', '--out', 'x.json'], /--out x.json: a sweep is written as .jsonl/],
    [['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5', '--recheck', '2'], /^dpbounds sweep: --recheck needs --out \(it computes rows of the file being resumed again\)\n$/],
    [['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '10'], /^dpbounds sweep: missing --delta \(report ε at δ\) or --epsilon \(report δ at ε\)\n$/],
  ];
  for (const [argv, message] of cases) {
    it(argv.slice(-2).join(' '), async () => {
      const r = await runCaptured(['sweep', ...argv, '--workers', '1']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.split('\n')).toHaveLength(2);
    });
  }

  it('validates a configurations file before any work, naming file, line and field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-'));
    writeFileSync(join(dir, 'c.csv'), 'samplingRate,noiseMultiplier,steps,delta\n0.01,1,10,1e-5\n0.01,-1,10,1e-5\n');
    const bad = await runCaptured(['sweep', '--configs', 'c.csv', '--workers', '1'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('dpbounds sweep: c.csv: line 3: noiseMultiplier must be in (0, ∞); found -1\n');
    writeFileSync(join(dir, 'd.jsonl'), '{"samplingRate":0.01,"noiseMultipler":1,"steps":10,"delta":1e-5}\n');
    const typo = await runCaptured(['sweep', '--configs', 'd.jsonl', '--workers', '1'], { cwd: dir });
    expect(typo.stderr).toMatch(/d.jsonl: line 1: unknown field "noiseMultipler" \(did you mean noiseMultiplier\?\)/);
    writeFileSync(join(dir, 'e.jsonl'), '{"samplingRate":0.01,"noiseMultiplier":1,"steps":10,"delta":1e-5}\n{"samplingRate":0.01,"noiseMultiplier":2,"steps":10,"delta":1e-5,"neighbouring":"substitution"}\n');
    const good = await sweepJson(['--configs', 'e.jsonl', '--accountant', 'pld'], dir);
    expect((good.rows as Json[]).map((r) => [r.noiseMultiplier, r.neighbouring])).toEqual([[1, 'add-remove'], [2, 'substitution']]);
  });
});

describe('dpbounds sweep: streaming output, resume, shards and merge', () => {
  // RDP without TPR@FPR keeps these runs fast: the files' structure is under test here; the rows'
  // content is checked against the single commands above, the TPR columns by the CSV-fields test
  const grid = ['--sampling-rate', '0.001,0.004', '--noise-multiplier', '0.8:1.2:0.2', '--steps', '50:100:50', '--delta', '1e-5', '--accountant', 'rdp'];
  /** Another sweep over the same configurations (with TPR@FPR: other CSV columns, another spec). */
  const otherGrid = [...grid, '--fpr', '0.1'];

  for (const ext of ['jsonl', 'csv']) {
    it(`resumes a ${ext} file cut mid-line to the same file as an uninterrupted run`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-'));
      const full = await sweepJson([...grid, '--out', `full.${ext}`], dir);
      expect(full).toMatchObject({ configurations: 12, evaluated: 12, skipped: 0 });
      const text = readFileSync(join(dir, `full.${ext}`), 'utf8');
      const lines = text.split('\n');
      expect(lines).toHaveLength(14); // header, 12 rows, final newline
      // an interrupted run: the header, four rows and half of the fifth
      const cut = `${lines.slice(0, 5).join('\n')}\n${(lines[5] as string).slice(0, 40)}`;
      writeFileSync(join(dir, `part.${ext}`), cut);
      const resumed = await sweepJson([...grid, '--out', `part.${ext}`], dir);
      expect(resumed).toMatchObject({ evaluated: 8, skipped: 4, droppedPartialLine: true });
      expect(readFileSync(join(dir, `part.${ext}`), 'utf8')).toBe(text);
      // re-running a finished sweep evaluates nothing
      expect(await sweepJson([...grid, '--out', `part.${ext}`], dir)).toMatchObject({ evaluated: 0, skipped: 12 });
      // another sweep into the same file is refused; --force starts over
      const other = await runCaptured(['sweep', ...otherGrid, '--out', `part.${ext}`, '--workers', '1'], { cwd: dir });
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(new RegExp(`^dpbounds sweep: --out part.${ext}: holds the rows of another sweep.*--force`));
      expect(await sweepJson([...otherGrid, '--out', `part.${ext}`, '--force'], dir)).toMatchObject({ evaluated: 12, skipped: 0 });
    }, 120_000);
  }

  // one configuration per kind: a row's fields depend on the kind of sweep, not on its values
  const run = ['--sampling-rate', '0.004', '--steps', '50'];
  const threats = ['--threat', 'bayes,gmip,rtm', '--dataset-size', '10000', '--params', '20'];
  const sweepKinds: Record<string, string[]> = {
    byDelta: [...run, '--noise-multiplier', '0.8', '--delta', '1e-5', '--accountant', 'all', '--fpr', '0.01,0.1', ...threats],
    byEpsilon: [...run, '--noise-multiplier', '1', '--epsilon', '1', '--accountant', 'all', '--fpr', '0.01', ...threats],
    substitutionDefaultFprs: [...run, '--noise-multiplier', '1', '--delta', '1e-5', '--neighbouring', 'substitution', '--accountant', 'all', ...threats],
    skipDp: [...run, '--noise-multiplier', '1', '--delta', '1e-5', '--accountant', 'rdp', '--skip-dp', ...threats],
    calibration: [...run, '--delta', '1e-5', '--target-epsilon', '1', '--accountant', 'all', '--fpr', '0.01'],
    coarsenedGrid: ['--sampling-rate', '0.5', '--steps', '100000', '--delta', '1e-5', '--noise-multiplier', '0.3', '--accountant', 'pld,gdp'],
  };
  // one test per kind of sweep (each a few seconds of CPU; together they were one 19 s test)
  it.each(Object.entries(sweepKinds))('writes every field of the JSONL rows to the CSV, flattened to dotted columns: %s sweep', async (name, argv) => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-'));
    await sweepJson([...argv, '--out', `${name}.csv`], dir);
    await sweepJson([...argv, '--out', `${name}.jsonl`], dir);
    // every kind of row passes the resume and merge checks (fields, digest, rows computed again)
    for (const ext of ['csv', 'jsonl']) {
      expect(await sweepJson([...argv, '--out', `${name}.${ext}`, '--recheck', ext === 'jsonl' ? 'all' : '0'], dir), `${name}.${ext} resumed`).toMatchObject({ evaluated: 0, rewritten: false });
      const merged = await runCaptured(['sweep', 'merge', `${name}.${ext}`, '--out', `merged-${name}.${ext}`, '--recheck', '0'], { cwd: dir });
      expect(merged.stderr, `${name}.${ext} merged`).toBe('');
      expect(readFileSync(join(dir, `merged-${name}.${ext}`), 'utf8')).toBe(readFileSync(join(dir, `${name}.${ext}`), 'utf8'));
    }
    const [head, ...records] = parseCsv(`${name}.csv`, readFileSync(join(dir, `${name}.csv`), 'utf8')).map((r) => r.cells);
    const names = head as string[];
    expect(new Set(names).size, `${name}: column names are unique`).toBe(names.length);
    const jsonRows = readFileSync(join(dir, `${name}.jsonl`), 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l) as Json);
    expect(records).toHaveLength(jsonRows.length);
    jsonRows.forEach((row, i) => {
      const cells = new Map(names.map((n, j) => [n, (records[i] as string[])[j]]));
      const flat = flattenSweepRow(row);
      // every field has its own column (nothing falls through to `other`), with the JSONL value
      expect(cells.get('other'), `${name}: fields without a column`).toBe('');
      expect([...flat.keys()].filter((k) => !cells.has(k)), name).toEqual([]);
      // each format's rowDigest is over its own line (sweep-row-digest.ts): the same field, another value
      for (const [key, value] of flat) if (key !== 'rowDigest') expect(cells.get(key), `${name} ${key}`).toBe(typeof value === 'string' ? value : String(value));
      expect([cells.get('rowDigest'), row.rowDigest]).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)]);
      expect(JSON.parse(cells.get('request') as string)).toEqual(JSON.parse(readFileSync(join(dir, `${name}.jsonl`), 'utf8').split('\n')[0] as string).request);
      // spot checks of the naming against the JSONL rows themselves
      expect(cells.get('id')).toBe(row.id);
      if (name === 'byDelta') {
        const pld = (row.results as Json[]).find((r) => r.accountant === 'pld') as Json;
        expect(Number(cells.get('pld.epsilonLower'))).toBe(pld.epsilonLower);
        expect(Number(cells.get('pld.tpr@0.1'))).toBe(((pld.tprAtFpr as Json[])[1] as Json).tpr);
        expect(cells.get('gmip.kinds.mu')).toBe(((row.gmip as Json).kinds as Json).mu);
        expect(JSON.parse(cells.get('rtm.binding') as string)).toEqual((row.rtm as Json).binding);
      }
    });
  }, 120_000);

  for (const ext of ['jsonl', 'csv']) {
    it(`merges ${ext} shards into the unsharded file; refuses gaps, duplicates and other sweeps`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-'));
      await sweepJson([...grid, '--out', `all.${ext}`], dir);
      const shards = [0, 1, 2].map((i) => `s${i}.${ext}`);
      for (const [i, file] of shards.entries()) {
        expect(await sweepJson([...grid, '--shard', `${i}/3`, '--out', file], dir)).toMatchObject({ inShard: 4, evaluated: 4 });
      }
      const merged = await runCaptured(['sweep', 'merge', ...shards.slice().reverse(), '--out', `merged.${ext}`, '--json'], { cwd: dir });
      expect(merged.stderr).toBe('');
      expect(JSON.parse(merged.stdout)).toMatchObject({ configurations: 12, inputs: [{ file: `s2.${ext}`, rows: 4 }, { file: `s1.${ext}`, rows: 4 }, { file: `s0.${ext}`, rows: 4 }] });
      expect(readFileSync(join(dir, `merged.${ext}`), 'utf8')).toBe(readFileSync(join(dir, `all.${ext}`), 'utf8'));
      const gap = await runCaptured(['sweep', 'merge', `s0.${ext}`, `s2.${ext}`, '--out', `gap.${ext}`], { cwd: dir });
      expect(gap.code).toBe(2);
      expect(gap.stderr).toBe(`dpbounds sweep merge: missing 4 of 12 configurations (indices 1, 4, 7, 10); with --shard i/n, configuration k is in shard k mod n: run those shards (again) and merge\n`);
      const twice = await runCaptured(['sweep', 'merge', `s0.${ext}`, `s1.${ext}`, `s1.${ext}`, `s2.${ext}`, '--out', `twice.${ext}`], { cwd: dir });
      expect(twice.code).toBe(2);
      expect(twice.stderr).toMatch(/configuration 1 again \(already in s1/);
      await sweepJson([...otherGrid, '--shard', '1/3', '--out', `other.${ext}`], dir);
      const fdsBefore = openFileDescriptors();
      const other = await runCaptured(['sweep', 'merge', `s0.${ext}`, `other.${ext}`, `s2.${ext}`, '--out', `x.${ext}`], { cwd: dir });
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(new RegExp(`other.${ext}: comes from another sweep`));
      // the refusal closes every shard, s2 (opened, never read) too: nothing left for Node to
      // close at garbage collection (which warns on stderr)
      expect(openFileDescriptors()).toEqual(fdsBefore);
    }, 120_000);
  }
});

describe('dpbounds sweep merge as a sub-command', () => {
  it('has its own help and takes the shard files as bare arguments (other commands still refuse them)', async () => {
    for (const argv of [['help', 'sweep', 'merge'], ['sweep', 'merge', '--help']]) {
      const r = await runCaptured(argv);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: dpbounds sweep merge FILE… \[flags\]/);
    }
    expect((await runCaptured(['--help'])).stdout).toMatch(/sweep merge/);
    const none = await runCaptured(['sweep', 'merge', '--out', 'x.jsonl']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/give the shard files to merge/);
    const bare = await runCaptured(['dp', 'extra']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/unexpected argument "extra"/);
  });
});

describe('dpbounds sweep progress', () => {
  it('draws the configurations done and an ETA on a terminal, and clears the line', async () => {
    let stderr = '';
    const io = { stdout: (): void => undefined, stderr: (text: string): void => { stderr += text; }, stderrIsTTY: true, cwd: process.cwd() };
    // a clock that advances 0.25 s per reading: the bar's half-second delay passes after two
    // readings whatever the machine's speed, so 11 cheap RDP configurations show it
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 250));
    let code: number;
    try {
      code = await runCli(['sweep', '--sampling-rate', '0.01', '--noise-multiplier', '0.5:1.5:0.1', '--steps', '100', '--delta', '1e-5', '--accountant', 'rdp', '--workers', '1'], io);
    } finally {
      now.mockRestore();
    }
    expect(code).toBe(0);
    expect(stderr).toMatch(/\rsweep: \d+\/11 configurations, ETA \d+s \[#*\.*\] +\d+%/);
    expect(stderr.endsWith('\r')).toBe(true);
  }, 120_000);
});
