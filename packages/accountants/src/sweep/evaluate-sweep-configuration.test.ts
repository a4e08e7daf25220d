import { describe, expect, it } from 'vitest';
import { calibrateNoiseMultiplier } from '../calibration/calibrate.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { evaluateSweepConfiguration } from './evaluate-sweep-configuration.js';
import { expandSweepGrid } from './sweep-grid.js';
import { sweepConfigurationId } from './sweep-id.js';

const base = { samplingRate: 0.01, noiseMultiplier: 1, steps: 200, delta: 1e-5, neighbouring: 'add-remove' } as const;
type Result = Record<string, unknown>;

describe('evaluateSweepConfiguration', () => {
  it('gives one result per accountant with its kind; epsilon is the PLD accountant\'s guarantee', () => {
    const row = evaluateSweepConfiguration(base, { accountants: 'all' });
    const results = row.results as Result[];
    expect(results.map((r) => r.accountant)).toEqual(['rdp', 'pld', 'prv', 'gdp']);
    expect(results.every((r) => r.kind === 'guarantee' && r.delta === 1e-5 && r.neighbouring === 'add-remove')).toBe(true);
    const pld = new PldAccountant({ neighbouring: 'add-remove' }).compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 200 })).getEpsilonBounds(1e-5);
    expect(results[1]?.epsilon).toBe(pld.upper);
    expect(results[1]?.epsilonLower).toBe(pld.lower);
    // GDP's epsilon is the PLD guarantee; the CLT value is the estimate beside it
    expect(results[3]?.epsilon).toBe(pld.upper);
    expect(typeof results[3]?.epsilonEstimate).toBe('number');
    // RDP is looser than PLD; the PRV bracket contains the PLD lower bound's neighbourhood
    expect(results[0]?.epsilon as number).toBeGreaterThan(pld.upper);
    expect(row.id).toBe(sweepConfigurationId(base));
    expect(row).toMatchObject(base);
  });

  it('keeps epsilon monotone along a σ grid (decreasing) and a steps grid (increasing)', () => {
    const eps = (c: object): number => ((evaluateSweepConfiguration(c as typeof base, { accountants: ['pld'] }).results as Result[])[0]?.epsilon as number);
    const bySigma = expandSweepGrid({ samplingRate: '0.01', noiseMultiplier: '0.8:1.6:0.4', steps: '200', delta: '1e-5' }).map(eps);
    expect(bySigma[0]).toBeGreaterThan(bySigma[1] as number);
    expect(bySigma[1]).toBeGreaterThan(bySigma[2] as number);
    const bySteps = expandSweepGrid({ samplingRate: '0.01', noiseMultiplier: '1', steps: '100:300:100', delta: '1e-5' }).map(eps);
    expect(bySteps[0]).toBeLessThan(bySteps[1] as number);
    expect(bySteps[1]).toBeLessThan(bySteps[2] as number);
  });

  it('adds TPR@FPR per accountant and the threat documents when asked', () => {
    const row = evaluateSweepConfiguration({ ...base, datasetSize: 10000, params: 50 }, { accountants: ['pld', 'gdp'], threats: ['bayes', 'gmip', 'rtm'], fprs: [0.01, 0.1] });
    const [pld, gdp] = row.results as Result[];
    expect(pld?.tprKind).toBe('guarantee');
    expect(gdp?.tprKind).toBe('estimate');
    const tpr = pld?.tprAtFpr as { fpr: number; tpr: number }[];
    expect(tpr.map((p) => p.fpr)).toEqual([0.01, 0.1]);
    expect(tpr[0]?.tpr).toBeGreaterThanOrEqual(0.01);
    expect(tpr[1]?.tpr).toBeGreaterThan(tpr[0]?.tpr as number);
    expect((row.bayesSecurity as Result).threat).toBe('mia');
    expect((row.bayesSecurity as Result).neighbouring).toBe('add-remove');
    expect((row.gmip as Result).mu).toBeGreaterThan(0);
    expect((row.rtm as Result).mechanism).toBe('subsampled-gaussian');
    expect(((row.rtm as Result).points as unknown[]).length).toBe(2);
    expect(row.errors).toBeUndefined();
  });

  it('calibrates σ for a target ε without overshooting, as calibrateNoiseMultiplier', () => {
    const config = { samplingRate: 0.01, steps: 200, delta: 1e-5, targetEpsilon: 1, neighbouring: 'add-remove' } as const;
    const row = evaluateSweepConfiguration(config, { accountants: ['pld', 'rdp'] });
    const [pld, rdp] = row.calibrations as Result[];
    const direct = calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 200 });
    expect(pld).toMatchObject({ noiseMultiplier: direct.value, achieved: direct.epsilon, target: 1, kind: 'guarantee', accountant: 'pld' });
    expect(pld?.achieved as number).toBeLessThanOrEqual(1);
    expect(rdp?.noiseMultiplier as number).toBeGreaterThan(pld?.noiseMultiplier as number);
    expect(row.results).toBeUndefined();
  });

  it('refuses invalid configurations naming the field', () => {
    expect(() => evaluateSweepConfiguration({ ...base, samplingRate: 1.5 }, { accountants: ['pld'] })).toThrow(/samplingRate must be in \(0, 1\]; found 1.5/);
    expect(() => evaluateSweepConfiguration({ ...base, steps: 1.5 }, { accountants: ['pld'] })).toThrow(/steps must be/);
    expect(() => evaluateSweepConfiguration({ ...base, epsilon: 1 }, { accountants: ['pld'] })).toThrow(/delta must be exactly one of delta/);
    expect(() => evaluateSweepConfiguration({ ...base, neighbouring: 'substitution' }, { accountants: ['rdp'] })).toThrow(/accountants must be .*substitution.*; found "rdp"/);
    expect(() => evaluateSweepConfiguration(base, { accountants: ['pld'], threats: ['gmip'] })).toThrow(/datasetSize/);
    expect(() => evaluateSweepConfiguration({ ...base, datasetSize: 1001, params: 3 }, { accountants: ['pld'], threats: ['gmip'] })).toThrow(/samplingRate must be a rate whose batch size/);
    expect(() => evaluateSweepConfiguration(base, { accountants: ['xyz' as 'pld'] })).toThrow(/accountants must be distinct names/);
    expect(() => evaluateSweepConfiguration(base, { accountants: ['pld'], fprs: [1.5] })).toThrow(/fprs\[0\] must be in \[0, 1\]; found 1.5/);
  });
});
