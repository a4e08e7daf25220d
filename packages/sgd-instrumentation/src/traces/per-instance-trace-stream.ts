/**
 * Reads a per-instance trace from text chunks in bounded memory: the norms go straight from the
 * tokenizer into one float64 row per checkpoint (converted in place to ratios r = min(1, norm/C)),
 * so the text is never held and no JSON tree of the runs is built. Peak memory is 8 bytes per
 * stored norm plus the largest row, whatever the file's formatting or nesting, and the number of
 * norms is capped (`maxNorms`) while reading, before the memory is spent.
 * Browser-safe (feed it strings); `readPerInstanceTraceFile` in the Node entry point feeds it a file.
 */
import { DpboundsRangeError, DpboundsTypeError, requireObject, requireOptions } from '@dpbounds/special-functions';
import { JsonEventReader } from './json-event-reader.js';
import type { JsonEventHandler } from './json-event-reader.js';
import {
  perInstanceRecordIndex,
  validatePerInstanceNormRow,
  validatePerInstanceTraceHeader,
  validatePerInstanceTraceRun,
} from './per-instance-trace.js';
import type { PerInstanceTraceHeader } from './per-instance-trace.js';

/** A per-instance trace as the analysis consumes it (the output of {@link createPerInstanceTraceParser}). */
export interface PerInstanceTraceTable {
  /** Every field but the runs, validated. */
  readonly header: PerInstanceTraceHeader;
  /** Seed of each run. */
  readonly seeds: readonly number[];
  /** Per run, the indices (into `header.records`) of the targets it did not train on. */
  readonly excludedRecords: readonly Int32Array[];
  /** `ratios[run][checkpoint][record]` = min(1, norm/C). */
  readonly ratios: readonly Float64Array[][];
}

/** An incremental per-instance trace parser: `write` chunks of text, then `end`. */
export interface PerInstanceTraceParser {
  /** Feeds the next chunk of the file's text. */
  write(chunk: string): void;
  /** Ends the text; validates and returns the trace. */
  end(): PerInstanceTraceTable;
}

type Role = 'root' | 'runs' | 'run' | 'norms' | 'row' | 'generic';

interface Frame {
  readonly role: Role;
  readonly container: Record<string, unknown> | unknown[] | null;
  key: string | null;
  index: number;
}

/** Options of {@link createPerInstanceTraceParser}. */
export interface PerInstanceTraceParserOptions {
  /**
   * Most norms the trace may hold (default 2^28, i.e. 2 GiB of float64); a larger trace is
   * refused while it is read, before the memory is spent.
   */
  readonly maxNorms?: number;
}

/** Default {@link PerInstanceTraceParserOptions.maxNorms}: 2^28 norms, 2 GiB as float64. */
const DEFAULT_MAX_NORMS = 2 ** 28;

/** Largest JSON nesting a trace may use: the format needs 4 levels, `meta` gets the rest. */
const MAX_DEPTH = 32;

/**
 * A streaming parser of per-instance trace text (versions 1 and 2): the same checks as
 * `validatePerInstanceTrace`, with errors naming the JSON path (`runs[2].gradientNorms[4][17]`) or,
 * for malformed JSON, the line and column. Nesting deeper than 32 levels is an error, never a
 * stack overflow.
 *
 * @throws DpboundsTypeError / DpboundsRangeError from `write` or `end`.
 * @example
 * const parser = createPerInstanceTraceParser();
 * for (const chunk of chunks) parser.write(chunk);
 * const { header, ratios, excludedRecords } = parser.end();
 */
