import { createRng } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { createPerInstanceTraceParser } from './per-instance-trace-stream.js';
import type { PerInstanceTraceParserOptions, PerInstanceTraceTable } from './per-instance-trace-stream.js';

/** A header-first trace text with many runs (runs ≫ records), half of them without record 1. */
function traceText(seed: number, { runs = 40, checkpoints = 6, records = 9, headerLast = false } = {}): string {
  const rng = createRng(seed);
  const header = {
    format: 'dpbounds.per-instance-trace', version: 2, updateRule: 'sum', samplingRate: 0.02, noiseMultiplier: 0.9, clip: 1.5, datasetSize: 500, steps: 3 * checkpoints,
    checkpointSteps: Array.from({ length: checkpoints }, (_, c) => 3 * c), records: Array.from({ length: records }, (_, i) => ({ id: i === 4 ? 'x4' : i })),
  };
  const runList = Array.from({ length: runs }, (_, r) => ({
    seed: r,
    ...(r % 2 === 1 ? { excludedRecords: records > 4 ? [1, 'x4'] : [1] } : {}),
    gradientNorms: Array.from({ length: checkpoints }, () => Array.from({ length: records }, () => 1.5 * rng.uniform())),
  }));
  return JSON.stringify(headerLast ? { runs: runList, ...header } : { ...header, runs: runList });
}

function parse(text: string, options: PerInstanceTraceParserOptions = {}): PerInstanceTraceTable {
  const parser = createPerInstanceTraceParser(options);
  for (let i = 0; i < text.length; i += 997) parser.write(text.slice(i, i + 997));
  return parser.end();
}

/** Reads every record window in turn, as the CLI does, starting each pass where the last ended. */
function passes(text: string, maxHeldNorms: number, textLength?: number): PerInstanceTraceTable[] {
  const tables: PerInstanceTraceTable[] = [];
  let from = 0;
  const records = (JSON.parse(text) as { records: unknown[] }).records.length;
  while (from < records) {
    const table = parse(text, { recordWindow: { from, maxHeldNorms, ...(textLength !== undefined ? { textLength } : {}) } });
    expect(table.recordWindow.from).toBe(from);
    expect(table.recordWindow.to).toBeGreaterThan(from);
    tables.push(table);
    from = table.recordWindow.to;
  }
  return tables;
}

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('no error');
}

