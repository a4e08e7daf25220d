/**
 * Reads the strategy matrix C of a banded matrix mechanism (DP-FTRL / BandMF; Choquette-Choo et
 * al. 2023) from the file given to `dpbounds dp --mechanism banded-matrix --strategy FILE`, and
 * checks its shape before any computation (docs/cli.md). Two forms:
 *
 * - `.json`: `{ "bands": [[…], […], …] }` (bands[j] the j-th diagonal below the main one, either
 *   its n − j entries C[i + j, i] or one value for a Toeplitz band) or `{ "columnNorms": […] }`
 *   (‖C[:, i]‖ for each of the n steps);
 * - `.csv` / `.txt`: column norms, one number per line (what `numpy.savetxt` writes), with an
 *   optional first line `columnNorms`.
 *
 * Lengths against --steps and --bands are checked by the library (`bandedMatrixEvent`) and its
 * messages are turned into the file's words by `banded-library-errors.ts`.
 */
import type { BandedStrategy } from '@dpbounds/accountants';
import { extname } from 'node:path';
import { decodeText, readInputBytes } from '../io/read-file.js';
import { UsageError } from '../usage-error.js';
import { requireJsonDepth } from '../io/json-depth.js';
import { inputBudget } from '../io/input-budget.js';
import { JSON_MAX_BYTES } from '../io/record-sinks.js';

/**
 * Largest strategy file read whole: 128 MiB, about six million numbers written with full
 * precision (e.g. 64 full diagonals of a 100 000-step run), parsed within a default Node heap.
 */
export const MAX_STRATEGY_FILE_BYTES: number = 128 * 1024 * 1024;

/** Decimal notation as the flags accept it (`1`, `.5`, `1e-3`, `1.000000000000000000e+00`). */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The forms a strategy file may take, by extension (a trailing `.gz` is ignored: gzip is read transparently). */
function formOf(path: string): 'json' | 'lines' {
  const name = path.toLowerCase().endsWith('.gz') ? path.slice(0, -3) : path;
  const ext = extname(name).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.csv' || ext === '.txt') return 'lines';
  throw new UsageError(`--strategy ${path}: unsupported file type ${JSON.stringify(ext || '(none)')}; use .json ({ "bands": [[...]] } or { "columnNorms": [...] }) or .csv/.txt (one column norm per line)`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  return String(value);
}

function numbers(path: string, where: string, value: unknown): number[] {
  if (!Array.isArray(value)) throw new UsageError(`${path}: ${where} must be an array of numbers; found ${describe(value)}`);
  value.forEach((v, i) => {
    if (typeof v !== 'number') throw new UsageError(`${path}: ${where}[${i}] must be a number; found ${describe(v)}`);
  });
  return value as number[];
}

/**
 * A JSON strategy document, checked for its shape: an object with exactly one key, `bands`
 * (a non-empty array of arrays of numbers) or `columnNorms` (an array of numbers).
 *
 * @throws UsageError naming the file and the offending entry (`s.json: bands[1][3] must be a number; found null`).
 * @example strategyFromJson('s.json', '{ "bands": [[1], [0.5]] }') // { bands: [[1], [0.5]] }
 */
export function strategyFromJson(path: string, text: string): BandedStrategy {
  requireJsonDepth(path, text);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const shape = '{ "bands": [[...], ...] } or { "columnNorms": [...] }';
  if (document === null || typeof document !== 'object' || Array.isArray(document)) throw new UsageError(`${path}: expected a JSON object ${shape}; found ${describe(document)}`);
  const keys = Object.keys(document);
  if (keys.length !== 1 || (keys[0] !== 'bands' && keys[0] !== 'columnNorms')) {
    throw new UsageError(`${path}: expected a JSON object with exactly one key, "bands" or "columnNorms" (${shape}); found ${keys.length === 0 ? 'no keys' : `keys ${keys.join(', ')}`}`);
  }
  const o = document as Record<string, unknown>;
  if (keys[0] === 'columnNorms') return { columnNorms: numbers(path, 'columnNorms', o.columnNorms) };
  if (!Array.isArray(o.bands) || o.bands.length === 0) throw new UsageError(`${path}: bands must be a non-empty array of diagonals (arrays of numbers); found ${Array.isArray(o.bands) ? 'an empty array' : describe(o.bands)}`);
  return { bands: o.bands.map((row: unknown, j) => numbers(path, `bands[${j}]`, row)) };
}

/**
 * Column norms written one per line (blank lines skipped, an optional first line `columnNorms`).
 *
 * @throws UsageError naming the file and line of a value that is not one finite number.
 * @example strategyFromLines('norms.txt', '1\n1.0e+00\n0.9\n') // { columnNorms: [1, 1, 0.9] }
 */
export function strategyFromLines(path: string, text: string): BandedStrategy {
  const norms: number[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let headerSeen = false;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    if (!headerSeen && norms.length === 0 && line === 'columnNorms') {
      headerSeen = true;
      return;
    }
    const value = DECIMAL.test(line) ? Number(line) : Number.NaN;
    if (!Number.isFinite(value)) throw new UsageError(`${path}: line ${index + 1}: expected one column norm (a finite number) per line; found ${describe(line)}`);
    norms.push(value);
  });
  if (norms.length === 0) throw new UsageError(`${path}: no column norms (expected one number per line)`);
  return { columnNorms: norms };
}

/**
 * Reads and checks the strategy file `path` (resolved against `cwd`; gzip recognised).
 *
 * @throws UsageError starting `--strategy <path>:` when the file is missing, unreadable, too
 *   large, of another type, or malformed.
 * @example await readStrategyFile('bandmf.json', process.cwd()) // { bands: [[1], [0.4]] }
 */
export async function readStrategyFile(path: string, cwd: string): Promise<BandedStrategy> {
  const form = formOf(path);
  try {
    // a .json strategy is parsed whole (about 14 bytes of heap per byte of text): the .json document
    // limit, and never more than the input budget
    const limit = Math.min(form === 'json' ? JSON_MAX_BYTES : MAX_STRATEGY_FILE_BYTES, inputBudget().maxBytes);
    const text = decodeText(path, await readInputBytes(path, cwd, limit));
    return form === 'json' ? strategyFromJson(path, text) : strategyFromLines(path, text);
  } catch (error) {
    if (error instanceof UsageError && !error.message.startsWith('--strategy')) throw new UsageError(`--strategy ${error.message}`);
    throw error;
  }
}
