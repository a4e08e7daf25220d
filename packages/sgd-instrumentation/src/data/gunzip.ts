/**
 * Browser-safe gzip decoding through the standard `DecompressionStream` (browsers, Node ≥ 18).
 */
import { DpboundsTypeError } from '@dpbounds/special-functions';

interface StreamPair {
  readonly readable: unknown;
  readonly writable: unknown;
}
type DecompressionStreamConstructor = new (format: 'gzip') => StreamPair;

/**
 * Decompresses gzip `bytes` and decodes them as UTF-8 text (for the bundled `adult.csv.gz`
 * fetched in a browser). Uses the platform's `DecompressionStream`.
 *
 * @throws DpboundsTypeError when the platform has no DecompressionStream or the bytes are not gzip.
 * @example const text = await gunzipText(new Uint8Array(await (await fetch(url)).arrayBuffer()));
 */
export async function gunzipText(bytes: Uint8Array): Promise<string> {
  const Ctor = (globalThis as { DecompressionStream?: DecompressionStreamConstructor }).DecompressionStream;
  if (Ctor === undefined) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'DecompressionStream', expected: 'a platform with the Compression Streams API', found: undefined });
  }
  const stream = new Ctor('gzip');
  const BlobCtor = (globalThis as unknown as { Blob: new (parts: Uint8Array[]) => { stream(): { pipeThrough(s: StreamPair): unknown } } }).Blob;
  const ResponseCtor = (globalThis as unknown as { Response: new (body: unknown) => { text(): Promise<string> } }).Response;
  try {
    return await new ResponseCtor(new BlobCtor([bytes]).stream().pipeThrough(stream)).text();
  } catch (error) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'bytes', expected: 'gzip-compressed data', found: error instanceof Error ? error.message : String(error) });
  }
}
