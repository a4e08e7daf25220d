/**
 * The project's CSV tokeniser, incremental: text is pushed in chunks of any size (a file read
 * in pieces, a stream) and each complete record is handed to a callback with its line number,
 * so a file of any size is tokenised in memory proportional to its longest record. RFC 4180:
 * optional double quotes with `""` escapes, commas and line breaks inside quotes, `\n`, `\r\n`
 * or `\r` line ends, blank lines skipped, a leading UTF-8 byte-order mark ignored. Browser-safe.
 */
import { DpboundsTypeError, requireFunction, requireObject, requireOptions } from '@dpbounds/special-functions';

/** Options of {@link createCsvRecordReader}. */
export interface CsvReaderOptions {
  /**
   * Trim spaces around unquoted cells, allow spaces before an opening and after a closing quote,
   * and skip whitespace-only lines (default false: cells are kept verbatim).
   */
  readonly trim?: boolean;
  /** Longest record accepted, in characters (default 64 Mi): bounds memory on an unterminated quote. */
  readonly maxRecordChars?: number;
}

/** Receives one record: its cells and the 1-based line on which it starts. */
export type CsvRecordCallback = (cells: string[], line: number) => void;

/** An incremental CSV tokeniser: {@link CsvRecordReader.push} text, then {@link CsvRecordReader.end}. */
export interface CsvRecordReader {
  /** Tokenises the complete records in `text` (with what was left over from before). */
  push(text: string): void;
  /** Ends the input: the last record may lack a line end; an open quote is an error. */
  end(): void;
}

/** A format error at `line`: parameter `csv line N` (what callers key on), reason in `found`. */
export function csvFormatError(line: number, expected: string, reason: string): DpboundsTypeError {
  return new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: `csv line ${line}`, expected, found: reason });
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * Creates an incremental tokeniser calling `onRecord(cells, line)` for every record. A quote
 * opens a quoted cell only at the start of a cell (after leading spaces when trimming); records
 * may have different lengths; a line holding only `""` is a record with one empty cell.
 *
 * @throws DpboundsTypeError (`ERR_INVALID_FORMAT`, parameter `csv line N`, `found` the reason)
 *   from `push`/`end`: "unterminated quoted field" (line where the quote opens), "unexpected
 *   text after a closing quote", or a record longer than `maxRecordChars`.
 * @example
 * const rows: string[][] = [];
 * const reader = createCsvRecordReader((cells) => rows.push(cells));
 * reader.push('id,sc'); reader.push('ore\n1,0.5\n'); reader.end(); // rows: [['id', 'score'], ['1', '0.5']]
 */
