import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PER_INSTANCE_MAX_STEPS, perInstancePrivacy } from '@dpbounds/accountants';
import { cor31StepEpsilon, dpAccountantEvaluation } from '@dpbounds/accountants/advanced';
import { PER_INSTANCE_TRACE_MAX_STEPS } from '@dpbounds/sgd-instrumentation';
import { createRng } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import type { CommandIo } from '../command.js';
import { runCaptured } from '../test-helpers/capture-io.js';
import { perInstanceCommand } from './per-instance.js';
import { commands } from './registry.js';

const dir = mkdtempSync(join(tmpdir(), 'dpbounds-per-instance-'));

/** A small valid trace: record 0 keeps its gradient at the clip norm, the others are small. */
function makeTrace(): Record<string, unknown> {
  const rng = createRng(42);
  const checkpointSteps = [0, 20, 40, 60, 80];
  const clip = 2;
  const records = Array.from({ length: 6 }, (_, i) => ({ id: i === 0 ? 'outlier' : 100 + i, ...(i === 0 ? { label: 'outlier' } : {}) }));
  const runs = Array.from({ length: 3 }, (_, r) => ({
    seed: r,
    gradientNorms: checkpointSteps.map(() => records.map((_, i) => (i === 0 ? clip : clip * 0.2 * rng.uniform()))),
  }));
  return { format: 'dpbounds.per-instance-trace', version: 1, updateRule: 'sum', samplingRate: 0.01, noiseMultiplier: 1, clip, datasetSize: 5000, steps: 100, checkpointSteps, records, runs };
}

