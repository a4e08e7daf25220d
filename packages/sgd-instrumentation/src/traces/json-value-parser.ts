/**
 * Parses JSON text (in chunks) into plain values with {@link JsonEventReader}: no recursion, a
 * nesting limit, and objects without a prototype (a "__proto__" key is an ordinary key), so
 * deeply nested or hostile input is a typed error with a line and column, never a stack overflow.
 * For traces whose size is bounded by their producer; the per-instance norm trace has its own
 * streaming reader that never builds a tree.
 */
import { requireObject, requireOptions } from '@dpbounds/special-functions';
import { JsonEventReader } from './json-event-reader.js';
import type { JsonEventHandler } from './json-event-reader.js';

/** An incremental JSON parser: `write` chunks, then `end` returns the value. */
export interface JsonValueParser {
  write(chunk: string): void;
  end(): unknown;
}

/**
 * A JSON parser that builds the value iteratively (see the module comment).
 *
 * @throws DpboundsTypeError (parameter `json`) for malformed JSON or nesting deeper than `maxDepth` (default 64).
 * @example const parser = createJsonValueParser(); parser.write('{"a": [1]}'); parser.end() // { a: [1] }
 */
export function createJsonValueParser(options: { readonly maxDepth?: number } = {}): JsonValueParser {
  requireOptions('options', options, ['maxDepth']);
  const stack: (unknown[] | Record<string, unknown>)[] = [];
  const keys: (string | null)[] = [];
  let result: unknown;
  const put = (value: unknown): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) result = value;
    else if (Array.isArray(top)) top.push(value);
    else Object.defineProperty(top, keys[keys.length - 1] as string, { value, enumerable: true, writable: true, configurable: true });
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
  const handler: JsonEventHandler = {
    startObject: () => open(Object.create(null) as Record<string, unknown>),
    startArray: () => open([]),
    endObject: close,
    endArray: close,
    key: (name) => {
      keys[keys.length - 1] = name;
    },
    value: put,
  };
  const reader = new JsonEventReader(handler, options.maxDepth !== undefined ? { maxDepth: options.maxDepth } : {});
  return {
    write: (chunk) => reader.write(chunk),
    end: () => {
      reader.end();
      return result;
    },
  };
}
