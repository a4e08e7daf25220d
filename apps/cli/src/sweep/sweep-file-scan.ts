/**
 * Reads back a sweep file line by line (to resume a run or merge shards): its header line, its
 * complete row lines with their line numbers, and where a half-written last line (a run killed
 * mid-write) starts. Rows are checked by sweep-row-check.ts, not here.
 */

/** One complete line of a sweep file. */
export interface SweepFileLine {
  /** The line without its newline. */
  readonly text: string;
  /** 1-based line number. */
  readonly line: number;
}

/** What a sweep file holds. */
export interface SweepFileScan {
  /** The header line without its newline; undefined for an empty file (or a header cut off mid-write). */
  readonly header: string | undefined;
  readonly rows: readonly SweepFileLine[];
  /** Byte length of the complete lines: a half-written last line starts here. */
  readonly completeBytes: number;
  /** True when the file ends in a half-written line (dropped). */
  readonly partialLast: boolean;
}

/**
 * Splits a sweep file into header and row lines; a last line without its newline is a
 * half-written row and is not counted.
 *
 * @example scanSweepFile(bytes).rows.length
 */
export function scanSweepFile(bytes: Uint8Array): SweepFileScan {
  const decoder = new TextDecoder('utf-8');
  const rows: SweepFileLine[] = [];
  let header: string | undefined;
  let start = 0;
  let line = 0;
  for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, start)) {
    line++;
    const text = decoder.decode(bytes.subarray(start, i));
    start = i + 1;
    if (line === 1) header = text;
    else rows.push({ text, line });
  }
  return { header, rows, completeBytes: start, partialLast: start < bytes.length };
}

/** A line read by {@link sweepFileLines}: complete, or the half-written end of the file. */
export type StreamedLine = SweepFileLine & { readonly complete: boolean };

/**
 * The lines of a streamed sweep file, one at a time (memory: the longest line). The first line
 * is refused past `maxFirstLine` bytes, before more is read: a file that is not a sweep file is
 * recognised from its start.
 *
 * @throws the value of `tooLong()` when the first line is longer than `maxFirstLine`.
 * @example for await (const { text, line } of sweepFileLines(input.chunks, 1 << 22, () => new Error('not a sweep file'))) …
 */
export async function* sweepFileLines(chunks: AsyncIterable<Uint8Array>, maxFirstLine: number, tooLong: () => Error): AsyncGenerator<StreamedLine> {
  const decoder = new TextDecoder('utf-8');
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let line = 0;
  const take = (last: Uint8Array): string => {
    const whole = pending.length === 0 ? last : Buffer.concat([...pending, last]);
    pending = [];
    pendingBytes = 0;
    return decoder.decode(whole);
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, start)) {
      line++;
      const text = take(chunk.subarray(start, i));
      start = i + 1;
      yield { text, line, complete: true };
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (line === 0 && pendingBytes > maxFirstLine) throw tooLong();
    }
  }
  if (pendingBytes > 0) yield { text: take(new Uint8Array(0)), line: line + 1, complete: false };
}
