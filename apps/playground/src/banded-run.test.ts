import { bandedBallsInBinsGuarantee, bandedMatrixEvent, PldAccountant, pldTradeOffCurve } from '@dpbounds/accountants';
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
  ] as const)('prices %s participation with the library: the PLD accountant’s ε, and for balls-in-bins the smaller of it and the amplified guarantee', (participation, k, sizes) => {
    const config = configOf(`?${base}&participation=${participation}&k=${k}&rel=${relation}`);
    const event = bandedMatrixEvent({ strategy: { bands: [[1], [0.5], [0.25]] }, bands: 3, steps: 1000, noiseMultiplier: 3, participation, minSeparation: k, ...sizes });
    const library = new PldAccountant({ neighbouring: relation }).compose(event);
    const eps = analyzeEpsilon(config);
    if (participation === 'balls-in-bins') {
      // here (σ/ρ = 3/1.75) the amplified guarantee is far below the unamplified PLD's
      const amplified = bandedBallsInBinsGuarantee(event, 1e-5, relation)?.epsilon as number;
      expect(amplified).toBeLessThan(library.getEpsilon(1e-5));
      expect(eps.epsilon).toEqual({ value: amplified, kind: 'guarantee', relation });
      expect(eps.epsilonLower).toBe(0);
      expect(eps.banded).toMatchObject({ binds: 'amplified', unamplified: library.getEpsilon(1e-5), amplified });
    } else {
      expect(eps.epsilon).toEqual({ value: library.getEpsilon(1e-5), kind: 'guarantee', relation });
      expect(eps.epsilonLower).toBe(library.getEpsilonBounds(1e-5).lower);
      expect(eps.banded).toMatchObject({ binds: 'unamplified', unamplified: library.getEpsilon(1e-5), amplified: undefined, method: 'pld' });
    }
    // the DP curve the page draws is the library's curve of the same PLD (unamplified for balls-in-bins)
    const { stage } = analyzeDpStage(config, grid);
    expect(stage.views.map((v) => v.id)).toEqual(['dp']);
    expect([...(stage.views[0]?.fnr ?? [])]).toEqual([...sampleCurve(pldTradeOffCurve(library), grid)]);
    expect(stage.views[0]?.kind).toBe('guarantee');
    expect(stage.views[0]?.name.includes('unamplified')).toBe(participation === 'balls-in-bins');
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

describe('the docs example: bandValues 1,0.6,0.3, σ = 4, 2000 steps, balls-in-bins every k = 100 steps, δ = 1e-5', () => {
  const query = '?mech=bandmf&bandValues=1,0.6,0.3&participation=balls-in-bins&k=100&T=2000&sigma=4&delta=0.00001';
  const event = (participation: 'balls-in-bins' | 'cyclic'): ReturnType<typeof bandedMatrixEvent> =>
    bandedMatrixEvent({ strategy: { bands: [[1], [0.6], [0.3]] }, bands: 3, steps: 2000, noiseMultiplier: 4, participation, minSeparation: 100 });

  it('shows ε = min(unamplified PLD, amplified guarantee) from the library, below the unamplified 8.02, with both in the sentence', () => {
    const pld = new PldAccountant({ neighbouring: 'add-remove' }).compose(event('balls-in-bins')).getEpsilon(1e-5);
    const amplified = bandedBallsInBinsGuarantee(event('balls-in-bins'), 1e-5, 'add-remove');
    if (amplified === undefined) throw new Error('a Toeplitz strategy has an amplified guarantee');
    expect(formatValue(pld)).toBe('8.021');
    const eps = analyzeEpsilon(configOf(query));
    expect(eps.epsilon).toEqual({ value: Math.min(pld, amplified.epsilon), kind: 'guarantee', relation: 'add-remove' });
    expect(formatValue(eps.epsilon.value)).toBe(formatValue(Math.min(pld, amplified.epsilon)));
    expect(eps.epsilon.value).toBeLessThan(8.02);
    expect(eps.banded?.binds).toBe('amplified');
    const words = eps.banded?.words ?? '';
    expect(words).toContain(
      `ε credits the random placement: the run is post-processing of DP-SGD with the same batches at noise σ/ρ = ${formatValue(4 / 1.9)} (ρ = 1.9 from splitting the noise across the strategy's columns), and DP-SGD's random-allocation bound (RDP, 20 epochs of k = 100 batches) gives ε ≤ ${formatValue(amplified.epsilon)}; without amplification`,
    );
    expect(words).toContain(`ε ≤ ${formatValue(pld)}. Both are guarantees; the smaller is shown.`);
    expect(words).not.toMatch(/not implemented|WITHOUT/);
    // a loop that reuses each record's step is not balls-in-bins: the hint to price it as cyclic stays
    expect(words).toContain('A loop that draws each record\'s step once and reuses it every epoch is not balls-in-bins and gets no amplification; it is priced, tighter than the unamplified bound, by cyclic participation every 100 steps.');
  });

  it('leaves cyclic participation as it was: the PLD’s ε alone', () => {
    const cyclic = analyzeEpsilon(configOf(query.replace('balls-in-bins', 'cyclic')));
    expect(cyclic.epsilon.value).toBe(new PldAccountant({ neighbouring: 'add-remove' }).compose(event('cyclic')).getEpsilon(1e-5));
    expect(cyclic.banded?.amplified).toBeUndefined();
    expect(cyclic.banded?.words).not.toContain('random placement');
  });

  it('substitution: the amplified guarantee for that relation, still the smaller', () => {
    const eps = analyzeEpsilon(configOf(`${query}&rel=substitution`));
    const amplified = bandedBallsInBinsGuarantee(event('balls-in-bins'), 1e-5, 'substitution')?.epsilon as number;
    const pld = new PldAccountant({ neighbouring: 'substitution' }).compose(event('balls-in-bins')).getEpsilon(1e-5);
    expect(eps.epsilon).toEqual({ value: Math.min(pld, amplified), kind: 'guarantee', relation: 'substitution' });
    expect(eps.banded?.binds).toBe('amplified');
  });
});

describe('the BandMF sentence', () => {
  it('says when the unamplified guarantee wins (too little noise for amplification to help), with both bounds', () => {
    // σ = 0.5: σ/ρ = 0.2857 gives a random-allocation bound above the PLD's (at 200 steps, 4
    // epochs: the PLD at this little noise is the slow part, and 1000 steps add nothing to the branch)
    const config = configOf(`?${base.replace('sigma=3', 'sigma=0.5').replace('T=1000', 'T=200')}&participation=balls-in-bins&k=50`);
    const eps = analyzeEpsilon(config);
    const event = bandedMatrixEvent({ strategy: { bands: [[1], [0.5], [0.25]] }, bands: 3, steps: 200, noiseMultiplier: 0.5, participation: 'balls-in-bins', minSeparation: 50 });
    const pld = new PldAccountant().compose(event).getEpsilonBounds(1e-5);
    const amplified = bandedBallsInBinsGuarantee(event, 1e-5)?.epsilon as number;
    expect(amplified).toBeGreaterThan(pld.upper);
    expect(eps.epsilon).toEqual({ value: pld.upper, kind: 'guarantee', relation: 'add-remove' });
    expect(eps.epsilonLower).toBe(pld.lower);
    expect(eps.banded).toMatchObject({ binds: 'unamplified', unamplified: pld.upper, amplified, method: pld.method });
    const words = eps.banded?.words ?? '';
    expect(words).toContain(`ε is priced without amplification, at the worst participation pattern's sensitivity Δ = `);
    expect(words).toContain(`ε ≤ ${formatValue(pld.upper)}. Crediting the random placement does not do better here: the run is post-processing of DP-SGD with the same batches at noise σ/ρ = ${formatValue(0.5 / 1.75)}`);
    expect(words).toContain(`gives ε ≤ ${formatValue(amplified)}. Both are guarantees; the smaller is shown.`);
    expect(words).toContain('priced, tighter than the unamplified bound, by cyclic participation every 50 steps');
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
    expect(pig.banded?.words).not.toContain('random placement');
    expect(pig.banded?.amplified).toBeUndefined();
  });
});
