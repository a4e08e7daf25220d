/**
 * Reads a per-instance trace from text chunks in bounded memory: the norms go straight from the
 * tokenizer into one float64 row per checkpoint (converted in place to ratios r = min(1, norm/C)),
 * so the text is never held and no JSON tree of the runs is built. Peak memory is 8 bytes per
 * stored norm plus the largest row, whatever the file's formatting or nesting, and the number of
 * norms is capped (`maxNorms`) while reading, before the memory is spent. With a record window
 * (`recordWindow`) only a window of records' norms is stored, at most about `maxHeldNorms` of
 * them, while every norm is still checked: a caller that needs every record reads the text
 * again from where the window ended (the Thm 3.3 estimator needs, for each record, the norms of
 * every run, so one pass over a run-by-run file cannot hold less than the records it reports).
 * Browser-safe (feed it strings); `readPerInstanceTraceFile` in the Node entry point feeds it a file.
 */
import { DpboundsRangeError, DpboundsTypeError, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import { JsonEventReader } from './json-event-reader.js';
import type { JsonEventHandler } from './json-event-reader.js';
import {
  perInstanceMaxNorm,
  perInstanceNormError,
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
  /**
   * `ratios[run][checkpoint][k]` = min(1, norm/C) of record `recordWindow.from + k` (every record
   * without a window).
   */
  readonly ratios: readonly Float64Array[][];
  /** The records `ratios` holds: indices [from, to) into `header.records`. */
  readonly recordWindow: { readonly from: number; readonly to: number };
  /** The largest number of norms the parser held at once while reading (a count, for memory checks). */
  readonly heldNormsPeak: number;
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
  /**
   * Store only the norms of records `from, from + 1, …`, as many records as keep the stored norms
   * at about `maxHeldNorms` (at least one record, whatever its size): the window is halved
   * whenever the norms held pass the budget, so at most `maxHeldNorms` plus one row are held.
   * Every norm is still checked (with the same errors as without a window) when the clip norm
   * comes before the runs, as in every documented producer; when it does not, every norm is
   * stored as without a window and the table holds the records from `from` to the end.
   * The table's `recordWindow` says which records it holds; read again from its `to` for the
   * rest. Results per record do not depend on the window. `records`, when given, caps the
   * window from the start (a second pass can start at the width the first one narrowed to,
   * rather than fill the budget and narrow again). `textLength`, when given, is the expected
   * length of the whole text (e.g. the file's size): the window is then narrowed as soon as the
   * norms held, scaled to the whole text, would pass the budget, early in the file, when
   * narrowing copies little (a hint: a wrong one costs passes or copies, never results).
   * `reuse`, when given, are the rows of a previous table (e.g. the last pass's `ratios`), written
   * over instead of allocating rows of the same length: a pass then needs no new memory for its
   * norms while the last pass's wait for the garbage collector.
   */
  readonly recordWindow?: {
    readonly from: number;
    readonly maxHeldNorms: number;
    readonly records?: number;
    readonly textLength?: number;
    readonly reuse?: readonly (readonly Float64Array[])[];
  };
}

/**
 * Stand-ins with the full rows' lengths for the shape check of `validatePerInstanceTraceRun`: the
 * first row of the wrong length is a typed array of that length (so the error reads as without a
 * window), the others plain `{ length }` objects (the check stops at the first wrong one).
 */
function rowStandIns(facts: readonly RowFacts[], records: number): unknown[] {
  let wrongSeen = false;
  return facts.map((fact) => {
    if (fact.length === records || wrongSeen) return { length: fact.length };
    wrongSeen = true;
    return new Uint8Array(fact.length);
  });
}

/** Row facts kept for the final checks when only a window of the row is stored. */
interface RowFacts {
  /** The row's full length (its number of norms). */
  readonly length: number;
  /** Index of the first norm out of [0, C(1 + 1e−6)], or −1. */
  readonly bad: number;
  /** That norm. */
  readonly badValue: number;
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
  requireOptions('options', options, ['maxNorms', 'recordWindow']);
  const maxNorms = options.maxNorms ?? DEFAULT_MAX_NORMS;
  const window = options.recordWindow;
  if (window !== undefined) {
    requireObject('recordWindow', window);
    requireOptions('recordWindow', window, ['from', 'maxHeldNorms', 'records', 'textLength', 'reuse']);
    requireInteger('recordWindow.from', window.from, { min: 0 });
    requireInteger('recordWindow.maxHeldNorms', window.maxHeldNorms, { min: 1 });
    if (window.records !== undefined) requireInteger('recordWindow.records', window.records, { min: 1 });
    if (window.textLength !== undefined) requireInteger('recordWindow.textLength', window.textLength, { min: 0 });
  }
  const windowFrom = window?.from ?? 0;
  /** How rows are stored: undecided until the first row; `window` keeps records [windowFrom, windowFrom + width). */
  let mode: 'undecided' | 'window' | 'all' = window === undefined ? 'all' : 'undecided';
  let width = window?.records ?? Infinity;
  /** Largest number of norms stored in one row so far. */
  let widest = 0;
  let maxNorm = Infinity;
  let held = 0;
  let heldNormsPeak = 0;
  /** Rows stored, and characters written so far (including the chunk being read). */
  let rowCount = 0;
  let written = 0;
  /** Rows to write over (`recordWindow.reuse`), taken from the end. */
  const pool: Float64Array[] = [];
  if (window?.reuse !== undefined) {
    if (!Array.isArray(window.reuse)) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'recordWindow.reuse', expected: 'the rows of a previous table (Float64Array[][])', found: window.reuse });
    for (const run of window.reuse) for (const row of run) if (row instanceof Float64Array) pool.push(row);
    pool.reverse();
  }
  /** Every run's rows (the arrays the runs hold), to narrow them when the window shrinks. */
  const storedRows: Float64Array[][] = [];
  const factsOf = new WeakMap<Float64Array[], RowFacts[]>();
  let facts: RowFacts[] = [];
  let kept = 0;
  let bad = -1;
  let badValue = 0;
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
      if (mode === 'undecided') decideMode();
      length = 0;
      kept = 0;
      bad = -1;
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
      storedRows.push(rows);
      facts = [];
      factsOf.set(rows, facts);
      return void stack.push({ role: 'norms', container: null, key: null, index: 0 });
    }
    const container: Record<string, unknown> | unknown[] = isArray ? [] : (Object.create(null) as Record<string, unknown>);
    attach(container);
    stack.push({ role: 'generic', container, key: null, index: 0 });
  };

  const close = (): void => {
    const frame = stack.pop() as Frame;
    if (frame.role === 'row') {
      if (mode === 'window') {
        const reused = pool.length > 0 && (pool[pool.length - 1] as Float64Array).length === kept ? (pool.pop() as Float64Array) : undefined;
        if (reused !== undefined) reused.set(buffer.subarray(0, kept));
        rows.push(reused ?? buffer.slice(0, kept));
        facts.push({ length, bad, badValue });
      } else {
        kept = length;
        rows.push(buffer.slice(0, length));
      }
      held += kept;
      rowCount++;
      widest = Math.max(widest, kept);
      heldNormsPeak = Math.max(heldNormsPeak, held);
      if (mode !== 'window') return;
      const { maxHeldNorms, textLength } = window as { maxHeldNorms: number; textLength?: number };
      if (held > maxHeldNorms) narrow(rowCount);
      // the rows the whole text would hold at this rate (`written` counts the whole current chunk,
      // so this is low rather than high, and the budget check above stays the safety net)
      else if (textLength !== undefined && written > 0 && (rowCount * textLength) / written * Math.min(width, widest) > maxHeldNorms) narrow((rowCount * textLength) / written);
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
        if (mode === 'window') {
          const i = length++;
          if (bad < 0 && !((value as number) >= 0 && (value as number) <= maxNorm)) {
            bad = i;
            badValue = value as number;
          }
          if (i < windowFrom || i - windowFrom >= width) return;
          store(kept++, value as number);
          return;
        }
        store(length++, value as number);
        return;
      }
      if (top?.role === 'norms') fail(rowPath(), 'an array with one norm per record', value);
      if (top?.role === 'runs') fail(runPath(), 'an object { seed, excludedRecords?, gradientNorms }', value);
      attach(value);
    },
  };
  const reader = new JsonEventReader(handler, { maxDepth: MAX_DEPTH });

  function store(at: number, value: number): void {
    if (at === buffer.length) {
      const grown = new Float64Array(buffer.length * 2);
      grown.set(buffer);
      buffer = grown;
    }
    buffer[at] = value;
  }

  /** At the first row: store a window when the clip norm is known (to check the norms left out), else every norm. */
  function decideMode(): void {
    const clip = Object.prototype.hasOwnProperty.call(root, 'clip') ? root['clip'] : undefined;
    if (typeof clip === 'number' && Number.isFinite(clip) && clip > 0) {
      mode = 'window';
      maxNorm = perInstanceMaxNorm(clip);
    } else {
      mode = 'all';
    }
  }

  /** Halves the window until `count` rows fit the budget (never below one record), narrowing every stored row. */
  function narrow(count: number): void {
    const budget = (window as { maxHeldNorms: number }).maxHeldNorms;
    let w = Math.min(width, widest);
    while (w > 1 && count * w > budget) w = Math.floor(w / 2);
    if (w >= width && w >= widest) return;
    pool.length = 0; // rows of the old width no longer fit
    width = w;
    widest = 0;
    held = 0;
    for (const list of storedRows) {
      for (let k = 0; k < list.length; k++) {
        let row = list[k] as Float64Array;
        if (row.length > w) {
          row = row.slice(0, w);
          list[k] = row;
        }
        held += row.length;
        widest = Math.max(widest, row.length);
      }
    }
  }

  return {
    write: (chunk) => {
      written += chunk.length;
      reader.write(chunk);
    },
    end(): PerInstanceTraceTable {
      reader.end();
      pool.length = 0;
      if (nonObject !== undefined) validatePerInstanceTraceHeader(nonObject);
      const header = validatePerInstanceTraceHeader(root);
      if (runsOther !== undefined || runs.length === 0) fail('runs', 'a non-empty array of { seed, excludedRecords?, gradientNorms }', runsSeen ? (runsOther ?? []) : undefined);
      const index = perInstanceRecordIndex(header);
      const clip = header.clip;
      const excludedRecords: Int32Array[] = [];
      const seeds: number[] = [];
      const ratios = runs.map((run, r) => {
        const stored = run['gradientNorms'];
        const rowFacts = Array.isArray(stored) ? factsOf.get(stored as Float64Array[]) : undefined;
        if (mode === 'window' && rowFacts !== undefined) {
          // the stored rows are windows: check the full rows from the facts kept while reading
          const view = Object.create(null) as Record<string, unknown>;
          for (const key of Object.keys(run)) view[key] = key === 'gradientNorms' ? rowStandIns(rowFacts, header.records.length) : run[key];
          excludedRecords.push(validatePerInstanceTraceRun(view, r, header, index));
          rowFacts.forEach((fact, c) => {
            if (fact.bad >= 0) throw perInstanceNormError(fact.badValue, r, c, fact.bad, clip);
          });
        } else {
          excludedRecords.push(validatePerInstanceTraceRun(run, r, header, index));
          (stored as Float64Array[]).forEach((row, c) => validatePerInstanceNormRow(row, r, c, clip));
        }
        seeds.push(run['seed'] as number);
        const norms = stored as Float64Array[];
        norms.forEach((row, c) => {
          for (let i = 0; i < row.length; i++) row[i] = Math.min(1, (row[i] as number) / clip);
          if (mode === 'all' && windowFrom > 0) norms[c] = row.slice(windowFrom);
        });
        return norms;
      });
      const nRecords = header.records.length;
      if (windowFrom >= nRecords) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'recordWindow.from', expected: `a record index in [0, ${nRecords - 1}]`, found: windowFrom });
      }
      const to = mode === 'window' ? Math.min(nRecords, windowFrom + width) : nRecords;
      return { header, seeds, excludedRecords, ratios, recordWindow: { from: windowFrom, to }, heldNormsPeak };
    },
  };
}
