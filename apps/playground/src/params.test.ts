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
    });
    fc.assert(
      fc.property(arb, (params) => {
        const back = queryToParams(`?${paramsToQuery(params)}`);
        expect(validateParams(back).config).toEqual(validateParams(params).config);
        expect(back.logFpr).toBe(params.logFpr);
        expect(back.relation).toBe(params.relation);
        expect(back.targetKind).toBe(params.targetKind);
        expect(back.targetValue).toBe(params.targetValue);
        expect(back.sampler).toBe(params.sampler);
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
});
