/**
 * The library fuzz's inputs (tools/soundness/src/library-fuzz.test.ts) on the simulations and on
 * shadowScoresFromRows: counts of 1e15 are refused before any allocation, naming the count, the
 * limit and the value found; a susceptibility up to Number.MAX_VALUE gives finite gradients, and
 * a simulation that would overflow is refused rather than returning ±∞ or NaN.
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { shadowScoresFromRows } from '../score/shadow-scores.js';
import { MAX_ALLOCATED_VALUES, MAX_SIMULATION_WORK, requireCountProduct } from '../validate/size-limits.js';
import { simulateGaussianMechanism } from './simulate-gaussian-mechanism.js';
import { simulateGradientGame } from './simulate-gradient-game.js';
import { simulateShadowScores } from './simulate-shadow-scores.js';

/** The refusal of `call`, which must be a DpboundsRangeError naming `parameter`. */
function refusal(call: () => unknown, parameter: string): DpboundsRangeError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(DpboundsRangeError);
    expect((error as DpboundsRangeError).parameter).toBe(parameter);
    return error as DpboundsRangeError;
  }
  throw new Error(`expected a refusal naming ${parameter}`);
}

/** Whether every value is finite. */
const allFinite = (values: Float64Array): boolean => values.every((v) => Number.isFinite(v));

// the @example calls the fuzz starts from
const gaussian = { sensitivity: 1, noiseStd: 1, trialsPerClass: 10000, seed: 3 };
const shadow = { targets: 20000, shadows: 64, mu: 1, seed: 5 };
const gradient = { dimension: 10, batchSize: 20, trialsPerClass: 5000, susceptibility: 10, seed: 1 };

describe('counts of 1e15 are refused naming the count, the limit and the value', () => {
  it('shadowScoresFromRows(rows.targets = 1e15)', () => {
    const error = refusal(() => shadowScoresFromRows({ targets: 1e15, targetIndex: [0, 1, 0], scores: [0.5, 0.1, 0.7], isIn: [1, 0, 0] }), 'targets');
    expect(error.found).toBe(1e15);
    expect(error.message).toContain(String(MAX_ALLOCATED_VALUES - 1));
  });
  it('simulateGaussianMechanism(options.dimension or trialsPerClass = 1e15)', () => {
    for (const key of ['dimension', 'trialsPerClass'] as const) expect(refusal(() => simulateGaussianMechanism({ ...gaussian, [key]: 1e15 }), key).found).toBe(1e15);
  });
  it('simulateShadowScores(options.targets or shadows = 1e15)', () => {
    for (const key of ['targets', 'shadows'] as const) expect(refusal(() => simulateShadowScores({ ...shadow, [key]: 1e15 }), key).found).toBe(1e15);
  });
  it('simulateGradientGame(options.dimension or trialsPerClass = 1e15)', () => {
    for (const key of ['dimension', 'trialsPerClass'] as const) expect(refusal(() => simulateGradientGame({ ...gradient, [key]: 1e15 }), key).found).toBe(1e15);
  });
  it('the limits are exact: the most a count may be is accepted, one more refused', () => {
    // the gradient game at dimension 10: 2 · trialsPerClass · 100 ≤ 2^30 and 2 · trialsPerClass · 10 ≤ 2^26
    const most = Math.floor(Math.min(MAX_ALLOCATED_VALUES / 20, MAX_SIMULATION_WORK / 200));
    expect(refusal(() => simulateGradientGame({ ...gradient, trialsPerClass: most + 1 }), 'trialsPerClass').message).toContain(`≤ ${most}`);
    expect(() => requireCountProduct([['trialsPerClass', most]], MAX_ALLOCATED_VALUES, 'values', '2^26', 20)).not.toThrow();
    expect(refusal(() => simulateGradientGame({ ...gradient, dimension: 8193 }), 'dimension').message).toContain('≤ 8192');
    // the largest count is named, with the most it may be given the others
    const error = refusal(() => requireCountProduct([['targets', 2 ** 20], ['shadows', 65]], MAX_ALLOCATED_VALUES, 'targets · shadows', '2^26'), 'targets');
    expect(error.message).toContain(`≤ ${Math.floor(MAX_ALLOCATED_VALUES / 65)}`);
    expect(() => requireCountProduct([['targets', 2 ** 20], ['shadows', 64]], MAX_ALLOCATED_VALUES, 'targets · shadows', '2^26')).not.toThrow();
  });
});

describe('no NaN and no ±∞ from extreme scales', () => {
  it('simulateGradientGame(options.susceptibility = 1e308 or MAX_VALUE): finite gradients of exactly that susceptibility', () => {
    for (const susceptibility of [1e308, Number.MAX_VALUE]) {
      const game = simulateGradientGame({ ...gradient, susceptibility });
      expect(allFinite(game.targetGradients.data)).toBe(true);
      expect(allFinite(game.updates.data)).toBe(true);
      // identity covariance, zero mean: ‖x‖² = K for every target (within rounding)
      for (let t = 0; t < 10000; t++) {
        let squared = 0;
        for (let j = 0; j < 10; j++) squared += ((game.targetGradients.data[t * 10 + j] as number) / 1e150) ** 2;
        expect(Math.abs(squared / (susceptibility / 1e300) - 1)).toBeLessThan(1e-12);
      }
    }
  });
  it('an overflowing simulation is refused naming the options that set its scale', () => {
    expect(() => simulateGradientGame({ ...gradient, noiseStd: 1e308 })).toThrow(DpboundsRangeError);
    expect(() => simulateGradientGame({ ...gradient, mean: new Array(10).fill(1e308) })).toThrow(/mean/);
    expect(() => simulateGaussianMechanism({ ...gaussian, sensitivity: 1e308, noiseStd: 1e308 })).toThrow(DpboundsRangeError);
    expect(() => simulateShadowScores({ ...shadow, mu: Number.MAX_VALUE })).toThrow(/mu/);
  });
});
