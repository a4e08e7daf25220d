/**
 * `-` on file input flags: each command family reads standard input exactly as it reads the
 * same bytes from a file (same output, the path written back as `-`), with the same validation.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRng } from '@dpbounds/special-functions';
import { afterAll, describe, expect, it } from 'vitest';
import { isInputFileFlag } from '../io/stdin-input.js';
import { runCaptured } from '../test-helpers/capture-io.js';
import { commands } from './registry.js';

const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-dash-input-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
const write = (name: string, content: string | Uint8Array): string => {
  writeFileSync(join(cwd, name), content);
  return name;
};

/** Runs `argv` with `name` as the file, then with `-` and the file's bytes on standard input: same output. */
async function sameFromStdin(argv: readonly string[], name: string, stdin: string | Uint8Array = readFileSync(join(cwd, name))): Promise<string> {
  const fromFile = await runCaptured(argv, { cwd });
  expect(fromFile.stderr).toBe('');
  expect(fromFile.code).toBe(0);
  const fromStdin = await runCaptured(argv.map((a) => (a === name ? '-' : a)), { cwd, stdin });
  expect(fromStdin.stderr).toBe('');
  expect(fromStdin.code).toBe(0);
  expect(fromStdin.stdout).toBe(fromFile.stdout.replaceAll(name, '-'));
  return fromStdin.stdout;
}

/** Output JSON without its timings (`seconds`), which differ between two runs. */
const withoutTime = (stdout: string): unknown => ({ ...(JSON.parse(stdout) as Record<string, unknown>), seconds: undefined });

const rng = createRng(26);
const scores = ['id,score,member', ...Array.from({ length: 200 }, (_, i) => `${i},${(rng.uniform() + (i % 2 === 0 ? 0.3 : 0)).toFixed(6)},${i % 2 === 0 ? 1 : 0}`)].join('\n') + '\n';

