import { describe, expect, it } from 'vitest';
import { learningRateAt } from './learning-rate.js';

describe('learningRateAt', () => {
  it('reads a schedule', () => {
    expect(learningRateAt({ kind: 'linear', initial: 0.1, final: 0 }, { step: 5, steps: 10 })).toBeCloseTo(0.05, 15);
  });

  it('refuses a null or missing schedule with a typed error naming learningRate (library fuzz: a TypeError reading .initial)', () => {
    for (const schedule of [null, undefined]) {
      expect(() => learningRateAt(schedule as never, { step: 0, steps: 10 })).toThrow(expect.objectContaining({ name: 'DpboundsTypeError', parameter: 'learningRate' }));
    }
  });
});
