/**
 * Reading a per-instance trace in any of its three file forms (docs/per-instance-trace.md):
 * the JSON document (`.json`, read streaming by `readPerInstanceTraceFile`), JSON Lines
 * (`.jsonl`/`.ndjson`: a header line, then one line per run) and NumPy (`.npy`: the norms as a
 * (runs × checkpoints) × records array, with the other fields in a small JSON sidecar). The
 * JSONL and NumPy forms are turned into the JSON document's text and fed to the same streaming
 * parser (`createPerInstanceTraceParser`), so every form passes the same checks and yields the
 * same table; they are read through the input budget (`openInput`), the JSON document in bounded
 * memory as before. Errors are UsageErrors naming the file, and the line or array index.
 */
import { resolve } from 'node:path';
import { isDpboundsError } from '@dpbounds/special-functions';
import { createPerInstanceTraceParser } from '@dpbounds/sgd-instrumentation';
import type { PerInstanceTraceParser, PerInstanceTraceParserOptions, PerInstanceTraceTable } from '@dpbounds/sgd-instrumentation';
import { readPerInstanceTraceFile } from '@dpbounds/sgd-instrumentation/node';
import { UsageError } from '../usage-error.js';
import { openInput } from './input-chunks.js';
import { npySink } from './npy.js';
import { decodeText, readInputBytes } from './read-file.js';
import { JSON_MAX_BYTES, MAX_RECORD_CHARS } from './record-sinks.js';
import { requireJsonDepth } from './json-depth.js';

/** The file forms of a per-instance trace. */
export type PerInstanceTraceFileFormat = 'json' | 'jsonl' | 'npy';

/** Options of {@link readPerInstanceTraceInput}. */
export interface PerInstanceTraceInputOptions {
  /** Called with the bytes read so far. */
  readonly onBytes?: (bytes: number) => void;
  /** For a `.npy` trace: the JSON sidecar with the other fields (default: the same name with `.json`). */
  readonly meta?: string;
  /**
   * Keep only a window of records, about `maxHeldNorms` norms (`createPerInstanceTraceParser`);
   * every norm is still checked. The table's `recordWindow` says which records it holds.
   */
  readonly recordWindow?: PerInstanceTraceParserOptions['recordWindow'];
}

/** The parser options that `options` asks for. */
function parserOptions(options: PerInstanceTraceInputOptions): PerInstanceTraceParserOptions {
  return options.recordWindow !== undefined ? { recordWindow: options.recordWindow } : {};
}

/** Strips a trailing `.gz` (compression is recognised from the content). */
function withoutGz(path: string): string {
  return path.toLowerCase().endsWith('.gz') ? path.slice(0, -3) : path;
}

/**
 * The form of a trace file from its extension: `.jsonl` / `.ndjson` → `jsonl`, `.npy` → `npy`
 * (either optionally `.gz`), anything else → `json`.
 *
 * @example perInstanceTraceFormat('norms.npy') // 'npy'
 */
export function perInstanceTraceFormat(path: string): PerInstanceTraceFileFormat {
  const name = withoutGz(path).toLowerCase();
  if (name.endsWith('.jsonl') || name.endsWith('.ndjson')) return 'jsonl';
  if (name.endsWith('.npy')) return 'npy';
  return 'json';
}

/**
 * The default sidecar of a `.npy` trace: the same path with `.json` for `.npy` (`norms.npy` →
 * `norms.json`).
 *
 * @example perInstanceTraceSidecar('run/norms.npy') // 'run/norms.json'
 */
export function perInstanceTraceSidecar(path: string): string {
  return `${withoutGz(path).replace(/\.npy$/i, '')}.json`;
}

/** A library error as a one-line usage error about `where`. */
function usage(where: string, error: unknown): unknown {
  if (error instanceof UsageError) return error;
  if (isDpboundsError(error)) return new UsageError(`${where}: ${error.message}`);
  return error;
}

/** Text of the trace header with `"runs":[` opened (the header must be a JSON object without runs). */
function openRuns(header: Record<string, unknown>): string {
  const text = JSON.stringify(header);
  return `${text.slice(0, -1)}${text === '{}' ? '' : ','}"runs":[`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** JSON whitespace (space, tab, CR, LF). */
function isJsonSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 10;
}

/**
 * Reads a JSON Lines trace: the first non-blank line is the trace's fields except `runs`, each
 * following non-blank line one run `{ seed, excludedRecords?, gradientNorms }`. The run lines are
 * streamed into the trace parser as the elements of `runs` (a comma before each but the first),
 * never held or parsed as a tree, keeping the file's line numbers, so memory is the stored norms
 * plus one chunk (and the header line).
 */
