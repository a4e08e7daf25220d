import { describe, expect, it } from 'vitest';
import { isDpboundsError } from '@dpbounds/special-functions';
import { bandedMatrixEvent } from '../sampling/banded-matrix/banded-matrix-event.js';
import { samplerNoiseMultiplier } from '../sampling/sampler-accounting.js';
import { samplerCalibrationWorkEstimate } from '../sampling/sampler-calibration-work.js';
import { createAccountant } from './accountant-factory.js';
import type { PrivacyAccountant } from '../accountant.js';
import { calibrateEventNoiseMultiplier, calibrateNoiseMultiplier, calibrateSamplingRate, calibrateSteps } from './calibrate.js';
import { accountantEvaluationWork, chargeWork, chargeWorkBlaming, compositionWork, createWorkMeter, DEFAULT_CALIBRATION_MAX_WORK, maxTestLowerBoundWork, requireMaxWork } from './calibration-work.js';

/** A PLD factory that counts the evaluations of ε(σ) actually run (one `compose` each). */
function countingPld(): { factory: () => PrivacyAccountant; composed: () => number } {
  let composed = 0;
  const factory = (): PrivacyAccountant => {
    const a = createAccountant('pld');
    const compose = a.compose.bind(a);
    a.compose = (event, count) => {
      composed++;
      return compose(event, count);
    };
    return a;
  };
  return { factory, composed: () => composed };
}

/** The error thrown by `f`, or undefined. */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the calibration work model', () => {
  it('charges a composition from its length, between 2¹⁸ points and the grid budget', () => {
    expect(compositionWork(1)).toBe(2 ** 18);
    expect(compositionWork(1e7)).toBe(Math.ceil(280 * Math.sqrt(1e7)));
    expect(compositionWork(1e9)).toBe(2 ** 22);
    expect(accountantEvaluationWork('pld', 1e9)).toBe(2 ** 23);
    expect(accountantEvaluationWork('prv', 1e9)).toBe(4 * 2 ** 23);
    expect(accountantEvaluationWork('rdp', 1e9)).toBeLessThan(accountantEvaluationWork('pld', 1));
    expect(maxTestLowerBoundWork(10_000)).toBe(14 * 2 ** 19);
  });

  it('refuses before the work that would pass the budget, so what is counted never exceeds it', () => {
    const meter = createWorkMeter(1000, 'steps', 42);
    chargeWork(meter, 600, 'a');
    const error = thrown(() => chargeWork(meter, 500, 'b'));
    expect(isDpboundsError(error) && error.parameter).toBe('steps');
    expect((error as Error).message).toMatch(/^steps must be small enough for the calibration's work budget, maxWork = 1000 grid points .*raise maxWork; found 42$/);
    expect(meter.used).toBe(600);
  });

  it('chargeWorkBlaming refuses past the budget naming the parameter it is given, before counting', () => {
    const meter = createWorkMeter(1000, 'steps', 42);
    chargeWorkBlaming(meter, 600, 'a tilted composition', { parameter: 'delta', found: 1e-200, expected: 'a δ the grid resolves' });
    expect(meter.used).toBe(600);
    const error = thrown(() => chargeWorkBlaming(meter, 500, 'a tilted composition of 100 points', { parameter: 'delta', found: 1e-200, expected: 'a δ the grid resolves' }));
    expect(isDpboundsError(error) && error.parameter).toBe('delta');
    expect((error as Error).message).toBe("delta must be a δ the grid resolves, within the calibration's work budget, maxWork = 1000 grid points (about 15 s of CPU at the default; a tilted composition of 100 points needs 500 more after 600 counted): or raise maxWork; found 1e-200");
    expect(meter.used).toBe(600);
  });

  it('validates maxWork like every option', () => {
    expect(requireMaxWork(undefined)).toBe(DEFAULT_CALIBRATION_MAX_WORK);
    for (const bad of [0, 1.5, 100, Number.NaN, Infinity, '1e9', null]) expect(() => requireMaxWork(bad)).toThrow(/maxWork/);
    const base = { targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 100 };
    expect(() => calibrateNoiseMultiplier({ ...base, maxWork: -1 })).toThrow(/^maxWork must be/);
    expect(() => calibrateNoiseMultiplier({ ...base, maxWorks: 1e9 } as never)).toThrow(/maxWorks/);
  });
});

