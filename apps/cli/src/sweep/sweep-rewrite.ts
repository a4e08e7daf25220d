/**
 * Rewriting a resumed sweep file in configuration order without holding its rows (rows were out
 * of order, or configurations missing before its last row). The new file is written next to the
 * old one, then synced and renamed over it (a run killed before the rename leaves the old file as
 * it was): the header, then each configuration of the shard up to the old file's last row, in
 * order, either copied from the old file by byte range (rows that follow each other in both
 * files in one copy) or, for a missing one, its newly computed line, which arrive in
 * configuration order as they are computed. Memory: one copy buffer.
 */
import { basename, dirname, join } from 'node:path';
import { open, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { fileSystemReason } from '../io/make-directories.js';
import { UsageError } from '../usage-error.js';
import type { SweepTask } from './sweep-pool.js';
import { RESUME_CHUNK_BYTES } from './sweep-resume.js';
import type { KeptRows, SweepResumeProbe } from './sweep-resume.js';

/** What to rewrite. */
export interface SweepRewrite {
  /** The resolved path of `--out`, and as the user typed it (for messages). */
  readonly path: string;
  readonly shown: string;
  /** The header line, with its newline. */
  readonly header: string;
  /** The configurations of the shard, in order. */
  readonly tasks: readonly SweepTask[];
  /** The rows of the old file (each checked); the new file ends with the largest, `kept.last`. */
  readonly kept: KeptRows;
  /**
   * Computes the missing configurations before `kept.last`, handing each line (with its newline)
   * to `emit` in configuration order and awaiting it.
   */
  readonly fill: (emit: (index: number, line: string) => Promise<void>) => Promise<void>;
  readonly probe?: SweepResumeProbe | undefined;
}

const failed = (shown: string) => (error: unknown): never => {
  throw new UsageError(`--out ${shown}: ${fileSystemReason(error)}`);
};

/**
 * Rewrites `--out` in configuration order (see the module comment).
 *
 * @throws UsageError naming `--out` when it cannot be read or written, or changed meanwhile;
 *   whatever `fill` throws. The old file is then left as it was.
 * @example await rewriteInOrder({ path, shown: 'sweep.jsonl', header, tasks, kept, fill: (emit) => computeMissing(emit) });
 */
export async function rewriteInOrder(rewrite: SweepRewrite): Promise<void> {
  const { path, shown, tasks, kept, probe } = rewrite;
  const temp = join(dirname(path), `.${basename(path)}.dpbounds-rewrite`);
  await unlink(temp).catch(() => undefined);
  const source = await open(path, 'r').catch(failed(shown));
  let target: FileHandle | undefined;
  try {
    target = await open(temp, 'wx').catch(failed(shown));
    const out = target;
    const buffer = Buffer.allocUnsafe(probe?.chunkBytes ?? RESUME_CHUNK_BYTES);
    let fill = 0;
    const flush = async (): Promise<void> => {
      if (fill > 0) await out.write(buffer, 0, fill).catch(failed(shown));
      fill = 0;
    };
    const writeText = async (text: string): Promise<void> => {
      const bytes = Buffer.byteLength(text);
      if (fill + bytes > buffer.length) await flush();
      if (bytes > buffer.length) {
        probe?.held?.(bytes);
        await out.write(text).catch(failed(shown));
        return;
      }
      fill += buffer.write(text, fill);
      probe?.held?.(fill);
    };
    /** Copies bytes [offset, offset + length) of the old file, through the buffer. */
    const copy = async (offset: number, length: number): Promise<void> => {
      while (length > 0) {
        if (fill === buffer.length) await flush();
        const want = Math.min(length, buffer.length - fill);
        const { bytesRead } = await source.read(buffer, fill, want, offset).catch(failed(shown));
        if (bytesRead !== want) throw new UsageError(`--out ${shown}: changed while this run rewrote it (it is shorter than when it was checked); run the sweep again`);
        fill += want;
        probe?.held?.(fill);
        offset += want;
        length -= want;
      }
    };
    let next = 0;
    /** Copies the kept rows from `tasks[next]` on, up to the first configuration not kept or ≥ `limit`. */
    const copyKept = async (limit: number): Promise<void> => {
      let start = -1;
      let end = -1;
      for (; next < tasks.length; next++) {
        const index = (tasks[next] as SweepTask).index;
        if (index >= limit || !kept.has(index)) break;
        const { offset, bytes } = kept.rangeOf(index);
        if (offset !== end) {
          if (start >= 0) await copy(start, end - start);
          start = offset;
        }
        end = offset + bytes + 1;
      }
      if (start >= 0) await copy(start, end - start);
    };
    await writeText(rewrite.header);
    await rewrite.fill(async (index, line) => {
      await copyKept(index);
      // every configuration before this one is now written: the next one is this
      if ((tasks[next] as SweepTask | undefined)?.index !== index) throw new Error(`sweep rewrite: configuration ${index} came out of order`);
      await writeText(line);
      next++;
    });
    await copyKept(kept.last + 1);
    if ((tasks[next - 1] as SweepTask | undefined)?.index !== kept.last) throw new Error(`sweep rewrite: stopped before configuration ${kept.last}`);
    await flush();
    await out.sync().catch(failed(shown));
  } catch (error) {
    await target?.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  } finally {
    await source.close();
  }
  await (target as FileHandle).close();
  await rename(temp, path).catch(async (error: unknown) => {
    await unlink(temp).catch(() => undefined);
    failed(shown)(error);
  });
}
