import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRng } from '@dpbounds/special-functions';
import { readPerInstanceTraceFile } from '@dpbounds/sgd-instrumentation/node';
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';
import { npyFloat64 } from '../test-helpers/npy-file.js';
import { UsageError } from '../usage-error.js';
import { perInstanceTraceFormat, perInstanceTraceSidecar, readPerInstanceTraceInput } from './per-instance-trace-input.js';

const dir = mkdtempSync(join(tmpdir(), 'dpbounds-pi-input-'));
const write = (name: string, content: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** A version-2 trace with runs with and without the targets, norms at arbitrary doubles. */
function makeTrace(): { header: Record<string, unknown>; runs: { seed: number; excludedRecords?: (string | number)[]; gradientNorms: number[][] }[] } {
  const rng = createRng(5);
  const checkpointSteps = [0, 3, 7, 20];
  const records = [{ id: 'a', label: 'outlier' }, { id: 7 }, { id: 'c' }];
  const header = { format: 'dpbounds.per-instance-trace', version: 2, updateRule: 'sum', samplingRate: 0.02, noiseMultiplier: 0.9, clip: 1.5, datasetSize: 1000, steps: 30, checkpointSteps, records, meta: { producer: 'test' } };
  const runs = [0, 1, 2].map((seed) => ({
    seed,
    ...(seed === 2 ? { excludedRecords: ['a', 7] } : {}),
    gradientNorms: checkpointSteps.map(() => records.map((_, i) => (i === 0 ? 1.5 : 1.5 * rng.uniform()))),
  }));
  return { header, runs };
}

describe('readPerInstanceTraceInput', () => {
  it('tells the forms apart by extension', () => {
    expect(['t.json', 't.jsonl', 't.ndjson.gz', 'x/T.NPY', 'trace.txt'].map(perInstanceTraceFormat)).toEqual(['json', 'jsonl', 'jsonl', 'npy', 'json']);
    expect(perInstanceTraceSidecar('run/norms.npy')).toBe('run/norms.json');
    expect(perInstanceTraceSidecar('norms.npy.gz')).toBe('norms.json');
  });

  it('reads the JSONL and .npy forms to exactly the table of the JSON trace (gzip too)', async () => {
    const { header, runs } = makeTrace();
    const json = write('t.json', JSON.stringify({ ...header, runs }));
    const jsonl = [JSON.stringify(header), ...runs.map((r) => JSON.stringify(r)), ''].join('\n');
    const sidecar = { ...header, runs: runs.map(({ gradientNorms: _, ...rest }) => rest) };
    const values = Float64Array.from(runs.flatMap((r) => r.gradientNorms.flat()));
    write('t-npy.json', JSON.stringify(sidecar));
    write('other-meta.json', JSON.stringify(sidecar));
    const npy = npyFloat64(runs.length * 4, 3, values);
    const expected = await readPerInstanceTraceFile(json);
    const forms = [
      await readPerInstanceTraceInput(write('t.jsonl', jsonl), dir),
      await readPerInstanceTraceInput('t.jsonl.gz', dir).catch(() => null),
      await readPerInstanceTraceInput(write('t-gz.jsonl.gz', gzipSync(jsonl)), dir),
      await readPerInstanceTraceInput(write('t-crlf.jsonl', `\r\n\n${jsonl.split('\n').join('\r\n\n  \t\r\n')}`), dir),
      await readPerInstanceTraceInput(write('t-npy.npy', npy), dir),
      await readPerInstanceTraceInput(write('t-other.npy', npy), dir, { meta: join(dir, 'other-meta.json') }),
      await readPerInstanceTraceInput(json, dir),
    ];
    expect(forms[1]).toBeNull(); // missing file
    for (const table of forms.filter((t) => t !== null)) {
      expect(table.header).toEqual(expected.header);
      expect(table.seeds).toEqual(expected.seeds);
      expect(table.excludedRecords).toEqual(expected.excludedRecords);
      expect(table.ratios).toEqual(expected.ratios);
    }
  });

  it('gives the same dpbounds per-instance result for the three forms', async () => {
    const { header, runs } = makeTrace();
    const json = write('c.json', JSON.stringify({ ...header, runs }));
    const jsonl = write('c.jsonl', [JSON.stringify(header), ...runs.map((r) => JSON.stringify(r))].join('\n'));
    write('c.json.meta', JSON.stringify({ ...header, runs: runs.map(({ gradientNorms: _, ...rest }) => rest) }));
    const npy = write('c.npy', npyFloat64(12, 3, Float64Array.from(runs.flatMap((r) => r.gradientNorms.flat()))));
    const outputs = await Promise.all(
      [[json], [jsonl], [npy, '--trace-meta', join(dir, 'c.json.meta')]].map(async (args) => {
        const run = await runCaptured(['per-instance', '--trace', ...args, '--alpha', '4,8', '--delta', '1e-5', '--json']);
        expect(run.stderr).toBe('');
        return JSON.parse(run.stdout) as unknown;
      }),
    );
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
  });

  it('names the file and the line, index or field of a problem', async () => {
    const { header, runs } = makeTrace();
    const bad = runs.map((r, k) => (k === 1 ? { ...r, gradientNorms: r.gradientNorms.map((row, c) => (c === 2 ? [row[0], 9, row[2]] : row)) } : r));
    const sidecar = JSON.stringify({ ...header, runs: runs.map(({ gradientNorms: _, ...rest }) => rest) });
    write('bad.json', sidecar);
    write('shape.json', sidecar);
    write('withnorms.json', JSON.stringify({ ...header, runs }));
    write('badmeta.json', JSON.stringify({ ...header, clip: -1, runs: runs.map(({ gradientNorms: _, ...rest }) => rest) }));
    const values = Float64Array.from(bad.flatMap((r) => r.gradientNorms.flat()) as number[]);
    const cases: [string, string | Uint8Array, RegExp][] = [
      ['bad.jsonl', [JSON.stringify(header), ...bad.map((r) => JSON.stringify(r))].join('\n'), /bad\.jsonl: line 3: runs\[1\]\.gradientNorms\[2\]\[1\] must be a clipped norm/],
      ['broken.jsonl', `${JSON.stringify(header)}\n{"seed": 1,`, /broken\.jsonl: not valid JSON at line 2, column/],
      ['blank-lines.jsonl', `\n\r\n${JSON.stringify(header)}\r\n\n  \n${bad.map((r) => JSON.stringify(r)).join('\r\n\n')}\n`, /blank-lines\.jsonl: line 8: runs\[1\]\.gradientNorms\[2\]\[1\]/],
      ['two-per-line.jsonl', `${JSON.stringify(header)}\n${JSON.stringify(runs[0])} ${JSON.stringify(runs[1])}\n`, /two-per-line\.jsonl: not valid JSON at line 2, column/],
      ['runs-in-header.jsonl', JSON.stringify({ ...header, runs }), /line 1: the header line must not hold runs/],
      ['empty.jsonl', '\n\n', /empty\.jsonl: empty/],
      ['bad.npy', npyFloat64(12, 3, values), /bad\.npy: index \[6, 1\] \(runs\[1\]\.gradientNorms\[2\]\[1\] must be a clipped norm/],
      ['shape.npy', npyFloat64(4, 9, values), /shape\.npy: shape \(4, 9\) does not match .*shape\.json: expected \(3 runs × 4 checkpoints, 3 records\) = \(12, 3\)/],
      ['withnorms.npy', npyFloat64(12, 3, values), /withnorms\.json: runs\[0\]\.gradientNorms must be absent/],
      ['badmeta.npy', npyFloat64(12, 3, values), /badmeta\.json: clip must be in \(0, ∞\)/],
      ['nometa.npy', npyFloat64(12, 3, values), /nometa\.json: file not found/],
    ];
    for (const [name, content, message] of cases) {
      const path = write(name, content);
      const error = await readPerInstanceTraceInput(path, dir).then(() => null, (e: unknown) => e);
      expect(error, name).toBeInstanceOf(UsageError);
      expect((error as Error).message, name).toMatch(message);
    }
    const run = await runCaptured(['per-instance', '--trace', join(dir, 'bad.jsonl'), '--alpha', '8', '--delta', '1e-5']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    const meta = await runCaptured(['per-instance', '--trace', join(dir, 'bad.jsonl'), '--trace-meta', 'x.json', '--alpha', '8', '--delta', '1e-5']);
    expect(meta.code).toBe(2);
    expect(meta.stderr).toContain('a sidecar applies to a .npy trace only');
  });
});
