/**
 * Reading back the `--out` file a sweep resumes, in bounded memory. The file must be within the
 * input budget (io/input-budget.ts), checked from its size before a byte is read; it is then
 * streamed line by line (sweep-file-scan.ts): the first line must be this sweep's header, and
 * every row is checked against the sweep's plan (sweep-row-check.ts), must be in this shard and
 * must not repeat a configuration. Of each kept row only where it lies in the file is remembered
 * (line number, byte offset and length: 24 bytes per configuration of the shard), never its
 * text: a rewrite copies the rows by byte range (sweep-rewrite.ts) and `--recheck` reads its
 * sample back one row at a time.
 */
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { fileSystemReason } from '../io/make-directories.js';
import { inputBudget } from '../io/input-budget.js';
import { UsageError } from '../usage-error.js';
import { MAX_SWEEP_HEADER_BYTES, sweepFileLines } from './sweep-file-scan.js';
import { ROW_DIGEST } from './sweep-format.js';
import type { SweepFormat } from './sweep-format.js';
import type { SweepPlan } from './sweep-inputs.js';
import { checkRowAgainstPlan, SweepRowProblem } from './sweep-row-check.js';

/** Bytes read from `--out` at a time (and the size of the rewrite's copy buffer). */
export const RESUME_CHUNK_BYTES: number = 1024 * 1024;

/**
 * Counting what resuming holds, for tests that bound its memory by counting rather than timing:
 * a smaller read size, and a callback told, at each read and each copy, how many bytes of
 * `--out` are held at that moment.
 */
export interface SweepResumeProbe {
  /** Bytes read at a time (default {@link RESUME_CHUNK_BYTES}). */
  readonly chunkBytes?: number;
  readonly held?: (bytes: number) => void;
}

/** A sweep shard: 0-based index and shard count. */
export interface SweepShardOf {
  readonly index: number;
  readonly count: number;
}

/**
 * The rows of `--out` kept by a resumed run, by configuration index: where each lies in the file
 * and on which line, in typed arrays over the configurations of the shard (no row text).
 */
export class KeptRows {
  /** Byte offset of each kept row (−1: not in the file), by position in the shard. */
  private readonly offsets: Float64Array;
  /** Byte length of each kept row, without its newline. */
  private readonly lengths: Float64Array;
  /** Line number of each kept row. */
  private readonly lines: Float64Array;
  /** Rows kept. */
  count = 0;
  /** The largest index kept (−1 for none). */
  last = -1;
  /** The rows are not in configuration order in the file. */
  outOfOrder = false;

  /** No rows yet, for the `inShard` configurations of `shard`. */
  constructor(
    private readonly shard: SweepShardOf,
    inShard: number,
  ) {
    this.offsets = new Float64Array(inShard).fill(-1);
    this.lengths = new Float64Array(inShard);
    this.lines = new Float64Array(inShard);
  }

  private position(index: number): number {
    return (index - this.shard.index) / this.shard.count;
  }

  /** Keeps configuration `index` (of this shard), on `line` at `offset`; returns the line of an earlier row of it, if any (then nothing is kept). */
  add(index: number, line: number, offset: number, bytes: number): number | undefined {
    const at = this.position(index);
    if ((this.offsets[at] as number) >= 0) return this.lines[at];
    this.offsets[at] = offset;
    this.lengths[at] = bytes;
    this.lines[at] = line;
    this.count++;
    if (index < this.last) this.outOfOrder = true;
    this.last = Math.max(this.last, index);
    return undefined;
  }

  /** True when configuration `index` of this shard is kept. */
  has(index: number): boolean {
    return (this.offsets[this.position(index)] as number) >= 0;
  }

  /** The line number of kept configuration `index`. */
  lineOf(index: number): number {
    return this.lines[this.position(index)] as number;
  }

  /** Where kept configuration `index` lies in the file: byte offset and length (without newline). */
  rangeOf(index: number): { readonly offset: number; readonly bytes: number } {
    const at = this.position(index);
    return { offset: this.offsets[at] as number, bytes: this.lengths[at] as number };
  }
}

/** What resuming found in `--out`. */
export interface ResumedFile {
  readonly kept: KeptRows;
  /** The file ends in a half-written line (dropped). */
  readonly dropped: boolean;
  /** The file holds no header (empty, or its header was cut off mid-write): start it over. */
  readonly fresh: boolean;
  /** Byte length of the complete lines: a half-written last line starts here. */
  readonly completeBytes: number;
}

/** How to read back `--out`. */
export interface ResumeFrom {
  /** The resolved path, and as the user typed it (for messages). */
  readonly path: string;
  readonly shown: string;
  readonly format: SweepFormat;
  readonly plan: SweepPlan;
  readonly shard: SweepShardOf;
  /** The configurations of the shard. */
  readonly inShard: number;
  /** This sweep's header line, with its newline. */
  readonly header: string;
  /** This sweep's CSV column names (empty for JSONL). */
  readonly columns: readonly string[];
  readonly probe?: SweepResumeProbe | undefined;
}

const refusal = (shown: string, why: string): UsageError => new UsageError(`--out ${shown}: ${why}; give another --out, or --force to start it over`);

