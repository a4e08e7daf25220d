/** connectTheDotsGridOfPair refuses a hostile pair or grid step with a typed error naming it. */
import { describe, expect, it } from 'vitest';
import { connectTheDotsGridOfPair, psgLossPair } from './connect-the-dots.js';
import { refusedParameter } from '../test-helpers/refused-parameter.js';

describe('connectTheDotsGridOfPair validation', () => {
  const pair = psgLossPair('remove', 0.01, 1);
  it('names pair, pair.xRange, h and logMassTruncation', () => {
    expect(refusedParameter(() => connectTheDotsGridOfPair(undefined as never, 1e-3))).toBe('pair');
    expect(refusedParameter(() => connectTheDotsGridOfPair({ loss: (x: number) => x } as never, 1e-3))).toBe('pair.xRange');
    expect(refusedParameter(() => connectTheDotsGridOfPair(pair, -1))).toBe('h');
    expect(refusedParameter(() => connectTheDotsGridOfPair(pair, 1e-3, Number.NaN))).toBe('logMassTruncation');
  });
  it('still answers for a valid pair', () => {
    expect(connectTheDotsGridOfPair(pair, 1e-3).n).toBeGreaterThan(1);
  });
});
