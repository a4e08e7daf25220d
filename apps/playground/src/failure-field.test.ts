import { describe, expect, it } from 'vitest';
import { attributeFailure, costField } from './failure-field.js';
import { defaultParams, queryToParams, validateParams, type PlaygroundParams, type ResolvedConfig } from './params.js';

function at(query: string): { params: PlaygroundParams; config: ResolvedConfig } {
  const params = queryToParams(query);
  const config = validateParams(params).config;
  if (config === undefined) throw new Error(`invalid ${query}`);
  return { params, config };
}

describe('placing a failed computation at its control', () => {
  it('blames the noise for small σ, a vanishing sampling rate, else the length of training', () => {
    const small = at('?q=0.01&sigma=0.05&T=100');
    expect(costField(small.params, small.config)).toBe('noiseMultiplier');
    const tiny = at('?q=1e-320&sigma=1&T=100');
    expect(costField(tiny.params, tiny.config)).toBe('samplingRate');
    const tinySizes = at('?B=1&N=10000000000000&sigma=1&T=100');
    expect(costField(tinySizes.params, tinySizes.config)).toBe('batchSize');
    const long = at('?q=1&sigma=1&T=1000000');
    expect(costField(long.params, long.config)).toBe('steps');
    const epochs = at('?q=0.5&sigma=1&epochs=400000');
    expect(costField(epochs.params, epochs.config)).toBe('epochs');
  });

  it('says a timed-out computation was stopped, with the budget and what to change', () => {
    const { params, config } = at('?q=1e-320&sigma=1&T=100');
    const failure = attributeFailure(params, config, 'The DP accounting', { budgetMs: 8000 });
    expect(failure.field).toBe('samplingRate');
    expect(failure.message).toMatch(/^The DP accounting did not finish within 8 s and was stopped\. A sampling rate of 1e-320 /);
  });

  it('puts a library error at the control of the parameter it names', () => {
    const params = { ...defaultParams, lengthInput: 'steps' as const };
    const config = validateParams(params).config as ResolvedConfig;
    expect(attributeFailure(params, config, 'x', { message: 'steps must be ≤ 10', parameter: 'steps' })).toEqual({ field: 'steps', message: 'x cannot use this value: Steps T must be ≤ 10' });
    expect(attributeFailure(defaultParams, config, 'x', { message: 'm', parameter: 'samplingRate' }).field).toBe('batchSize');
    expect(attributeFailure(defaultParams, config, 'x', { message: 'm', parameter: 'targetEpsilon' }).field).toBe('targetValue');
  });

  it('drops the library\'s advice about controls the page does not have (an accountant, maxGridPoints)', () => {
    const { params, config } = at('?q=0.0078&sigma=1e-300&T=2544');
    const named = attributeFailure(params, config, 'The DP accounting', { message: 'noiseMultiplier must be a noise multiplier whose one-step privacy loss fits 4194304 grid points at a grid step ≤ 10 (q = 0.0078: the loss of one step is too wide, or not representable in double precision; use the RDP accountant); found 1e-300', parameter: 'noiseMultiplier' });
    expect(named.message).toBe('The DP accounting cannot use this value: Noise multiplier σ must be a noise multiplier whose one-step privacy loss fits 4194304 grid points at a grid step ≤ 10 (q = 0.0078: the loss of one step is too wide, or not representable in double precision); found 1e-300');
    const unnamed = attributeFailure(params, config, 'The DP accounting', { message: 'steps must be a run whose PLD fits 4194304 grid points at a grid step ≤ 10 (T = 2544; use the RDP accountant, or raise maxGridPoints); found 2544', parameter: 'internal' });
    expect(unnamed.message).not.toMatch(/RDP accountant|maxGridPoints/);
  });
  it('says the control\'s label, never the library\'s parameter name (σ = 1e-300)', () => {
    const { params, config } = at('?q=0.0078&sigma=1e-300&T=2544');
    const failure = attributeFailure(params, config, 'The DP accounting', { message: 'noiseMultiplier must be a noise multiplier whose one-step privacy loss fits 4194304 grid points; found 1e-300', parameter: 'noiseMultiplier' });
    expect(failure.field).toBe('noiseMultiplier');
    expect(failure.message).toBe('The DP accounting cannot use this value: Noise multiplier σ must be a noise multiplier whose one-step privacy loss fits 4194304 grid points; found 1e-300');
    expect(failure.message).not.toMatch(/noiseMultiplier/);
  });

  it('explains an internal parameter in the user’s terms, at the control that drives the cost', () => {
    const { params, config } = at('?q=0.0078&sigma=0.05&T=2544');
    const failure = attributeFailure(params, config, 'The DP accounting', { message: 'valueDiscretizationInterval must be coarse enough', parameter: 'valueDiscretizationInterval' });
    expect(failure.field).toBe('noiseMultiplier');
    expect(failure.message).toContain('At σ = 0.05');
  });
});
