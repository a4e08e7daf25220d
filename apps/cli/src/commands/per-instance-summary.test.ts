import { perInstancePrivacy } from '@dpbounds/accountants';
import { dpAccountantEvaluation } from '@dpbounds/accountants/advanced';
import { createRng } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { perInstanceSummary, runDpGuarantee } from './per-instance-summary.js';

const run = { samplingRate: 0.01, noiseMultiplier: 1, steps: 20, delta: 1e-5 };
/** Record 0 at the clip norm, record 1 at a tenth of it, record 2 at a hundredth. */
const result = perInstancePrivacy({
  orders: [2, 4, 8, 16, 32], delta: 1e-5, samplingRate: 0.01, noiseMultiplier: 1, steps: 20, checkpointSteps: [0], recordCount: 3,
  ratios: [[Float64Array.of(1, 0.1, 0.01)], [Float64Array.of(1, 0.12, 0.01)]],
});

describe('perInstanceSummary', () => {
  it('puts the PLD guarantee of the run beside the records and counts those below it', () => {
    const dp = runDpGuarantee(run);
    const pld = dpAccountantEvaluation('pld', { ...run, neighbouring: 'add-remove' }).result;
    expect(dp).toEqual({ accountant: 'pld', kind: 'guarantee', neighbouring: 'add-remove', delta: 1e-5, epsilon: pld['epsilon'], epsilonLower: pld['epsilonLower'], samplingRate: 0.01, noiseMultiplier: 1, steps: 20 });
    const summary = perInstanceSummary(result, { dp, delta: 1e-5 });
    const epsilon = (dp as { epsilon: number }).epsilon;
    const expected = result.records.map((r) => r.epsilon < epsilon);
    expect(expected).toEqual([false, true, true]);
    expect(summary.records.map((r) => r.belowDpGuarantee)).toEqual(expected);
    // the record not below the DP guarantee is reported at it; the others at their estimate
    expect(summary.records[0]).toEqual({ epsilon, bound: 'data-independent', epsilonKind: 'guarantee', guaranteeAccountant: 'pld', belowDpGuarantee: false });
    expect(summary.records[1]).toEqual({ epsilon: result.records[1]?.epsilon, bound: 'per-instance', epsilonKind: 'estimate', guaranteeAccountant: null, belowDpGuarantee: true });
    expect(summary.json.comparison).toMatchObject({ kind: 'estimate', records: 3, belowDpGuarantee: 2, belowRdpGuarantee: 2, gain: true });
    expect(summary.json.rdpGuarantee).toEqual({ accountant: 'rdp', kind: 'guarantee', neighbouring: 'add-remove', delta: 1e-5, epsilon: result.dataIndependent.epsilon, order: result.dataIndependent.order });
    expect(summary.lines).toEqual([summary.json.comparison.verdict]);
    expect(summary.lines[0]).toMatch(/^2 of 3 record\(s\) have a per-instance ε \(an estimate\) below the run's DP guarantee ε = /);
    expect(summary.rows.map(([label]) => label)).toEqual(['DP guarantee (every record)', 'data-independent RDP epsilon', 'below the DP guarantee']);
  });

  it('says plainly when no record is below the guarantee', () => {
    const summary = perInstanceSummary(result, { dp: { ...(runDpGuarantee(run) as object), epsilon: 1e-9 } as ReturnType<typeof runDpGuarantee>, delta: 1e-5 });
    expect(summary.json.comparison.gain).toBe(false);
    expect(summary.lines[0]).toBe("no record's per-instance ε is below the run's DP guarantee ε = 1e-9: per-instance accounting shows no gain for this run");
  });

  it('reports an unavailable guarantee without inventing a number', () => {
    const summary = perInstanceSummary(result, { dp: { unavailable: 'the PLD accountant refused the run: x' }, delta: 1e-5 });
    expect(summary.json.dpGuarantee).toBeNull();
    expect(summary.json.dpGuaranteeUnavailable).toBe('the PLD accountant refused the run: x');
    expect(summary.records.map((r) => r.belowDpGuarantee)).toEqual([null, null, null]);
    // without a DP guarantee the RDP one caps: the record at the clip norm gets it
    expect(summary.records[0]).toEqual({ epsilon: result.dataIndependent.epsilon, bound: 'data-independent', epsilonKind: 'guarantee', guaranteeAccountant: 'rdp', belowDpGuarantee: null });
    expect(summary.json.comparison).toMatchObject({ belowDpGuarantee: null, gain: null });
    expect(summary.lines[0]).toContain('no DP guarantee to compare with');
    expect(JSON.stringify(summary.json)).not.toContain('NaN');
  });

  it('never reports a record above either guarantee, over random traces with a record at the clip norm at every step', () => {
    const rng = createRng(23);
    for (let trial = 0; trial < 15; trial++) {
      const steps = 1 + Math.floor(60 * rng.uniform());
      const samplingRate = 0.002 + 0.2 * rng.uniform();
      const noiseMultiplier = 0.5 + 2 * rng.uniform();
      const nRuns = 1 + Math.floor(3 * rng.uniform());
      const ratios = Array.from({ length: nRuns }, () => Array.from({ length: steps }, () => Float64Array.from({ length: 4 }, (_, i) => (i === 0 ? 1 : rng.uniform() ** (1 + 3 * i)))));
      const orders = [2, 4, 8, 16, 32].filter(() => rng.uniform() < 0.7);
      const out = perInstancePrivacy({
        orders: orders.length === 0 ? [8] : orders, delta: 1e-5, samplingRate, noiseMultiplier, steps, recordCount: 4, ratios,
        checkpointSteps: Array.from({ length: steps }, (_, t) => t), lambda: rng.uniform() < 0.5 ? 1e9 : 1 + 3 * steps,
      });
      const dp = runDpGuarantee({ samplingRate, noiseMultiplier, steps, delta: 1e-5 });
      const summary = perInstanceSummary(out, { dp, delta: 1e-5 });
      const cap = Math.min(out.dataIndependent.epsilon, 'epsilon' in dp ? dp.epsilon : Infinity);
      summary.records.forEach((r, i) => {
        expect(r.epsilon, `trial ${trial} record ${i}`).toBeLessThanOrEqual(cap);
        expect(r.epsilon).toBe(Math.min(out.records[i]?.epsilon as number, 'epsilon' in dp ? dp.epsilon : Infinity));
        expect(r.epsilonKind).toBe(r.bound === 'per-instance' ? 'estimate' : 'guarantee');
      });
      // at the clip norm in every run and step: a guarantee, never the per-instance estimate
      expect(summary.records[0]?.bound).toBe('data-independent');
    }
  });
});
