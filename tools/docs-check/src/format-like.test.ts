import { describe, expect, it } from 'vitest';
import { formatLike } from './format-like.js';

describe('formatLike: the doc rounding is the tolerance', () => {
  it('rounds to the decimals the literal shows', () => {
    expect(formatLike(0.3105386515459997, '0.311')).toBe('0.311');
    expect(formatLike(0.3107617436289221, '0.3105')).toBe('0.3108');
    expect(formatLike(0.0497, '0.050')).toBe('0.050');
    expect(formatLike(49, '49')).toBe('49');
  });
  it('groups thousands with the literal separator, with or without decimals', () => {
    expect(formatLike(26150, '26 049')).toBe('26 150');
    expect(formatLike(26150, '26\u202f049')).toBe('26\u202f150');
    expect(formatLike(160570.56971156402, '160 570.6')).toBe('160 570.6');
    expect(formatLike(1021, '1 020')).toBe('1 021');
  });
  it('keeps exponent notation and signs', () => {
    expect(formatLike(2.48e-3, '2.5e-3')).toBe('2.5e-3');
    expect(formatLike(-143500.8221, '−143500.822')).toBe('−143500.822');
  });
  it('refuses a literal it cannot read', () => {
    expect(() => formatLike(1, 'about one')).toThrow("cannot tell the format of 'about one'");
  });
});
