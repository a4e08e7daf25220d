/**
 * `dpbounds per-instance --trace` with fewer norms held than the trace has (--max-held-norms):
 * the trace is read in passes over windows of records, and every output is the one of a single
 * pass, byte for byte, in each file form.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { npyFloat64 } from '../test-helpers/npy-file.js';
import { runCaptured } from '../test-helpers/capture-io.js';
import { readPerInstanceTraceInput } from '../io/per-instance-trace-input.js';

const dir = mkdtempSync(join(tmpdir(), 'dpbounds-pi-passes-'));
const write = (name: string, content: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** Many runs (more than records), half of them without records 1 and 'r5', one record at the clip norm. */
function makeTrace(runCount: number): { header: Record<string, unknown>; runs: { seed: number; excludedRecords?: (string | number)[]; gradientNorms: number[][] }[] } {
  const rng = createRng(17);
  const checkpointSteps = [0, 5, 9, 14, 30, 31];
  const records = Array.from({ length: 7 }, (_, i) => ({ id: i === 5 ? 'r5' : i, ...(i === 0 ? { label: 'outlier' } : {}) }));
  const header = { format: 'dpbounds.per-instance-trace', version: 2, updateRule: 'sum', samplingRate: 0.03, noiseMultiplier: 1.1, clip: 2, datasetSize: 300, steps: 40, checkpointSteps, records };
  const runs = Array.from({ length: runCount }, (_, seed) => ({
    seed,
    ...(seed % 2 === 1 ? { excludedRecords: [1, 'r5'] } : {}),
    gradientNorms: checkpointSteps.map(() => records.map((_, i) => (i === 0 ? 2 : 2 * rng.uniform() ** 2))),
  }));
  return { header, runs };
}

describe('dpbounds per-instance --max-held-norms (a trace read in passes)', () => {
  const { header, runs } = makeTrace(12);
  const json = write('t.json', JSON.stringify({ ...header, runs }));
  const jsonl = write('t.jsonl', [JSON.stringify(header), ...runs.map((r) => JSON.stringify(r))].join('\n'));
  write('t.npy.json', JSON.stringify({ ...header, runs: runs.map(({ gradientNorms: _, ...rest }) => rest) }));
  const npy = write('t.npy', npyFloat64(12 * 6, 7, Float64Array.from(runs.flatMap((r) => r.gradientNorms.flat()))));
  const forms: string[][] = [[json], [jsonl], [npy, '--trace-meta', join(dir, 't.npy.json')]];

  it('holds at most the budget plus one row of the 504 norms (72 per record), in windows that cover every record once', async () => {
    for (const [path, ...rest] of forms) {
      const meta = rest[1];
      const windows: { from: number; to: number }[] = [];
      let from = 0;
      while (from < 7) {
        const table = await readPerInstanceTraceInput(path as string, dir, { recordWindow: { from, maxHeldNorms: 150 }, ...(meta !== undefined ? { meta } : {}) });
        expect(table.heldNormsPeak, path).toBeLessThanOrEqual(150 + 7);
        windows.push(table.recordWindow);
        from = table.recordWindow.to;
      }
      expect(windows.length, path).toBeGreaterThan(2);
      expect(windows[0]?.from).toBe(0);
      windows.forEach((w, k) => expect(w.to).toBe(windows[k + 1]?.from ?? 7));
      const whole = await readPerInstanceTraceInput(path as string, dir, meta !== undefined ? { meta } : {});
      expect(whole.heldNormsPeak).toBe(12 * 6 * 7);
    }
  });

  it('prints the same JSON and text, with and without --per-step, as in one pass', async () => {
    const cases: [string[], string[], string[]][] = [
      [forms[0] as string[], ['--json', '--per-step', '--lambda', '7'], ['1']],
      [forms[0] as string[], [], ['150']],
      [forms[1] as string[], ['--json'], ['150']],
      [forms[2] as string[], ['--json'], ['150']],
    ];
    for (const [form, extra, budgets] of cases) {
      {
        const args = ['per-instance', '--trace', ...form, '--alpha', '2,4,8,16', '--delta', '1e-5', ...extra];
        const once = await runCaptured(args);
        expect(once.code, once.stderr).toBe(0);
        for (const budget of budgets) {
          const passes = await runCaptured([...args, '--max-held-norms', budget]);
          expect(passes.stderr).toBe('');
          expect(passes.stdout, `${form[0]} ${extra.join(' ')} budget ${budget}`).toBe(once.stdout);
        }
      }
    }
  });

  it('refuses a budget that is not a count, and with --batch-trace', async () => {
    const bad = await runCaptured(['per-instance', '--trace', json, '--alpha', '8', '--delta', '1e-5', '--max-held-norms', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-held-norms');
    const batch = await runCaptured(['per-instance', '--batch-trace', json, '--alpha', '8', '--delta', '1e-5', '--max-held-norms', '10']);
    expect(batch.code).toBe(2);
    expect(batch.stderr).toContain('--max-held-norms applies to --trace only');
  });

  it('reports a bad norm of a later record with the message of the single pass', async () => {
    const bad = runs.map((r, k) => (k === 3 ? { ...r, gradientNorms: r.gradientNorms.map((row, c) => (c === 4 ? row.map((v, i) => (i === 6 ? 2.5 : v)) : row)) } : r));
    const path = write('bad.json', JSON.stringify({ ...header, runs: bad }));
    const once = await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--delta', '1e-5']);
    const passes = await runCaptured(['per-instance', '--trace', path, '--alpha', '8', '--delta', '1e-5', '--max-held-norms', '10']);
    expect(once.code).toBe(2);
    expect(once.stderr).toMatch(/runs\[3\]\.gradientNorms\[4\]\[6\] must be a clipped norm/);
    expect(passes.code).toBe(2);
    expect(passes.stderr).toBe(once.stderr);
  });
});
