/**
 * The two file formats of `dpbounds sweep --out`, one configuration per line:
 * - JSONL: a header line `{ "dpboundsSweep": 1, "spec", "configurations", "request" }`, then one
 *   row per line, `{ "index", "id", …the configuration…, "results", … }` (the full JSON of the
 *   single commands);
 * - CSV: a header row of column names, then one row per configuration with the headline numbers
 *   (ε and its bracket per accountant, TPR@FPR, β*, μ, …); every row repeats `spec` and
 *   `configurations` so a CSV file identifies its sweep without a comment line.
 * Both key rows by `index` (position in the sweep) and `id` (hash of the configuration).
 */
import { SWEEP_ACCOUNTANTS, SWEEP_NUMERIC_FIELDS, sweepAccountants } from '@dpbounds/accountants/advanced';
import type { SweepRequest, SweepRow } from '@dpbounds/accountants';
import { csvCell } from '../io/csv.js';
import type { SweepPlan } from './sweep-inputs.js';

/** `jsonl` or `csv`. */
export type SweepFormat = 'jsonl' | 'csv';

/** The JSONL header (first line) of a sweep file. */
export interface SweepHeader {
  readonly dpboundsSweep: 1;
  readonly spec: string;
  readonly configurations: number;
  readonly request: SweepRequest;
}

/** A row with its index in the sweep. */
export type IndexedRow = { readonly index: number } & SweepRow;

type Getter = (row: IndexedRow) => unknown;
/** One CSV column: its name and how to read it off a row. */
export interface SweepColumn {
  readonly name: string;
  readonly get: Getter;
}

const field = (object: unknown, key: string): unknown => (object !== null && typeof object === 'object' ? (object as Record<string, unknown>)[key] : undefined);
const fprLabel = (fpr: number): string => String(fpr);
const pointAt = (list: unknown, fpr: number, key: string): unknown => (Array.isArray(list) ? field(list.find((p) => field(p, 'fpr') === fpr), key) : undefined);

/** The CSV columns of a sweep (fixed by the plan, so the header is known before any row). */
export function sweepCsvColumns(plan: SweepPlan): SweepColumn[] {
  const { request } = plan;
  const columns: SweepColumn[] = [
    { name: 'index', get: (r) => r.index },
    { name: 'id', get: (r) => r.id },
    { name: 'spec', get: () => plan.specId },
    { name: 'configurations', get: () => plan.configs.length },
  ];
  for (const f of SWEEP_NUMERIC_FIELDS) if (plan.configs.some((c) => c[f] !== undefined)) columns.push({ name: f, get: (r) => r[f] });
  columns.push({ name: 'neighbouring', get: (r) => r.neighbouring });
  const accountants = request.accountants === 'all' ? SWEEP_ACCOUNTANTS.filter((k) => plan.configs.some((c) => sweepAccountants(request, c).includes(k))) : request.accountants;
  const calibrating = plan.configs.some((c) => c.targetEpsilon !== undefined);
  const fprs = request.fprs;
  for (const k of accountants) {
    if (calibrating) {
      const of = (r: IndexedRow): unknown => (Array.isArray(r.calibrations) ? r.calibrations.find((c) => field(c, 'accountant') === k) : undefined);
      for (const key of ['noiseMultiplier', 'achieved', 'kind']) columns.push({ name: `${k}.${key}`, get: (r) => field(of(r), key) });
      continue;
    }
    const of = (r: IndexedRow): unknown => (Array.isArray(r.results) ? r.results.find((c) => field(c, 'accountant') === k) : undefined);
    for (const key of ['epsilon', 'delta', 'kind', 'epsilonLower', 'epsilonUpper', 'epsilonEstimate', 'deltaLower', 'deltaUpper', 'deltaEstimate', 'order', 'mu', 'method']) {
      columns.push({ name: `${k}.${key}`, get: (r) => field(of(r), key) });
    }
    for (const fpr of fprs ?? []) columns.push({ name: `${k}.tpr@${fprLabel(fpr)}`, get: (r) => pointAt(field(of(r), 'tprAtFpr'), fpr, 'tpr') });
  }
  const threatFprs = fprs ?? [0.001, 0.01, 0.1];
  const threats = request.threats ?? [];
  if (threats.includes('bayes')) {
    for (const key of ['bayesSecurity', 'certifiedLowerBound', 'approximationError', 'advantage']) columns.push({ name: `bayesSecurity.${key}`, get: (r) => field(r.bayesSecurity, key) });
    columns.push({ name: 'bayesSecurity.dp.bayesSecurity', get: (r) => field(field(r.bayesSecurity, 'dp'), 'bayesSecurity') });
    for (const fpr of threatFprs) columns.push({ name: `bayesSecurity.tprCertified@${fprLabel(fpr)}`, get: (r) => pointAt(field(r.bayesSecurity, 'tprAtFpr'), fpr, 'tprCertified') });
  }
  if (threats.includes('gmip')) {
    for (const key of ['mu', 'perStepMu', 'gdpMu']) columns.push({ name: `gmip.${key}`, get: (r) => field(r.gmip, key) });
    for (const fpr of threatFprs) columns.push({ name: `gmip.tpr@${fprLabel(fpr)}`, get: (r) => pointAt(field(r.gmip, 'tprAtFpr'), fpr, 'tpr') });
  }
  if (threats.includes('rtm')) {
    columns.push({ name: 'rtm.mu', get: (r) => field(r.rtm, 'mu') });
    for (const fpr of threatFprs) columns.push({ name: `rtm.fnrCombined@${fprLabel(fpr)}`, get: (r) => pointAt(field(r.rtm, 'points'), fpr, 'fnrCombined') });
  }
  columns.push({ name: 'errors', get: (r) => (Array.isArray(r.errors) ? r.errors.map((e) => `${String(field(e, 'section'))}: ${String(field(e, 'message'))}`).join('; ') : undefined) });
  return columns;
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return csvCell(typeof value === 'string' ? value : String(value));
}

/** The header line (with its newline) of a sweep file. */
export function sweepHeaderLine(format: SweepFormat, plan: SweepPlan, columns: readonly SweepColumn[]): string {
  if (format === 'csv') return `${columns.map((c) => c.name).join(',')}\n`;
  const header: SweepHeader = { dpboundsSweep: 1, spec: plan.specId, configurations: plan.configs.length, request: plan.request };
  return `${JSON.stringify(header)}\n`;
}

/** One row's line (with its newline). */
export function sweepRowLine(format: SweepFormat, row: IndexedRow, columns: readonly SweepColumn[]): string {
  if (format === 'csv') return `${columns.map((c) => cellText(c.get(row))).join(',')}\n`;
  return `${JSON.stringify(row)}\n`;
}

/** `index` and `id` of a complete row line, and `spec` for CSV (undefined when the line is not a row). */
export function rowKeyOf(format: SweepFormat, line: string): { index: number; id: string; spec?: string } | undefined {
  if (format === 'csv') {
    const [index, id, spec] = line.split(',', 3);
    if (index === undefined || id === undefined || spec === undefined || !/^\d+$/.test(index)) return undefined;
    return { index: Number(index), id, spec };
  }
  try {
    const value = JSON.parse(line) as unknown;
    const index = field(value, 'index');
    const id = field(value, 'id');
    return typeof index === 'number' && Number.isSafeInteger(index) && typeof id === 'string' ? { index, id } : undefined;
  } catch {
    return undefined;
  }
}
