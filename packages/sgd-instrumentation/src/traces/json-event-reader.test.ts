import fc from 'fast-check';
import { DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { JsonEventReader } from './json-event-reader.js';
import type { JsonEventHandler } from './json-event-reader.js';

/** Rebuilds a value from the events with an explicit stack (the reference is JSON.parse). */
function collect(): { handler: JsonEventHandler; result: () => unknown } {
  const stack: (unknown[] | Record<string, unknown>)[] = [];
  const keys: (string | null)[] = [];
  let done: unknown;
  const put = (value: unknown): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) done = value;
    else if (Array.isArray(top)) top.push(value);
    else top[keys[keys.length - 1] as string] = value;
  };
  const open = (container: unknown[] | Record<string, unknown>): void => {
    put(container);
    stack.push(container);
    keys.push(null);
  };
  const close = (): void => {
    stack.pop();
    keys.pop();
  };
  return {
    handler: { startObject: () => open({}), startArray: () => open([]), endObject: close, endArray: close, key: (k) => (keys[keys.length - 1] = k), value: put },
    result: () => done,
  };
}

function parseInChunks(text: string, cuts: readonly number[]): unknown {
  const { handler, result } = collect();
  const reader = new JsonEventReader(handler);
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    reader.write(text.slice(from, Math.max(from, cut)));
    from = Math.max(from, cut);
  }
  reader.write(text.slice(from));
  reader.end();
  return result();
}

function errorOf(text: string, options = {}): DpboundsTypeError {
  const reader = new JsonEventReader(collect().handler, options);
  try {
    reader.write(text);
    reader.end();
  } catch (error) {
    expect(error).toBeInstanceOf(DpboundsTypeError);
    return error as DpboundsTypeError;
  }
  throw new Error(`no error for ${text}`);
}

describe('JsonEventReader', () => {
  it('gives the same value as JSON.parse whatever the chunk boundaries', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.array(fc.nat(), { maxLength: 8 }), fc.boolean(), (value, cuts, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(parseInChunks(text, cuts.map((c) => c % (text.length + 1)))).toEqual(JSON.parse(text));
      }),
      { seed: 5, numRuns: 300 },
    );
  });

  it('decodes escapes split across chunks', () => {
    const text = '{"a\\u00e9b": ["x\\"y\\\\z\\n", -0.5e-3, 1E+2, true, false, null]}';
    for (let cut = 0; cut <= text.length; cut++) expect(parseInChunks(text, [cut])).toEqual(JSON.parse(text));
  });

  it('refuses nesting deeper than its limit without overflowing the stack', () => {
    const deep = '['.repeat(1_000_000);
    const error = errorOf(deep);
    expect(error.message).toContain('nesting at most 64 levels deep');
    expect(errorOf('[[[1]]]', { maxDepth: 2 }).message).toContain('nesting at most 2');
  });

  it('refuses a maxDepth or maxTokenLength that is not an integer in range, naming it (library fuzz: 1e308 threw a RangeError allocating the stack)', () => {
    const handler = collect().handler;
    for (const maxDepth of [1e308, Number.NaN, -1, 0.5, Symbol('x') as never, 2 ** 24 + 1]) {
      expect(() => new JsonEventReader(handler, { maxDepth })).toThrow(expect.objectContaining({ parameter: 'options.maxDepth' }));
    }
    for (const maxTokenLength of [0, Number.POSITIVE_INFINITY, '1' as never]) {
      expect(() => new JsonEventReader(handler, { maxTokenLength })).toThrow(expect.objectContaining({ parameter: 'options.maxTokenLength' }));
    }
  });

  it('names the line and column of a syntax error', () => {
    expect(errorOf('{\n  "a": 1,\n  "b" 2\n}').message).toContain('line 3, column 7');
    expect(errorOf('{"a": [1, 2,]}').message).toContain("a value, found ']'");
    expect(errorOf('{"a": 01}').message).toContain('a JSON number');
    expect(errorOf('{"a": tru}').message).toContain('"tru"');
    expect(errorOf('{"a": "x').message).toContain('unterminated string');
    expect(errorOf('{"a": [1, 2]').message).toContain('truncated');
    expect(errorOf('{} {}').message).toContain('after the document');
    expect(errorOf('"a\u0001"').message).toContain('control character');
    expect(errorOf('"\\x"').message).toContain('escape');
    expect(errorOf('NaN').message).toContain('a value');
    expect(errorOf('"abcdef"', { maxTokenLength: 3 }).message).toContain('shorter than 3');
  });
});