function write(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const only = { commands: [perInstanceCommand] };

describe('dpbounds per-instance (docs/cli.md)', () => {
  it('is registered', () => {
    expect(commands.map((c) => c.name)).toContain('per-instance');
  });

  it('reads traces up to the step count the analysis accepts', () => {
    expect(PER_INSTANCE_TRACE_MAX_STEPS).toBe(PER_INSTANCE_MAX_STEPS);
  });

  it('prints the contract fields, equal to the library result', async () => {
    const trace = makeTrace();
    const path = write('trace.json', JSON.stringify(trace));
    const run = await runCaptured(['per-instance', '--trace', path, '--alpha', '2,4,8,16,32', '--delta', '1e-5', '--json'], only);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { points: { id: unknown; epsilon: number; rdpEpsilon: number; rdp: number; alpha: number; label?: string }[]; dataIndependentEpsilon: number; dpGuarantee: { epsilon: number } };
    expect(json.points).toHaveLength(6);
    for (const point of json.points) {
      expect(point).toHaveProperty('id');
      expect(point).toHaveProperty('epsilon');
      expect(point).toHaveProperty('rdp');
      expect(point.epsilon).toBeLessThanOrEqual(json.dataIndependentEpsilon);
      expect(point.epsilon).toBeLessThanOrEqual(json.dpGuarantee.epsilon);
    }
    expect(json.dpGuarantee.epsilon).toBeLessThan(json.dataIndependentEpsilon);
    expect(json.points[0]).toMatchObject({ id: 'outlier', label: 'outlier', epsilon: json.dpGuarantee.epsilon, rdpEpsilon: json.dataIndependentEpsilon });
    expect(json.points[1]?.id).toBe(101);
    const runs = trace['runs'] as { gradientNorms: number[][] }[];
    const library = perInstancePrivacy({
      orders: [2, 4, 8, 16, 32],
      delta: 1e-5,
      samplingRate: 0.01,
      noiseMultiplier: 1,
      steps: 100,
      checkpointSteps: [0, 20, 40, 60, 80],
      recordCount: 6,
      ratios: runs.map((r) => r.gradientNorms.map((row) => Float64Array.from(row, (v) => Math.min(1, v / 2)))),
    });
    expect(json.dataIndependentEpsilon).toBe(library.dataIndependent.epsilon);
    json.points.forEach((point, i) => {
      expect(point.rdpEpsilon).toBe(library.records[i]?.epsilon);
      expect(point.epsilon).toBe(Math.min(library.records[i]?.epsilon as number, json.dpGuarantee.epsilon));
    });
    expect(json.points[3]?.epsilon).toBeLessThan(json.dataIndependentEpsilon / 2);
  });

  it('never reports a record above the data-independent guarantee, and compares with the run\'s PLD guarantee (the Opacus report: q = 1/103, sigma = 1, T = 309)', async () => {
    const T = 309;
    const trace = {
      format: 'dpbounds.per-instance-trace', version: 1, updateRule: 'sum', samplingRate: 1 / 103, noiseMultiplier: 1, clip: 1, datasetSize: 26048, steps: T,
      checkpointSteps: Array.from({ length: T }, (_, t) => t), records: [{ id: 'at-clip' }, { id: 'small' }],
      runs: [0, 1, 2].map((seed) => ({ seed, gradientNorms: Array.from({ length: T }, () => [1, 0.1]) })),
    };
    const path = write('opacus-clip.json', JSON.stringify(trace));
    const run = await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--lambda', '1e9', '--delta', '1e-5', '--json'], only);
    expect(run.stderr).toBe('');
    const json = JSON.parse(run.stdout) as {
      points: { epsilon: number; rdpEpsilon: number; bound: string; epsilonKind: string; guaranteeAccountant: string | null; perInstanceEpsilon: number; belowDpGuarantee: boolean }[];
      dataIndependentEpsilon: number;
      dpGuarantee: { accountant: string; kind: string; neighbouring: string; epsilon: number; delta: number };
      rdpGuarantee: { kind: string; epsilon: number };
      comparison: { belowDpGuarantee: number; belowRdpGuarantee: number; gain: boolean; verdict: string; kind: string };
    };
    const [atClip, small] = json.points;
    // before: the raw per-instance value 1.68988 stood in the table above the data-independent 1.47058
    expect(atClip?.perInstanceEpsilon).toBeCloseTo(1.68988, 4);
    expect(json.dataIndependentEpsilon).toBeCloseTo(1.47058, 4);
    // the library caps at the data-independent RDP epsilon; the command then at the run's DP guarantee
    expect(atClip?.rdpEpsilon).toBe(json.dataIndependentEpsilon);
    expect(small?.rdpEpsilon).toBeCloseTo(1.21543, 4);
    for (const point of [atClip, small]) expect(point).toMatchObject({ epsilon: json.dpGuarantee.epsilon, bound: 'data-independent', epsilonKind: 'guarantee', guaranteeAccountant: 'pld', belowDpGuarantee: false });
    for (const point of json.points) expect(point.epsilon).toBeLessThanOrEqual(Math.min(json.dataIndependentEpsilon, json.dpGuarantee.epsilon));
    const pld = dpAccountantEvaluation('pld', { samplingRate: 1 / 103, noiseMultiplier: 1, steps: T, delta: 1e-5, neighbouring: 'add-remove' }).result;
    expect(json.dpGuarantee).toMatchObject({ accountant: 'pld', kind: 'guarantee', neighbouring: 'add-remove', delta: 1e-5, epsilon: pld['epsilon'] });
    expect(json.dpGuarantee.epsilon).toBeCloseTo(1.048, 3);
    expect(json.rdpGuarantee).toMatchObject({ kind: 'guarantee', epsilon: json.dataIndependentEpsilon });
    expect(json.comparison).toMatchObject({ kind: 'estimate', belowDpGuarantee: 0, belowRdpGuarantee: 1, gain: false });
    const sentence = "no record's per-instance ε is below the run's DP guarantee ε = 1.04806: per-instance accounting shows no gain for this run";
    expect(json.comparison.verdict).toBe(sentence);
    const text = await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--lambda', '1e9', '--delta', '1e-5'], only);
    expect(text.stdout).toContain(sentence);
    expect(text.stdout).toMatch(/DP guarantee \(every record\) +epsilon 1\.04806 at delta 1e-5 \(PLD, add-remove, guarantee\)/);
    // the epsilon column of the table never shows a value above the data-independent epsilon
    const rows = text.stdout.split('\n').filter((line) => /^ *(at-clip|small) /.test(line));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Number(row.trim().split(/ +/)[1])).toBe(1.04806);
    // with one order the conversion alone costs 1.21 at alpha 8; a range of orders lets the small record gain
    const range = JSON.parse((await runCaptured(['per-instance', '--trace', path, '--alpha', '2,3,4,6,8,12,16,24,32,48,64', '--delta', '1e-5', '--json'], only)).stdout) as typeof json;
    expect(range.points[1]).toMatchObject({ bound: 'per-instance', epsilonKind: 'estimate', belowDpGuarantee: true });
    expect(range.points[1]?.epsilon).toBeCloseTo(0.112227, 5);
    expect(range.points[0]).toMatchObject({ epsilon: range.dpGuarantee.epsilon, bound: 'data-independent' });
    expect(range.comparison).toMatchObject({ belowDpGuarantee: 1, gain: true });
  });

  it('counts the records below the run\'s DP guarantee when there are some', async () => {
    const path = write('trace-gain.json', JSON.stringify(makeTrace()));
    const json = JSON.parse((await runCaptured(['per-instance', '--trace', path, '--alpha', '2,4,8,16,32', '--delta', '1e-5', '--json'], only)).stdout) as {
      points: { epsilon: number; rdpEpsilon: number; bound: string; belowDpGuarantee: boolean }[];
      dpGuarantee: { epsilon: number };
      comparison: { belowDpGuarantee: number; gain: boolean; verdict: string };
    };
    const below = json.points.filter((p) => p.rdpEpsilon < json.dpGuarantee.epsilon).length;
    expect(below).toBe(5);
    json.points.forEach((p) => {
      expect(p.belowDpGuarantee).toBe(p.rdpEpsilon < json.dpGuarantee.epsilon);
      expect(p.bound).toBe(p.belowDpGuarantee ? 'per-instance' : 'data-independent');
      expect(p.epsilon).toBe(p.belowDpGuarantee ? p.rdpEpsilon : json.dpGuarantee.epsilon);
    });
    expect(json.comparison).toMatchObject({ belowDpGuarantee: 5, gain: true });
    expect(json.comparison.verdict).toMatch(/^5 of 6 record\(s\) have a per-instance ε \(an estimate\) below the run's DP guarantee ε = [\d.]+; 1 get nothing better than it$/);
  });

  it('labels kinds and relation, and warns when a trace has only one direction', async () => {
    const path = write('trace-one-direction.json', JSON.stringify(makeTrace()));
    const json = JSON.parse((await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--delta', '1e-5', '--json'], only)).stdout) as Record<string, unknown>;
    expect(json['kind']).toBe('estimate');
    expect(json['dataIndependentKind']).toBe('guarantee');
    expect(json['neighbouring']).toBe('add-remove');
    expect(json['coverage']).toEqual({ both: 0, 'with-record': 6, 'without-record': 0 });
    expect(json['warning']).toContain('ONE direction');
    const point = (json['points'] as Record<string, unknown>[])[2];
    expect(point).toMatchObject({ kind: 'estimate', coverage: 'with-record', runsWithRecord: 3, runsWithoutRecord: 0, withoutRecordEpsilon: null });
    const text = await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--delta', '1e-5'], only);
    expect(text.stdout).toContain('ONE direction for 6 record(s) only from runs WITH them');
  });

  it('reports the larger of the two directions for runs with and without each record (trace v2)', async () => {
    const trace = makeTrace();
    trace['version'] = 2;
    const runs = trace['runs'] as { seed: number; excludedRecords?: (string | number)[]; gradientNorms: number[][] }[];
    // Two more runs without every record; in them record 103's gradient is at the clip norm.
    const ids = (trace['records'] as { id: string | number }[]).map((r) => r.id);
    for (const seed of [7, 8]) runs.push({ seed, excludedRecords: ids, gradientNorms: (runs[0]?.gradientNorms ?? []).map((row) => row.map((v, i) => (i === 3 ? 2 : v))) });
    const path = write('trace-both.json', JSON.stringify(trace));
    const run = await runCaptured(['per-instance', '--trace', path, '--alpha', '2,4,8,16,32', '--delta', '1e-5', '--json'], only);
    expect(run.stderr).toBe('');
    const json = JSON.parse(run.stdout) as { points: { epsilon: number; rdpEpsilon: number; perInstanceEpsilon: number; withRecordEpsilon: number; withoutRecordEpsilon: number; coverage: string; runsWithoutRecord: number }[]; coverage: Record<string, number>; warning?: string; dataIndependentEpsilon: number };
    expect(json.coverage['both']).toBe(6);
    expect(json.warning).toBeUndefined();
    for (const point of json.points) {
      expect(point.coverage).toBe('both');
      expect(point.runsWithoutRecord).toBe(2);
      expect(point.perInstanceEpsilon).toBeGreaterThanOrEqual(Math.max(point.withRecordEpsilon, point.withoutRecordEpsilon) - 1e-12);
    }
    const record3 = json.points[3];
    expect(record3?.withoutRecordEpsilon).toBeGreaterThan((record3?.withRecordEpsilon as number) * 2);
    expect(record3?.rdpEpsilon).toBe(json.dataIndependentEpsilon);
  });

  it('exits 2 with one line for an absurd step count, deep nesting, or too much work', async () => {
    const huge = makeTrace();
    huge['steps'] = 2 ** 53 - 1;
    const deep = JSON.stringify(makeTrace()).replace('"records":', `"meta":{"x":${'['.repeat(100_000)}}, "records":`);
    const cases: [string, string[], string][] = [
      [write('huge-steps.json', JSON.stringify(huge)), [], 'steps must be an integer in [1, 1073741824]'],
      [write('deep.json', deep), [], 'nesting at most 32 levels deep'],
      [write('work.json', JSON.stringify(makeTrace())), ['--max-evaluations', '1000'], 'above --max-evaluations'],
    ];
    for (const [path, extra, needle] of cases) {
      const run = await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--delta', '1e-5', ...extra, '--json'], only);
      expect(run.code, needle).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(needle);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('analyses a batch trace (Thm 3.6) with the same output contract, and names its errors', async () => {
    const rng = createRng(8);
    const point = () => ({
      batchSums: Array.from({ length: 100 }, () => [10 * (0.5 + 0.02 * rng.normal()), 10 * 0.02 * rng.normal()]),
      batchSizes: Array.from({ length: 100 }, () => 10),
      recordGradients: [[0.5, 0], [-0.8, 0.5]],
    });
    // σ_U / C = 0.3: the PLD guarantee beside the trace costs ~0.3 s per run (at 0.1, ε ≈ 268, ~1.5 s)
    const trace = {
      format: 'dpbounds.per-instance-batch-trace', version: 1, updateRule: 'mean', samplingRate: 0.5, noiseStd: 0.3, clip: 1, datasetSize: 200, steps: 4,
      checkpointSteps: [0, 2], records: [{ id: 'alike' }, { id: 'odd', label: 'outlier' }],
      runs: [{ seed: 1, checkpoints: [point(), point()] }, { seed: 2, excludedRecords: ['alike', 'odd'], checkpoints: [point(), point()] }],
    };
    const path = write('batch.json', JSON.stringify(trace));
    const run = await runCaptured(['per-instance', '--batch-trace', path, '--alpha', '2,4', '--delta', '1e-5', '--target-batches', '10', '--json'], only);
    expect(run.stderr).toBe('');
    const json = JSON.parse(run.stdout) as { points: { id: string; epsilon: number; perInstanceEpsilon: number; coverage: string; kind: string }[]; kind: string; dataIndependentKind: string; updateRule: string; coverage: Record<string, number> };
    expect(json.kind).toBe('estimate');
    expect(json.dataIndependentKind).toBe('guarantee');
    expect(json.updateRule).toBe('mean');
    expect(json.coverage['both']).toBe(2);
    // the DP guarantee beside a batch trace is the sampled Gaussian at noise multiplier sigma_U / C
    const dp = (json as unknown as { dpGuarantee: { noiseMultiplier: number; samplingRate: number; steps: number; epsilon: number } }).dpGuarantee;
    expect(dp).toMatchObject({ noiseMultiplier: 0.3, samplingRate: 0.5, steps: 4 });
    expect(dp.epsilon).toBe(dpAccountantEvaluation('pld', { samplingRate: 0.5, noiseMultiplier: 0.3, steps: 4, delta: 1e-5, neighbouring: 'add-remove' }).result['epsilon']);
    expect(json.points.map((p) => p.id)).toEqual(['alike', 'odd']);
    // The record that looks like the batches gets a smaller per-instance epsilon.
    expect(json.points[0]?.perInstanceEpsilon).toBeLessThan((json.points[1]?.perInstanceEpsilon as number) - 0.5);
    const steps = JSON.parse((await runCaptured(['per-instance', '--batch-trace', path, '--alpha', '2', '--delta', '1e-5', '--per-step', '--json'], only)).stdout) as { points: { perStep: { step: number; epsilon: number }[] }[] };
    const [alike, odd] = steps.points.map((p) => p.perStep);
    expect(alike?.map((p) => p.step)).toEqual([0, 2]);
    alike?.forEach((p, k) => expect(p.epsilon).toBeLessThan(odd?.[k]?.epsilon as number));
    const text = await runCaptured(['per-instance', '--batch-trace', path, '--alpha', '2', '--delta', '1e-5'], only);
    expect(text.stdout).toContain('Thm 3.6 (mean rule');
    const bad = { ...trace, noiseStd: -1 };
    const cases: [string[], string][] = [
      [['--batch-trace', write('bad-batch.json', JSON.stringify(bad))], 'noiseStd'],
      [['--batch-trace', path, '--trace', path], 'give only one of --trace or --batch-trace'],
      [['--trace', path, '--target-batches', '5'], '--target-batches applies to --batch-trace only'],
      [['--batch-trace', path, '--target-batches', '99'], 'batchSums'],
    ];
    for (const [argv, needle] of cases) {
      const failed = await runCaptured(['per-instance', ...argv, '--alpha', '2', '--delta', '1e-5', '--json'], only);
      expect(failed.code, needle).toBe(2);
      expect(failed.stderr).toContain(needle);
      expect(failed.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('reads the batch trace dpbounds train writes with --instrument per-instance-batches', async () => {
    const rng = createRng(3);
    const rows = Array.from({ length: 200 }, () => {
      const a = rng.normal();
      const b = rng.normal();
      return `${a.toFixed(3)},${b.toFixed(3)},${a + 0.5 * b + 0.3 * rng.normal() > 0 ? 1 : 0}`;
    });
    const csv = write('tiny.csv', `a,b,y\n${rows.join('\n')}\n`);
    const out = join(dir, 'batch-run');
    const train = await runCaptured(
      ['train', '--dataset', csv, '--label', 'y', '--test-fraction', '0', '--model', 'logistic', '--epochs', '1', '--batch-size', '20', '--noise-multiplier', '1', '--clip', '1',
        '--instrument', 'per-instance-batches', '--per-instance-targets', '3', '--per-instance-runs', '1', '--per-instance-runs-without', '1', '--per-instance-every', '5', '--out', out, '--json'],
      { cwd: dir },
    );
    expect(train.stderr).toBe('');
    const path = (JSON.parse(train.stdout) as { traces: { perInstanceBatches: string } }).traces.perInstanceBatches;
    const run = await runCaptured(['per-instance', '--batch-trace', path, '--alpha', '2', '--delta', '1e-5', '--json'], { cwd: dir });
    expect(run.stderr).toBe('');
    const json = JSON.parse(run.stdout) as { points: unknown[]; updateRule: string; noiseStd: number; coverage: Record<string, number> };
    expect(json.points).toHaveLength(3);
    expect(json.updateRule).toBe('sum');
    expect(json.noiseStd).toBe(1);
    expect(json.coverage['both']).toBe(3);
  });

  it('adds the per-step (epsilon, delta) of Cor. 3.1 at every checkpoint with --per-step', async () => {
    const trace = makeTrace();
    const path = write('trace-per-step.json', JSON.stringify(trace));
    const run = await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--delta', '1e-5', '--per-step', '--json'], only);
    expect(run.stderr).toBe('');
    const json = JSON.parse(run.stdout) as { perStepKind: string; perStepDelta: number; points: { perStep: { step: number; epsilon: number }[] }[] };
    expect(json.perStepKind).toBe('estimate');
    expect(json.perStepDelta).toBe(1e-5);
    const outlier = json.points[0]?.perStep ?? [];
    expect(outlier.map((p) => p.step)).toEqual([0, 20, 40, 60, 80]);
    // Record 0 sits at the clip norm in every run: Cor. 3.1 over identical samples.
    const runs = trace['runs'] as { gradientNorms: number[][] }[];
    const expected = cor31StepEpsilon({ samplingRate: 0.01, delta: 1e-5, sensitivities: runs.map(() => 1), noiseStd: 1 }).epsilon;
    for (const p of outlier) expect(p.epsilon).toBe(expected);
    const typical = json.points[3]?.perStep ?? [];
    for (const p of typical) expect(p.epsilon).toBeLessThan(expected / 2);
    const plain = JSON.parse((await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--delta', '1e-5', '--json'], only)).stdout) as Record<string, unknown>;
    expect(plain['perStepKind']).toBeUndefined();
  });

  it('honours --lambda and prints a readable table without --json', async () => {
    const path = write('trace-table.json', JSON.stringify(makeTrace()));
    const a = await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--delta', '1e-5', '--lambda', '50', '--json'], only);
    const b = await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--delta', '1e-5', '--lambda', '1000', '--json'], only);
    expect(JSON.parse(a.stdout).lambda).toBe(50);
    expect(JSON.parse(a.stdout).points[2].rdpEpsilon).not.toBe(JSON.parse(b.stdout).points[2].rdpEpsilon);
    const text = await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--delta', '1e-5'], only);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('data-independent RDP epsilon');
    expect(text.stdout).toContain('outlier');
  });

  it('writes nothing to stderr unless it is a terminal, and still answers on one', async () => {
    const path = write('trace-progress.json', JSON.stringify(makeTrace()));
    for (const stderrIsTTY of [false, true]) {
      let stderr = '';
      const io: CommandIo = { stdout: () => undefined, stderr: (t) => (stderr += t), stderrIsTTY, cwd: dir };
      const result = await perInstanceCommand.run({ trace: path, alpha: '8', delta: '1e-5' }, io);
      expect((result.json as { points: unknown[] }).points).toHaveLength(6);
      if (!stderrIsTTY) expect(stderr).toBe('');
      // on a terminal: only the progress line and its clearing (\r, spaces, \r), whether or not a
      // busy machine made the bar appear at all
      else expect(stderr.replace(/\u001b\[[0-9;]*[A-Za-z]|per-instance[^\r]*/g, '').replace(/\r */g, '')).toBe('');
    }
  });

  it('exits 2 naming the field for invalid flags and malformed traces', async () => {
    const good = write('good.json', JSON.stringify(makeTrace()));
    const bad = makeTrace();
    (bad['runs'] as { gradientNorms: number[][] }[])[1]!.gradientNorms[2]![3] = 5;
    const badPath = write('bad.json', JSON.stringify(bad));
    const cases: [string[], string][] = [
      [['--trace', good, '--alpha', '1', '--delta', '1e-5'], '--alpha'],
      [['--trace', good, '--alpha', '2.5', '--delta', '1e-5'], '--alpha'],
      [['--trace', good, '--delta', '1e-5'], '--alpha'],
      [['--trace', good, '--alpha', '8', '--delta', '1'], '--delta'],
      [['--trace', good, '--alpha', '8', '--delta', '1e-5', '--lambda', '1'], '--lambda'],
      [['--trace', good, '--alpha', '8', '--delta', '1e-5', '--lambda', '1.01'], 'lambda must be large enough'],
      [['--trace', join(dir, 'missing.json'), '--alpha', '8', '--delta', '1e-5'], 'file not found'],
      [['--trace', write('notjson.json', '{ nope'), '--alpha', '8', '--delta', '1e-5'], 'not valid JSON'],
      [['--trace', badPath, '--alpha', '8', '--delta', '1e-5'], 'runs[1].gradientNorms[2][3]'],
    ];
    for (const [argv, needle] of cases) {
      const run = await runCaptured(['per-instance', ...argv, '--json'], only);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(needle);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('a --lambda too small for the Hölder orders names --lambda, not the batch trace file (fuzz regression)', async () => {
    const rng = createRng(9);
    const point = () => ({
      batchSums: Array.from({ length: 40 }, () => [10 * (0.5 + 0.02 * rng.normal()), 10 * 0.02 * rng.normal()]),
      batchSizes: Array.from({ length: 40 }, () => 10),
      recordGradients: [[0.5, 0], [-0.8, 0.5]],
    });
    const trace = {
      format: 'dpbounds.per-instance-batch-trace', version: 1, updateRule: 'mean', samplingRate: 0.5, noiseStd: 0.1, clip: 1, datasetSize: 200, steps: 20,
      checkpointSteps: [0, 10], records: [{ id: 'a' }, { id: 'b' }],
      runs: [{ seed: 1, checkpoints: [point(), point()] }],
    };
    const path = write('batch-lambda.json', JSON.stringify(trace));
    const run = await runCaptured(['per-instance', '--batch-trace', path, '--alpha', '2', '--delta', '1e-5', '--lambda', '1.5', '--json'], only);
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^dpbounds per-instance: --lambda 1\.5: order of step 0 \(lambda = 1\.5\) must be/);
    expect(run.stderr).not.toContain('batch-lambda.json');
  });
});
