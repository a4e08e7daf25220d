import { DpboundsTypeError, isDpboundsError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { analyzeBayesSecurity } from '../threat/index.js';
import { evaluateSweepConfiguration } from './evaluate-sweep-configuration.js';
import { bayesSecurityJson } from './threat-results.js';
import { canonicalJson, sweepConfigurationId } from './sweep-id.js';

const config = { samplingRate: 0.004, noiseMultiplier: 1.1, steps: 100, delta: 1e-5, neighbouring: 'add-remove' as const };

describe('sweep configurations with values JSON cannot hold', () => {
  it('bayesSecurityJson refuses extras that are a typed array or hold NaN (library fuzz: Float64Array [NaN, 1] became a field "0": NaN)', () => {
    const result = analyzeBayesSecurity({ threat: 'mia', samplingRate: 0.01, noiseMultiplier: 1, steps: 100 });
    expect(() => bayesSecurityJson(result, new Float64Array([Number.NaN, 1]) as never)).toThrow(expect.objectContaining({ parameter: 'extras' }));
    expect(() => bayesSecurityJson(result, { samplingRate: Number.NaN })).toThrow(expect.objectContaining({ parameter: 'extras.samplingRate' }));
    expect(bayesSecurityJson(result, { samplingRate: 0.01 })['samplingRate']).toBe(0.01);
  });

  it('a BigInt or Symbol field (known or unknown) is a typed error naming it, not a TypeError from the id', () => {
    for (const extra of [{ index: 10n }, { index: Symbol('i') }, { steps: 100n }, { neighbouring: 10n }]) {
      let caught: unknown;
      try {
        evaluateSweepConfiguration({ ...config, ...extra } as never, { accountants: ['rdp'] });
      } catch (error) {
        caught = error;
      }
      expect(isDpboundsError(caught), JSON.stringify(Object.keys(extra))).toBe(true);
      expect((caught as { parameter: string }).parameter).toMatch(/^(config\.index|steps|neighbouring)$/);
    }
    expect(() => evaluateSweepConfiguration(config, { accountants: ['rdp'], fpr: [0.1] } as never)).toThrow('request.fpr must be absent: say fprs (');
  });

  it('canonicalJson and sweepConfigurationId name the path of a BigInt, Symbol or function, and refuse nesting deeper than 64', () => {
    expect(() => canonicalJson({ a: [1, 2n] })).toThrow(/^value\.a\[1\] must be a JSON value/);
    expect(() => sweepConfigurationId({ ...config, f: () => 1 })).toThrow(DpboundsTypeError);
    expect(() => canonicalJson({ s: Symbol('x') })).toThrow(DpboundsTypeError);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(DpboundsTypeError);
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
  });
});
