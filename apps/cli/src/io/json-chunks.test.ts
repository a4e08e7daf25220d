import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { infiniteFieldsReplacer } from './infinite-fields.js';
import { writeJsonOutput, writeJsonPieces } from './json-chunks.js';

const joined = (value: unknown): string => {
  const parts: string[] = [];
  writeJsonPieces(value, (p) => parts.push(p));
  return parts.join('');
};

/** Values with everything JSON.stringify treats specially: undefined, functions, symbols, NaN, ±∞, −0, toJSON, dates. */
const awkward = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.jsonValue(),
    fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, -0, () => 1, Symbol('s'), new Date(0), { toJSON: (key: string) => `key ${key}` }),
    fc.double(),
    fc.string(),
  ),
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 5 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 5 })),
})).node;

describe('writeJsonPieces', () => {
  it('joins to exactly JSON.stringify(value, infiniteFieldsReplacer, 2) on values with every special case', () => {
    fc.assert(
      fc.property(awkward, (value) => {
        const expected = JSON.stringify(value, infiniteFieldsReplacer, 2);
        expect(joined(value)).toBe(expected ?? '');
      }),
      { seed: 29, numRuns: 400 },
    );
  });

  it('hands on pieces of about 1 MiB, each ending between tokens (a long string is never cut)', () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => ({ record: i, path: `/tmp/spool-${i}/-`, epsilon: i / 7 }));
    const parts: string[] = [];
    writeJsonPieces({ rows }, (p) => parts.push(p));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(JSON.stringify({ rows }, infiniteFieldsReplacer, 2));
    for (const p of parts.slice(0, -1)) {
      expect(p.length).toBeGreaterThanOrEqual(1 << 20);
      expect(p.length).toBeLessThan((1 << 20) + 200);
      // every piece ends after a whole token: the quotes of a string value are balanced within it
      expect((p.match(/"/g) ?? []).length % 2).toBe(0);
    }
  });
});

describe('writeJsonOutput', () => {
  it('writes one string and a newline when the document fits in a string', () => {
    const out: string[] = [];
    writeJsonOutput({ epsilon: 1.5 }, (t) => out.push(t));
    expect(out).toEqual([`${JSON.stringify({ epsilon: 1.5 }, null, 2)}\n`]);
  });

  it('writes the same text in pieces when stringify cannot build the string (RangeError: Invalid string length)', () => {
    const value = { rows: Array.from({ length: 20_000 }, (_, i) => ({ record: i, epsilon: i / 3 })) };
    const out: string[] = [];
    writeJsonOutput(value, (t) => out.push(t), () => {
      throw new RangeError('Invalid string length');
    });
    expect(out.length).toBeGreaterThan(2);
    expect(out.join('')).toBe(`${JSON.stringify(value, infiniteFieldsReplacer, 2)}\n`);
  });

  it('lets any other error through (a BigInt, a stack overflow are not a long document)', () => {
    expect(() => writeJsonOutput({ n: 1n }, () => {})).toThrow(TypeError);
    expect(() => writeJsonOutput({}, () => {}, () => {
      throw new RangeError('Maximum call stack size exceeded');
    })).toThrow(/call stack/);
  });
});
