/**
 * connectTheDotsPldOfPair refuses a value that is not a privacy-loss pair with a typed error
 * naming `pair` or its field (the library fuzz found `pair = {}` and others reaching
 * pair.xRange() as a plain TypeError).
 */
import { describe, expect, it } from 'vitest';
import { connectTheDotsPldOfPair, psgLossPair } from './connect-the-dots.js';
import { refusedParameter } from '../test-helpers/refused-parameter.js';

describe('connectTheDotsPldOfPair validates the pair', () => {
  const pair = psgLossPair('remove', 0.01, 1);
  it('names pair for a non-object and the first missing method or bad field otherwise', () => {
    for (const hostile of [undefined, null, 1, 'pair', [], () => 1]) expect(refusedParameter(() => connectTheDotsPldOfPair(hostile as never, { h: 1e-3 }))).toBe('pair');
    expect(refusedParameter(() => connectTheDotsPldOfPair({} as never, { h: 1e-3 }))).toBe('pair.loss');
    expect(refusedParameter(() => connectTheDotsPldOfPair(new Map() as never, { h: 1e-3 }))).toBe('pair.loss');
    expect(refusedParameter(() => connectTheDotsPldOfPair({ ...pair, xRange: undefined } as never, { h: 1e-3 }))).toBe('pair.xRange');
    expect(refusedParameter(() => connectTheDotsPldOfPair({ ...pair, sigma: Number.NaN } as never, { h: 1e-3 }))).toBe('pair.sigma');
    expect(refusedParameter(() => connectTheDotsPldOfPair({ ...pair, weightsQ: [1] } as never, { h: 1e-3 }))).toBe('pair.weightsQ');
    expect(refusedParameter(() => connectTheDotsPldOfPair({ ...pair, means: [0, Number.NaN] } as never, { h: 1e-3 }))).toBe('pair.means[1]');
  });
  it('still discretises a valid pair (its methods read through the spread copy too)', () => {
    expect(connectTheDotsPldOfPair({ ...pair }, { h: 1e-3 }).probs.length).toBeGreaterThan(1);
  });
});
