import { describe, expect, it } from 'vitest';
import { lossThresholdScores } from './loss-threshold.js';

describe('lossThresholdScores', () => {
  it('negates losses so that lower loss ranks as more likely a member', () => {
    const { scores } = lossThresholdScores([0.1, 2.3, 0]);
    expect([...scores]).toEqual([-0.1, -2.3, 0]);
    expect(Object.is(scores[2], -0)).toBe(false);
  });

  it('rejects empty input and non-finite losses by index', () => {
    expect(() => lossThresholdScores([])).toThrow(/losses must be an array of at least 1 numbers/);
    expect(() => lossThresholdScores([1, Number.NaN])).toThrow('losses[1] must be a finite number; found NaN');
  });
});
