/**
 * The input files the fuzz scenarios read, generated (seeded) into a temporary directory: a
 * tiny tabular dataset, attack scores and shadow scores, GLiR gradients, audit scores, a banded
 * matrix strategy, and the traces of a real `dpbounds train` run on the tiny dataset (per-instance, attribute
 * sensitivity, canary scores), so every file-reading command has valid input to fuzz around.
 */
import { copyFileSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng } from '@dpbounds/special-functions';
import { runCaptured } from '../../src/test-helpers/capture-io.js';
import { npyFloat64 } from '../../src/test-helpers/npy-file.js';

/** Flags of the small training run that produces the traces (and of the train/demo scenarios). */
export const TINY_TRAINING: readonly string[] = [
  '--dataset', 'tiny.csv', '--label', 'y', '--model', 'logistic', '--epochs', '1', '--batch-size', '32',
  '--sensitive-attribute', 'group', '--canaries', '3', '--input-canaries', '10',
  '--per-instance-targets', '5', '--per-instance-runs', '2', '--per-instance-every', '1', '--gradient-dims', '4',
];

function csv(header: string, rows: readonly (readonly (string | number)[])[]): string {
  return `${header}\n${rows.map((row) => row.join(',')).join('\n')}\n`;
}

/**
 * Writes the fixture files into a new temporary directory and returns it.
 *
 * @example const dir = await createFuzzWorkspace(); // dir/tiny.csv, dir/run/per-instance.json, …
 */