describe('a file flag given - reads standard input', () => {
  it('attack --targets - (CSV, and the same scores as gzip-compressed JSON Lines: the format comes from the content)', async () => {
    write('targets.csv', scores);
    const out = await sameFromStdin(['attack', '--method', 'loss', '--targets', 'targets.csv', '--json'], 'targets.csv');
    const rows = scores.trim().split('\n').slice(1).map((line) => line.split(','));
    const jsonl = rows.map(([id, score, member]) => JSON.stringify({ id: Number(id), score: Number(score), member: Number(member) })).join('\n');
    const zipped = await runCaptured(['attack', '--method', 'loss', '--targets', '-', '--json'], { cwd, stdin: gzipSync(jsonl) });
    expect(zipped.stderr).toBe('');
    expect(JSON.parse(zipped.stdout)).toEqual(JSON.parse(out));
  });

  it('audit --scores -', async () => {
    write('scores.csv', scores.replace('id,score,member', 'id,score,member'));
    await sameFromStdin(['audit', '--scores', 'scores.csv', '--json'], 'scores.csv');
  });

  it('dp --history - (JSON)', async () => {
    write('history.json', JSON.stringify([[1, 0.05, 40], [0.8, 0.1, 15]]));
    const out = JSON.parse(await sameFromStdin(['dp', '--history', 'history.json', '--delta', '1e-5', '--accountant', 'rdp', '--json'], 'history.json')) as { totalSteps: number };
    expect(out.totalSteps).toBe(55);
  });

  it('per-instance --trace - (JSON)', async () => {
    const checkpointSteps = [0, 20, 40];
    const records = Array.from({ length: 4 }, (_, i) => ({ id: i }));
    const runs = [0, 1].map((seed) => ({ seed, gradientNorms: checkpointSteps.map(() => records.map((_, i) => (i === 0 ? 2 : 0.4 * rng.uniform()))) }));
    write('trace.json', JSON.stringify({ format: 'dpbounds.per-instance-trace', version: 1, updateRule: 'sum', samplingRate: 0.01, noiseMultiplier: 1, clip: 2, datasetSize: 5000, steps: 60, checkpointSteps, records, runs }));
    await sameFromStdin(['per-instance', '--trace', 'trace.json', '--alpha', '8', '--delta', '1e-5', '--json'], 'trace.json');
  });

  it('bayes-security --sensitivity-trace -', async () => {
    write('ai.json', JSON.stringify({ format: 'dpbounds.ai-sensitivity-trace', version: 1, attribute: 'age', method: 'full', clip: 1, samplingRate: 0.01, noiseMultiplier: 1, steps: 5, full: [0.5, 1.2, 2, 0, 1.9] }));
    await sameFromStdin(['bayes-security', '--threat', 'ai', '--sensitivity-trace', 'ai.json', '--clip', '1', '--json'], 'ai.json');
  });

  it('report --run -', async () => {
    write('run.json', JSON.stringify({ format: 'dpbounds.run', version: 1, samplingRate: 0.01, noiseMultiplier: 1, steps: 300, delta: 1e-5 }));
    const fromFile = await runCaptured(['report', '--run', 'run.json', '--out', 'report-file', '--json'], { cwd });
    expect(fromFile.stderr).toBe('');
    const fromStdin = await runCaptured(['report', '--run', '-', '--out', 'report-stdin', '--json'], { cwd, stdin: readFileSync(join(cwd, 'run.json')) });
    expect(fromStdin.stderr).toBe('');
    expect(fromStdin.code).toBe(0);
    expect(withoutTime(fromStdin.stdout)).toEqual(withoutTime(fromFile.stdout.replaceAll('run.json', '-').replaceAll('report-file', 'report-stdin')));
    // the files written speak of -, never of the temporary file standard input was read into
    for (const name of readdirSync(join(cwd, 'report-stdin'))) if (statSync(join(cwd, 'report-stdin', name)).isFile()) expect(readFileSync(join(cwd, 'report-stdin', name), 'utf8')).not.toMatch(/dpbounds-stdin-|stdin\.json/);
  }, 60_000);

  it('train --dataset - (CSV with --label)', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `${(rng.uniform() * 2).toFixed(4)},${(rng.uniform() * 3).toFixed(4)},${i % 3 === 0 ? 1 : 0}`);
    write('data.csv', `a,b,y\n${rows.join('\n')}\n`);
    const small = ['--label', 'y', '--model', 'logistic', '--epochs', '1', '--batch-size', '32', '--noise-multiplier', '1', '--clip', '1', '--seed', '3', '--json'];
    const fromFile = await runCaptured(['train', '--dataset', 'data.csv', ...small, '--out', 'train-file'], { cwd });
    expect(fromFile.stderr).toBe('');
    const fromStdin = await runCaptured(['train', '--dataset', '-', ...small, '--out', 'train-stdin'], { cwd, stdin: readFileSync(join(cwd, 'data.csv')) });
    expect(fromStdin.stderr).toBe('');
    expect(fromStdin.code).toBe(0);
    expect(withoutTime(fromStdin.stdout)).toEqual(withoutTime(fromFile.stdout.replaceAll('data.csv', '-').replaceAll('train-file', 'train-stdin')));
    // the run's files name the dataset -, as the command line did
    expect(JSON.parse(readFileSync(join(cwd, 'train-stdin', 'summary.json'), 'utf8'))).toMatchObject({ dataset: '-' });
  }, 60_000);

  it('sweep --configs - and sweep merge with one shard file -', async () => {
    write('configs.csv', 'samplingRate,noiseMultiplier,steps,delta\n0.01,1,100,1e-5\n0.02,1,100,1e-5\n');
    await sameFromStdin(['sweep', '--configs', 'configs.csv', '--accountant', 'rdp', '--workers', '1', '--json'], 'configs.csv');
    for (const shard of ['0', '1']) {
      const run = await runCaptured(['sweep', '--configs', 'configs.csv', '--accountant', 'rdp', '--workers', '1', '--shard', `${shard}/2`, '--out', `shard${shard}.jsonl`], { cwd });
      expect(run.code).toBe(0);
    }
    const fromFiles = await runCaptured(['sweep', 'merge', 'shard0.jsonl', 'shard1.jsonl', '--out', 'merged-files.jsonl'], { cwd });
    expect(fromFiles.code).toBe(0);
    const fromStdin = await runCaptured(['sweep', 'merge', 'shard0.jsonl', '-', '--out', 'merged-stdin.jsonl'], { cwd, stdin: readFileSync(join(cwd, 'shard1.jsonl')) });
    expect(fromStdin.stderr).toBe('');
    expect(fromStdin.code).toBe(0);
    expect(readFileSync(join(cwd, 'merged-stdin.jsonl'), 'utf8')).toBe(readFileSync(join(cwd, 'merged-files.jsonl'), 'utf8'));
    // the text table stays aligned: the shard rows' counts in one column
    const counts = fromStdin.stdout.split('\n').filter((line) => / rows$/.test(line)).map((line) => line.indexOf('1 rows'));
    expect(counts).toHaveLength(2);
    expect(counts[0]).toBe(counts[1]);
  }, 30_000);

  it('dp --strategy - (JSON bands)', async () => {
    write('strategy.json', JSON.stringify({ bands: [[1, 1, 1, 1], [0.5, 0.5, 0.5]] }));
    await sameFromStdin(['dp', '--mechanism', 'banded-matrix', '--strategy', 'strategy.json', '--noise-multiplier', '3', '--steps', '4', '--participation', 'cyclic', '--min-separation', '2', '--delta', '1e-5', '--json'], 'strategy.json');
  });

  it('covers every file input of every command (and never --out)', async () => {
    const inputs: Record<string, string[]> = {};
    for (const entry of commands) {
      const command = await entry.load();
      const flags = Object.entries(command.flags).filter(([name, spec]) => isInputFileFlag(name, spec)).map(([name]) => `--${name}`);
      if (command.positionals !== undefined) flags.push(command.positionals.valueName);
      if (flags.length > 0) inputs[command.name] = flags;
    }
    expect(inputs).toEqual({
      dp: ['--history', '--strategy'],
      calibrate: ['--strategy'],
      'bayes-security': ['--sensitivity-trace'],
      attack: ['--targets', '--shadow', '--gradients', '--reference', '--update'],
      audit: ['--scores', '--released', '--canary-bits'],
      'per-instance': ['--trace', '--trace-meta', '--batch-trace'],
      train: ['--dataset'],
      demo: ['--dataset'],
      report: ['--run', '--targets', '--shadow', '--canary-scores', '--input-canary-scores', '--released', '--canary-bits', '--per-instance-trace', '--sensitivity-trace', '--gradient-stats', '--evaluation'],
      sweep: ['--configs'],
      'sweep merge': ['FILE…'],
    });
  });

  it('refuses two inputs given -, naming both, before reading either', async () => {
    const run = await runCaptured(['attack', '--method', 'lira-online', '--targets', '-', '--shadow', '-', '--json'], { cwd, stdin: scores });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('dpbounds attack: --targets and --shadow are both - (standard input), which can be read only once; give one of them as a file\n');
  });

  it('validates standard input as a file, and says so naming the flag and standard input', async () => {
    const bad = await runCaptured(['audit', '--scores', '-', '--json'], { cwd, stdin: 'score,member\n0.5,2\n' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^dpbounds audit: --scores - \(standard input\): .*member/);
    expect(bad.stderr).not.toMatch(/stdin\.csv|dpbounds-stdin-/);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    const none = await runCaptured(['dp', '--history', '-', '--delta', '1e-5'], { cwd });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^dpbounds dp: --history - \(standard input\): standard input is a terminal/);
  });
});
