/**
 * The Python side end to end, with a Python that has torch (never skipped: without one every test
 * fails with the line saying how to install it): the Python unit tests, the plain-PyTorch example
 * (its files checked by content and by the CLI commands that read them, and the report's PLD ε
 * against `dpbounds dp` on the same numbers), and every ```python test block of docs/your-run.md
 * (Opacus and jax_privacy through the stand-ins in tests/stand_ins).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTorchPython, runPython } from './python.js';

const here = fileURLToPath(new URL('..', import.meta.url));
const root = join(here, '..', '..');
const bin = join(root, 'apps', 'cli', 'dist', 'bin.js');
const standIns = join(here, 'tests', 'stand_ins');
const scratch = mkdtempSync(join(tmpdir(), 'dpbounds-python-'));
let python = '';

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeAll(() => {
  python = findTorchPython().python;
  if (!existsSync(bin)) throw new Error(`${bin} is missing: build the CLI first (npx -y pnpm@10.34.8 build)`);
});

/** Runs the built CLI in `cwd`; returns stdout, throws with stderr on a non-zero exit. */
function dpbounds(args: readonly string[], cwd: string): string {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', timeout: 110_000 });
  if (r.status !== 0) throw new Error(`dpbounds ${args.join(' ')} exited with ${String(r.status)}: ${r.stderr}`);
  return r.stdout;
}

type Json = Record<string, unknown>;
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;

/** `dpbounds dp --json`'s PLD ε (add-remove) for the run file's numbers. */
function dpEpsilon(run: Json, cwd: string): number {
  const out = JSON.parse(dpbounds(['dp', '--sampling-rate', String(run['samplingRate']), '--noise-multiplier', String(run['noiseMultiplier']),
    '--steps', String(run['steps']), '--delta', String(run['delta']), '--json'], cwd)) as Json;
  expect(out['accountant']).toBe('pld');
  expect(out['neighbouring']).toBe('add-remove');
  return out['epsilon'] as number;
}

/** The report's PLD add-remove accounting row. */
function pldRow(report: Json): Json {
  const rows = report['accounting'] as Json[];
  const row = rows.find((r) => r['accountant'] === 'pld' && r['neighbouring'] === 'add-remove');
  if (row === undefined) throw new Error(`no pld add-remove row in ${JSON.stringify(rows.map((r) => [r['accountant'], r['neighbouring']]))}`);
  return row;
}

/** Shape, dtype and a canary-insertion check of released.npy / canary-bits.npy, computed by numpy. */
function canarySummary(dir: string, released = 'released.npy', bits = 'canary-bits.npy'): { shape: number[]; dtype: string; bitsShape: number[]; bitValues: number[]; finite: boolean; diff: number; se: number } {
  const code = [
    'import json, numpy as np',
    `r = np.load(${JSON.stringify(released)}); b = np.load(${JSON.stringify(bits)})`,
    'm = r.mean(axis=0); a, z = m[b == 1], m[b == 0]',
    'print(json.dumps({"shape": list(r.shape), "dtype": str(r.dtype), "bitsShape": list(b.shape), "bitValues": sorted(set(b.tolist())),',
    '  "finite": bool(np.all(np.isfinite(r))), "diff": float(a.mean() - z.mean()), "se": float(np.sqrt(a.var() / a.size + z.var() / z.size))}))',
  ].join('\n');
  return JSON.parse(runPython(python, ['-c', code], { cwd: dir }).stdout) as ReturnType<typeof canarySummary>;
}

