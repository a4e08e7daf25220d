import { bayesSecurityMia } from '@dpbounds/accountants';
import { bayesSecurity, gdpEpsilon } from '@dpbounds/tradeoff-core';
import { describe, expect, it } from 'vitest';
import { dpRun } from './dp-run.js';
import { fprGrid, sampleCurve } from './fpr-grid.js';
import { queryToParams, validateParams, type ResolvedConfig } from './params.js';
import { analyzeDpStage, analyzeEpsilon, analyzeRtmStage } from './run-analysis.js';

function configOf(query: string): ResolvedConfig {
  const config = validateParams(queryToParams(query)).config;
  if (config === undefined) throw new Error(`invalid test configuration ${query}`);
  return config;
}

const grid = fprGrid(40, 60);

describe.each(['add-remove', 'substitution'] as const)('the analysis worker’s stages (%s)', (relation) => {
  const config = configOf(`?q=0.02&sigma=1.2&T=200&delta=0.00001&C=1&d=100&rel=${relation}`);
  const { stage, dpCurve } = analyzeDpStage(config, grid);

  it('report the DP guarantee for the page’s relation', () => {
    const dp = dpRun(config);
    const eps = analyzeEpsilon(config);
    expect(eps.epsilon).toEqual({ value: dp.epsilon, kind: 'guarantee', relation });
    expect(eps.epsilonLower).toBeLessThanOrEqual(eps.epsilon.value);
    expect([...(stage.views[0]?.fnr ?? [])]).toEqual([...sampleCurve(dp.curve, grid)]);
    if (relation === 'substitution') expect(eps.epsilon.value).toBeGreaterThan(dpRun({ ...config, relation: 'add-remove' }).epsilon);
    // the curve is never more optimistic than ε: at FPR α it is at least 1 − δ − e^ε·α
    for (const alpha of [1e-4, 1e-3, 1e-2]) expect(dp.curve.evaluate(alpha)).toBeGreaterThanOrEqual(1 - 1e-5 - Math.exp(eps.epsilon.value) * alpha - 1e-9);
  });

  it('label every curve with its kind and the one relation of the plot', () => {
    const kinds = Object.fromEntries(stage.views.map((v) => [v.id, v.kind]));
    expect(kinds).toEqual(relation === 'substitution' ? { dp: 'guarantee', bayes: 'guarantee', gmip: 'estimate' } : { dp: 'guarantee', bayes: 'guarantee' });
    for (const view of stage.views) expect(view.relation).toBe(relation);
    for (const view of stage.views.slice(1)) expect(view.binding?.length).toBeGreaterThan(0);
  });

  it('never draw a combined curve below the DP guarantee on the grid', () => {
    const dp = stage.views[0]?.fnr as Float64Array;
    for (const view of stage.views.slice(1)) {
      view.fnr.forEach((fnr, i) => expect(fnr).toBeGreaterThanOrEqual(dp[i] as number));
    }
  });

  it('give the combined Bayes-security guarantee, at least the certified closed form and the DP curve’s β*', () => {
    const closed = bayesSecurityMia({ samplingRate: 0.02, noiseMultiplier: 1.2, steps: 200, relation: relation === 'substitution' ? 'substitution' : 'addRemove' });
    expect(stage.combinedBayesSecurity?.kind).toBe('guarantee');
    expect(stage.combinedBayesSecurity?.value).toBeGreaterThanOrEqual(closed.certifiedLowerBound);
    expect(stage.combinedBayesSecurity?.value).toBeGreaterThanOrEqual(bayesSecurity(dpCurve) - 1e-12);
    expect(stage.combinedBayesSecurity?.value).toBeLessThanOrEqual(1);
  });

  it('combine the relaxed-threat-model guarantee of the run with the same DP curve', () => {
    const rtm = analyzeRtmStage(config, dpCurve, grid);
    expect(rtm.note).toMatch(/^Relaxed threat model/);
    const view = rtm.view;
    if (view === undefined) throw new Error('no RTM view');
    expect(view).toMatchObject({ id: 'rtm', kind: 'guarantee', relation });
    const dp = stage.views[0]?.fnr as Float64Array;
    view.fnr.forEach((fnr, i) => expect(fnr).toBeGreaterThanOrEqual(dp[i] as number));
    // where DP binds, the combined curve is the DP curve itself
    const dpOnly = view.binding?.every((b) => b.binds === 'dp') === true;
    if (dpOnly) view.fnr.forEach((fnr, i) => expect(fnr).toBe(dp[i] as number));
  });
});

