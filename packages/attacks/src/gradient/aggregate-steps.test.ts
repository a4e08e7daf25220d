import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { sumStepLogPValues } from './aggregate-steps.js';

describe('sumStepLogPValues', () => {
  it('adds log p-values target by target and propagates −∞', () => {
    const out = sumStepLogPValues([new Float64Array([-1, -2, -Infinity]), [-0.5, -3, -1]]);
    expect([...out]).toEqual([-1.5, -5, -Infinity]);
  });

  it('rejects no steps, ragged steps, positive, NaN and +∞ entries', () => {
    expect(() => sumStepLogPValues([])).toThrow(DpboundsTypeError);
    expect(() => sumStepLogPValues([[-1], [-1, -2]])).toThrow('steps[1] must be 1 targets like steps[0]; found an array of length 2');
    expect(() => sumStepLogPValues([[-1, 0.5]])).toThrow('steps[0][1] must be a log p-value ≤ 0; found 0.5');
    expect(() => sumStepLogPValues([[Number.NaN]])).toThrow(DpboundsRangeError);
    expect(() => sumStepLogPValues([[Infinity]])).toThrow(DpboundsRangeError);
  });
});
