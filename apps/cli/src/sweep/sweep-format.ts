/**
 * The two file formats of `dpbounds sweep --out`, one configuration per line:
 * - JSONL: a header line `{ "dpboundsSweep": 2, "spec", "configurations", "request" }`, then one
 *   row per line, `{ "index", "id", …the configuration…, "results", …, "rowDigest" }` (the full
 *   JSON of the single commands);
 * - CSV: a header row of column names, then one row per configuration with the same fields,
 *   flattened to dotted column names (`pld.epsilon`, `pld.tpr@0.01`, `gmip.kinds.mu`; see
 *   sweep-csv-fields.ts); every row repeats `spec`, `configurations` and `request` so a CSV file
 *   identifies its sweep (and can be merged and re-checked) without a comment line.
 * Both key rows by `index` (position in the sweep) and `id` (hash of the configuration), and end
 * each row with its `rowDigest` (sweep-row-digest.ts), which resuming and merging check.
 */
import { SWEEP_ACCOUNTANTS, SWEEP_NUMERIC_FIELDS, sweepAccountants } from '@dpbounds/accountants/advanced';
import type { SweepRequest, SweepRow } from '@dpbounds/accountants';
import { csvCell } from '../io/csv.js';
import { BAYES_FIELDS, CALIBRATION_FIELDS, flattenSweepRow, GMIP_FIELDS, RESULT_FIELDS, RTM_FIELDS, sectionColumns, type FlatRow, type SectionFields } from './sweep-csv-fields.js';
import type { SweepPlan } from './sweep-inputs.js';
import { withRowDigest } from './sweep-row-digest.js';

/** The format version in the JSONL header (`dpboundsSweep`): 2 since rows carry `rowDigest`. */
export const SWEEP_FILE_VERSION: 2 = 2;

/** `jsonl` or `csv`. */
export type SweepFormat = 'jsonl' | 'csv';

/** The JSONL header (first line) of a sweep file. */
export interface SweepHeader {
  readonly dpboundsSweep: typeof SWEEP_FILE_VERSION;
  readonly spec: string;
  readonly configurations: number;
  readonly request: SweepRequest;
}

/** A row with its index in the sweep. */
export type IndexedRow = { readonly index: number } & SweepRow;

type Getter = (flat: FlatRow, row: IndexedRow) => unknown;
/** One CSV column: its name and how to read it off a row (flattened by {@link flattenSweepRow}). */
export interface SweepColumn {
  readonly name: string;
  readonly get: Getter;
}

/**
 * The CSV columns of a sweep (fixed by the plan, so the header is known before any row): every
 * field of the JSONL rows under its dotted name (sweep-csv-fields.ts), then `errors` and
 * `other` (a JSON object of any field the catalogue does not name; empty normally) and
 * `rowDigest` (filled by {@link sweepRowLine}). With `headlineOnly`, the headline columns of the
 * text table instead.
 */
export function sweepCsvColumns(plan: SweepPlan, headlineOnly = false): SweepColumn[] {
  const pick = (f: SectionFields): readonly string[] => (headlineOnly ? f.headline : f.all);
  const { request } = plan;
  const names: string[] = [];
  for (const f of SWEEP_NUMERIC_FIELDS) if (plan.configs.some((c) => c[f] !== undefined)) names.push(f);
  names.push('neighbouring');
  const accountants = request.accountants === 'all' ? SWEEP_ACCOUNTANTS.filter((k) => plan.configs.some((c) => sweepAccountants(request, c).includes(k))) : request.accountants;
  const calibrating = plan.configs.some((c) => c.targetEpsilon !== undefined);
  const fprs = request.fprs ?? [];
  for (const k of accountants) names.push(...sectionColumns(k, pick(calibrating ? CALIBRATION_FIELDS : RESULT_FIELDS), fprs));
  const threatFprs = request.fprs ?? [0.001, 0.01, 0.1];
  const threats = request.threats ?? [];
  if (threats.includes('bayes')) names.push(...sectionColumns('bayesSecurity', pick(BAYES_FIELDS), threatFprs));
  if (threats.includes('gmip')) names.push(...sectionColumns('gmip', pick(GMIP_FIELDS), threatFprs));
  if (threats.includes('rtm')) names.push(...sectionColumns('rtm', pick(RTM_FIELDS), threatFprs));
  names.push('errors');
  const named = new Set(['index', 'id', ...names]);
  return [
    { name: 'index', get: (_, r) => r.index },
    { name: 'id', get: (_, r) => r.id },
    { name: 'spec', get: () => plan.specId },
    { name: 'configurations', get: () => plan.configs.length },
    ...(headlineOnly ? [] : [{ name: 'request', get: () => JSON.stringify(plan.request) }]),
    ...names.map((name) => ({ name, get: (flat: FlatRow) => flat.get(name) })),
    ...(headlineOnly ? [] : [{
      name: 'other',
      get: (flat: FlatRow) => {
        const rest = [...flat].filter(([name]) => !named.has(name));
        return rest.length === 0 ? undefined : JSON.stringify(Object.fromEntries(rest));
      },
    }, { name: ROW_DIGEST, get: () => undefined }]),
  ];
}

/** The last field of every row written to a file: its digest (sweep-row-digest.ts). */
export const ROW_DIGEST: 'rowDigest' = 'rowDigest';

/** The text of a CSV cell as {@link sweepRowLine} writes it (empty for a missing field). */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return csvCell(typeof value === 'string' ? value : String(value));
}

/** The header line (with its newline) of a sweep file. */
export function sweepHeaderLine(format: SweepFormat, plan: SweepPlan, columns: readonly SweepColumn[]): string {
  if (format === 'csv') return `${columns.map((c) => c.name).join(',')}\n`;
  const header: SweepHeader = { dpboundsSweep: SWEEP_FILE_VERSION, spec: plan.specId, configurations: plan.configs.length, request: plan.request };
  return `${JSON.stringify(header)}\n`;
}

/**
 * One row's line (with its newline), ending in its `rowDigest` keyed by the sweep's `spec`
 * (`columns` are the CSV columns; unused for JSONL).
 */
export function sweepRowLine(format: SweepFormat, row: IndexedRow, columns: readonly SweepColumn[], spec: string): string {
  if (format === 'csv') {
    const flat = flattenSweepRow(row);
    return `${withRowDigest(format, spec, columns.filter((c) => c.name !== ROW_DIGEST).map((c) => cellText(c.get(flat, row))).join(','))}\n`;
  }
  return `${withRowDigest(format, spec, JSON.stringify(row))}\n`;
}