describe('dpbounds_io unit tests', () => {
  it("pass under the Python with torch, none skipped (unittest; numpy only but the torch helpers)", () => {
    const r = runPython(python, ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.'], { cwd: here });
    const ran = /Ran (\d+) tests?/.exec(r.stderr);
    expect(Number(ran?.[1])).toBeGreaterThanOrEqual(32);
    expect(r.stderr).toMatch(/\nOK\s*$/);
  });
});

describe('examples/plain_pytorch.py', () => {
  const out = join(scratch, 'plain');
  let run: Json;
  /** The report command the example printed (`--no-report` prints it instead of running it). */
  let printed = '';

  // One training run for the whole block: its files are read by each test below, and the report
  // command it prints is run by the last one (the example runs that same command without --no-report).
  beforeAll(() => {
    const stdout = runPython(python, [join(here, 'examples', 'plain_pytorch.py'), '--out', out, '--no-report', '--dpbounds', `'${process.execPath}' '${bin}'`], { cwd: scratch }).stdout;
    printed = stdout.split('\n').find((line) => line.startsWith('$ (')) ?? '';
    run = readJson(join(out, 'run.json'));
  });

  it('writes a run file with the numbers it trained with', () => {
    expect(run).toMatchObject({ format: 'dpbounds.run', version: 1, noiseMultiplier: 1, clipNorm: 1, delta: 1e-5, batchSize: 64, parameters: 108 * 16 + 16 + 16 * 2 + 2 });
    const n = run['datasetSize'] as number;
    expect(run['samplingRate']).toBe(64 / n);
    expect(run['steps']).toBe(Math.round(6 / (64 / n)));
  });

  it('writes targets with membership by a fair coin, which dpbounds attack reads', () => {
    const lines = readFileSync(join(out, 'targets.csv'), 'utf8').trim().split('\n');
    expect(lines[0]).toBe('id,loss,member');
    expect(lines).toHaveLength(2001);
    const members = lines.slice(1).filter((l) => l.endsWith(',1')).length;
    expect(members).toBe(run['datasetSize']);
    // 2000 fair coins: within 4 standard errors (22.4) of 1000
    expect(Math.abs(members - 1000)).toBeLessThan(4 * Math.sqrt(2000) / 2);
    const attack = JSON.parse(dpbounds(['attack', '--method', 'loss', '--targets', 'targets.csv', '--json'], out)) as Json;
    expect(attack).toMatchObject({ method: 'loss', targets: 2000, members, nonMembers: 2000 - members });
  });

  it('writes released.npy (T x m float64) and canary-bits.npy (m, 0/1); inserted canaries shift their columns by q·C', () => {
    const s = canarySummary(out);
    expect(s).toMatchObject({ shape: [run['steps'], 400], dtype: 'float64', bitsShape: [400], bitValues: [0, 1], finite: true });
    // mean over steps of an inserted canary's column = q·C + noise + the data's gradient on that coordinate;
    // a never-inserted one lacks q·C: the difference is q·C within 4 standard errors (seeded)
    const qc = (run['samplingRate'] as number) * (run['clipNorm'] as number);
    expect(Math.abs(s.diff - qc)).toBeLessThan(4 * s.se);
    expect(s.diff).toBeGreaterThan(2 * s.se);
  });

  it('writes a per-instance trace that dpbounds per-instance reads', () => {
    const trace = readJson(join(out, 'trace.json'));
    expect(trace).toMatchObject({ format: 'dpbounds.per-instance-trace', version: 2, samplingRate: run['samplingRate'], steps: run['steps'], clip: 1 });
    const runs = trace['runs'] as Json[];
    expect(runs.map((r) => r['excludedRecords'] === undefined)).toEqual([true, true, true, false, false]);
    const result = JSON.parse(dpbounds(['per-instance', '--trace', 'trace.json', '--alpha', '2,4,8,16', '--delta', '1e-5', '--json'], out)) as Json;
    expect(JSON.stringify(result)).toContain('"both"'); // every record covered in both directions
  });

  it("report (without the canaries' released values) quotes the same PLD ε as dpbounds dp, with the attack and per-instance sections", () => {
    dpbounds(['report', '--run', 'run.json', '--targets', 'targets.csv', '--per-instance-trace', 'trace.json', '--out', 'report-now', '--force'], out);
    const report = readJson(join(out, 'report-now', 'report.json'));
    const row = pldRow(report);
    expect(row['kind']).toBe('guarantee');
    expect(row['epsilon']).toBe(dpEpsilon(run, out));
    expect(report['attack']).toBeDefined();
    expect(report['perInstance']).toBeDefined();
  });

  it('dpbounds audit --released/--canary-bits reads the canary files: the measured σ is the run\'s, the audit stays below the dp ε', () => {
    const audit = JSON.parse(dpbounds(['audit', '--released', 'released.npy', '--canary-bits', 'canary-bits.npy', '--sampling-rate', String(run['samplingRate']),
      '--noise-multiplier', String(run['noiseMultiplier']), '--steps', String(run['steps']), '--delta', String(run['delta']), '--clip-norm', String(run['clipNorm']), '--json'], out)) as Json;
    const bits = JSON.parse(runPython(python, ['-c', 'import numpy as np; print(int(np.load("canary-bits.npy").sum()))'], { cwd: out }).stdout) as number;
    expect(audit['inserted']).toBe(bits);
    expect(Math.abs((audit['measuredNoiseMultiplier'] as number) - 1)).toBeLessThan(0.1);
    expect((audit['guarantee'] as Json)['epsilon']).toBe(dpEpsilon(run, out));
    expect(audit['auditExceedsGuarantee']).toBe(false);
    expect(audit['empiricalEpsilon']).toBeGreaterThan(0);
  });

  it("the example's own report command (with --released/--canary-bits) has the audit section and the dp ε", () => {
    // --no-report printed the command instead of running it: run it as printed, `$ (cd DIR && …)`
    expect(printed).toMatch(/^\$ \(cd .* && .* report --run run\.json .*--released released\.npy --canary-bits canary-bits\.npy.*\)$/);
    const r = spawnSync('/bin/sh', ['-c', printed.slice(2)], { encoding: 'utf8', timeout: 110_000 });
    expect(r.status, r.stderr).toBe(0);
    const report = readJson(join(out, 'report', 'report.json'));
    expect(pldRow(report)['epsilon']).toBe(dpEpsilon(run, out));
    expect(report['attack']).toBeDefined();
    expect(report['audit']).toBeDefined();
    expect(report['perInstance']).toBeDefined();
  });
});

describe('attack files', () => {
  it('write_targets and write_shadow write what dpbounds attack --method lira-online reads', () => {
    const dir = mkdtempSync(join(scratch, 'attack-'));
    // synthetic LiRA scores: per-target Gaussians, members shifted by 2 standard deviations (seeded)
    const code = [
      'import numpy as np',
      'from dpbounds_io import fair_coin_membership, write_shadow, write_targets',
      'rng = np.random.default_rng(3); n, k = 200, 16',
      'mean, std = rng.normal(0, 2, n), 0.5 + rng.random(n)',
      'member = fair_coin_membership(n, rng); keep = (rng.random((n, k)) < 0.5).astype(int)',
      'ids = [f"t{i}" for i in range(n)]',
      'write_targets("targets.csv", scores=mean + 2 * std * member + std * rng.standard_normal(n), members=member, ids=ids)',
      'write_shadow("shadow.csv", scores=mean[:, None] + 2 * std[:, None] * keep + std[:, None] * rng.standard_normal((n, k)), keep=keep, ids=ids)',
      'print(int(member.sum()))',
    ].join('\n');
    const members = Number(runPython(python, ['-c', code], { cwd: dir, pythonPath: [here] }).stdout.trim());
    const out = JSON.parse(dpbounds(['attack', '--method', 'lira-online', '--targets', 'targets.csv', '--shadow', 'shadow.csv', '--json'], dir)) as Json;
    expect(out).toMatchObject({ method: 'lira-online', targets: 200, members, nonMembers: 200 - members });
    // a 2-standard-deviation shift: the AUC of the exact test is Φ(2/√2) = 0.92; well above chance here
    expect(out['auc']).toBeGreaterThan(0.8);
  });
});

/** The fenced blocks of a Markdown file: language, tags (the words after it) and code. */
function fencedBlocks(markdown: string): { lang: string; tags: string[]; code: string; line: number }[] {
  const blocks: { lang: string; tags: string[]; code: string; line: number }[] = [];
  let open: { lang: string; tags: string[]; body: string[]; line: number } | undefined;
  markdown.split('\n').forEach((text, i) => {
    const fence = /^ {0,3}```(.*)$/.exec(text);
    if (open === undefined) {
      if (fence === null) return;
      const [lang = '', ...tags] = (fence[1] ?? '').trim().split(/\s+/).filter((w) => w !== '');
      open = { lang, tags, body: [], line: i + 2 };
    } else if (fence !== null && (fence[1] ?? '').trim() === '') {
      blocks.push({ lang: open.lang, tags: open.tags, code: open.body.join('\n') + '\n', line: open.line });
      open = undefined;
    } else {
      open.body.push(text);
    }
  });
  return blocks;
}

describe('docs/your-run.md', () => {
  const page = join(root, 'docs', 'your-run.md');
  const blocks = fencedBlocks(readFileSync(page, 'utf8')).filter((b) => b.lang === 'python');

  it('tags every Python block "test", so that each one runs below', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    expect(blocks.filter((b) => !b.tags.includes('test')).map((b) => b.line)).toEqual([]);
  });

  /** Runs the block in a fresh directory, with the stand-ins its tags name on PYTHONPATH. */
  function runBlock(block: (typeof blocks)[number]): string {
    const dir = mkdtempSync(join(scratch, `block-${block.line}-`));
    const paths = [here, ...block.tags.filter((t) => t.endsWith('-stand-in')).map(() => standIns)];
    runPython(python, ['-c', block.code], { cwd: dir, pythonPath: paths });
    return dir;
  }

  it('Opacus block (stand-in): its run file, targets, canaries and trace are read by dpbounds, and report quotes the dp ε', () => {
    const block = blocks.find((b) => b.tags.includes('opacus-stand-in'));
    if (block === undefined) throw new Error('no ```python test opacus-stand-in block');
    const dir = runBlock(block);
    const run = readJson(join(dir, 'run.json'));
    // 1/len(loader) and int(N q) disagree: q is priced, the sizes stand beside it as context
    expect(run).toMatchObject({ name: 'opacus-example', noiseMultiplier: 1, clipNorm: 1, steps: 3 * Math.round(1 / (run['samplingRate'] as number)) });
    expect(run['datasetSize']).toBeGreaterThan(900);
    expect(run['batchSize']).toBe(Math.floor((run['datasetSize'] as number) * (run['samplingRate'] as number)));
    const s = canarySummary(dir);
    expect(s).toMatchObject({ shape: [run['steps'], 200], dtype: 'float64', bitsShape: [200], finite: true });
    const audit = JSON.parse(dpbounds(['audit', '--released', 'released.npy', '--canary-bits', 'canary-bits.npy', '--sampling-rate', String(run['samplingRate']),
      '--noise-multiplier', '1', '--steps', String(run['steps']), '--delta', '1e-5', '--clip-norm', '1', '--json'], dir)) as Json;
    expect(Math.abs((audit['measuredNoiseMultiplier'] as number) - 1)).toBeLessThan(0.1); // recorded after the noise, before the division
    expect(audit['auditExceedsGuarantee']).toBe(false);
    // the page's audit line quotes this run's q and T
    const line = readFileSync(page, 'utf8').split('\n').find((l) => l.startsWith('dpbounds audit --released'));
    expect(line).toContain(`--sampling-rate ${String(run['samplingRate'])} --noise-multiplier 1 --steps ${String(run['steps'])} `);
    dpbounds(['per-instance', '--trace', 'trace.json', '--alpha', '2,4,8', '--delta', '1e-5', '--json'], dir);
    // the page's own report line, as printed on it, in the block's directory
    const reportLine = readFileSync(page, 'utf8').split('\n').find((l) => l.startsWith('dpbounds report --run run.json --targets targets.csv --released'));
    if (reportLine === undefined) throw new Error('no dpbounds report line after the Opacus block');
    dpbounds([...reportLine.split(' ').slice(1), '--force'], dir);
    const report = readJson(join(dir, 'my-report', 'report.json'));
    expect(pldRow(report)['epsilon']).toBe(dpEpsilon(run, dir));
    for (const section of ['attack', 'audit', 'perInstance', 'gmip']) expect(report[section], section).toBeDefined();
  });

  it('plain PyTorch blocks: the run file is one dpbounds dp prices, and the canary files have their shapes', () => {
    const plain = blocks.filter((b) => b.tags.length === 1);
    expect(plain).toHaveLength(2);
    const runDir = runBlock(plain[0] as (typeof blocks)[number]);
    const run = readJson(join(runDir, 'run.json'));
    expect(run).toMatchObject({ batchSize: 256, datasetSize: 60000, noiseMultiplier: 1.1, steps: 2344 });
    dpbounds(['dp', '--batch-size', '256', '--dataset-size', '60000', '--noise-multiplier', '1.1', '--steps', '2344', '--delta', '1e-5', '--json'], runDir);
    const canaryDir = runBlock(plain[1] as (typeof blocks)[number]);
    expect(canarySummary(canaryDir)).toMatchObject({ shape: [50, 100], dtype: 'float64', bitsShape: [100], finite: true });
  });

  it('JAX block (BandMFConfig stand-in): the banded run file is priced by dpbounds dp, and report quotes the same PLD ε', () => {
    const block = blocks.find((b) => b.tags.includes('jax-stand-in'));
    if (block === undefined) throw new Error('no ```python test jax-stand-in block');
    const dir = runBlock(block);
    const run = readJson(join(dir, 'bandmf-run.json'));
    const banded = run['bandedMatrix'] as Json;
    expect(run).toMatchObject({ mechanism: 'banded-matrix', noiseMultiplier: 4, steps: 2000, datasetSize: 60000, batchSize: 600 });
    expect(banded).toMatchObject({ participation: 'poisson-in-group', minSeparation: 3 });
    const values = banded['bandValues'] as number[];
    expect(Math.hypot(...values)).toBeCloseTo(1, 14);
    const out = JSON.parse(dpbounds(['dp', '--mechanism', 'banded-matrix', '--band-values', values.map(String).join(','), '--participation', 'poisson-in-group',
      '--min-separation', '3', '--dataset-size', '60000', '--batch-size', '600', '--noise-multiplier', '4', '--steps', '2000', '--delta', '1e-5', '--json'], dir)) as Json;
    expect(out['epsilon']).toBeGreaterThan(0);
    expect(out['samplingRate']).toBe(0.03); // k·B/N = jax_privacy's p = expected_participations · b / iterations
    dpbounds(['report', '--run', 'bandmf-run.json', '--out', 'report', '--force'], dir);
    expect(pldRow(readJson(join(dir, 'report', 'report.json')))['epsilon']).toBe(out['epsilon']);
  });
});