describe('a configuration μ-GMIP refuses', () => {
  it('still gets its DP guarantee and the other combined curves', () => {
    const tiny = configOf('?q=1e-300&sigma=1.1&T=1000&delta=0.00001&rel=substitution');
    const { stage } = analyzeDpStage(tiny, grid);
    expect(stage.views.map((v) => v.id)).toEqual(['dp', 'bayes']);
    expect(analyzeEpsilon(tiny).epsilon.value).toBeGreaterThanOrEqual(0);
  });
});

describe('full batches', () => {
  it('use the exact Gaussian curve and ε of μ = √T/σ (2√T/σ for substitution), not a PLD grid', () => {
    for (const [relation, sensitivity] of [['add-remove', 1], ['substitution', 2]] as const) {
      const eps = analyzeEpsilon(configOf(`?q=1&sigma=1.1&T=1000000&delta=0.00001&rel=${relation}`));
      expect(eps.epsilon.value).toBeCloseTo(gdpEpsilon((sensitivity * 1000) / 1.1, 1e-5), 8);
      expect(eps.epsilon.value).toBe(eps.epsilonLower);
    }
  });
});

describe('a sampler other than Poisson', () => {
  const config = configOf('?B=100&N=10000&sigma=1.2&T=300&delta=0.00001&C=1&d=100&sampler=fixed-size');

  it('shows the sampler’s own ε with its kind and the Poisson ε beside it, flagged as not covering the run', () => {
    const eps = analyzeEpsilon(config);
    expect(eps.epsilon.kind).toBe('guarantee');
    expect(eps.poisson?.validForRun).toBe(false);
    expect(eps.epsilon.value).toBeGreaterThan(eps.poisson?.epsilon as number);
    // the Poisson number is the page's own Poisson accounting of the same q, σ, T
    expect(eps.poisson?.epsilon).toBeCloseTo(dpRun({ ...config, sampler: 'poisson' } as ResolvedConfig).epsilon, 9);
  });

  it('balls-in-bins: its ε is the random-allocation guarantee, with the Poisson estimate at rate 1/K below it', () => {
    const eps = analyzeEpsilon(configOf('?B=100&N=10000&sigma=1.2&T=300&delta=0.00001&sampler=balls-in-bins'));
    expect(eps.epsilon.kind).toBe('guarantee');
    expect(eps.poisson?.upper).toBe(eps.epsilon.value);
    expect(eps.poisson?.method).toMatch(/^rdp: random allocation/);
    expect(eps.poisson?.estimate as number).toBeLessThan(eps.epsilon.value);
  });

  it('a lower bound stays a lower bound (shuffle)', () => {
    const eps = analyzeEpsilon(configOf('?B=100&N=10000&sigma=1.2&T=300&delta=0.00001&sampler=shuffle'));
    expect(eps.epsilon.kind).toBe('lower-bound');
    expect(eps.poisson?.upper as number).toBeGreaterThan(eps.epsilon.value);
  });

  it('labels no Poisson curve or number a guarantee for the loop', () => {
    const { stage } = analyzeDpStage(config, grid);
    for (const view of stage.views) {
      expect(view.kind).not.toBe('guarantee');
      expect(view.name).toContain('Poisson batches, not a guarantee for fixed-size');
    }
    expect(stage.tprAt1.kind).toBe('estimate');
    expect(stage.combinedBayesSecurity?.kind).not.toBe('guarantee');
    const poisson = analyzeDpStage({ ...config, sampler: 'poisson' }, grid).stage;
    expect(poisson.views[0]?.kind).toBe('guarantee');
  });
});
