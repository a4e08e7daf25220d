/**
 * Reading a file as a stream of byte chunks (1 MiB) in bounded memory. A gzip file (recognised
 * by its magic bytes, whatever its name) is decompressed on the fly with an expansion limit:
 * output beyond {@link GZIP_MAX_RATIO} × the compressed size plus 64 MiB is refused as a
 * probable decompression bomb as soon as it is reached, never after expanding it all.
 */
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { DpboundsTypeError, requireInRange, requireOptions } from '@dpbounds/special-functions';

/** Largest accepted ratio of decompressed to compressed size (text of numbers compresses 2–10×). */
export const GZIP_MAX_RATIO: number = 100;
const GZIP_SLACK = 64 * 1024 * 1024;
const CHUNK = 1024 * 1024;

/** Options of {@link openFileChunks}. */
export interface OpenFileChunksOptions {
  /**
   * Largest input accepted, in bytes (decompressed for gzip; default unlimited): a larger plain
   * file is refused before any byte is read, a gzip file as soon as its output passes it.
   */
  readonly maxBytes?: number;
  /** Said after a budget refusal: how to raise the budget (e.g. the setting that controls it). */
  readonly budgetHint?: string;
}

/** `n` bytes as MiB or GiB, for messages. */
function mebibytes(n: number): string {
  return n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(2)} GiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`;
}

/** An opened file: its size on disk, whether it is gzip, and its (decompressed) chunks. */
export interface FileChunks {
  /** Bytes on disk (the compressed size for gzip). */
  readonly size: number;
  readonly gzip: boolean;
  /** The content, decompressed, in chunks. Iterate once (the file is closed at the end or on break). */
  readonly chunks: AsyncIterable<Uint8Array>;
  /**
   * Closes the file (idempotent). Iterating `chunks` to its end, or breaking out of it, closes it;
   * a caller that may drop `chunks` without iterating it (it refused another file first) calls
   * this, or the file stays open until garbage collection, which Node reports on stderr.
   */
  close(): Promise<void>;
}

/** A file problem: parameter `path`, `found` a reason for a person ("file not found", ...). */
function fileError(path: string, reason: string): DpboundsTypeError {
  return new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'path', expected: `a readable file (${path})`, found: reason });
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'file not found';
  if (code === 'EISDIR') return 'is a directory, expected a file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return `cannot read the file (${error instanceof Error ? error.message : String(error)})`;
}

/**
 * Opens `path` for streaming.
 *
 * @throws DpboundsTypeError (`ERR_INVALID_FORMAT`, parameter `path`, `found` the reason) when the
 *   file is missing, a directory, unreadable or over `options.maxBytes`; iterating `chunks` throws
 *   the same kind of error on a read error, corrupt gzip data, or a gzip expanding too much or
 *   beyond `options.maxBytes`.
 * @example for await (const chunk of (await openFileChunks('train.csv.gz')).chunks) reader.push(decoder.decode(chunk, { stream: true }));
 */
export async function openFileChunks(path: string, options: OpenFileChunksOptions = {}): Promise<FileChunks> {
  requireOptions('options', options, ['maxBytes', 'budgetHint']);
  const maxBytes = options.maxBytes === undefined ? Number.POSITIVE_INFINITY : requireInRange('maxBytes', options.maxBytes, { min: 1 });
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw fileError(path, reasonOf(error));
  }
  let size: number;
  let gzip: boolean;
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    size = stats.size;
    const head = new Uint8Array(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    gzip = bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } catch (error) {
    await handle.close();
    throw fileError(path, reasonOf(error));
  }
  if (!gzip && size > maxBytes) {
    await handle.close();
    throw fileError(path, `${mebibytes(size)} is over the input budget of ${mebibytes(maxBytes)}${options.budgetHint === undefined ? '' : ` (${options.budgetHint})`}`);
  }
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => (closing ??= handle.close());
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const stream = handle.createReadStream({ start: 0, highWaterMark: CHUNK, autoClose: false });
    try {
      if (!gzip) {
        try {
          for await (const chunk of stream) yield chunk as Uint8Array;
        } catch (error) {
          throw fileError(path, reasonOf(error));
        }
        return;
      }
      const limit = Math.min(GZIP_MAX_RATIO * size + GZIP_SLACK, maxBytes);
      const overBudget = maxBytes < GZIP_MAX_RATIO * size + GZIP_SLACK;
      // node:zlib is loaded only for gzip input (1.5 ms of start-up otherwise spent by every reader)
      const gunzip = process.getBuiltinModule('node:zlib').createGunzip({ chunkSize: 256 * 1024 });
      stream.on('error', (error) => gunzip.destroy(error));
      stream.pipe(gunzip);
      let total = 0;
      let bomb = false;
      try {
        for await (const chunk of gunzip) {
          total += (chunk as Uint8Array).length;
          if (total > limit) {
            bomb = true;
            break;
          }
          yield chunk as Uint8Array;
        }
      } catch (error) {
        throw fileError(path, `not valid gzip data (${error instanceof Error ? error.message : String(error)})`);
      } finally {
        gunzip.destroy();
      }
      if (bomb && overBudget) {
        throw fileError(path, `expands beyond the input budget of ${mebibytes(maxBytes)}${options.budgetHint === undefined ? '' : ` (${options.budgetHint})`}`);
      }
      if (bomb) {
        throw fileError(path, `gzip expands over ${GZIP_MAX_RATIO}x: probable decompression bomb (gunzip it yourself if genuine)`);
      }
    } finally {
      // the stream is destroyed and its 'close' awaited before the file is closed: closing the
      // file right after destroy() left the descriptor open in about 3 % of reads that ran to
      // their end (Node 20), until garbage collection closed it with a warning on stderr
      if (!stream.closed) {
        const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
        stream.destroy();
        await closed;
      }
      await close();
    }
  }
  return { size, gzip, chunks: chunks(), close };
}
