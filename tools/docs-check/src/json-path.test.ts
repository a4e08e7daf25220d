import { describe, expect, it } from 'vitest';
import { evaluate, JsonPathError, valueAt } from './json-path.js';

const report = {
  accounting: [{ accountant: 'pld', neighbouring: 'add-remove', epsilon: 0.31 }, { accountant: 'pld', neighbouring: 'substitution', epsilon: 0.64 }],
  curves: [{ id: 'dp', alpha: [0, 0.01, 0.4], beta: [1, 0.987, 0.565] }],
  config: { expectedBatchSize: 256, samplingRate: 256 / 26049 },
};

describe('valueAt', () => {
  it('follows fields, indices, filters and sibling-array lookups', () => {
    expect(valueAt(report, 'accounting[accountant=pld,neighbouring=substitution].epsilon')).toBe(0.64);
    expect(valueAt(report, 'accounting[1].neighbouring')).toBe('substitution');
    expect(valueAt(report, 'curves[id=dp].beta{alpha=0.4}')).toBe(0.565);
  });
  it('names the failing segment', () => {
    expect(() => valueAt(report, 'accounting[accountant=pld].epsilon')).toThrow(JsonPathError);
    expect(() => valueAt(report, 'accounting[accountant=pld].epsilon')).toThrow('matches 2 elements');
    expect(() => valueAt(report, 'config.steps')).toThrow("no field 'steps'");
    expect(() => valueAt(report, 'accounting[5]')).toThrow('out of range');
    expect(() => valueAt(report, 'curves[id=dp].beta{alpha=0.5}')).toThrow('alpha holds no 0.5');
  });
});

describe('evaluate', () => {
  it('computes arithmetic of paths and numbers', () => {
    expect(evaluate(report, '1 - curves[id=dp].beta{alpha=0.01}')).toBeCloseTo(0.013, 12);
    expect(evaluate(report, 'config.expectedBatchSize / config.samplingRate')).toBeCloseTo(26049, 9);
  });
  it('refuses a non-number inside an expression', () => {
    expect(() => evaluate(report, '1 - accounting[0].accountant')).toThrow('not a number');
  });
});
