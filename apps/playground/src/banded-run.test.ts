import { bandedMatrixEvent, PldAccountant, pldTradeOffCurve } from '@dpbounds/accountants';
import { describe, expect, it } from 'vitest';
import { fprGrid, sampleCurve } from './fpr-grid.js';
import { formatValue } from './headline.js';
import { queryToParams, validateParams, type ResolvedConfig } from './params.js';
import { analyzeDpStage, analyzeEpsilon, analyzeRtmStage } from './run-analysis.js';

function configOf(query: string): ResolvedConfig {
  const { config, errors } = validateParams(queryToParams(query));
  if (config === undefined) throw new Error(`invalid test configuration ${query}: ${JSON.stringify(errors)}`);
  return config;
}

const grid = fprGrid(40, 60);
const base = 'mech=bandmf&bandValues=1,0.5,0.25&B=100&N=10000&T=1000&sigma=3&delta=0.00001';

describe.each(['add-remove', 'substitution'] as const)('a BandMF run on the page (%s)', (relation) => {
  it.each([
    ['cyclic', 50, {}],
    ['balls-in-bins', 50, {}],
    ['poisson-in-group', 50, { datasetSize: 10000, batchSize: 100 }],
  ] as const)('prices %s participation with the same ε as the library’s PLD accountant', (participation, k, sizes) => {
    const config = configOf(`?${base}&participation=${participation}&k=${k}&rel=${relation}`);
    const event = bandedMatrixEvent({ strategy: { bands: [[1], [0.5], [0.25]] }, bands: 3, steps: 1000, noiseMultiplier: 3, participation, minSeparation: k, ...sizes });
    const library = new PldAccountant({ neighbouring: relation }).compose(event);
    const eps = analyzeEpsilon(config);
    expect(eps.epsilon).toEqual({ value: library.getEpsilon(1e-5), kind: 'guarantee', relation });
    expect(eps.epsilonLower).toBe(library.getEpsilonBounds(1e-5).lower);
    // the DP curve the page draws is the library's curve of the same PLD
    const { stage } = analyzeDpStage(config, grid);
    expect(stage.views.map((v) => v.id)).toEqual(['dp']);
    expect([...(stage.views[0]?.fnr ?? [])]).toEqual([...sampleCurve(pldTradeOffCurve(library), grid)]);
  });

  it('shows only the DP view: no Bayes-security, μ-GMIP or relaxed-threat-model curve for BandMF', () => {
    const config = configOf(`?${base}&participation=cyclic&k=50&rel=${relation}&C=1&d=100`);
    const { stage, dpCurve } = analyzeDpStage(config, grid);
    expect(stage.combinedBayesSecurity).toBeUndefined();
    expect(stage.views).toHaveLength(1);
    expect(stage.views[0]?.kind).toBe('guarantee');
    expect(stage.tprAt1.kind).toBe('guarantee');
    const rtm = analyzeRtmStage(config, dpCurve, grid);
    expect(rtm.view).toBeUndefined();
    expect(rtm.note).toMatch(/not drawn for BandMF/);
    // the curve is never more optimistic than ε: at FPR α it is at least 1 − δ − e^ε·α
    const eps = analyzeEpsilon(config).epsilon.value;
    for (const alpha of [1e-4, 1e-3, 1e-2]) expect(dpCurve.evaluate(alpha)).toBeGreaterThanOrEqual(1 - 1e-5 - Math.exp(eps) * alpha - 1e-9);
  });

  it('gives the identity strategy with cyclic participation every k steps the ε of DP-SGD at q = 1 over ⌈n/k⌉ steps', () => {
    const n = 1000;
    const k = 70;
    const banded = analyzeEpsilon(configOf(`?mech=bandmf&bandValues=1&participation=cyclic&k=${k}&T=${n}&sigma=4&delta=0.00001&q=0.5&rel=${relation}`));
    const dpSgd = analyzeEpsilon(configOf(`?q=1&T=${Math.ceil(n / k)}&sigma=4&delta=0.00001&rel=${relation}`));
    // DP-SGD at q = 1 is the exact Gaussian ε; the PLD of the banded run is its pessimistic discretisation
    expect(banded.epsilon.value).toBeGreaterThanOrEqual(dpSgd.epsilon.value - 1e-9);
    expect(banded.epsilon.value).toBeLessThanOrEqual(dpSgd.epsilon.value * (1 + 1e-3));
    expect(formatValue(banded.epsilon.value)).toBe(formatValue(dpSgd.epsilon.value));
    // and Δ = √⌈n/k⌉ for the identity strategy
    expect(banded.banded?.summary.sensitivity).toBeCloseTo(Math.sqrt(Math.ceil(n / k)), 12);
  });
});

describe('the BandMF sentence', () => {
  it('says balls-in-bins is priced WITHOUT amplification and that the amplified analysis is not implemented', () => {
    const words = analyzeEpsilon(configOf(`?${base}&participation=balls-in-bins&k=50`)).banded?.words ?? '';
    expect(words).toMatch(/^Balls-in-bins participation/);
    expect(words).toContain('Priced WITHOUT amplification');
    expect(words).toContain('(Choquette-Choo, Ganesh, Haque, Steinke and Thakurta, ICLR 2025; Schuchardt and Kalinin 2026) are not implemented');
    expect(words).toContain('priced, tighter, by cyclic participation every 50 steps');
  });

  it('gives the participation and the worst record’s sensitivity for cyclic and poisson-in-group', () => {
    // identity strategy, n = 10, k = 5: the worst record joins 2 steps, Δ = √2
    const cyclic = analyzeEpsilon(configOf('?mech=bandmf&bandValues=1&participation=cyclic&k=5&T=10&sigma=2&q=0.5'));
    expect(cyclic.banded?.summary.participations).toBe(2);
    expect(cyclic.banded?.words).toContain(`Δ = ${formatValue(Math.SQRT2)}`);
    expect(cyclic.banded?.words).toContain('no amplification is credited');
    // Toeplitz (1, 0.5): full columns have norm √1.25; q = kB/N = 0.5
    const pig = analyzeEpsilon(configOf('?mech=bandmf&bandValues=1,0.5&participation=poisson-in-group&k=50&B=100&N=10000&T=1000&sigma=2'));
    expect(pig.banded?.summary.sensitivity).toBeCloseTo(Math.sqrt(1.25), 12);
    expect(pig.banded?.summary.samplingRate).toBe(0.5);
    expect(pig.banded?.words).toContain('amplified by sampling');
    expect(pig.banded?.words).not.toContain('WITHOUT');
  });
});