export async function createFuzzWorkspace(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'dpbounds-fuzz-'));
  const rng = createRng(20261125);
  const write = (name: string, text: string): void => writeFileSync(join(dir, name), text);

  const dataset = Array.from({ length: 700 }, () => {
    const x = [rng.normal(), rng.normal(), rng.normal()];
    const group = rng.bernoulli(0.5) ? 'a' : 'b';
    const y = (x[0] as number) + 0.5 * (x[1] as number) + (group === 'a' ? 0.5 : 0) + rng.normal() > 0 ? 1 : 0;
    return [...x.map((v) => v.toFixed(4)), group, y];
  });
  write('tiny.csv', csv('x1,x2,x3,group,y', dataset));
  // hostile files (scenarios.ts FILE_CASES): too deep to walk, and past the input budget while
  // small on disk (a sparse file: refused on its size before a byte is read)
  write('deep.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
  write('deep.jsonl', `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}\n`);
  write('over-budget.json', '');
  truncateSync(join(dir, 'over-budget.json'), 257 * 1024 * 1024);

  const targets = Array.from({ length: 200 }, (_, i) => {
    const member = i % 2;
    return [`t${i}`, (rng.normal() + member).toFixed(5), member];
  });
  write('targets.csv', csv('id,score,member', targets));
  const shadow = targets.flatMap(([id]) => Array.from({ length: 8 }, (_, k) => [id as string, (rng.normal() + (k % 2)).toFixed(5), k % 2]));
  write('shadow.csv', csv('id,score,in', shadow));

  const d = 4;
  const row = (shift: number): string[] => Array.from({ length: d }, () => (rng.normal() + shift).toFixed(5));
  write('gradients.csv', csv('g1,g2,g3,g4', Array.from({ length: 40 }, (_, i) => row(i % 2))));
  write('reference.csv', csv('g1,g2,g3,g4', Array.from({ length: 60 }, () => row(0))));
  write('update.csv', csv('g1,g2,g3,g4', [row(0.2)]));
  write('glir-targets.json', JSON.stringify({ member: Array.from({ length: 40 }, (_, i) => i % 2) }));

  // a banded matrix strategy (two Toeplitz diagonals) for `dp` and `calibrate --mechanism banded-matrix --strategy`
  write('banded-strategy.json', JSON.stringify({ bands: [[1], [0.4]] }));
  // an Opacus accountant.history (two phases) for `dp --history`
  write('history.json', JSON.stringify([[1, 0.01, 60], [0.8, 0.02, 40]]));

  write('audit-scores.csv', csv('score,member', Array.from({ length: 400 }, (_, i) => [(rng.normal() + (i % 2)).toFixed(5), i % 2])));
  write('reconstruction.csv', csv('score,correct', Array.from({ length: 400 }, (_, i) => [rng.uniform().toFixed(5), i % 3 === 0 ? 1 : 0])));

  const train = await runCaptured(['train', ...TINY_TRAINING, '--instrument', 'ai-sensitivity,per-instance,canaries,gradient-stats', '--out', 'run', '--json'], { cwd: dir });
  if (train.code !== 0) throw new Error(`the fuzz workspace's training run failed: ${train.stderr}`);
  // the same per-instance trace as a .npy of norms with a JSON sidecar (`per-instance --trace-meta`),
  // released values and canary bits (`audit --released`, `report --released`), and a run file of the
  // training run (`report --run`, its q, σ and T from the trace)
  const trace = JSON.parse(readFileSync(join(dir, 'run', 'per-instance.json'), 'utf8')) as { runs: { gradientNorms: number[][] }[]; samplingRate: number; noiseMultiplier: number; steps: number } & Record<string, unknown>;
  const rows = trace.runs.flatMap((r) => r.gradientNorms);
  const records = rows[0]?.length ?? 0;
  writeFileSync(join(dir, 'norms.npy'), npyFloat64(rows.length, records, Float64Array.from(rows.flat())));
  write('norms-meta.json', JSON.stringify({ ...trace, runs: trace.runs.map(({ gradientNorms: _norms, ...run }) => run) }));
  const steps = 5;
  const canaries = 20;
  write('released.csv', csv(Array.from({ length: canaries }, (_, j) => `c${j}`).join(','), Array.from({ length: steps }, () => Array.from({ length: canaries }, () => rng.normal().toFixed(5)))));
  write('canary-bits.csv', csv('member', Array.from({ length: canaries }, (_, j) => [j % 2])));
  write('run-file.json', JSON.stringify({ format: 'dpbounds.run', version: 1, samplingRate: trace.samplingRate, noiseMultiplier: trace.noiseMultiplier, steps: trace.steps, delta: 1e-5, clipNorm: 1, parameters: 4, batchSize: 32, datasetSize: 560 }));
  write('released-run-file.json', JSON.stringify({ format: 'dpbounds.run', version: 1, samplingRate: 0.1, noiseMultiplier: 1, steps, delta: 1e-5, clipNorm: 1 }));
  const batches = await runCaptured(['train', ...TINY_TRAINING, '--instrument', 'per-instance-batches', '--per-instance-runs-without', '1', '--out', 'batch-run', '--json'], { cwd: dir });
  if (batches.code !== 0) throw new Error(`the fuzz workspace's batch-trace run failed: ${batches.stderr}`);
  const path = (JSON.parse(batches.stdout) as { traces: { perInstanceBatches?: string } }).traces.perInstanceBatches;
  if (path === undefined) throw new Error('the batch-trace run wrote no per-instance batch trace');
  copyFileSync(join(dir, path), join(dir, 'batch-trace.json'));

  // a configurations file for `sweep --configs`, and two shards of one sweep for `sweep merge`
  write('sweep-configs.csv', csv('samplingRate,noiseMultiplier,steps,delta', [[0.01, 1, 50, 1e-5], [0.02, 1.5, 50, 1e-5]]));
  for (const shard of [0, 1]) {
    const r = await runCaptured(['sweep', '--configs', 'sweep-configs.csv', '--accountant', 'rdp', '--workers', '1', '--shard', `${shard}/2`, '--out', `shard-${shard}.jsonl`], { cwd: dir });
    if (r.code !== 0) throw new Error(`the fuzz workspace's sweep shard ${shard} failed: ${r.stderr}`);
  }
  return dir;
}
