import { describe, expect, it } from 'vitest';
import { axisTicks, tickLabel } from './chart-ticks.js';

describe('tickLabel', () => {
  it('writes decimals where a reader would, never 1e+3 or 1e-4', () => {
    expect([0, 0.2, 0.25, 1, 200, 1000, 25_000, 0.005].map((v) => tickLabel(v))).toEqual(['0', '0.2', '0.25', '1', '200', '1000', '25000', '0.005']);
    expect(tickLabel(0.30000000000000004)).toBe('0.3');
  });

  it('writes powers of ten with a superscript exponent outside the decimal range', () => {
    expect([1e-4, 2.5e-5, 1e6, -1e-5, -2e-4].map((v) => tickLabel(v))).toEqual(['10⁻⁴', '2.5×10⁻⁵', '10⁶', '−10⁻⁵', '−2×10⁻⁴']);
  });

  it('on a logarithmic axis, keeps decimals for 0.01 to 1000 only', () => {
    expect(axisTicks(1e-4, 1, true).map((v) => tickLabel(v, true))).toEqual(['10⁻⁴', '10⁻³', '0.01', '0.1', '1']);
    expect(tickLabel(1e4, true)).toBe('10⁴');
  });
});

describe('axisTicks', () => {
  it('puts at most 6 round ticks on a linear axis', () => {
    expect(axisTicks(0, 1, false)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(axisTicks(0, 1021, false)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(axisTicks(0.86, 1, false)).toEqual([0.875, 0.9, 0.925, 0.95, 0.975, 1]);
  });

  it('puts every power of ten on a logarithmic axis', () => {
    expect(axisTicks(1e-4, 1, true)).toEqual([1e-4, 1e-3, 0.01, 0.1, 1]);
  });
});