async function readJsonl(path: string, cwd: string, options: PerInstanceTraceInputOptions): Promise<PerInstanceTraceTable> {
  const parser: PerInstanceTraceParser = createPerInstanceTraceParser(parserOptions(options));
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  /** File line of the header (0 until it is read) and of each run. */
  let headerLine = 0;
  const runLines: number[] = [];
  let header = '';
  /** Whether the current line (after the header) has begun a run. */
  let lineStarted = false;

  const fail = (error: unknown): unknown => {
    if (!isDpboundsError(error)) return error;
    if (error.parameter === 'json') return new UsageError(`${path}: ${error.message}`);
    const run = /^runs\[(\d+)\]/.exec(error.parameter);
    const at = run === null ? headerLine : runLines[Number(run[1])];
    return new UsageError(`${path}${at === undefined || at === 0 ? '' : `: line ${at}`}: ${error.message}`);
  };
  const write = (text: string): void => {
    if (text === '') return;
    try {
      parser.write(text);
    } catch (error) {
      throw fail(error);
    }
  };
  const takeHeader = (): void => {
    if (header.trim() === '') {
      write('\n'); // a blank line before the header keeps its place in the line count
      header = '';
      return;
    }
    requireJsonDepth(path, header, `line ${line}: `);
    let value: unknown;
    try {
      value = JSON.parse(header);
    } catch (error) {
      throw new UsageError(`${path}: line ${line}: malformed JSON (${(error as Error).message})`);
    }
    if (!isObject(value)) throw new UsageError(`${path}: line ${line}: the first line must be the trace header, a JSON object with every field but runs`);
    if ('runs' in value) throw new UsageError(`${path}: line ${line}: the header line must not hold runs; write one run per line after it`);
    headerLine = line;
    header = '';
    write(openRuns(value));
  };
  const take = (text: string): void => {
    let i = 0;
    while (i < text.length) {
      const newline = text.indexOf('\n', i);
      const end = newline < 0 ? text.length : newline;
      if (headerLine === 0) {
        header += text.slice(i, end);
        if (header.length > MAX_RECORD_CHARS) throw new UsageError(`${path}: line ${line}: longer than ${MAX_RECORD_CHARS} characters`);
        if (newline >= 0) takeHeader();
      } else {
        let from = i;
        if (!lineStarted) {
          let k = i;
          while (k < end && isJsonSpace(text.charCodeAt(k))) k++;
          if (k < end) {
            lineStarted = true;
            runLines.push(line);
            write(text.slice(i, k) + (runLines.length > 1 ? ',' : ''));
            from = k;
          }
        }
        write(text.slice(from, end));
      }
      if (newline < 0) break;
      if (headerLine !== 0) write('\n'); // (a blank line before the header wrote its own)
      line++;
      lineStarted = false;
      i = newline + 1;
    }
  };
  const decode = (bytes: Uint8Array, stream: boolean): string => {
    try {
      return decoder.decode(bytes, { stream });
    } catch {
      throw new UsageError(`${path}: not valid UTF-8 text (is it a binary file?)`);
    }
  };
  const input = await openInput(path, cwd);
  let bytes = 0;
  for await (const chunk of input.chunks) {
    take(decode(chunk, true));
    bytes += chunk.length;
    options.onBytes?.(bytes);
  }
  take(decode(new Uint8Array(0), false));
  if (headerLine === 0 && header.trim() !== '') takeHeader();
  if (headerLine === 0) throw new UsageError(`${path}: empty; expected a header line and then one line per run`);
  write(']}');
  try {
    return parser.end();
  } catch (error) {
    throw fail(error);
  }
}

