/**
 * Push parsers from bytes to records, one per text format, each in memory proportional to its
 * longest record: CSV (the project's incremental tokeniser), JSON Lines (one JSON value per
 * line) and whole JSON documents (parsed at once, so refused above {@link JSON_MAX_BYTES}).
 * Errors are UsageErrors naming the file and line.
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import { createCsvRecordReader } from '@dpbounds/sgd-instrumentation';
import { UsageError } from '../usage-error.js';
import { JsonDepthScanner, requireJsonDepth } from './json-depth.js';

/** Bytes in, records out. */
export interface ByteSink {
  push(bytes: Uint8Array): void;
  end(): void;
}

/** Longest line or record accepted (characters). */
export const MAX_RECORD_CHARS: number = 64 * 1024 * 1024;
/** Largest `.json` document read (it must be parsed whole); bigger tables belong in .csv, .jsonl or .npy. */
export const JSON_MAX_BYTES: number = 64 * 1024 * 1024;

/** Incremental strict UTF-8 decoding with a message naming the file. */
function utf8(path: string): (bytes: Uint8Array, final: boolean) => string {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return (bytes, final) => {
    try {
      return decoder.decode(bytes, { stream: !final });
    } catch {
      throw new UsageError(`${path}: not valid UTF-8 text (is it a binary file?)`);
    }
  };
}

/**
 * CSV records: `onRecord(cells, line)` for each (cells verbatim, blank lines skipped).
 *
 * @example const sink = csvSink('t.csv', (cells, line) => rows.push(cells)); sink.push(bytes); sink.end();
 */
export function csvSink(path: string, onRecord: (cells: string[], line: number) => void): ByteSink {
  const decode = utf8(path);
  const reader = createCsvRecordReader(onRecord, { maxRecordChars: MAX_RECORD_CHARS });
  const guard = (action: () => void): void => {
    try {
      action();
    } catch (error) {
      const line = isDpboundsError(error) ? /^csv line (\d+)$/.exec(error.parameter) : null;
      if (isDpboundsError(error) && line !== null) throw new UsageError(`${path}: line ${line[1]}: ${String(error.found)}`);
      throw error;
    }
  };
  return {
    push: (bytes) => guard(() => reader.push(decode(bytes, false))),
    end: () =>
      guard(() => {
        reader.push(decode(new Uint8Array(0), true));
        reader.end();
      }),
  };
}

/**
 * JSON Lines: `onValue(value, line)` for each non-blank line.
 *
 * @example const sink = jsonlSink('t.jsonl', (value, line) => rows.push(value));
 */
export function jsonlSink(path: string, onValue: (value: unknown, line: number) => void): ByteSink {
  const decode = utf8(path);
  let pending = '';
  let line = 0;
  const take = (text: string, final: boolean): void => {
    const buf = pending + text;
    let start = 0;
    for (;;) {
      const end = buf.indexOf('\n', start);
      if (end < 0) break;
      handle(buf.slice(start, end));
      start = end + 1;
    }
    pending = buf.slice(start);
    if (pending.length > MAX_RECORD_CHARS) throw new UsageError(`${path}: line ${line + 1}: longer than ${MAX_RECORD_CHARS} characters`);
    if (final && pending !== '') {
      handle(pending);
      pending = '';
    }
  };
  const handle = (text: string): void => {
    line++;
    const body = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (body.trim() === '') return;
    requireJsonDepth(path, body, `line ${line}: `);
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (error) {
      throw new UsageError(`${path}: line ${line}: malformed JSON (${(error as Error).message})`);
    }
    onValue(value, line);
  };
  return { push: (bytes) => take(decode(bytes, false), false), end: () => take(decode(new Uint8Array(0), true), true) };
}

/**
 * A whole JSON document: `onDocument(value)` once, at the end.
 *
 * @throws UsageError when the document exceeds {@link JSON_MAX_BYTES} (before reading further) or is malformed.
 * @example const sink = jsonDocumentSink('t.json', (value) => use(value));
 */
export function jsonDocumentSink(path: string, onDocument: (value: unknown) => void): ByteSink {
  const decode = utf8(path);
  const depth = new JsonDepthScanner(path);
  const parts: string[] = [];
  let bytes = 0;
  return {
    push: (chunk) => {
      bytes += chunk.length;
      if (bytes > JSON_MAX_BYTES) {
        throw new UsageError(`${path}: a .json file is parsed whole and this one exceeds ${JSON_MAX_BYTES / 1024 / 1024} MiB; write the table as .csv, .jsonl or .npy, which are read in bounded memory`);
      }
      const text = decode(chunk, false);
      depth.push(text);
      parts.push(text);
    },
    end: () => {
      const rest = decode(new Uint8Array(0), true);
      depth.push(rest);
      parts.push(rest);
      const text = parts.join('');
      parts.length = 0;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new UsageError(`${path}: malformed JSON (${(error as Error).message})`);
      }
      onDocument(value);
    },
  };
}
