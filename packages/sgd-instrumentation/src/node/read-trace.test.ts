import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DpboundsTypeError, createRng } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { createPerInstanceTrace } from '../traces/per-instance-trace.js';
import { readPerInstanceTraceFile } from './read-trace.js';

const dir = mkdtempSync(join(tmpdir(), 'dpbounds-read-trace-'));

describe('readPerInstanceTraceFile', () => {
  it('streams a file in small chunks to the same ratios as the in-memory trace', async () => {
    const rng = createRng(11);
    const ratios = Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => Float64Array.from({ length: 5 }, () => rng.uniform())));
    const trace = createPerInstanceTrace({
      samplingRate: 0.01, noiseMultiplier: 1, clip: 2, datasetSize: 100, steps: 40, checkpointSteps: [0, 10, 20, 30],
      records: [1, 2, 3, { id: 'é-record', label: 'outlier' }, 5], seeds: [1, 2, 3], ratios, excludedRecords: [[], [], ['é-record']],
    });
    const path = join(dir, 't.json');
    writeFileSync(path, `\uFEFF${JSON.stringify(trace, null, 1)}`);
    const bytes: number[] = [];
    const out = await readPerInstanceTraceFile(path, { chunkBytes: 7, onBytes: (n) => bytes.push(n) });
    expect(out.ratios.map((run) => run.map((row) => [...row]))).toEqual(ratios.map((run) => run.map((row) => [...row].map((r) => (r * 2) / 2))));
    expect(out.header.records[3]).toEqual({ id: 'é-record', label: 'outlier' });
    expect([...(out.excludedRecords[2] ?? [])]).toEqual([3]);
    expect(bytes.length).toBeGreaterThan(100);
    expect(bytes[bytes.length - 1]).toBeGreaterThan(1000);
  });

  it('reads a window of records when asked, holding only those norms', async () => {
    const rng = createRng(12);
    const ratios = Array.from({ length: 6 }, () => Array.from({ length: 2 }, () => Float64Array.from({ length: 5 }, () => rng.uniform())));
    const trace = createPerInstanceTrace({
      samplingRate: 0.01, noiseMultiplier: 1, clip: 1, datasetSize: 100, steps: 20, checkpointSteps: [0, 10],
      records: [1, 2, 3, 4, 5], seeds: [1, 2, 3, 4, 5, 6], ratios,
    });
    const path = join(dir, 'w.json');
    writeFileSync(path, JSON.stringify(trace));
    const whole = await readPerInstanceTraceFile(path);
    const part = await readPerInstanceTraceFile(path, { recordWindow: { from: 2, maxHeldNorms: 12 } });
    expect(part.recordWindow).toEqual({ from: 2, to: 3 });
    expect(part.heldNormsPeak).toBeLessThanOrEqual(12 + 5);
    expect(part.ratios.map((run) => run.map((row) => [...row]))).toEqual(whole.ratios.map((run) => run.map((row) => [...row.slice(2, 3)])));
  });

  it('names the file when it is missing or not UTF-8', async () => {
    await expect(readPerInstanceTraceFile(join(dir, 'missing.json'))).rejects.toThrow('ENOENT');
    const binary = join(dir, 'b.json');
    writeFileSync(binary, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    const error = await readPerInstanceTraceFile(binary).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DpboundsTypeError);
    expect((error as DpboundsTypeError).message).toContain('UTF-8');
  });
});
