/**
 * Reads back a sweep file line by line, streaming (to resume a run or merge shards): each line
 * with its line number and where it lies in the file (byte offset and length, so a resumed run
 * can copy a kept row without holding its text), and whether it is complete or the half-written
 * end of the file (a run killed mid-write). Rows are checked by sweep-row-check.ts, not here.
 */

/** Longest first line read before a file is refused as not a sweep file (a header is a few KiB). */
export const MAX_SWEEP_HEADER_BYTES: number = 4 * 1024 * 1024;

/** One complete line of a sweep file. */
export interface SweepFileLine {
  /** The line without its newline. */
  readonly text: string;
  /** 1-based line number. */
  readonly line: number;
}

/** A line read by {@link sweepFileLines}: complete, or the half-written end of the file. */
export type StreamedLine = SweepFileLine & {
  readonly complete: boolean;
  /** Byte offset of the line's start in the file. */
  readonly offset: number;
  /** Byte length of the line, without its newline. */
  readonly bytes: number;
};

/**
 * The lines of a streamed sweep file, one at a time (memory: one chunk and the longest line).
 * The first line is refused past `maxFirstLine` bytes, before more is read: a file that is not a
 * sweep file is recognised from its start. `held`, when given, is told after each chunk how many
 * bytes the reader holds (the chunk and the start of a line continued in the next chunks), for
 * tests that bound the memory by counting.
 *
 * @throws the value of `tooLong()` when the first line is longer than `maxFirstLine`.
 * @example for await (const { text, line } of sweepFileLines(input.chunks, 1 << 22, () => new Error('not a sweep file'))) …
 */
export async function* sweepFileLines(chunks: AsyncIterable<Uint8Array>, maxFirstLine: number, tooLong: () => Error, held?: (bytes: number) => void): AsyncGenerator<StreamedLine> {
  const decoder = new TextDecoder('utf-8');
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let line = 0;
  /** Byte offset of the start of the current chunk, and of the line being read. */
  let chunkOffset = 0;
  let lineOffset = 0;
  const take = (last: Uint8Array): { text: string; bytes: number } => {
    const whole = pending.length === 0 ? last : Buffer.concat([...pending, last]);
    pending = [];
    pendingBytes = 0;
    return { text: decoder.decode(whole), bytes: whole.length };
  };
  for await (const chunk of chunks) {
    held?.(pendingBytes + chunk.length);
    let start = 0;
    for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, start)) {
      line++;
      const { text, bytes } = take(chunk.subarray(start, i));
      const offset = lineOffset;
      start = i + 1;
      lineOffset = chunkOffset + start;
      yield { text, line, complete: true, offset, bytes };
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (line === 0 && pendingBytes > maxFirstLine) throw tooLong();
    }
    chunkOffset += chunk.length;
  }
  if (pendingBytes > 0) yield { ...take(new Uint8Array(0)), line: line + 1, complete: false, offset: lineOffset };
}
