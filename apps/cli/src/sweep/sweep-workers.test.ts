import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleScript } from '../test-helpers/bundle-script.js';
import { runCaptured } from '../test-helpers/capture-io.js';
import { SWEEP_WORKER_ENV } from './sweep-pool.js';

// worker threads and a killed process need plain JavaScript: the worker and the CLI are bundled from sources
let worker: Awaited<ReturnType<typeof bundleScript>> | undefined;
let cli: Awaited<ReturnType<typeof bundleScript>> | undefined;
beforeAll(async () => {
  worker = await bundleScript('sweep/sweep-worker.ts', 'sweep-worker');
  cli = await bundleScript('bin.ts', 'sweep-cli');
  process.env[SWEEP_WORKER_ENV] = worker.script;
}, 240_000);
const scripts = (): { worker: string; cli: string } => {
  if (worker === undefined || cli === undefined) throw new Error('bundles missing');
  return { worker: worker.script, cli: cli.script };
};
afterAll(() => {
  delete process.env[SWEEP_WORKER_ENV];
  worker?.remove();
  cli?.remove();
});

// 12 configurations with their threat and TPR columns; RDP alone (no GDP/PLD rows) keeps each
// run about 1.5 s of CPU, rows still slow enough (~0.1 s each) to be killed mid-run
const grid = ['--sampling-rate', '0.001,0.004', '--noise-multiplier', '0.6:1.4:0.4', '--steps', '100,200', '--delta', '1e-5', '--accountant', 'rdp', '--threat', 'rtm', '--fpr', '0.01,0.1'];

describe('dpbounds sweep on worker threads', () => {
  it('gives identical files with 1 and 2 workers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-'));
    const one = await runCaptured(['sweep', ...grid, '--workers', '1', '--out', 'one.jsonl', '--json'], { cwd: dir });
    const two = await runCaptured(['sweep', ...grid, '--workers', '2', '--out', 'two.jsonl', '--json'], { cwd: dir });
    expect(one.stderr + two.stderr).toBe('');
    expect(JSON.parse(two.stdout)).toMatchObject({ workers: 2, evaluated: 12 });
    const text = readFileSync(join(dir, 'one.jsonl'), 'utf8');
    expect(text.split('\n')).toHaveLength(14);
    expect(readFileSync(join(dir, 'two.jsonl'), 'utf8')).toBe(text);
  }, 240_000);

  it('reports a worker-side refusal as the typed error it is (exit 2 for invalid configurations caught early)', async () => {
    const r = await runCaptured(['sweep', '--sampling-rate', '0.01', '--noise-multiplier', '0', '--steps', '10', '--delta', '1e-5', '--workers', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--noise-multiplier/);
  });

  it('resumes after the process is killed mid-run (SIGTERM) to the same file as an uninterrupted run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-'));
    const full = await runCaptured(['sweep', ...grid, '--workers', '2', '--out', 'full.jsonl'], { cwd: dir });
    expect(full.code).toBe(0);
    const child = spawn(process.execPath, [scripts().cli, 'sweep', ...grid, '--workers', '2', '--out', 'killed.jsonl'], { cwd: dir, env: { ...process.env, [SWEEP_WORKER_ENV]: scripts().worker }, stdio: 'ignore' });
    const path = join(dir, 'killed.jsonl');
    // kill once a few rows are on disk (waits on rows written, not on a clock: the test's timeout
    // is the only time limit, a safety net against a hang)
    let exited: number | null | undefined;
    const exit = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve((exited = c))));
    while (exited === undefined && !(existsSync(path) && readFileSync(path, 'utf8').split('\n').length >= 5)) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGTERM');
    const code = await exit;
    const before = readFileSync(path, 'utf8').split('\n').length - 2;
    expect(code === null || before < 12).toBe(true);
    const resumed = await runCaptured(['sweep', ...grid, '--workers', '2', '--out', 'killed.jsonl', '--json'], { cwd: dir });
    expect(resumed.stderr).toBe('');
    const summary = JSON.parse(resumed.stdout) as { evaluated: number; skipped: number };
    expect(summary.evaluated + summary.skipped).toBe(12);
    expect(summary.skipped).toBeGreaterThanOrEqual(3);
    expect(readFileSync(path, 'utf8')).toBe(readFileSync(join(dir, 'full.jsonl'), 'utf8'));
  }, 240_000);

  it('resumes after kill -9, with a deleted middle row filled in, to the same file as an uninterrupted run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-sweep-'));
    const full = await runCaptured(['sweep', ...grid, '--workers', '1', '--out', 'full.csv'], { cwd: dir });
    expect(full.code).toBe(0);
    const rows = readFileSync(join(dir, 'full.csv'), 'utf8').split('\n');
    // a file with configuration 1 deleted: the resumed run rewrites it in order, then appends
    const path = join(dir, 'killed.csv');
    writeFileSync(path, [rows[0], rows[1], rows[3], ''].join('\n'));
    const child = spawn(process.execPath, [scripts().cli, 'sweep', ...grid, '--workers', '2', '--out', 'killed.csv'], { cwd: dir, env: { ...process.env, [SWEEP_WORKER_ENV]: scripts().worker }, stdio: 'ignore' });
    let exited: number | null | undefined;
    const exit = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve((exited = c))));
    while (exited === undefined && !(readFileSync(path, 'utf8').split('\n').length >= 7)) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGKILL');
    await exit;
    const resumed = await runCaptured(['sweep', ...grid, '--workers', '2', '--out', 'killed.csv', '--json'], { cwd: dir });
    expect(resumed.stderr).toBe('');
    expect(JSON.parse(resumed.stdout)).toMatchObject({ rewritten: false });
    expect(readFileSync(path, 'utf8')).toBe(readFileSync(join(dir, 'full.csv'), 'utf8'));
  }, 240_000);
});
