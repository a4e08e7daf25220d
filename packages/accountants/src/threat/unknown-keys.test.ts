import { DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { expandSweepGrid } from '../sweep/sweep-grid.js';
import { analyzeBayesSecurity } from './bayes/bayes-security-analysis.js';
import { bayesSecurityMia } from './bayes/bayes-security-mia.js';
import { analyzeGmip } from './gmip/gmip-analysis.js';
import { analyzeRtm } from './rtm/rtm-analysis.js';
import { rtmGaussian } from './rtm/rtm-gaussian.js';

describe('threat analyses and sweep grids refuse unknown keys', () => {
  const run = { mechanism: 'gaussian' as const, sensitivity: 1, scale: 0.5 };

  it('analyzeRtm: options in the fprs position are a typed error naming fprs (was TypeError: fprs.forEach), a misspelt input key names itself', () => {
    let caught: unknown;
    try {
      analyzeRtm(run, { bogus: 1 } as never);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DpboundsTypeError);
    expect((caught as DpboundsTypeError).parameter).toBe('fprs');
    expect(() => analyzeRtm({ ...run, dim: 3 } as never)).toThrow('input.dim must be absent: say dims (');
    expect(analyzeRtm(run, [0.01]).points[0]?.fnr).toBeCloseTo(0.7176323460397963, 12);
  });

  it('bayesSecurityMia refuses sigma (say noiseMultiplier); analyzeBayesSecurity still passes each bound its own keys', () => {
    expect(() => bayesSecurityMia({ samplingRate: 0.01, sigma: 1, steps: 100 } as never)).toThrow('input.sigma must be absent: say noiseMultiplier (');
    expect(bayesSecurityMia({ samplingRate: 0.01, noiseMultiplier: 1, steps: 100 }).bayesSecurity).toBe(0.920344325445942);
    expect(analyzeBayesSecurity({ threat: 'mia', samplingRate: 0.01, noiseMultiplier: 1, steps: 100 }).attackSuccess).toBe(0.539827837277029);
    expect(() => analyzeBayesSecurity({ threat: 'mia', samplingRate: 0.01, noiseMultiplier: 1, steps: 100, clip: 1 } as never)).toThrow('input.clip must be absent');
    expect(() => analyzeBayesSecurity({ threat: 'mia', samplingRate: 0.01, noiseMultiplier: 1, steps: 100 }, { prior_: 0.3 } as never)).toThrow('options.prior_ must be absent: say prior (');
  });

  it('expandSweepGrid refuses a misspelt field instead of sweeping without it', () => {
    expect(() => expandSweepGrid({ samplingRate: '0.01', noise_multiplier: '1,2' } as never)).toThrow('spec.noise_multiplier must be absent: say noiseMultiplier (');
    expect(expandSweepGrid({ samplingRate: '0.01', noiseMultiplier: '1,2', neighbouring: 'substitution' })).toHaveLength(2);
  });

  it('a μ-GMIP configuration and RTM Gaussian parameters refuse a misspelt key', () => {
    const config = { batchSize: 100, datasetSize: 10000, steps: 10, params: 1000, noiseStd: 1, clip: 1 };
    expect(() => analyzeGmip({ ...config, noise_std: 2 } as never)).toThrow('config.noise_std must be absent: say noiseStd (');
    expect(analyzeGmip(config).mu).toBeGreaterThan(0);
    expect(() => rtmGaussian({ mu: 1, dim: 3 } as never)).toThrow('parameters.dim must be absent: say dims (');
  });
});