/** `n` bytes as MiB, or GiB from 1 GiB, for messages (as the file streamer words its budget). */
function sizeText(n: number): string {
  return n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(2)} GiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`;
}

async function openOut(path: string, shown: string): Promise<FileHandle> {
  return open(path, 'r').catch((error: unknown) => {
    throw new UsageError(`--out ${shown}: ${fileSystemReason(error)}`);
  });
}

/** The first `size` bytes of an open file, `chunkBytes` at a time. */
async function* fileChunks(handle: FileHandle, shown: string, size: number, chunkBytes: number): AsyncGenerator<Uint8Array> {
  for (let position = 0; position < size; ) {
    const buffer = Buffer.allocUnsafe(Math.min(chunkBytes, size - position));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position).catch((error: unknown) => {
      throw new UsageError(`--out ${shown}: ${fileSystemReason(error)}`);
    });
    // the file shrank while it was read (under the lock, only another program does that)
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/** A header of the sweep files dpbounds wrote before rows carried a `rowDigest` (format 1). */
function isEarlierSweepFormat(format: SweepFormat, header: string): boolean {
  if (format === 'csv') return header.startsWith('index,id,spec,configurations,') && !header.split(',').includes(ROW_DIGEST);
  try {
    return (JSON.parse(header) as { dpboundsSweep?: unknown }).dpboundsSweep === 1;
  } catch {
    return false;
  }
}

/**
 * Reads back `--out` for a resumed run (see the module comment): the rows written by this very
 * sweep and shard, each checked; refuses any other file, naming the line and what differs.
 *
 * @throws UsageError naming `--out`: over the input budget (its size, before a byte is read),
 *   unreadable, not this sweep's file (header, or a first line without a newline that is not the
 *   start of the header), a row that does not check, a row of another shard, a configuration twice.
 * @example const { kept } = await readResumedFile({ path, shown: 'sweep.jsonl', format: 'jsonl', plan, shard: { index: 0, count: 1 }, inShard: plan.configs.length, header, columns: [] });
 */
export async function readResumedFile(from: ResumeFrom): Promise<ResumedFile> {
  const { path, shown, format, plan, shard, header, columns, probe } = from;
  const budget = inputBudget();
  const handle = await openOut(path, shown);
  try {
    const size = (
      await handle.stat().catch((error: unknown) => {
        throw new UsageError(`--out ${shown}: ${fileSystemReason(error)}`);
      })
    ).size;
    if (size > budget.maxBytes) throw refusal(shown, `${sizeText(size)} is over the input budget of ${sizeText(budget.maxBytes)} (${budget.budgetHint})`);
    const chunks = fileChunks(handle, shown, size, probe?.chunkBytes ?? RESUME_CHUNK_BYTES);
    const lines = sweepFileLines(chunks, MAX_SWEEP_HEADER_BYTES, () => refusal(shown, `is not a file dpbounds sweep wrote (its first line is longer than ${MAX_SWEEP_HEADER_BYTES / 1024 / 1024} MiB)`), probe?.held);
    const none = new KeptRows(shard, 0);
    const expected = header.slice(0, -1);
    let first = true;
    let rows = none;
    let dropped = false;
    let completeBytes = 0;
    for await (const { text, line, complete, offset, bytes } of lines) {
      if (first) {
        first = false;
        if (!complete) {
          // a header cut off mid-write: no row was written, the run starts over
          if (expected.startsWith(text)) return { kept: none, dropped: true, fresh: true, completeBytes: 0 };
          throw refusal(shown, `is not a file dpbounds sweep wrote (its one line, without a newline, is not the start of this sweep's header)`);
        }
        if (text !== expected) {
          if (isEarlierSweepFormat(format, text)) throw refusal(shown, `was written by an earlier dpbounds (sweep files without rowDigest), whose rows this version cannot check`);
          throw refusal(shown, `holds the rows of another sweep (its ${format === 'csv' ? 'columns' : 'header'} differ from this one's: other grid, accountants, threats or FPRs)`);
        }
        rows = new KeptRows(shard, from.inShard);
        completeBytes = offset + bytes + 1;
        continue;
      }
      if (!complete) {
        dropped = true;
        break;
      }
      let index: number;
      try {
        index = checkRowAgainstPlan(format, text, plan, columns).index;
      } catch (error) {
        if (error instanceof SweepRowProblem) throw refusal(shown, `line ${line} ${error.message}`);
        throw error;
      }
      if (index % shard.count !== shard.index) throw refusal(shown, `line ${line} (configuration ${index}) is not in shard ${shard.index}/${shard.count}`);
      const earlier = rows.add(index, line, offset, bytes);
      if (earlier !== undefined) throw refusal(shown, `line ${line} repeats configuration ${index} (line ${earlier}); each configuration is written once`);
      completeBytes = offset + bytes + 1;
    }
    if (first) return { kept: none, dropped: false, fresh: true, completeBytes: 0 };
    return { kept: rows, dropped, fresh: false, completeBytes };
  } finally {
    await handle.close();
  }
}

/**
 * Reads kept rows back from `--out` one at a time, in the order of `indices`, handing each line's
 * text (without newline) to `each`.
 *
 * @throws UsageError naming `--out` when it cannot be read, or changed since it was checked.
 * @example await readKeptRows(path, 'sweep.jsonl', kept, [3, 7], (index, text) => check(index, text));
 */
export async function readKeptRows(path: string, shown: string, kept: KeptRows, indices: readonly number[], each: (index: number, text: string) => void, probe?: SweepResumeProbe): Promise<void> {
  if (indices.length === 0) return;
  const handle = await openOut(path, shown);
  const decoder = new TextDecoder('utf-8');
  try {
    for (const index of indices) {
      const { offset, bytes } = kept.rangeOf(index);
      const buffer = Buffer.allocUnsafe(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, offset).catch((error: unknown) => {
        throw new UsageError(`--out ${shown}: ${fileSystemReason(error)}`);
      });
      if (bytesRead !== bytes) throw new UsageError(`--out ${shown}: changed while this run read it (line ${kept.lineOf(index)} is gone); run the sweep again`);
      probe?.held?.(bytes);
      each(index, decoder.decode(buffer));
    }
  } finally {
    await handle.close();
  }
}
