import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { expandSweepGrid } from './sweep-grid.js';
import { parseSweepValues } from './sweep-values.js';

describe('parseSweepValues', () => {
  it('expands decimal ranges to the doubles of the literals, stop included', () => {
    const values = parseSweepValues('noiseMultiplier', '0.5:2:0.1');
    expect(values).toHaveLength(16);
    expect(values).toEqual(Array.from({ length: 16 }, (_, k) => Number(`${5 + k}e-1`)));
    expect(values).toContain(0.7); // 0.5 + 2·0.1 in binary floating point would be 0.7000000000000001
    expect(values.at(-1)).toBe(2);
    expect(parseSweepValues('steps', '1000:10000:1000')).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000]);
    expect(parseSweepValues('delta', '1e-6:5e-6:1e-6')).toEqual([1e-6, 2e-6, 3e-6, 4e-6, 5e-6]);
  });

  it('reads lists, single values and mixes of lists and ranges', () => {
    expect(parseSweepValues('samplingRate', '0.001,0.004')).toEqual([0.001, 0.004]);
    expect(parseSweepValues('delta', '1e-5')).toEqual([1e-5]);
    expect(parseSweepValues('steps', '10:30:10,100')).toEqual([10, 20, 30, 100]);
    expect(parseSweepValues('noiseMultiplier', '1:1:0.5')).toEqual([1]);
  });

  it('refuses bad ranges with typed errors naming the field', () => {
    const cases: [string, RegExp][] = [
      ['2:1:0.1', /noiseMultiplier must be a range start:stop:step with start ≤ stop/],
      ['0.5:2:0', /step > 0/],
      ['0.5:2:-0.1', /step > 0/],
      ['0.5:2:0.4', /whole number of steps/],
      ['1:2', /noiseMultiplier must be/],
      ['0x10', /noiseMultiplier must be a decimal number/],
      ['', /noiseMultiplier must be/],
      ['1,,2', /noiseMultiplier must be a decimal number/],
      ['1,1', /distinct values/],
      ['1e400', /finite/],
      ['0:1:1e-7', /at most 1000000 points/],
    ];
    for (const [text, message] of cases) {
      let caught: unknown;
      try {
        parseSweepValues('noiseMultiplier', text);
      } catch (error) {
        caught = error;
      }
      expect(caught instanceof DpboundsRangeError || caught instanceof DpboundsTypeError, text).toBe(true);
      expect((caught as { parameter: string }).parameter).toBe('noiseMultiplier');
      expect((caught as Error).message, text).toMatch(message);
    }
  });
});

describe('expandSweepGrid', () => {
  it('is the cartesian product with the first field slowest', () => {
    const configs = expandSweepGrid({ samplingRate: '0.001,0.004', noiseMultiplier: '1:2:0.5', steps: [100], delta: '1e-5' });
    expect(configs).toHaveLength(6);
    expect(configs.map((c) => [c.samplingRate, c.noiseMultiplier])).toEqual([
      [0.001, 1], [0.001, 1.5], [0.001, 2], [0.004, 1], [0.004, 1.5], [0.004, 2],
    ]);
    expect(configs.every((c) => c.steps === 100 && c.delta === 1e-5 && c.neighbouring === 'add-remove' && c.epsilon === undefined)).toBe(true);
  });

  it('refuses an empty axis and a product that is too large, naming the field', () => {
    expect(() => expandSweepGrid({ samplingRate: [], steps: '1' })).toThrow(/samplingRate must be at least one value/);
    expect(() => expandSweepGrid({ samplingRate: '1:1000:1', noiseMultiplier: '1:1000:1', steps: '1:1000:1' })).toThrow(/steps must be a grid of at most/);
  });
});