describe('createPerInstanceTraceParser with a record window (bounded memory, several passes)', () => {
  it('holds at most the budget plus one row of norms, while the file holds every run', () => {
    const text = traceText(1, { runs: 60, checkpoints: 8, records: 11 });
    const all = parse(text);
    // the whole table holds runs × checkpoints × records norms
    expect(all.heldNormsPeak).toBe(60 * 8 * 11);
    const budget = 600;
    const tables = passes(text, budget);
    expect(tables.length).toBeGreaterThan(1);
    for (const table of tables) {
      // the count is of the norms kept at once, one row's worth above the budget at most
      expect(table.heldNormsPeak).toBeLessThanOrEqual(budget + 11);
      expect(table.ratios.length).toBe(60);
    }
  });

  it('gives, window by window, exactly the columns of the whole table', () => {
    for (const seed of [2, 3, 4]) {
      const text = traceText(seed);
      const all = parse(text);
      expect(all.recordWindow).toEqual({ from: 0, to: 9 });
      for (const [budget, textLength] of [[1], [50], [200], [1000], [200, text.length], [200, 10], [200, 10 * text.length]] as [number, number?][]) {
        const tables = passes(text, budget, textLength);
        expect(tables[tables.length - 1]?.recordWindow.to).toBe(9);
        for (const table of tables) {
          const { from, to } = table.recordWindow;
          expect(table.header).toEqual(all.header);
          expect(table.seeds).toEqual(all.seeds);
          expect(table.excludedRecords).toEqual(all.excludedRecords);
          table.ratios.forEach((run, r) => run.forEach((row, c) => expect(row).toEqual(all.ratios[r]?.[c]?.slice(from, to))));
        }
      }
    }
  });

  it('with the text length as a hint, narrows early: the budget holds and the passes are as many', () => {
    const text = traceText(11, { runs: 60, checkpoints: 8, records: 11 });
    const budget = 600;
    const hinted = passes(text, budget, text.length);
    const plain = passes(text, budget);
    for (const table of hinted) expect(table.heldNormsPeak).toBeLessThanOrEqual(budget + 11);
    expect(hinted.map((t) => t.recordWindow)).toEqual(plain.map((t) => t.recordWindow));
    // a hint ten times too long narrows earlier, into as many passes or more, never a different table
    expect(passes(text, budget, 10 * text.length).length).toBeGreaterThanOrEqual(plain.length);
  });

  it('writes over the rows of the last pass instead of allocating (same tables)', () => {
    const text = traceText(12, { runs: 20, checkpoints: 5, records: 9 });
    /** The passes as the CLI reads them: later ones at the first one's width, optionally reusing rows. */
    const read = (withReuse: boolean): { tables: PerInstanceTraceTable[]; ratios: Float64Array[][][]; reused: number[] } => {
      const tables: PerInstanceTraceTable[] = [];
      const ratios: Float64Array[][][] = []; // copies: a reusing pass writes over the last one's rows
      const reused: number[] = [];
      let from = 0;
      let width: number | undefined;
      let reuse: Float64Array[][] | undefined;
      while (from < 9) {
        const previous = new Set((reuse ?? []).flat());
        const table = parse(text, { recordWindow: { from, maxHeldNorms: 200, ...(width !== undefined ? { records: width } : {}), ...(withReuse && reuse !== undefined ? { reuse } : {}) } });
        tables.push(table);
        ratios.push(table.ratios.map((run) => run.map((row) => row.slice())));
        reused.push(table.ratios.flat().filter((row) => previous.has(row)).length);
        width ??= table.recordWindow.to - table.recordWindow.from;
        reuse = table.ratios as Float64Array[][];
        from = table.recordWindow.to;
      }
      return { tables, ratios, reused };
    };
    const plain = read(false);
    const reusing = read(true);
    expect(reusing.tables.map((t) => t.recordWindow)).toEqual(plain.tables.map((t) => t.recordWindow));
    expect(reusing.ratios).toEqual(plain.ratios);
    expect(plain.tables.length).toBeGreaterThan(2);
    expect(plain.reused.every((n) => n === 0)).toBe(true);
    // every pass but the first writes over all 100 rows of the last one, unless it is narrower (the last)
    const widths = reusing.tables.map((t) => t.recordWindow.to - t.recordWindow.from);
    reusing.reused.forEach((n, k) => expect(n).toBe(k > 0 && widths[k] === widths[k - 1] ? 20 * 5 : 0));
  });

  it('starts at the width asked for (a later pass), holding that many records from the first row', () => {
    const text = traceText(10, { runs: 20, checkpoints: 5, records: 9 });
    const all = parse(text);
    const table = parse(text, { recordWindow: { from: 2, maxHeldNorms: 10_000, records: 3 } });
    expect(table.recordWindow).toEqual({ from: 2, to: 5 });
    expect(table.heldNormsPeak).toBe(20 * 5 * 3);
    table.ratios.forEach((run, r) => run.forEach((row, c) => expect(row).toEqual(all.ratios[r]?.[c]?.slice(2, 5))));
    expect(errorOf(() => createPerInstanceTraceParser({ recordWindow: { from: 0, maxHeldNorms: 10, records: 0 } }))).toMatch(/recordWindow\.records/);
  });

  it('never holds fewer than one record: a record larger than the budget is kept whole', () => {
    const text = traceText(5, { runs: 30, checkpoints: 10, records: 3 });
    const tables = passes(text, 5);
    expect(tables.map((t) => t.recordWindow)).toEqual([{ from: 0, to: 1 }, { from: 1, to: 2 }, { from: 2, to: 3 }]);
    for (const table of tables) expect(table.heldNormsPeak).toBe(30 * 10);
  });

  it('reports the error of the whole-table read for a bad norm outside the window', () => {
    const text = traceText(6).replace(/("gradientNorms":\[\[[^\]]*\],\[)([0-9.e-]+),([0-9.e-]+),([0-9.e-]+)/, '$1$2,$3,7.5');
    const whole = errorOf(() => parse(text));
    expect(whole).toMatch(/runs\[0\]\.gradientNorms\[1\]\[2\] must be a clipped norm/);
    for (const from of [0, 3, 8]) expect(errorOf(() => parse(text, { recordWindow: { from, maxHeldNorms: 20 } }))).toBe(whole);
  });

  it('reports the error of the whole-table read for a row of the wrong length', () => {
    const text = traceText(7).replace(/("gradientNorms":\[\[[^\]]*\],\[)([0-9.e-]+),/, '$1');
    const whole = errorOf(() => parse(text));
    expect(whole).toMatch(/runs\[0\]\.gradientNorms\[1\] must be an array with one norm per record \(9\)/);
    expect(errorOf(() => parse(text, { recordWindow: { from: 4, maxHeldNorms: 20 } }))).toBe(whole);
  });

  it('keeps every norm when the runs come before the clip norm, and still gives the window asked for', () => {
    const text = traceText(8, { headerLast: true });
    const all = parse(text);
    const table = parse(text, { recordWindow: { from: 3, maxHeldNorms: 10 } });
    expect(table.heldNormsPeak).toBe(all.heldNormsPeak);
    expect(table.recordWindow).toEqual({ from: 3, to: 9 });
    table.ratios.forEach((run, r) => run.forEach((row, c) => expect(row).toEqual(all.ratios[r]?.[c]?.slice(3))));
  });

  it('refuses a bad window naming it', () => {
    expect(errorOf(() => createPerInstanceTraceParser({ recordWindow: { from: -1, maxHeldNorms: 10 } }))).toMatch(/recordWindow\.from/);
    expect(errorOf(() => createPerInstanceTraceParser({ recordWindow: { from: 0, maxHeldNorms: 0 } }))).toMatch(/recordWindow\.maxHeldNorms/);
    expect(errorOf(() => parse(traceText(9), { recordWindow: { from: 9, maxHeldNorms: 10 } }))).toMatch(/recordWindow\.from/);
  });
});
