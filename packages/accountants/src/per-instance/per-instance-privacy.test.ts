import fc from 'fast-check';
import { DpboundsRangeError, DpboundsTypeError, createRng } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { rdpCurveToEpsilon } from '../rdp/rdp-to-epsilon.js';
import { composeFromRatios } from './compose-per-instance-rdp.js';
import { perInstancePrivacy } from './per-instance-privacy.js';
import { PER_INSTANCE_MAX_STEPS, perInstanceWorkEstimate } from './per-instance-work.js';
import { sgmRdpInteger } from './per-instance-step-rdp.js';

/** ratios[run][checkpoint][record] with a seeded RNG; record 0 is an outlier at ratio 1. */
function sampleRatios(seed: number, runs: number, checkpoints: number, records: number): Float64Array[][] {
  const rng = createRng(seed);
  return Array.from({ length: runs }, () =>
    Array.from({ length: checkpoints }, () => {
      const row = new Float64Array(records);
      for (let i = 0; i < records; i++) row[i] = i === 0 ? 1 : Math.min(1, 0.05 + 0.3 * rng.uniform() * (i / records));
      return row;
    }),
  );
}

const base = { delta: 1e-5, samplingRate: 0.01, noiseMultiplier: 1, steps: 30 };

describe('perInstancePrivacy', () => {
  it('equals composeFromRatios when every step is a checkpoint', () => {
    const ratios = sampleRatios(1, 3, 30, 4);
    const out = perInstancePrivacy({ ...base, orders: [8], lambda: 40, checkpointSteps: Array.from({ length: 30 }, (_, t) => t), recordCount: 4, ratios });
    for (let i = 0; i < 4; i++) {
      const perStep = Array.from({ length: 30 }, (_, t) => ratios.map((run) => run[t]?.[i] as number));
      const direct = composeFromRatios({ alpha: 8, lambda: 40, q: 0.01, sigma: 1, ratios: perStep }).epsilon;
      expect(Math.abs((out.records[i]?.perInstanceRdpByOrder[0] as number) - direct)).toBeLessThanOrEqual(1e-12 * direct);
    }
  });

  it('gives each record its own curves, as views of four arrays shared by every record (memory per record, not per array)', () => {
    const ratios = sampleRatios(9, 4, 5, 6);
    const out = perInstancePrivacy({ ...base, orders: [2, 8, 32], checkpointSteps: [0, 6, 12, 18, 24], recordCount: 6, ratios, excludedRecords: [[], [1, 2], [], [2]] });
    const curves = out.records.flatMap((r) => [r.rdpByOrder, r.perInstanceRdpByOrder, r.withRecord?.rdpByOrder, r.withoutRecord?.rdpByOrder]).filter((c) => c !== undefined);
    expect(new Set(curves.map((c) => c.buffer)).size).toBe(4);
    for (const c of curves) expect(c.length).toBe(3);
    // a record analysed alone has the same values
    for (const i of [0, 2, 5]) {
      const alone = perInstancePrivacy({ ...base, orders: [2, 8, 32], checkpointSteps: [0, 6, 12, 18, 24], recordCount: 1, ratios: ratios.map((run) => run.map((row) => row.slice(i, i + 1))), excludedRecords: [[], [1, 2], [], [2]].map((list) => list.filter((k) => k === i).map(() => 0)) });
      const record = out.records[i];
      expect([...(alone.records[0]?.rdpByOrder ?? [])]).toEqual([...(record?.rdpByOrder ?? [])]);
      expect(alone.records[0]?.epsilon).toBe(record?.epsilon);
      expect(alone.records[0]?.withoutRecord?.epsilon).toBe(record?.withoutRecord?.epsilon);
    }
  });

  it('fills steps between checkpoints with the last measured ratio', () => {
    const ratios = sampleRatios(2, 2, 3, 2);
    const checkpointSteps = [0, 10, 20];
    const out = perInstancePrivacy({ ...base, orders: [4], lambda: 100, checkpointSteps, recordCount: 2, ratios });
    const perStep = Array.from({ length: 30 }, (_, t) => ratios.map((run) => run[Math.floor(t / 10)]?.[1] as number));
    const direct = composeFromRatios({ alpha: 4, lambda: 100, q: 0.01, sigma: 1, ratios: perStep }).epsilon;
    expect(Math.abs((out.records[1]?.perInstanceRdpByOrder[0] as number) - direct)).toBeLessThanOrEqual(1e-12 * direct);
  });

  it('reports the data-independent guarantee of the same run and never exceeds it', () => {
    const orders = [2, 4, 8, 16, 32];
    const out = perInstancePrivacy({ ...base, orders, checkpointSteps: [0, 15], recordCount: 50, ratios: sampleRatios(3, 5, 2, 50) });
    const di = orders.map((alpha) => 30 * sgmRdpInteger({ alpha, q: 0.01, sigma: 1 }));
    expect([...out.dataIndependent.rdpByOrder]).toEqual(di);
    expect(out.dataIndependent.epsilon).toBe(rdpCurveToEpsilon(orders, di, 1e-5, 'improved').epsilon);
    for (const record of out.records) expect(record.epsilon).toBeLessThanOrEqual(out.dataIndependent.epsilon);
    // The outlier (ratio 1 everywhere) gets the data-independent value; typical records far less.
    expect(out.records[0]?.epsilon).toBe(out.dataIndependent.epsilon);
    expect(out.records[1]?.epsilon).toBeLessThan(out.dataIndependent.epsilon / 2);
    expect(out.records[1]?.rdpByOrder[2]).toBeLessThan((di[2] as number) / 100);
    expect(out.lambda).toBeCloseTo(1 + 3 * 29, 9);
  });

  it('is non-decreasing when every ratio grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.double({ min: 1, max: 2, noNaN: true }), (seed, factor) => {
        const ratios = sampleRatios(seed, 3, 3, 5);
        const grown = ratios.map((run) => run.map((row) => row.map((r) => Math.min(1, r * factor))));
        const input = { ...base, orders: [4, 8], checkpointSteps: [0, 10, 20], recordCount: 5 };
        const a = perInstancePrivacy({ ...input, ratios });
        const b = perInstancePrivacy({ ...input, ratios: grown });
        a.records.forEach((record, i) => expect(record.epsilon).toBeLessThanOrEqual((b.records[i]?.epsilon as number) * (1 + 1e-12)));
      }),
      { seed: 17, numRuns: 30 },
    );
  });

  it('reports progress and validates shapes', () => {
    const calls: [number, number][] = [];
    perInstancePrivacy({ ...base, orders: [4, 8], checkpointSteps: [0, 3, 9], recordCount: 30, ratios: sampleRatios(4, 2, 3, 30), onProgress: (done, total) => calls.push([done, total]) });
    expect(calls.length).toBeGreaterThan(2);
    calls.forEach(([done, total], n) => {
      expect(done).toBeLessThanOrEqual(total);
      if (n > 0) expect(done).toBeGreaterThan(calls[n - 1]?.[0] as number);
    });
    expect(calls[calls.length - 1]?.[0]).toBe(calls[calls.length - 1]?.[1]);
    const ok = { ...base, orders: [8], checkpointSteps: [0, 5], recordCount: 2, ratios: sampleRatios(5, 2, 2, 2) };
    expect(() => perInstancePrivacy({ ...ok, checkpointSteps: [5, 5] })).toThrow(DpboundsRangeError);
    expect(() => perInstancePrivacy({ ...ok, checkpointSteps: [0, 30] })).toThrow(DpboundsRangeError);
    expect(() => perInstancePrivacy({ ...ok, recordCount: 3 })).toThrow(DpboundsTypeError);
    expect(() => perInstancePrivacy({ ...ok, orders: [1.5] })).toThrow(DpboundsRangeError);
    expect(() => perInstancePrivacy({ ...ok, ratios: [] })).toThrow(DpboundsRangeError);
    const negative = sampleRatios(5, 2, 2, 2);
    (negative[1]?.[1] as Float64Array)[0] = -0.5;
    expect(() => perInstancePrivacy({ ...ok, ratios: negative })).toThrow('ratios[1][1][0]');
    const huge = sampleRatios(5, 2, 2, 2);
    (huge[0]?.[0] as Float64Array)[1] = 1e200;
    expect(() => perInstancePrivacy({ ...ok, ratios: huge })).toThrow(DpboundsRangeError);
  });
});

