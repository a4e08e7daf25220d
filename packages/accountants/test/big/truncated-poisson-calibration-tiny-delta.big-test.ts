/**
 * A truncated-Poisson calibration at a tiny δ under the work budget (`pnpm test:big`: about 8 s
 * of CPU before the refusal). Every evaluation tilts (docs/math/pld-tiny-delta.md), 10–25 times
 * the work of an FFT evaluation, which the search's fixed charge per evaluation did not count: a
 * calibration at δ = 1e-200 took 70 s of CPU under the default budget of about 15 s. The default
 * suite checks the hook that counts each tilted composition
 * (src/sampling/truncated-poisson-pld.test.ts).
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { samplerNoiseMultiplier } from '../../src/sampling/sampler-accounting.js';
import { samplerCalibrationWorkEstimate } from '../../src/sampling/sampler-calibration-work.js';

describe('samplerNoiseMultiplier, truncated Poisson at δ = 1e-200', () => {
  it('charges each tilted composition before it runs: the budget of the search\'s estimate is refused there, naming delta', () => {
    const run = { sampler: 'truncated-poisson', datasetSize: 10_000, batchSize: 100, maxBatchSize: 120, steps: 20 } as const;
    const maxWork = samplerCalibrationWorkEstimate(run);
    let error: unknown;
    try {
      samplerNoiseMultiplier(run, { epsilon: 2, delta: 1e-200, maxWork });
    } catch (e) {
      error = e;
    }
    expect(isDpboundsError(error) && error.parameter).toBe('delta');
    expect((error as Error).message).toMatch(/^delta must be a δ the composed grid of the truncated-Poisson run resolves .*a tilted composition of \d+ points needs \d+ more after \d+ counted\): or raise maxWork; found 1e-200$/);
  });
});
