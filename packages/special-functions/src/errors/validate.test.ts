import { describe, expect, it } from 'vitest';
import { DpboundsRangeError, DpboundsTypeError, isDpboundsError } from './dpbounds-error.js';
import { describeInterval, requireArray, requireFiniteArray, requireFunction, requireInRange, requireInteger, requireObject, requireOptions, requireString } from './validate.js';

describe('validation helpers', () => {
  it('accept values inside the interval and return them', () => {
    expect(requireInRange('samplingRate', 1, { min: 0, minExclusive: true, max: 1 })).toBe(1);
    expect(requireInteger('steps', 5, { min: 1 })).toBe(5);
    expect(requireInRange('clip', Infinity, { min: 0, minExclusive: true, max: Infinity })).toBe(Infinity);
  });

  it('name the parameter, the range and the value found', () => {
    expect(() => requireInRange('samplingRate', 1.5, { min: 0, minExclusive: true, max: 1 })).toThrow(
      'samplingRate must be in (0, 1]; found 1.5',
    );
    try {
      requireInRange('delta', Number.NaN, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DpboundsRangeError);
      expect(error).toBeInstanceOf(RangeError);
      expect(isDpboundsError(error)).toBe(true);
      expect((error as DpboundsRangeError).code).toBe('ERR_NOT_FINITE');
      expect((error as DpboundsRangeError).parameter).toBe('delta');
    }
  });

  it('reject infinities unless the interval includes them, and non-integers', () => {
    expect(() => requireInRange('sigma', Infinity, { min: 0 })).toThrow(DpboundsRangeError);
    expect(() => requireInRange('sigma', Infinity, { min: 0, max: Infinity, maxExclusive: true })).toThrow(DpboundsRangeError);
    expect(() => requireInteger('steps', 2.5, { min: 1 })).toThrow('steps must be an integer in [1, ∞); found 2.5');
    expect(() => requireInRange('sigma', '1' as unknown, { min: 0 })).toThrow(DpboundsTypeError);
  });

  it('check arrays element by element', () => {
    expect(() => requireFiniteArray('scores', [1, Number.NaN])).toThrow('scores[1] must be a finite number; found NaN');
    expect(() => requireFiniteArray('scores', [], { minLength: 1 })).toThrow(DpboundsTypeError);
    expect(requireFiniteArray('scores', new Float64Array([1, 2]), { length: 2 })).toHaveLength(2);
  });

  it('write intervals in standard notation', () => {
    expect(describeInterval({})).toBe('(-∞, ∞)');
    expect(describeInterval({ min: 0, max: 1, maxExclusive: true })).toBe('[0, 1)');
  });
});

describe('shape validators', () => {
  it('requireObject accepts plain objects and refuses null, undefined, primitives, arrays and functions', () => {
    const options = { delta: 1e-5 };
    expect(requireObject('options', options)).toBe(options);
    for (const bad of [undefined, null, Number.NaN, 'x', -1, [1], () => 1]) {
      try {
        requireObject('options', bad);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(DpboundsTypeError);
        expect((error as DpboundsTypeError).code).toBe('ERR_INVALID_TYPE');
        expect((error as DpboundsTypeError).parameter).toBe('options');
      }
    }
    expect(() => requireObject('input', null)).toThrow('input must be an object; found null');
  });

  it('requireArray accepts arrays only', () => {
    expect(requireArray('curves', [1, 2])).toEqual([1, 2]);
    expect(() => requireArray('curves', undefined)).toThrow('curves must be an array; found nothing');
    expect(() => requireArray('curves', { length: 1 })).toThrow(DpboundsTypeError);
  });

  it('requireFunction accepts callables only', () => {
    const f = (alpha: number): number => 1 - alpha;
    expect(requireFunction('f', f)).toBe(f);
    expect(() => requireFunction('f', {})).toThrow('f must be a function; found an object');
    expect(() => requireFunction('f', 'x')).toThrow(DpboundsTypeError);
  });
});

