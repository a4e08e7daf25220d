/**
 * composeWithinBudget refuses a buildStep that returns no PLDs, naming buildStep (the library
 * fuzz found `() => undefined` and `() => NaN` failing as a plain TypeError).
 */
import { describe, expect, it } from 'vitest';
import { connectTheDotsPld } from '../pld/connect-the-dots.js';
import { composeWithinBudget } from './compose-within-budget.js';
import { refusedParameter } from '../test-helpers/refused-parameter.js';

describe('composeWithinBudget checks what buildStep returns', () => {
  it.each([[undefined], [Number.NaN], [[]], [{}], [new Array(2)]])('buildStep returning %s is refused naming buildStep', (value) => {
    expect(refusedParameter(() => composeWithinBudget(() => value as never, 1e-4, 1000))).toMatch(/^buildStep/);
  });
  it('a non-PLD element is named with its index', () => {
    expect(refusedParameter(() => composeWithinBudget(() => [Number.NaN as never], 1e-4, 1000))).toBe('buildStep(0.0001)[0]');
  });
  it('the example still composes', () => {
    const [pld] = composeWithinBudget((h) => [connectTheDotsPld('remove', 0.01, 1, { h })], 1e-4, 1000);
    expect(pld?.probs.length).toBeGreaterThan(1);
  });
});
