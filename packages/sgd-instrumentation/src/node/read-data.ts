/**
 * Node-only data readers: the bundled Adult file and user CSV files, streamed (gzip detected by
 * magic bytes, with an expansion limit).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DpboundsTypeError, requireOptions } from '@dpbounds/special-functions';
import { loadAdult } from '../data/adult.js';
import type { AdultOptions } from '../data/adult.js';
import { createCsvRecordReader } from '../data/csv-reader.js';
import { loadTabularRecordsAsync } from '../data/tabular-csv.js';
import type { TabularCsvOptions, TrainTestData } from '../data/tabular-csv.js';
import type { RecordConsumer } from '../data/tabular-passes.js';
import { openFileChunks, type OpenFileChunksOptions } from './file-chunks.js';

/** Absolute path of the bundled `adult.csv.gz` (shipped in the package's `data/` folder). */
export const bundledAdultPath: string = fileURLToPath(new URL('../../data/adult.csv.gz', import.meta.url));

/**
 * Reads a text file, gunzipping it when it starts with the gzip magic bytes.
 *
 * @throws DpboundsTypeError when the file cannot be read or decompressed.
 * @example const text = readTextFile('train.csv.gz');
 */
export function readTextFile(path: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'path', expected: 'a readable file', found: `${path} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})` });
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      // loaded on demand: readers of plain files do not pay for node:zlib
      bytes = process.getBuiltinModule('node:zlib').gunzipSync(bytes);
    } catch {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'path', expected: 'valid gzip data', found: path });
    }
  }
  return bytes.toString('utf8');
}

/**
 * The bundled Adult training split, encoded (108 features) and split with a seed.
 *
 * @example const { train, test } = loadBundledAdult({ seed: 0 }); // 26 049 + 6 512 records
 */
export function loadBundledAdult(options: AdultOptions = {}): TrainTestData {
  requireOptions('options', options, ['testFraction', 'seed']);
  return loadAdult(readTextFile(bundledAdultPath), options);
}

/**
 * Streams the records of a CSV file (gzip recognised by its magic bytes, with the expansion
 * limit of {@link openFileChunks}) to `consumer`, unquoted cells trimmed, in memory
 * proportional to the longest record.
 *
 * @throws DpboundsTypeError naming the file's problem (unreadable, not UTF-8, malformed CSV with its line).
 * @example await streamCsvFileRecords('data.csv', { record: (cells, line) => rows++ });
 */
export async function streamCsvFileRecords(path: string, consumer: RecordConsumer, options: OpenFileChunksOptions = {}): Promise<void> {
  requireOptions('options', options, ['maxBytes', 'budgetHint']);
  const file = await openFileChunks(path, options);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = createCsvRecordReader((cells, line) => consumer.record(cells, line), { trim: true });
  const decode = (bytes: Uint8Array, stream: boolean): string => {
    try {
      return decoder.decode(bytes, { stream });
    } catch {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'path', expected: `UTF-8 text (${path})`, found: 'not valid UTF-8 text (is it a binary file?)' });
    }
  };
  for await (const chunk of file.chunks) reader.push(decode(chunk, true));
  reader.push(decode(new Uint8Array(0), false));
  reader.end();
}

/**
 * A user CSV file (optionally gzipped) with a named binary label column, read in three
 * streaming passes (scan, fit, encode): memory is the encoded train and test matrices, not the
 * file; an encoded size above `maxFeatureBytes` (default 2 GiB) is refused before allocating.
 *
 * @throws DpboundsTypeError naming the problem (unreadable file, malformed CSV with its line, non-binary label); DpboundsRangeError (`dataset`) when too large.
 * @example const data = await readTabularCsvFile('data.csv', { labelColumn: 'label' });
 */
export async function readTabularCsvFile(path: string, options: TabularCsvOptions & OpenFileChunksOptions): Promise<TrainTestData> {
  requireOptions('options', options, ['testFraction', 'seed', 'labelColumn', 'positiveLabel', 'categorical', 'drop', 'missing', 'maxFeatureBytes', 'maxBytes', 'budgetHint']);
  const budget: OpenFileChunksOptions = { ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}), ...(options.budgetHint !== undefined ? { budgetHint: options.budgetHint } : {}) };
  const { maxBytes: _maxBytes, budgetHint: _budgetHint, ...tabular } = options;
  return loadTabularRecordsAsync((consumer) => streamCsvFileRecords(path, consumer, budget), tabular);
}