export function createPerInstanceTraceParser(options: PerInstanceTraceParserOptions = {}): PerInstanceTraceParser {
  requireOptions('options', options, ['maxNorms']);
  const maxNorms = options.maxNorms ?? DEFAULT_MAX_NORMS;
  let norms = 0;
  const root: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const runs: Record<string, unknown>[] = [];
  let runsSeen = false;
  /** `runs` when it is not an array (reported at the end). */
  let runsOther: unknown;
  /** The document when it is not an object (reported at the end). */
  let nonObject: unknown;
  const stack: Frame[] = [];
  let rows: Float64Array[] = [];
  let buffer = new Float64Array(1024);
  let length = 0;

  const runPath = (): string => `runs[${runs.length}]`;
  const rowPath = (): string => `${runPath()}.gradientNorms[${rows.length}]`;
  const fail = (parameter: string, expected: string, found: unknown): never => {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter, expected, found });
  };

  /** Places a finished value into the top frame (generic containers only). */
  const attach = (value: unknown): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      nonObject = value;
      return;
    }
    if (Array.isArray(top.container)) {
      top.container.push(value);
      top.index++;
      return;
    }
    const key = top.key as string;
    top.key = null;
    if (top.role === 'root' && key === 'runs') {
      runsSeen = true;
      runsOther = value;
      return;
    }
    Object.defineProperty(top.container, key, { value, enumerable: true, writable: true, configurable: true });
  };

  const open = (isArray: boolean): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      if (isArray) {
        nonObject = [];
        return void stack.push({ role: 'generic', container: nonObject as unknown[], key: null, index: 0 });
      }
      return void stack.push({ role: 'root', container: root, key: null, index: 0 });
    }
    if (top.role === 'row') fail(`${rowPath()}[${length}]`, 'a number (a clipped norm)', isArray ? 'an array' : 'an object');
    if (top.role === 'norms') {
      if (!isArray) fail(rowPath(), 'an array with one norm per record', 'an object');
      length = 0;
      return void stack.push({ role: 'row', container: null, key: null, index: 0 });
    }
    if (top.role === 'runs') {
      if (isArray) fail(runPath(), 'an object { seed, excludedRecords?, gradientNorms }', 'an array');
      rows = [];
      return void stack.push({ role: 'run', container: Object.create(null) as Record<string, unknown>, key: null, index: 0 });
    }
    if (top.role === 'root' && top.key === 'runs' && isArray) {
      top.key = null;
      runsSeen = true;
      return void stack.push({ role: 'runs', container: null, key: null, index: 0 });
    }
    if (top.role === 'run' && top.key === 'gradientNorms' && isArray) {
      top.key = null;
      return void stack.push({ role: 'norms', container: null, key: null, index: 0 });
    }
    const container: Record<string, unknown> | unknown[] = isArray ? [] : (Object.create(null) as Record<string, unknown>);
    attach(container);
    stack.push({ role: 'generic', container, key: null, index: 0 });
  };

  const close = (): void => {
    const frame = stack.pop() as Frame;
    if (frame.role === 'row') {
      rows.push(buffer.slice(0, length));
      return;
    }
    if (frame.role === 'norms') {
      const run = stack[stack.length - 1] as Frame;
      Object.defineProperty(run.container, 'gradientNorms', { value: rows, enumerable: true, writable: true, configurable: true });
      return;
    }
    if (frame.role === 'run') {
      runs.push(frame.container as Record<string, unknown>);
      rows = [];
    }
  };

  const handler: JsonEventHandler = {
    startObject: () => open(false),
    startArray: () => open(true),
    endObject: close,
    endArray: close,
    key(name) {
      const top = stack[stack.length - 1] as Frame;
      const container = top.container as Record<string, unknown>;
      if (Object.prototype.hasOwnProperty.call(container, name) || (top.role === 'root' && name === 'runs' && runsSeen)) {
        fail(top.role === 'run' ? `${runPath()}.${name}` : name, 'each key once per object', 'a duplicate key');
      }
      top.key = name;
    },
    value(value) {
      const top = stack[stack.length - 1];
      if (top?.role === 'row') {
        if (typeof value !== 'number') fail(`${rowPath()}[${length}]`, 'a number (a clipped norm)', value);
        if (++norms > maxNorms) {
          throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'runs', expected: `at most ${maxNorms} stored norms in all (${(maxNorms * 8) / 2 ** 30} GiB as float64); split the records over several traces`, found: `more (at ${rowPath()}[${length}])` });
        }
        if (length === buffer.length) {
          const grown = new Float64Array(buffer.length * 2);
          grown.set(buffer);
          buffer = grown;
        }
        buffer[length++] = value as number;
        return;
      }
      if (top?.role === 'norms') fail(rowPath(), 'an array with one norm per record', value);
      if (top?.role === 'runs') fail(runPath(), 'an object { seed, excludedRecords?, gradientNorms }', value);
      attach(value);
    },
  };
  const reader = new JsonEventReader(handler, { maxDepth: MAX_DEPTH });

  return {
    write: (chunk) => reader.write(chunk),
    end(): PerInstanceTraceTable {
      reader.end();
      if (nonObject !== undefined) validatePerInstanceTraceHeader(nonObject);
      const header = validatePerInstanceTraceHeader(root);
      if (runsOther !== undefined || runs.length === 0) fail('runs', 'a non-empty array of { seed, excludedRecords?, gradientNorms }', runsSeen ? (runsOther ?? []) : undefined);
      const index = perInstanceRecordIndex(header);
      const clip = header.clip;
      const excludedRecords: Int32Array[] = [];
      const seeds: number[] = [];
      const ratios = runs.map((run, r) => {
        excludedRecords.push(validatePerInstanceTraceRun(run, r, header, index));
        seeds.push(run['seed'] as number);
        const norms = run['gradientNorms'] as Float64Array[];
        norms.forEach((row, c) => {
          validatePerInstanceNormRow(row, r, c, clip);
          for (let i = 0; i < row.length; i++) row[i] = Math.min(1, (row[i] as number) / clip);
        });
        return norms;
      });
      return { header, seeds, excludedRecords, ratios };
    },
  };
}
