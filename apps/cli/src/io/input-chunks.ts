/**
 * Reading an input file as a stream of byte chunks, so no reader holds the whole file: the
 * project's one file streamer (`openFileChunks` of @dpbounds/sgd-instrumentation/node: gzip
 * recognised by its magic bytes and decompressed on the fly with an expansion limit), with its
 * errors turned into usage errors naming the file as the user typed it.
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import { openFileChunks } from '@dpbounds/sgd-instrumentation/node';
import type { FileChunks } from '@dpbounds/sgd-instrumentation/node';
import { resolve } from 'node:path';
import { UsageError } from '../usage-error.js';
import { inputBudget } from './input-budget.js';

export { GZIP_MAX_RATIO } from '@dpbounds/sgd-instrumentation/node';

/** An opened input: its size on disk, whether it is gzip, and its (decompressed) chunks. */
export type InputFile = FileChunks;

function asUsageError(path: string, error: unknown): unknown {
  if (isDpboundsError(error) && error.parameter === 'path') return new UsageError(`${path}: ${String(error.found)}`);
  return error;
}

async function* mapped(path: string, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* chunks;
  } catch (error) {
    throw asUsageError(path, error);
  }
}

/**
 * Opens `path` (resolved against `cwd`) for streaming.
 *
 * Files over the input budget ({@link inputBudget}: 256 MiB unless `DPBOUNDS_MAX_INPUT_MB` says
 * otherwise) are refused before reading, gzip files as soon as they expand past it.
 *
 * @throws UsageError naming the file when it is missing, a directory, unreadable or over budget; iterating
 *   `chunks` throws UsageError on a read error, corrupt gzip or a gzip expanding too much.
 * @example for await (const chunk of (await openInput('scores.csv.gz', process.cwd())).chunks) parser.push(chunk);
 */
export async function openInput(path: string, cwd: string): Promise<InputFile> {
  try {
    const file = await openFileChunks(resolve(cwd, path), inputBudget());
    return { size: file.size, gzip: file.gzip, chunks: mapped(path, file.chunks), close: file.close };
  } catch (error) {
    throw asUsageError(path, error);
  }
}
