/**
 * The library fuzz's inputs (tools/soundness/src/library-fuzz.test.ts) on the encode pass: counts
 * of 1e15 are refused before the feature matrices are allocated, naming the count, the limit and
 * the value found; an encoding of the wrong shape (a typed array, a trade-off curve) is refused
 * naming it instead of being kept (NaN in the result).
 */
import { DpboundsRangeError, DpboundsTypeError, isDpboundsError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';
import { fitTabularEncoding } from './encoding.js';
import { requireTabularEncoding } from './require-encoding.js';
import { EncodePass } from './tabular-passes.js';
import { loadTabularCsv } from './tabular-csv.js';

type DpboundsError = DpboundsRangeError | DpboundsTypeError;

/** The error `call` throws (it must throw one of the dpbounds family). */
function thrown(call: () => unknown): DpboundsError {
  try {
    call();
  } catch (error) {
    expect(isDpboundsError(error)).toBe(true);
    return error as DpboundsError;
  }
  throw new Error('expected a refusal');
}

const text = 'y,x,c\n1,2,a\n0,3,b\n1,5,a\n';
const encoding = fitTabularEncoding(parseCsv(text), { labelColumn: 'y' });

describe('EncodePass counts are checked before allocating', () => {
  it('trainCount or testCount = 1e15 is refused naming it, with the 2 GiB limit', () => {
    for (const [trainCount, testCount, parameter] of [
      [1e15, 1, 'trainCount'],
      [1, 1e15, 'testCount'],
    ] as const) {
      const error = thrown(() => new EncodePass(encoding, new Uint8Array([1, 0]), trainCount, testCount));
      expect(error).toBeInstanceOf(DpboundsRangeError);
      expect(error.parameter).toBe(parameter);
      expect(error.found).toBe(1e15);
      expect(error.message).toContain('2.00 GiB');
    }
  });
  it('the fuzz\'s call (a non-encoding first, counts of 1e15) is refused too', () => {
    const curve = { evaluate: (alpha: number): number => 1 - alpha };
    for (const [trainCount, testCount] of [[1e15, 2], [2, 1e15]] as const) thrown(() => new EncodePass(curve as never, [0.1, 0.9, 0.4, 0.2] as never, trainCount, testCount));
  });
  it('honours maxFeatureBytes, and names the feature count when it is the largest size', () => {
    // 2 rows × 3 features × 8 bytes = 48 bytes
    expect(() => new EncodePass(encoding, new Uint8Array([1, 0]), 1, 1, 48)).not.toThrow();
    const error = thrown(() => new EncodePass(encoding, new Uint8Array([1, 0]), 1, 1, 47));
    expect(error.parameter).toBe('encoding.featureCount');
    expect(error.message).toContain('≤ 2');
  });
  it('part must hold one 0/1 flag per row, trainCount of them 1', () => {
    expect(thrown(() => new EncodePass(encoding, new Uint8Array([1, 0, 1]), 1, 1)).parameter).toBe('part');
    expect(thrown(() => new EncodePass(encoding, new Uint8Array([1, 1]), 1, 1)).parameter).toBe('trainCount');
    expect(thrown(() => new EncodePass(encoding, new Uint8Array([2, 0]), 1, 1)).parameter).toBe('part[0]');
  });
  it('loads a CSV as before (the three passes agree with their checks)', () => {
    const data = loadTabularCsv(text, { labelColumn: 'y', testFraction: 1 / 3, seed: 1 });
    expect(data.train.size + data.test.size).toBe(3);
    expect(data.train.features.every((v) => Number.isFinite(v))).toBe(true);
  });
});

describe('the encoding given to EncodePass is validated', () => {
  it('a typed array holding NaN (the fuzz\'s value) is refused naming encoding', () => {
    const error = thrown(() => new EncodePass(new Float64Array([Number.NaN, 1]) as never, [0.1, 0.9, 0.4, 0.2] as never, 2, 2));
    expect(error).toBeInstanceOf(DpboundsTypeError);
    expect(error.parameter).toBe('encoding');
  });
  it('names the first bad field of an encoding of the wrong shape', () => {
    const numeric = encoding.columns.findIndex((c) => c.kind === 'numeric');
    const categorical = encoding.columns.findIndex((c) => c.kind === 'categorical');
    const withColumn = (index: number, change: object): unknown => ({ ...encoding, columns: encoding.columns.map((c, i) => (i === index ? { ...c, ...change } : c)) });
    expect(thrown(() => requireTabularEncoding({} as never)).parameter).toBe('encoding.labelColumn');
    expect(thrown(() => requireTabularEncoding({ ...encoding, featureCount: encoding.featureCount + 1 })).parameter).toBe('encoding.featureCount');
    expect(thrown(() => requireTabularEncoding(withColumn(numeric, { scale: 0 }) as never)).parameter).toBe(`encoding.columns[${numeric}].scale`);
    expect(thrown(() => requireTabularEncoding(withColumn(numeric, { mean: Number.NaN }) as never)).parameter).toBe(`encoding.columns[${numeric}].mean`);
    expect(thrown(() => requireTabularEncoding(withColumn(numeric, { featureIndex: encoding.featureCount }) as never)).parameter).toBe(`encoding.columns[${numeric}].featureIndex`);
    expect(thrown(() => requireTabularEncoding(withColumn(categorical, { firstFeature: encoding.featureCount }) as never)).parameter).toBe(`encoding.columns[${categorical}].firstFeature`);
    expect(thrown(() => requireTabularEncoding(withColumn(categorical, { kind: 'other' }) as never)).parameter).toBe(`encoding.columns[${categorical}].kind`);
    expect(requireTabularEncoding(encoding)).toBe(encoding);
  });
});

describe('fitTabularEncoding, fuzzed from the EncodePass example', () => {
  it('options.fitRows = null is refused naming fitRows (it was read as an array: a plain TypeError)', () => {
    const error = thrown(() => fitTabularEncoding(parseCsv(text), { labelColumn: 'y', fitRows: null as never }));
    expect(error).toBeInstanceOf(DpboundsTypeError);
    expect(error.parameter).toBe('fitRows');
  });
});