describe('DP-SGD calibration under the work budget', () => {
  const run = { targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 1000 } as const;
  const perEvaluation = accountantEvaluationWork('pld', run.steps);

  it('an ordinary calibration is unchanged and counts its work within the default', () => {
    const { factory, composed } = countingPld();
    const r = calibrateNoiseMultiplier({ ...run, accountant: factory });
    expect(r.value).toBe(calibrateNoiseMultiplier(run).value);
    expect(r.evaluations).toBe(composed());
    expect(r.work).toBe(composed() * perEvaluation);
    expect(r.work).toBeLessThanOrEqual(DEFAULT_CALIBRATION_MAX_WORK);
  });

  it('a budget too small for its search is refused naming steps, after at most the budget', () => {
    const maxWork = 4 * perEvaluation;
    const { factory, composed } = countingPld();
    const error = thrown(() => calibrateNoiseMultiplier({ ...run, accountant: factory, maxWork }));
    expect(isDpboundsError(error) && error.parameter).toBe('steps');
    expect((error as Error).message).toMatch(/found 1000$/);
    expect(composed()).toBeGreaterThan(0);
    expect(composed() * perEvaluation).toBeLessThanOrEqual(maxWork);
  });

  it('a search whose first evaluations cannot fit is refused before any work', () => {
    const { factory, composed } = countingPld();
    const error = thrown(() => calibrateNoiseMultiplier({ ...run, accountant: factory, maxWork: 2 * perEvaluation }));
    expect(isDpboundsError(error) && error.parameter).toBe('steps');
    expect(composed()).toBe(0);
  });

  it('names epochs when the run was given in epochs', () => {
    const error = thrown(() => calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, epochs: 10, maxWork: 2 ** 12 }));
    expect(isDpboundsError(error) && error.parameter).toBe('epochs');
  });

  it('the sampling-rate, steps and event searches count and refuse the same way', () => {
    const rate = calibrateSamplingRate({ targetEpsilon: 1, delta: 1e-5, noiseMultiplier: 1, steps: 1000, accountant: 'rdp' });
    expect(rate.work).toBe(rate.evaluations * accountantEvaluationWork('rdp', 1000));
    expect(() => calibrateSamplingRate({ targetEpsilon: 1, delta: 1e-5, noiseMultiplier: 1, steps: 1000, maxWork: 2 ** 12 })).toThrow(/^steps must be small enough for the calibration's work budget/);
    expect(() => calibrateSteps({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, noiseMultiplier: 1.5, maxWork: 2 ** 20 })).toThrow(/^maxSteps must be small enough/);
    const event = (s: number) => bandedMatrixEvent({ strategy: { bands: [[1], [0.5]] }, bands: 2, steps: 1000, noiseMultiplier: s, participation: 'cyclic', minSeparation: 100 });
    expect(() => calibrateEventNoiseMultiplier({ targetEpsilon: 2, delta: 1e-5, event, maxWork: 2 ** 12 })).toThrow(/^steps must be small enough/);
  });
});

describe('sampler calibration under the work budget', () => {
  const target = { epsilon: 2, delta: 1e-5 };

  it('refuses before any work a truncated-Poisson search of 10⁹ steps, naming steps', () => {
    const run = { sampler: 'truncated-poisson', datasetSize: 10_000, batchSize: 100, maxBatchSize: 150, steps: 1e9 } as const;
    expect(samplerCalibrationWorkEstimate(run)).toBeGreaterThan(DEFAULT_CALIBRATION_MAX_WORK);
    const error = thrown(() => samplerNoiseMultiplier(run, target));
    expect(isDpboundsError(error) && error.parameter).toBe('steps');
    expect((error as Error).message).toMatch(/estimated at \d+ before it starts.*found 1000000000$/);
  });

  it('an ordinary sampler calibration counts its work within the default and refuses a smaller budget naming steps', () => {
    const run = { sampler: 'poisson', datasetSize: 10_000, batchSize: 100, steps: 50 } as const;
    const small = { epsilon: 0.5, delta: 1e-5 };
    const r = samplerNoiseMultiplier(run, small);
    expect(r.work).toBeGreaterThan(0);
    expect(r.work).toBeLessThanOrEqual(DEFAULT_CALIBRATION_MAX_WORK);
    const error = thrown(() => samplerNoiseMultiplier(run, { ...small, maxWork: r.work - 1 }));
    expect(isDpboundsError(error) && error.parameter).toBe('steps');
    expect((error as Error).message).toMatch(/found 50$/);
  });

  it('refuses unknown keys of the target', () => {
    expect(() => samplerNoiseMultiplier({ sampler: 'poisson', datasetSize: 1000, batchSize: 10, steps: 10 }, { ...target, maxwork: 1 } as never)).toThrow(/maxwork/);
  });
});