describe('requireString', () => {
  it('accepts strings (including the empty one) and refuses everything else', () => {
    expect(requireString('text', '')).toBe('');
    expect(requireString('attribute', 'sex')).toBe('sex');
    for (const bad of [undefined, null, Number.NaN, {}, -1, ['a']]) expect(() => requireString('text', bad)).toThrow(DpboundsTypeError);
    expect(() => requireString('text', null)).toThrow('text must be a string; found null');
  });
});

describe('requireOptions', () => {
  it('accepts an object with known keys, refuses a non-object and names the first unknown key, with the name to say instead', () => {
    const options = { samplingRate: 0.01 };
    expect(requireOptions('options', options, ['samplingRate', 'noiseMultiplier'])).toBe(options);
    expect(() => requireOptions('options', null, ['samplingRate'])).toThrow('options must be an object with keys among samplingRate; found null');
    expect(() => requireOptions('options', [1], ['samplingRate'])).toThrow(DpboundsTypeError);
    expect(() => requireOptions('options', { samplingRate: 0.01, sigma: 1 }, ['samplingRate', 'noiseMultiplier'])).toThrow(
      'options.sigma must be absent: say noiseMultiplier (known keys: samplingRate, noiseMultiplier); found 1',
    );
    expect(() => requireOptions('step', { noise_multiplier: 1 }, ['samplingRate', 'noiseMultiplier'])).toThrow('step.noise_multiplier must be absent: say noiseMultiplier (known keys');
    expect(() => requireOptions('options', { sigma: 1 }, ['samplingRate'])).toThrow('options.sigma must be absent (known keys: samplingRate); found 1');
    expect(() => requireOptions('options', { x: 1 }, [])).toThrow('options.x must be absent (known keys: none); found 1');
  });

  it('suggests the allowed key a misspelt one stands for (trailing underscore, one or two edits), and nothing when two are as close', () => {
    const keys = ['method', 'bucketSize', 'confidence', 'delta', 'family'];
    expect(() => requireOptions('options', { delta_: 0.01 }, keys)).toThrow('options.delta_ must be absent: say delta (known keys');
    expect(() => requireOptions('options', { detla: 0.01 }, keys)).toThrow('options.detla must be absent: say delta (');
    expect(() => requireOptions('options', { confidance: 0.9 }, keys)).toThrow('options.confidance must be absent: say confidence (');
    expect(() => requireOptions('options', { bucketsize: 3 }, keys)).toThrow('say bucketSize (');
    expect(() => requireOptions('options', { fpr: [0.5] }, ['fprs', 'confidence'])).toThrow('options.fpr must be absent: say fprs (');
    // far from every key: no suggestion
    expect(() => requireOptions('options', { bogus: 1 }, keys)).toThrow('options.bogus must be absent (known keys');
    // as close to two keys: no guess
    expect(() => requireOptions('options', { ab: 1 }, ['aa', 'bb'])).toThrow('options.ab must be absent (known keys');
    expect(() => requireOptions('options', { tol: 1 }, ['toa', 'tob'])).toThrow('options.tol must be absent (known keys');
    // Symbol and BigInt values are named, not a TypeError from the message
    expect(() => requireOptions('options', { bogus: Symbol('s') }, keys)).toThrow(DpboundsTypeError);
    expect(() => requireOptions('options', { bogus: 10n }, keys)).toThrow(DpboundsTypeError);
  });
});

describe('messages that do not contradict themselves', () => {
  it('a BigInt is found as a BigInt (100n), not as the integer 100 that was asked for', () => {
    expect(() => requireInteger('steps', 100n, { min: 1 })).toThrow('steps must be an integer in [1, ∞); found 100n (a BigInt, not a number)');
  });
  it('an integer past 2^53 − 1 is refused saying it is not exactly representable', () => {
    expect(() => requireInteger('shardCount', 2 ** 53, { min: 1 })).toThrow('shardCount must be an integer in [1, ∞) of at most 2^53 − 1 (exactly representable); found 9007199254740992');
    // a fraction keeps the plain wording
    expect(() => requireInteger('steps', 1.5, { min: 1 })).toThrow('steps must be an integer in [1, ∞); found 1.5');
  });
});
