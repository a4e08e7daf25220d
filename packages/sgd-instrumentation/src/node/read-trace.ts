/**
 * Node-only reading of per-instance trace files in bounded memory: the file is streamed in
 * 1 MiB chunks through a UTF-8 decoder into the streaming trace parser, so a 350 MB trace never
 * exists as one string or as a JSON tree.
 */
import { createReadStream } from 'node:fs';
import { TextDecoder } from 'node:util';
import { DpboundsRangeError, DpboundsTypeError, requireOptions } from '@dpbounds/special-functions';
import { createJsonValueParser } from '../traces/json-value-parser.js';
import { validatePerInstanceBatchTrace } from '../traces/per-instance-batch-trace.js';
import type { PerInstanceBatchTrace } from '../traces/per-instance-batch-trace.js';
import { createPerInstanceTraceParser } from '../traces/per-instance-trace-stream.js';
import type { PerInstanceTraceParserOptions, PerInstanceTraceTable } from '../traces/per-instance-trace-stream.js';

/** Options of {@link readPerInstanceTraceFile}. */
export interface ReadPerInstanceTraceOptions {
  /** Called after each chunk with the bytes read so far. */
  readonly onBytes?: (bytesRead: number) => void;
  /** Chunk size in bytes (default 1 MiB). */
  readonly chunkBytes?: number;
  /** Most norms the trace may hold (default 2^28 = 2 GiB as float64); see `createPerInstanceTraceParser`. */
  readonly maxNorms?: number;
  /**
   * Store only a window of records, about `maxHeldNorms` norms (see `createPerInstanceTraceParser`);
   * the table's `recordWindow` says which records it holds. Per-instance traces only.
   */
  readonly recordWindow?: PerInstanceTraceParserOptions['recordWindow'];
}

/**
 * Reads and validates a per-instance trace file (versions 1 and 2) with
 * `createPerInstanceTraceParser`: memory is 8 bytes per stored norm plus one chunk; with
 * `recordWindow`, the norms of a window of records only (about `maxHeldNorms`), every norm checked.
 *
 * @throws DpboundsTypeError (parameter `path`) when the file cannot be read or is not UTF-8;
 *   the parser's DpboundsTypeError / DpboundsRangeError naming the JSON path (or line and column)
 *   for a malformed trace.
 * @example const { header, ratios, excludedRecords } = await readPerInstanceTraceFile('run/per-instance.json');
 */
export async function readPerInstanceTraceFile(path: string, options: ReadPerInstanceTraceOptions = {}): Promise<PerInstanceTraceTable> {
  requireOptions('options', options, ['onBytes', 'chunkBytes', 'maxNorms', 'recordWindow']);
  const parser = createPerInstanceTraceParser({
    ...(options.maxNorms !== undefined ? { maxNorms: options.maxNorms } : {}),
    ...(options.recordWindow !== undefined ? { recordWindow: options.recordWindow } : {}),
  });
  await streamText(path, options, (text) => parser.write(text));
  return parser.end();
}

/**
 * Reads and validates a per-instance batch trace file (`dpbounds.per-instance-batch-trace`):
 * streamed through the iterative JSON parser (no recursion, nesting ≤ 64), then
 * `validatePerInstanceBatchTrace`. The whole trace is held in memory (its size is set by the
 * producer's batches × dimension).
 *
 * @throws as {@link readPerInstanceTraceFile}.
 * @example const trace = await readPerInstanceBatchTraceFile('run/per-instance-batches.json');
 */
export async function readPerInstanceBatchTraceFile(path: string, options: ReadPerInstanceTraceOptions = {}): Promise<PerInstanceBatchTrace> {
  requireOptions('options', options, ['onBytes', 'chunkBytes', 'maxNorms']);
  const parser = createJsonValueParser();
  await streamText(path, options, (text) => parser.write(text));
  return validatePerInstanceBatchTrace(parser.end());
}

async function streamText(path: string, options: ReadPerInstanceTraceOptions, write: (text: string) => void): Promise<void> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const stream = createReadStream(path, { highWaterMark: options.chunkBytes ?? 1024 * 1024 });
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      write(decode(decoder, path, chunk, true));
      options.onBytes?.(bytes);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof DpboundsTypeError || error instanceof DpboundsRangeError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code.startsWith('E')) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'path', expected: 'a readable file', found: `${path} (${code})` });
    }
    throw error;
  }
  write(decode(decoder, path, new Uint8Array(0), false));
}

function decode(decoder: TextDecoder, path: string, bytes: Uint8Array, stream: boolean): string {
  try {
    return decoder.decode(bytes, { stream });
  } catch {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'path', expected: 'UTF-8 text (a JSON trace)', found: path });
  }
}
