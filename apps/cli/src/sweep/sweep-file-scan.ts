/**
 * Reads back a sweep file (to resume a run or merge shards): its header line, its complete row
 * lines with their keys, and where a half-written last line (a run killed mid-write) starts.
 */
import { rowKeyOf } from './sweep-format.js';
import type { SweepFormat } from './sweep-format.js';

/** One complete row line of a sweep file. */
export interface ScannedRow {
  readonly index: number;
  readonly id: string;
  /** CSV only: the row's spec cell. */
  readonly spec?: string;
  /** The line without its newline. */
  readonly text: string;
  /** 1-based line number. */
  readonly line: number;
}

/** What a sweep file holds. */
export interface SweepFileScan {
  /** The header line without its newline; undefined for an empty file (or a header cut off mid-write). */
  readonly header: string | undefined;
  readonly rows: readonly ScannedRow[];
  /** Byte length of the complete lines: a half-written last line starts here. */
  readonly completeBytes: number;
  /** True when the file ends in a half-written line (dropped). */
  readonly partialLast: boolean;
  /** The first complete line that is not a row (1-based), if any. */
  readonly badLine?: number;
}

/**
 * Splits a sweep file into header and rows; a last line without its newline is a half-written
 * row and is not counted.
 *
 * @example scanSweepFile(bytes, 'jsonl').rows.length
 */
export function scanSweepFile(bytes: Uint8Array, format: SweepFormat): SweepFileScan {
  const decoder = new TextDecoder('utf-8');
  const rows: ScannedRow[] = [];
  let header: string | undefined;
  let start = 0;
  let line = 0;
  let badLine: number | undefined;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0x0a) continue;
    line++;
    const text = decoder.decode(bytes.subarray(start, i));
    start = i + 1;
    if (line === 1) {
      header = text;
      continue;
    }
    const key = rowKeyOf(format, text);
    if (key === undefined) {
      badLine ??= line;
      continue;
    }
    rows.push({ ...key, text, line });
  }
  return { header, rows, completeBytes: start, partialLast: start < bytes.length, ...(badLine !== undefined ? { badLine } : {}) };
}
