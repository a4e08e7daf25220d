import { describe, expect, it } from 'vitest';
import { infiniteFieldsReplacer, markInfiniteFields } from './infinite-fields.js';

describe('markInfiniteFields', () => {
  it('writes +∞ as null with a marker right after the field, keeping the order of the others', () => {
    const out = markInfiniteFields({ kind: 'guarantee', epsilon: Infinity, delta: 1e-5 });
    expect(out).toEqual({ kind: 'guarantee', epsilon: null, epsilonInfinite: true, delta: 1e-5 });
    expect(Object.keys(out)).toEqual(['kind', 'epsilon', 'epsilonInfinite', 'delta']);
  });

  it('returns the same object when nothing is infinite, and leaves NaN and −∞ unmarked (they are not +∞)', () => {
    const finite = { epsilon: 1 };
    expect(markInfiniteFields(finite)).toBe(finite);
    expect(markInfiniteFields({ a: Number.NaN, b: -Infinity })).toEqual({ a: Number.NaN, b: -Infinity });
  });

  it('keeps a marker the object already has', () => {
    expect(markInfiniteFields({ epsilon: Infinity, epsilonInfinite: true })).toEqual({ epsilon: null, epsilonInfinite: true });
  });

  it('marks nested objects through the replacer, not array entries', () => {
    const text = JSON.stringify({ sampler: { upper: { epsilon: Infinity } }, curve: [Infinity, 1] }, infiniteFieldsReplacer);
    expect(JSON.parse(text)).toEqual({ sampler: { upper: { epsilon: null, epsilonInfinite: true } }, curve: [null, 1] });
  });
});
