import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultParams, paramsToQuery, queryToParams, validateParams, type PlaygroundParams } from './params.js';

describe('playground parameters', () => {
  it('derive q = B/N and T = epochs/q for the defaults', () => {
    const { config, errors } = validateParams(defaultParams);
    expect(errors).toEqual({});
    expect(config?.samplingRate).toBeCloseTo(256 / 32561, 15);
    expect(config?.steps).toBe(Math.round(20 / (256 / 32561)));
  });

  it('report a message per invalid field and no configuration', () => {
    const bad: PlaygroundParams = { ...defaultParams, noiseMultiplier: -1, delta: 2, batchSize: 40000 };
    const { config, errors } = validateParams(bad);
    expect(config).toBeUndefined();
    expect(errors.noiseMultiplier).toMatch(/Noise multiplier/);
    expect(errors.delta).toMatch(/δ/);
    expect(errors.batchSize).toMatch(/exceed/);
    const nan = validateParams({ ...defaultParams, noiseMultiplier: Number.NaN });
    expect(nan.config).toBeUndefined();
  });

  it('carry the neighbouring relation, add-remove unless the link says substitution', () => {
    expect(queryToParams('?q=0.01&T=10').relation).toBe('add-remove');
    expect(queryToParams('?q=0.01&T=10&rel=substitution').relation).toBe('substitution');
    expect(validateParams(queryToParams('?rel=substitution')).config?.relation).toBe('substitution');
    expect(paramsToQuery({ ...defaultParams, relation: 'substitution' })).toContain('rel=substitution');
  });

  it('refuse configurations with more steps than the page computes', () => {
    const { errors } = validateParams({ ...defaultParams, samplingInput: 'rate', samplingRate: 1e-6, epochs: 10 });
    expect(errors.epochs).toBe('This makes 10000000 steps (epochs / q with q = 0.000001); the playground computes up to 1000000');
    // a subnormal rate with the default 20 epochs: no "Infinity" on screen
    expect(validateParams(queryToParams('?q=1e-320')).errors.epochs).toBe('This makes more than 10³⁰⁸ steps (epochs / q with q = 1e-320); the playground computes up to 1000000');
  });

  it('round-trip every valid configuration through the URL', () => {
    const arb = fc.record({
      samplingInput: fc.constantFrom('rate' as const, 'sizes' as const),
      samplingRate: fc.double({ min: 1e-4, max: 1, noNaN: true }),
      batchSize: fc.integer({ min: 1, max: 1000 }),
      datasetSize: fc.integer({ min: 1000, max: 100000 }),
      noiseMultiplier: fc.double({ min: 0.3, max: 50, noNaN: true }),
      lengthInput: fc.constantFrom('epochs' as const, 'steps' as const),
      epochs: fc.double({ min: 0.1, max: 5, noNaN: true }),
      steps: fc.integer({ min: 1, max: 10000 }),
      delta: fc.double({ min: 1e-12, max: 0.1, noNaN: true }),
      clip: fc.double({ min: 0.01, max: 10, noNaN: true }),
      modelSize: fc.integer({ min: 1, max: 1e6 }),
      logFpr: fc.boolean(),
      relation: fc.constantFrom('add-remove' as const, 'substitution' as const),
      targetKind: fc.constantFrom('epsilon' as const, 'bayesSecurity' as const, 'tprAt1' as const),
      targetValue: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
      sampler: fc.constantFrom('poisson' as const, 'fixed-size' as const, 'shuffle' as const, 'balls-in-bins' as const, 'truncated-poisson' as const),
      maxBatchSize: fc.integer({ min: 1000, max: 100000 }),
      mechanism: fc.constantFrom('dp-sgd' as const, 'bandmf' as const),
      bandValues: fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 1, maxLength: 4 }).map((values) => values.map(String).join(',')),
      participation: fc.constantFrom('cyclic' as const, 'balls-in-bins' as const, 'poisson-in-group' as const),
      minSeparation: fc.integer({ min: 1, max: 300 }),
    });
    fc.assert(
      fc.property(arb, (params) => {
        const back = queryToParams(`?${paramsToQuery(params)}`);
        expect(validateParams(back).config).toEqual(validateParams(params).config);
        expect(back.logFpr).toBe(params.logFpr);
        expect(back.relation).toBe(params.relation);
        expect(back.targetKind).toBe(params.targetKind);
        expect(back.targetValue).toBe(params.targetValue);
        expect(back.mechanism).toBe(params.mechanism);
        if (params.mechanism === 'dp-sgd') expect(back.sampler).toBe(params.sampler);
        else expect([back.bandValues, back.participation, back.minSeparation]).toEqual([params.bandValues, params.participation, params.minSeparation]);
      }),
    );
  });

  it('a sampler other than Poisson needs batch and dataset size; truncated Poisson a cap in [B, N]', () => {
    expect(validateParams({ ...defaultParams, samplingInput: 'rate', sampler: 'shuffle' }).errors.samplingRate).toBe('The shuffle sampler needs batch and dataset size: its ε depends on both, not only on q');
    expect(validateParams({ ...defaultParams, sampler: 'truncated-poisson', maxBatchSize: 100 }).errors.maxBatchSize).toBe('Maximum batch size must be an integer between B and N');
    const ok = validateParams({ ...defaultParams, sampler: 'truncated-poisson', maxBatchSize: 300 }).config;
    expect(ok?.sampler).toBe('truncated-poisson');
    expect(ok?.maxBatchSize).toBe(300);
    expect(validateParams({ ...defaultParams, sampler: 'fixed-size', maxBatchSize: 100 }).config?.maxBatchSize).toBeUndefined();
    expect(queryToParams('?sampler=bogus').sampler).toBe('poisson');
  });

  it('read a BandMF link: mechanism, band values, participation and k', () => {
    const params = queryToParams('?mech=bandmf&bandValues=1,0.5,0.25&participation=balls-in-bins&k=50&B=100&N=10000&T=1000&sigma=3');
    expect([params.mechanism, params.bandValues, params.participation, params.minSeparation]).toEqual(['bandmf', '1,0.5,0.25', 'balls-in-bins', 50]);
    const { config, errors } = validateParams(params);
    expect(errors).toEqual({});
    expect(config?.mechanism).toBe('bandmf');
    expect(config?.banded).toEqual({ bandValues: [1, 0.5, 0.25], participation: 'balls-in-bins', minSeparation: 50 });
    expect(config?.steps).toBe(1000);
    // a DP-SGD link has no BandMF settings and does not write BandMF keys
    expect(validateParams(defaultParams).config?.banded).toBeUndefined();
    expect(paramsToQuery(defaultParams)).not.toMatch(/mech=|bandValues=|participation=|(^|&)k=/);
    expect(paramsToQuery(params)).toContain('mech=bandmf');
    expect(queryToParams('?mech=bandmf&participation=bogus').participation).toBe('cyclic');
  });

  it('report an invalid BandMF field next to its control, never a NaN configuration', () => {
    const bandmf = (query: string) => validateParams(queryToParams(`?mech=bandmf&B=100&N=10000&T=1000&${query}`));
    expect(bandmf('bandValues=1,abc').errors.bandValues).toBe('“abc” is not a finite number; give comma-separated band values such as 1,0.5,0.25');
    expect(bandmf('bandValues=1,abc').config).toBeUndefined();
    expect(bandmf('bandValues=1,,0.5').errors.bandValues).toMatch(/not a finite number/);
    expect(bandmf('bandValues=').errors.bandValues).toMatch(/^Give the band values/);
    expect(bandmf('bandValues=0,1').errors.bandValues).toBe('The first band value (the main diagonal of C) must be > 0');
    expect(bandmf('bandValues=1,Infinity').errors.bandValues).toMatch(/not a finite number/);
    expect(validateParams(queryToParams('?mech=bandmf&B=100&N=10000&T=2&bandValues=1,1,1')).errors.bandValues).toBe('3 bands need at least 3 steps (the run has 2)');
    expect(bandmf('k=2.5').errors.minSeparation).toBe('Min separation k must be an integer ≥ 1');
    expect(bandmf('k=0').config).toBeUndefined();
    // k < b is allowed for cyclic participation only
    expect(bandmf('bandValues=1,0.5,0.25&k=2&participation=cyclic').errors).toEqual({});
    expect(bandmf('bandValues=1,0.5,0.25&k=2&participation=balls-in-bins').errors.minSeparation).toBe('For balls-in-bins participation k must be ≥ the number of bands b = 3');
    // poisson-in-group: q = kB/N ≤ 1, and it needs B and N
    expect(bandmf('participation=poisson-in-group&k=101').errors.minSeparation).toBe('k·B = 10100 exceeds N = 10000: each of the k groups (N/k records) must fill an expected batch of B');
    expect(bandmf('participation=poisson-in-group&k=100').errors).toEqual({});
    expect(validateParams(queryToParams('?mech=bandmf&q=0.01&T=100&participation=poisson-in-group')).errors.samplingRate).toMatch(/needs batch and dataset size/);
    // the DP-SGD sampler checks do not apply to BandMF, and its config carries no sampler
    const withSampler = validateParams(queryToParams('?mech=bandmf&q=0.01&T=100&sampler=shuffle'));
    expect(withSampler.errors).toEqual({});
    expect(withSampler.config?.sampler).toBe('poisson');
  });
});
