/**
 * `JSON.stringify(value, infiniteFieldsReplacer, 2)` in pieces (+∞ fields marked, see
 * infinite-fields.ts), for a `--json` document longer than the largest string V8 can hold
 * (about 2²⁹ characters: `per-instance --json` on a trace of 10⁶ records reached it and exited
 * with "internal error: Invalid string length"). The pieces, joined, are exactly the text that
 * call would give (same `toJSON` calls, the same omission of `undefined`, functions and symbols
 * in objects and `null` for them in arrays, `null` for non-finite numbers); a piece ends between
 * two tokens, never inside a string, so a replacement applied to each piece (the spooled
 * standard-input path) sees every string whole.
 */

import { infiniteFieldsReplacer, markInfiniteFields } from './infinite-fields.js';

/** Characters gathered before a piece is handed on (each piece is at most this plus one token). */
const PIECE_CHARS = 1 << 20;

type Piece = (text: string) => void;

/**
 * The value JSON.stringify would serialise for `value` found under `key` (its `toJSON` applied),
 * with its +∞ fields marked as {@link infiniteFieldsReplacer} marks them.
 */
function serialisable(value: unknown, key: string): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return markInfiniteFields((value as { toJSON: (key: string) => unknown }).toJSON(key));
  }
  return markInfiniteFields(value);
}

/** True for what JSON.stringify leaves out of an object (and writes as null in an array). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function write(value: unknown, indent: string, emit: Piece): void {
  if (value === null || typeof value !== 'object') {
    // primitives (and BigInt, which throws exactly as JSON.stringify does)
    emit(JSON.stringify(value) ?? 'null');
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      emit('[]');
      return;
    }
    emit('[');
    for (let i = 0; i < value.length; i++) {
      emit(`${i === 0 ? '' : ','}\n${inner}`);
      const item = serialisable(value[i], String(i));
      if (omitted(item)) emit('null');
      else write(item, inner, emit);
    }
    emit(`\n${indent}]`);
    return;
  }
  let first = true;
  for (const key of Object.keys(value)) {
    const item = serialisable((value as Record<string, unknown>)[key], key);
    if (omitted(item)) continue;
    emit(`${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `);
    first = false;
    write(item, inner, emit);
  }
  emit(first ? '{}' : `\n${indent}}`);
}

/**
 * Calls `piece` with consecutive parts of `JSON.stringify(value, infiniteFieldsReplacer, 2)` (each about 1 MiB);
 * boxed primitives and cycles are outside its domain (the CLI's results are plain data).
 *
 * @example
 * const parts: string[] = [];
 * writeJsonPieces({ a: [1, 2] }, (p) => parts.push(p));
 * parts.join('') === JSON.stringify({ a: [1, 2] }, null, 2); // true
 */
export function writeJsonPieces(value: unknown, piece: Piece): void {
  let buffer: string[] = [];
  let length = 0;
  const emit: Piece = (text) => {
    buffer.push(text);
    length += text.length;
    if (length >= PIECE_CHARS) {
      piece(buffer.join(''));
      buffer = [];
      length = 0;
    }
  };
  const top = serialisable(value, '');
  if (omitted(top)) return;
  write(top, '', emit);
  if (length > 0) piece(buffer.join(''));
}

/**
 * Writes the `--json` document and a newline: as one string, as it always was, or, when the
 * document is longer than a string can be (`stringify` throws V8's RangeError "Invalid string
 * length"), as the same text in pieces ({@link writeJsonPieces}). `stringify` is replaceable for
 * tests, which cannot build a 2²⁹-character document in a few seconds.
 *
 * @example writeJsonOutput({ epsilon: 1 }, (t) => process.stdout.write(t)) // prints the document
 */
export function writeJsonOutput(json: unknown, write: Piece, stringify: (value: unknown) => string | undefined = (value) => JSON.stringify(value, infiniteFieldsReplacer, 2)): void {
  let whole: string | undefined;
  try {
    whole = stringify(json);
  } catch (error) {
    if (!(error instanceof RangeError) || !/string length/i.test(error.message)) throw error;
    writeJsonPieces(json, write);
    write('\n');
    return;
  }
  write(`${whole ?? ''}\n`);
}