export function createCsvRecordReader(onRecord: CsvRecordCallback, options: CsvReaderOptions = {}): CsvRecordReader {
  requireFunction('onRecord', onRecord);
  requireOptions('options', options, ['trim', 'maxRecordChars']);
  const trim = options.trim ?? false;
  const maxRecordChars = options.maxRecordChars ?? 64 * 1024 * 1024;
  let pending = '';
  let line = 1;
  let first = true;

  /**
   * Parses records of `buf` from the start; returns the index where an incomplete record
   * begins (`buf.length` when everything was consumed). At `final`, the end of `buf` ends a record.
   */
  const parse = (buf: string, final: boolean): number => {
    let pos = 0;
    const n = buf.length;
    while (pos < n) {
      const recordStart = pos;
      const recordLine = line;
      let lines = 0;
      const cells: string[] = [];
      let onlyBlank = true;
      let i = pos;
      let complete = false;
      for (;;) {
        // One cell starting at i.
        let j = i;
        if (trim) while (j < n && (buf.charCodeAt(j) === SPACE || buf.charCodeAt(j) === TAB)) j++;
        if (j < n && buf.charCodeAt(j) === QUOTE && (trim || j === i)) {
          onlyBlank = false;
          let k = j + 1;
          let value = '';
          let closed = false;
          for (;;) {
            const q = buf.indexOf('"', k);
            if (q < 0) break;
            if (q + 1 < n && buf.charCodeAt(q + 1) === QUOTE) {
              value += buf.slice(k, q + 1);
              k = q + 2;
              continue;
            }
            if (q + 1 >= n && !final) break; // a quote at the end of the chunk may be the first of ""
            value += buf.slice(k, q);
            k = q + 1;
            closed = true;
            break;
          }
          if (!closed) {
            if (!final) return recordStart;
            throw csvFormatError(recordLine + lines + countLf(buf, i, j), 'a closing quote', 'unterminated quoted field');
          }
          lines += countLf(value, 0, value.length);
          if (trim) while (k < n && (buf.charCodeAt(k) === SPACE || buf.charCodeAt(k) === TAB)) k++;
          if (k >= n) {
            if (!final) return recordStart;
            cells.push(value);
            complete = true;
            pos = n;
            break;
          }
          const c = buf.charCodeAt(k);
          if (c !== COMMA && c !== LF && c !== CR) throw csvFormatError(recordLine + lines, 'a comma or a line end after a closing quote', 'unexpected text after a closing quote');
          cells.push(value);
          if (c === COMMA) {
            i = k + 1;
            continue;
          }
          i = k;
        } else {
          let k = i;
          while (k < n) {
            const c = buf.charCodeAt(k);
            if (c === COMMA || c === LF || c === CR) break;
            k++;
          }
          if (k >= n && !final) return recordStart;
          const raw = buf.slice(i, k);
          const cell = trim ? raw.trim() : raw;
          if (cell !== '' || (k < n && buf.charCodeAt(k) === COMMA)) onlyBlank = false;
          cells.push(cell);
          if (k >= n) {
            complete = true;
            pos = n;
            break;
          }
          if (buf.charCodeAt(k) === COMMA) {
            i = k + 1;
            if (i >= n) {
              if (!final) return recordStart;
              cells.push('');
              complete = true;
              pos = n;
              break;
            }
            continue;
          }
          i = k;
        }
        // At a line end (i points at \n or \r).
        if (buf.charCodeAt(i) === CR) {
          if (i + 1 >= n && !final) return recordStart; // \r at the chunk's end: maybe \r\n
          pos = i + 1 < n && buf.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
        } else pos = i + 1;
        complete = true;
        lines += 1;
        break;
      }
      if (!complete) return recordStart;
      const blank = onlyBlank && cells.length === 1 && cells[0] === '';
      if (!blank) onRecord(cells, recordLine);
      line = recordLine + lines;
      if (pos >= n && !final) return n;
    }
    return n;
  };

  const take = (text: string, final: boolean): void => {
    // A record can only end at a line end (or at the end of input): while none arrives, an
    // incomplete record just grows, without re-parsing it (linear time on a very long line).
    if (!final && pending !== '' && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
      pending += text;
      if (pending.length > maxRecordChars) tooLong();
      return;
    }
    let buf = pending === '' ? text : pending + text;
    if (first && buf.length > 0) {
      if (buf.charCodeAt(0) === 0xfeff) buf = buf.slice(1);
      first = false;
    }
    const rest = parse(buf, final);
    pending = rest >= buf.length ? '' : buf.slice(rest);
    if (pending.length > maxRecordChars) tooLong();
  };
  const tooLong = (): never => {
    const quoted = pending.includes('"');
    throw csvFormatError(line, `records of at most ${maxRecordChars} characters`, `a record longer than ${maxRecordChars} characters${quoted ? ' (an unterminated quote?)' : ''}`);
  };

  return {
    push: (text) => take(text, false),
    end: () => {
      take('', true);
      pending = '';
    },
  };
}

function countLf(text: string, from: number, to: number): number {
  let count = 0;
  for (let k = text.indexOf('\n', from); k >= 0 && k < to; k = text.indexOf('\n', k + 1)) count++;
  return count;
}