describe('perInstancePrivacy: both directions of the pair', () => {
  const checkpointSteps = Array.from({ length: 30 }, (_, t) => t);
  const input = { ...base, orders: [4, 8], lambda: 40, checkpointSteps, recordCount: 3 };

  it('composes runs with and without each record separately and reports the larger', () => {
    const ratios = sampleRatios(7, 6, 30, 3);
    // Runs 3..5 did not train on record 1; run 5 did not train on record 2 either.
    const excludedRecords = [[], [], [], [1], [1], [2, 1]];
    const out = perInstancePrivacy({ ...input, ratios, excludedRecords });
    const direct = (i: number, runs: number[], alpha: number): number =>
      composeFromRatios({ alpha, lambda: 40, q: 0.01, sigma: 1, ratios: checkpointSteps.map((t) => runs.map((r) => ratios[r]?.[t]?.[i] as number)) }).epsilon;
    const record1 = out.records[1];
    expect(record1?.coverage).toBe('both');
    expect(record1?.withRecord?.runs).toBe(3);
    expect(record1?.withoutRecord?.runs).toBe(3);
    [4, 8].forEach((alpha, o) => {
      const w = direct(1, [0, 1, 2], alpha);
      const wo = direct(1, [3, 4, 5], alpha);
      expect(Math.abs((record1?.withRecord?.rdpByOrder[o] as number) - w)).toBeLessThanOrEqual(1e-12 * w);
      expect(Math.abs((record1?.withoutRecord?.rdpByOrder[o] as number) - wo)).toBeLessThanOrEqual(1e-12 * wo);
      expect(record1?.perInstanceRdpByOrder[o]).toBe(Math.max(record1?.withRecord?.rdpByOrder[o] as number, record1?.withoutRecord?.rdpByOrder[o] as number));
    });
    expect(out.records[2]?.withoutRecord?.runs).toBe(1);
    expect(out.records[0]?.coverage).toBe('with-record');
    expect(out.records[0]?.withoutRecord).toBeNull();
  });

  it('never reports less than either direction alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (seed) => {
        const ratios = sampleRatios(seed, 4, 30, 3);
        const both = perInstancePrivacy({ ...input, ratios, excludedRecords: [[], [0, 1, 2], [], [0, 1, 2]] });
        const withOnly = perInstancePrivacy({ ...input, ratios: [ratios[0], ratios[2]] as Float64Array[][] });
        const withoutOnly = perInstancePrivacy({ ...input, ratios: [ratios[1], ratios[3]] as Float64Array[][], excludedRecords: [[0, 1, 2], [0, 1, 2]] });
        both.records.forEach((record, i) => {
          expect(record.perInstanceEpsilon).toBeGreaterThanOrEqual(withOnly.records[i]?.perInstanceEpsilon as number);
          expect(record.perInstanceEpsilon).toBeGreaterThanOrEqual(withoutOnly.records[i]?.perInstanceEpsilon as number);
          expect(withoutOnly.records[i]?.coverage).toBe('without-record');
          expect([...(withoutOnly.records[i]?.withoutRecord?.rdpByOrder ?? [])]).toEqual([...(record.withoutRecord?.rdpByOrder ?? [])]);
        });
      }),
      { seed: 23, numRuns: 20 },
    );
  });

  it('labels per-record values as estimates and the data-independent one as a guarantee (add-remove)', () => {
    const out = perInstancePrivacy({ ...input, ratios: sampleRatios(8, 2, 30, 3) });
    expect(out.kind).toBe('estimate');
    expect(out.neighbouring).toBe('add-remove');
    expect(out.dataIndependent.kind).toBe('guarantee');
    for (const record of out.records) expect(record.kind).toBe('estimate');
  });

  it('rejects malformed exclusion lists and step counts beyond the limit, naming the field', () => {
    const ok = { ...input, ratios: sampleRatios(9, 2, 30, 3) };
    expect(() => perInstancePrivacy({ ...ok, excludedRecords: [[]] })).toThrow('excludedRecords');
    expect(() => perInstancePrivacy({ ...ok, excludedRecords: [[], [3]] })).toThrow('excludedRecords[1][0]');
    expect(() => perInstancePrivacy({ ...ok, excludedRecords: [[1, 1], []] })).toThrow('excludedRecords[0][1]');
    expect(() => perInstancePrivacy({ ...ok, steps: 2 ** 53 - 1 })).toThrow(DpboundsRangeError);
    expect(() => perInstancePrivacy({ ...ok, steps: PER_INSTANCE_MAX_STEPS + 1 })).toThrow('steps');
  });

  it('estimates the work before doing it', () => {
    expect(perInstanceWorkEstimate({ orders: 11, steps: 509, checkpoints: 509, records: 10, runs: 5 }).evaluations).toBe(559_900);
    const big = perInstanceWorkEstimate({ orders: 1, steps: 2 ** 53 - 1, checkpoints: 1, records: 1, runs: 1 });
    expect(big.evaluations).toBeGreaterThan(1e15);
    expect(() => perInstanceWorkEstimate({ orders: 1, steps: -1, checkpoints: 1, records: 1, runs: 1 })).toThrow('steps');
  });
});
