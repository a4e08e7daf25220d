/**
 * Re-evaluating a sample of the rows of a sweep file (`--recheck N|all` of `dpbounds sweep` and
 * `sweep merge`): each sampled configuration is evaluated again, on this thread, and its line
 * compared byte for byte with the file's. This is the one check a recomputed `rowDigest` cannot
 * pass: a result edited with its digest recomputed is caught when its row is in the sample (with
 * N rows of n, each edited row with probability N/n per run; all of them with `all`). A file
 * written by another dpbounds version whose numbers differ in a last digit is refused too: the
 * message says so.
 */
import { randomInt } from 'node:crypto';
import { evaluateSweepConfiguration } from '@dpbounds/accountants';
import type { SweepConfiguration, SweepRequest } from '@dpbounds/accountants';
import { createRng } from '@dpbounds/special-functions';
import { optionalString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { parseCsv } from '../io/csv.js';
import { UsageError } from '../usage-error.js';
import { flattenSweepRow } from './sweep-csv-fields.js';
import type { SweepFormat } from './sweep-format.js';

/** How many rows to re-evaluate: a number, or every row. */
export type RecheckCount = number | 'all';

/** Rows re-evaluated by default. */
export const DEFAULT_RECHECK = 1;

/**
 * Reads `--recheck N|all` (default {@link DEFAULT_RECHECK}).
 *
 * @throws UsageError naming --recheck, its range and the value found.
 * @example recheckFromFlags({ recheck: 'all' }) // 'all'
 */
export function recheckFromFlags(flags: ParsedFlags): RecheckCount {
  const raw = optionalString(flags, 'recheck');
  if (raw === undefined) return DEFAULT_RECHECK;
  const text = raw.trim();
  if (text === 'all') return 'all';
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) throw new UsageError(`--recheck must be a whole number of rows ≥ 0 or all; found ${JSON.stringify(raw)}`);
  return Number(text);
}

/**
 * The positions to re-evaluate among `n` rows, ascending: all of them, or `count` drawn uniformly
 * without replacement (Floyd's algorithm; a fresh seed each run, so repeated runs check other rows).
 *
 * @example recheckSample('all', 3) // [0, 1, 2]
 */
export function recheckSample(count: RecheckCount, n: number, seed: number = randomInt(2 ** 31)): number[] {
  if (count === 'all' || count >= n) return Array.from({ length: n }, (_, i) => i);
  const rng = createRng(seed);
  const picked = new Set<number>();
  for (let j = n - count; j < n; j++) {
    const t = rng.integer(j + 1);
    picked.add(picked.has(t) ? j : t);
  }
  return [...picked].sort((a, b) => a - b);
}

const shown = (value: unknown): string => {
  const text = value === undefined ? 'absent' : typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

/** The first field in which two lines of a row differ (CSV: by column), for a message. */
function firstDifference(format: SweepFormat, columns: readonly string[], written: string, recomputed: string): string {
  let a: ReadonlyMap<string, unknown>;
  let b: ReadonlyMap<string, unknown>;
  if (format === 'csv') {
    const cells = (line: string): readonly string[] => parseCsv('row', line)[0]?.cells ?? [];
    const [x, y] = [cells(written), cells(recomputed)];
    a = new Map(columns.map((name, i) => [name, x[i]]));
    b = new Map(columns.map((name, i) => [name, y[i]]));
  } else {
    a = flattenSweepRow(JSON.parse(written) as Record<string, unknown>);
    b = flattenSweepRow(JSON.parse(recomputed) as Record<string, unknown>);
  }
  for (const key of new Set([...b.keys(), ...a.keys()])) {
    if (key === 'rowDigest') continue;
    if (JSON.stringify(a.get(key)) !== JSON.stringify(b.get(key))) return `${key}: the file has ${shown(a.get(key))}, recomputed ${shown(b.get(key))}`;
  }
  return 'the rowDigest';
}

/** One row to re-evaluate: where it is and what the file holds. */
export interface RecheckRow {
  readonly index: number;
  readonly config: SweepConfiguration;
  /** The line as the file holds it (no newline). */
  readonly text: string;
  /** `--out FILE: line N` or `FILE: line N`. */
  readonly where: string;
}

/**
 * Re-evaluates each row and compares its line (`line(index, row)`, without newline) with the
 * file's, byte for byte.
 *
 * @throws UsageError naming the line and the first field that differs.
 * @example recheckRows(rows, request, 'jsonl', [], (index, row) => sweepRowLine(...).slice(0, -1))
 */
export function recheckRows(rows: readonly RecheckRow[], request: SweepRequest, format: SweepFormat, columns: readonly string[], line: (index: number, row: ReturnType<typeof evaluateSweepConfiguration>) => string): void {
  for (const row of rows) {
    const recomputed = line(row.index, evaluateSweepConfiguration(row.config, request));
    if (recomputed !== row.text) {
      throw new UsageError(`${row.where} (configuration ${row.index}) differs from the row computed again (${firstDifference(format, columns, row.text, recomputed)}): a result was changed after dpbounds wrote it, or another dpbounds version wrote the file`);
    }
  }
}
