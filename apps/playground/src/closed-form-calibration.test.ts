import { noiseMultiplierForBayesSecurity } from '@dpbounds/accountants';
import { describe, expect, it } from 'vitest';
import { calibrateClosedForm } from './closed-form-calibration.js';
import { queryToParams, validateParams, type ResolvedConfig } from './params.js';

function configOf(query: string): ResolvedConfig {
  const config = validateParams(queryToParams(query)).config;
  if (config === undefined) throw new Error(`invalid ${query}`);
  return config;
}

describe('noise for a target β*', () => {
  it('calibrates for the page’s relation (add/remove needs half the noise of substitution)', () => {
    const sub = calibrateClosedForm(configOf('?q=0.01&T=1000&rel=substitution'), 0.9);
    const add = calibrateClosedForm(configOf('?q=0.01&T=1000&rel=add-remove'), 0.9);
    const sigma = (text: string): number => Number(/σ = ([\d.]+)/.exec(text)?.[1]);
    expect(sigma(sub)).toBeCloseTo(noiseMultiplierForBayesSecurity({ targetBayesSecurity: 0.9, samplingRate: 0.01, steps: 1000, relation: 'substitution' }), 4);
    expect(sigma(add)).toBeCloseTo(sigma(sub) / 2, 3);
    expect(sub).toMatch(/reaches β\* = 0\.9 \(estimate; target 0\.9; substitution\)\.$/);
    expect(add).toMatch(/; add\/remove\)\.$/);
  });
});