/** Reads the sidecar of a `.npy` trace: the trace's fields, with `runs` listing `{ seed, excludedRecords? }` only. */
async function readSidecar(metaPath: string, cwd: string): Promise<{ header: Record<string, unknown>; runs: Record<string, unknown>[] }> {
  const text = decodeText(metaPath, await readInputBytes(metaPath, cwd, JSON_MAX_BYTES));
  requireJsonDepth(metaPath, text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${metaPath}: malformed JSON (${(error as Error).message})`);
  }
  if (!isObject(value)) throw new UsageError(`${metaPath}: expected a JSON object (the trace's fields, with runs: [{ seed, excludedRecords? }])`);
  const { runs, ...header } = value;
  if (!Array.isArray(runs) || runs.length === 0) throw new UsageError(`${metaPath}: runs must be a non-empty array of { seed, excludedRecords? } (one per run of the .npy, in order)`);
  runs.forEach((run: unknown, r) => {
    if (!isObject(run)) throw new UsageError(`${metaPath}: runs[${r}] must be an object { seed, excludedRecords? }`);
    if ('gradientNorms' in run) throw new UsageError(`${metaPath}: runs[${r}].gradientNorms must be absent: the norms are in the .npy`);
  });
  return { header, runs: runs as Record<string, unknown>[] };
}

/**
 * Reads a NumPy trace: a float array of clipped norms shaped (runs × checkpoints, records), row
 * r·C + c holding run r at checkpoint c (a 3-D (runs, checkpoints, records) array reshaped with
 * `.reshape(-1, records)`), and a JSON sidecar with the other fields.
 */
async function readNpy(path: string, cwd: string, options: PerInstanceTraceInputOptions): Promise<PerInstanceTraceTable> {
  const metaPath = options.meta ?? perInstanceTraceSidecar(path);
  const { header, runs } = await readSidecar(metaPath, cwd).catch((error: unknown) => {
    // the default sidecar is a guess from the trace's name: say how to name another one
    if (options.meta === undefined && error instanceof UsageError && /not found/.test(error.message)) {
      throw new UsageError(`${error.message} (the JSON sidecar of ${path}, found by name; name it with --trace-meta FILE)`);
    }
    throw error;
  });
  const records = Array.isArray(header['records']) ? header['records'].length : 0;
  const checkpoints = Array.isArray(header['checkpointSteps']) ? header['checkpointSteps'].length : 0;
  const expected = `(${runs.length} runs × ${checkpoints} checkpoints, ${records} records) = (${runs.length * checkpoints}, ${records})`;
  let values = new Float64Array(0);
  const sink = npySink(
    path,
    (shape) => {
      if (shape.ndim !== 2 || shape.rows !== runs.length * checkpoints || shape.columns !== records) {
        throw new UsageError(`${path}: shape (${shape.ndim === 2 ? `${shape.rows}, ${shape.columns}` : `${shape.rows},`}) does not match ${metaPath}: expected ${expected}; save norms.reshape(-1, ${records}) with rows run by run, checkpoint by checkpoint`);
      }
      values = new Float64Array(shape.rows * shape.columns);
    },
    (i, j, value) => {
      values[i * records + j] = value;
    },
  );
  let input;
  try {
    input = await openInput(path, cwd);
  } catch (error) {
    throw usage(path, error);
  }
  let bytes = 0;
  try {
    for await (const chunk of input.chunks) {
      sink.push(chunk);
      bytes += chunk.length;
      options.onBytes?.(bytes);
    }
    sink.end();
  } catch (error) {
    if (error instanceof UsageError && /dimensions; only 1-D and 2-D/.test(error.message)) {
      throw new UsageError(`${error.message}; save a (runs, checkpoints, records) array as norms.reshape(-1, ${records})`);
    }
    throw error;
  }
  const parser = createPerInstanceTraceParser(parserOptions(options));
  try {
    parser.write(openRuns(header));
    runs.forEach((run, r) => {
      parser.write(`${r === 0 ? '' : ','}${openField(run, 'gradientNorms')}`);
      for (let c = 0; c < checkpoints; c++) {
        const row = values.subarray((r * checkpoints + c) * records, (r * checkpoints + c + 1) * records);
        parser.write(`${c === 0 ? '' : ','}[${Array.prototype.join.call(row, ',')}]`);
      }
      parser.write(']}');
    });
    parser.write(']}');
    return parser.end();
  } catch (error) {
    if (!isDpboundsError(error)) throw error;
    const at = /runs\[(\d+)\]\.gradientNorms\[(\d+)\]\[(\d+)\]/.exec(error.parameter);
    if (at !== null) throw new UsageError(`${path}: index [${Number(at[1]) * checkpoints + Number(at[2])}, ${at[3]}] (${error.message})`);
    throw new UsageError(`${metaPath}: ${error.message}`);
  }
}

/** `{...fields,"key":[` as text. */
function openField(fields: Record<string, unknown>, key: string): string {
  const text = JSON.stringify(fields);
  return `${text.slice(0, -1)}${text === '{}' ? '' : ','}"${key}":[`;
}

/**
 * Reads and validates a per-instance trace file in any of its forms ({@link perInstanceTraceFormat}),
 * resolved against `cwd`, into the table the analysis consumes. All three forms of the same trace
 * give the same table.
 *
 * @throws UsageError naming the file (and line or index) for a missing, unreadable, over-budget
 *   or malformed file; for the JSON form, the streaming reader's DpboundsTypeError /
 *   DpboundsRangeError naming the JSON path (the command prefixes the file).
 * @example const { header, ratios } = await readPerInstanceTraceInput('norms.npy', process.cwd(), { meta: 'norms.json' });
 */
export async function readPerInstanceTraceInput(path: string, cwd: string, options: PerInstanceTraceInputOptions = {}): Promise<PerInstanceTraceTable> {
  const format = perInstanceTraceFormat(path);
  if (options.meta !== undefined && format !== 'npy') throw new UsageError(`${options.meta}: a sidecar applies to a .npy trace only (the trace ${path} holds every field)`);
  if (format === 'jsonl') return readJsonl(path, cwd, options);
  if (format === 'npy') return readNpy(path, cwd, options);
  return readPerInstanceTraceFile(resolve(cwd, path), { ...(options.onBytes !== undefined ? { onBytes: options.onBytes } : {}), ...parserOptions(options) });
}
