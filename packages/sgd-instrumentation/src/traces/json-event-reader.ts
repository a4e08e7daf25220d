/**
 * An incremental JSON tokenizer: text goes in chunk by chunk, structural events come out
 * (start/end of objects and arrays, keys, scalar values). It keeps no tree and uses no recursion,
 * so memory is bounded by the longest single token and nesting depth by an explicit limit; a
 * deeply nested or truncated file is a typed error with a line and column, never a stack overflow.
 * Browser-safe; the trace readers build only what they need from the events.
 */
import { DpboundsTypeError, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';

/** Receives the events of a {@link JsonEventReader}, in document order. */
export interface JsonEventHandler {
  startObject(): void;
  endObject(): void;
  startArray(): void;
  endArray(): void;
  /** An object key (always followed by that key's value). */
  key(name: string): void;
  /** A string, number, boolean or null value. */
  value(value: string | number | boolean | null): void;
}

/** Options of {@link JsonEventReader}. */
export interface JsonEventReaderOptions {
  /** Largest nesting depth accepted: an integer in [0, 2²⁴] (default 64; the depth stack takes one byte per level). */
  readonly maxDepth?: number;
  /** Longest string or number token accepted, in characters: an integer ≥ 1 (default 16 Mi). */
  readonly maxTokenLength?: number;
}

const enum Expect {
  Value,
  ValueOrEndArray,
  KeyOrEndObject,
  Key,
  Colon,
  CommaOrEnd,
  Done,
}

const enum Token {
  None,
  String,
  Number,
  Literal,
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** The largest `maxDepth` accepted: its stack is allocated up front, one byte per level. */
const MAX_DEPTH_LIMIT = 2 ** 24;
const OBJECT = 0;
const ARRAY = 1;

/**
 * Streaming JSON tokenizer (RFC 8259). Call {@link JsonEventReader.write} with consecutive chunks
 * of text and {@link JsonEventReader.end} after the last one.
 *
 * @throws DpboundsTypeError (code `ERR_INVALID_FORMAT`, parameter `json`) for a syntax error,
 *   nesting deeper than `maxDepth`, a token longer than `maxTokenLength`, trailing content or a
 *   truncated document; the message gives the line and column.
 *   The constructor throws a DpboundsTypeError or DpboundsRangeError naming `options.maxDepth` or
 *   `options.maxTokenLength` when either is not an integer in its range.
 * @example
 * const reader = new JsonEventReader(handler);
 * reader.write('{"a": [1, 2'); reader.write(']}'); reader.end();
 */
export class JsonEventReader {
  readonly #handler: JsonEventHandler;
  readonly #maxDepth: number;
  readonly #maxToken: number;
  readonly #stack: Uint8Array;
  #depth = 0;
  #expect: Expect = Expect.Value;
  #token: Token = Token.None;
  #text = '';
  #escape = 0; // 0 none, 1 after backslash, 2..5 collecting \uXXXX digits
  #unicode = '';
  #isKey = false;
  #line = 1;
  #column = 0;

  constructor(handler: JsonEventHandler, options: JsonEventReaderOptions = {}) {
    requireObject('handler', handler);
    requireOptions('options', options, ['maxDepth', 'maxTokenLength']);
    this.#handler = handler;
    this.#maxDepth = requireInteger('options.maxDepth', options.maxDepth ?? 64, { min: 0, max: MAX_DEPTH_LIMIT });
    this.#maxToken = requireInteger('options.maxTokenLength', options.maxTokenLength ?? 16 * 1024 * 1024, { min: 1 });
    this.#stack = new Uint8Array(this.#maxDepth + 1);
  }

  /** Line and column (1-based) of the last character read. */
  get position(): { readonly line: number; readonly column: number } {
    return { line: this.#line, column: this.#column };
  }

  /** Feeds the next chunk of text. */
  write(chunk: string): void {
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.#token === Token.String) {
        i = this.#readString(chunk, i);
        continue;
      }
      const c = chunk.charCodeAt(i);
      if (this.#token !== Token.None) {
        if (isTokenChar(c)) {
          let j = i + 1;
          while (j < n && isTokenChar(chunk.charCodeAt(j))) j++;
          this.#text += chunk.slice(i, j);
          this.#column += j - i;
          if (this.#text.length > this.#maxToken) this.#fail(`a number or literal longer than ${this.#maxToken} characters`);
          i = j;
          continue;
        }
        this.#finishToken();
      }
      i++;
      if (c === 10) {
        this.#line++;
        this.#column = 0;
        continue;
      }
      this.#column++;
      if (c === 32 || c === 9 || c === 13) continue;
      this.#structural(c);
    }
  }

  /** Signals the end of the text. */
  end(): void {
    if (this.#token === Token.String) this.#fail('an unterminated string at the end of the text');
    if (this.#token !== Token.None) this.#finishToken();
    if (this.#expect !== Expect.Done) this.#fail('more text (the document is truncated)');
  }

  #structural(c: number): void {
    const expect = this.#expect;
    if (expect === Expect.Done) this.#fail(`the end of the text, found ${describe(c)} after the document`);
    if (expect === Expect.Colon) {
      if (c !== 58) this.#fail(`':' after an object key, found ${describe(c)}`);
      this.#expect = Expect.Value;
      return;
    }
    if (expect === Expect.CommaOrEnd) {
      const top = this.#stack[this.#depth - 1];
      if (c === 44) {
        this.#expect = top === OBJECT ? Expect.Key : Expect.Value;
        return;
      }
      if (c === 125 && top === OBJECT) return this.#close(OBJECT);
      if (c === 93 && top === ARRAY) return this.#close(ARRAY);
      this.#fail(`',' or '${top === OBJECT ? '}' : ']'}', found ${describe(c)}`);
    }
    if (expect === Expect.KeyOrEndObject || expect === Expect.Key) {
      if (c === 125 && expect === Expect.KeyOrEndObject) return this.#close(OBJECT);
      if (c !== 34) this.#fail(`an object key in double quotes, found ${describe(c)}`);
      this.#startString(true);
      return;
    }
    // Value or ValueOrEndArray.
    if (c === 93 && expect === Expect.ValueOrEndArray) return this.#close(ARRAY);
    if (c === 123 || c === 91) {
      if (this.#depth >= this.#maxDepth) this.#fail(`nesting at most ${this.#maxDepth} levels deep`);
      this.#stack[this.#depth++] = c === 123 ? OBJECT : ARRAY;
      if (c === 123) {
        this.#expect = Expect.KeyOrEndObject;
        this.#handler.startObject();
      } else {
        this.#expect = Expect.ValueOrEndArray;
        this.#handler.startArray();
      }
      return;
    }
    if (c === 34) return this.#startString(false);
    if (c === 45 || (c >= 48 && c <= 57)) {
      this.#token = Token.Number;
      this.#text = String.fromCharCode(c);
      return;
    }
    if (c === 116 || c === 102 || c === 110) {
      this.#token = Token.Literal;
      this.#text = String.fromCharCode(c);
      return;
    }
    this.#fail(`a value, found ${describe(c)}`);
  }

  #close(kind: number): void {
    this.#depth--;
    if (kind === OBJECT) this.#handler.endObject();
    else this.#handler.endArray();
    this.#afterValue();
  }

  #afterValue(): void {
    this.#expect = this.#depth === 0 ? Expect.Done : Expect.CommaOrEnd;
  }

  #startString(isKey: boolean): void {
    this.#token = Token.String;
    this.#isKey = isKey;
    this.#text = '';
    this.#escape = 0;
  }

  /** Reads string content from `chunk` at `i`; returns the index after what it consumed. */
  #readString(chunk: string, i: number): number {
    const n = chunk.length;
    let start = i;
    while (i < n) {
      const c = chunk.charCodeAt(i);
      if (this.#escape !== 0) {
        this.#column++;
        i++;
        this.#readEscape(c);
        start = i;
        continue;
      }
      if (c === 34 || c === 92 || c < 32) {
        this.#append(chunk, start, i);
        this.#column++;
        i++;
        if (c === 92) {
          this.#escape = 1;
          start = i;
          continue;
        }
        if (c < 32) this.#fail(`no raw control character inside a string, found ${describe(c)}`);
        this.#token = Token.None;
        const text = this.#text;
        this.#text = '';
        if (this.#isKey) {
          this.#handler.key(text);
          this.#expect = Expect.Colon;
        } else {
          this.#handler.value(text);
          this.#afterValue();
        }
        return i;
      }
      i++;
    }
    this.#append(chunk, start, n);
    return n;
  }

  #append(chunk: string, from: number, to: number): void {
    if (to <= from) return;
    this.#text += chunk.slice(from, to);
    this.#column += to - from;
    if (this.#text.length > this.#maxToken) this.#fail(`a string shorter than ${this.#maxToken} characters`);
  }

  #readEscape(c: number): void {
    if (this.#escape === 1) {
      const simple = ESCAPES[c];
      if (simple !== undefined) {
        this.#text += simple;
        this.#escape = 0;
      } else if (c === 117) {
        this.#escape = 2;
        this.#unicode = '';
      } else this.#fail(`a valid escape sequence, found \\${String.fromCharCode(c)}`);
      return;
    }
    const isHex = (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
    if (!isHex) this.#fail(`four hexadecimal digits after \\u, found ${describe(c)}`);
    this.#unicode += String.fromCharCode(c);
    if (this.#escape === 5) {
      this.#text += String.fromCharCode(Number.parseInt(this.#unicode, 16));
      this.#escape = 0;
    } else this.#escape++;
  }

  #finishToken(): void {
    const text = this.#text;
    this.#text = '';
    const kind = this.#token;
    this.#token = Token.None;
    if (kind === Token.Number) {
      if (!NUMBER.test(text)) this.#fail(`a JSON number, found "${text.slice(0, 40)}"`);
      this.#handler.value(Number(text));
    } else if (text === 'true' || text === 'false') this.#handler.value(text === 'true');
    else if (text === 'null') this.#handler.value(null);
    else this.#fail(`a value, found "${text.slice(0, 40)}"`);
    this.#afterValue();
  }

  #fail(expected: string): never {
    const where = `line ${this.#line}, column ${this.#column}`;
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'json', expected: `valid JSON: ${expected}`, found: where }, `not valid JSON at ${where}: expected ${expected}`);
  }
}

const ESCAPES: Readonly<Record<number, string>> = { 34: '"', 92: '\\', 47: '/', 98: '\b', 102: '\f', 110: '\n', 114: '\r', 116: '\t' };

function isTokenChar(c: number): boolean {
  // digits, letters (literals, exponent), '+', '-', '.'
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 43 || c === 45 || c === 46;
}

function describe(c: number): string {
  return c >= 33 && c < 127 ? `'${String.fromCharCode(c)}'` : `character U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}
