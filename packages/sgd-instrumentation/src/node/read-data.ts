/**
 * Node-only data readers: the bundled Adult file and user CSV files (gzip detected by magic bytes).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { DpboundsTypeError } from '@dpbounds/special-functions';
import { loadAdult } from '../data/adult.js';
import type { AdultOptions } from '../data/adult.js';
import { loadTabularCsv } from '../data/tabular-csv.js';
import type { TabularCsvOptions, TrainTestData } from '../data/tabular-csv.js';

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
      bytes = gunzipSync(bytes);
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
  return loadAdult(readTextFile(bundledAdultPath), options);
}

/**
 * A user CSV file (optionally gzipped) with a named binary label column.
 *
 * @example const data = readTabularCsvFile('data.csv', { labelColumn: 'label' });
 */
export function readTabularCsvFile(path: string, options: TabularCsvOptions): TrainTestData {
  return loadTabularCsv(readTextFile(path), options);
}
