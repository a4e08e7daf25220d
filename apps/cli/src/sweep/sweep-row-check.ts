/**
 * Checks one row line of a sweep file (to resume a run or merge shards) before it is trusted:
 * - what it claims: its `index`, `id`, configuration fields (and, in CSV, `spec`,
 *   `configurations` and `request`), read back exactly;
 * - against the sweep's plan (resume): the configuration fields equal configuration #index of
 *   the sweep, field by field, and the id is that configuration's id;
 * - without the plan (merge): the configuration fields hash to the row's id (the plan is
 *   checked once every row is read: the ids in order and the request give the spec id);
 * - the fields the sweep produces (JSONL: the sections of the request in order, each accountant
 *   the request runs, a missing one named in `errors`; CSV: one cell per column);
 * - its `rowDigest` (sweep-row-digest.ts).
 * Each check returns the first thing that differs, for a one-line refusal naming the line.
 */
import { SWEEP_NUMERIC_FIELDS, sweepAccountants, sweepConfigurationId } from '@dpbounds/accountants/advanced';
import type { SweepConfiguration, SweepRequest } from '@dpbounds/accountants';
import { parseCsv } from '../io/csv.js';
import { ROW_DIGEST } from './sweep-format.js';
import type { SweepFormat } from './sweep-format.js';
import type { SweepPlan } from './sweep-inputs.js';
import { rowDigestProblem } from './sweep-row-digest.js';

/** A refusal of one row: what differs (the caller adds the file and line). */
export class SweepRowProblem extends Error {
  override readonly name = 'SweepRowProblem';
}

/** What a row line says about itself. */
export interface SweepRowClaims {
  readonly index: number;
  readonly id: string;
  /** The configuration fields of the row (numeric fields and `neighbouring`), as written. */
  readonly config: SweepConfiguration;
  /** CSV: the row's `spec`, `configurations` and `request` cells. */
  readonly spec?: string;
  readonly configurations?: number;
  readonly request?: string;
  /** JSONL: the row's parsed object. */
  readonly object?: Readonly<Record<string, unknown>>;
}

const CONFIG_FIELDS = [...SWEEP_NUMERIC_FIELDS, 'neighbouring'] as const;

const shown = (value: unknown): string => {
  if (value === undefined) return 'absent';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const problem = (message: string): never => {
  throw new SweepRowProblem(message);
};

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Reads a row line's claims (`csvColumns`: the CSV header's column names).
 *
 * @throws SweepRowProblem when the line is not a sweep row (not JSON, a cell missing, a field of
 *   the wrong type, a number not written as dpbounds writes it).
 * @example readRowClaims('jsonl', line).index
 */
export function readRowClaims(format: SweepFormat, line: string, csvColumns: readonly string[] = []): SweepRowClaims {
  const config: Record<string, unknown> = {};
  if (format === 'jsonl') {
    let object: unknown;
    try {
      object = JSON.parse(line);
    } catch {
      return problem('is not a sweep row (not JSON)');
    }
    if (!isObject(object)) return problem('is not a sweep row (not a JSON object)');
    const { index, id } = object;
    if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0) return problem(`is not a sweep row (index ${shown(index)})`);
    if (typeof id !== 'string') return problem(`is not a sweep row (id ${shown(id)})`);
    for (const field of CONFIG_FIELDS) {
      const value = object[field];
      if (value === undefined) continue;
      if (field === 'neighbouring' ? typeof value !== 'string' : typeof value !== 'number') return problem(`${field} is ${shown(value)}, not a ${field === 'neighbouring' ? 'relation' : 'number'}`);
      config[field] = value;
    }
    return { index, id, config: config as unknown as SweepConfiguration, object };
  }
  let cells: readonly string[] | undefined;
  try {
    const records = parseCsv('row', line);
    cells = records.length === 1 ? records[0]?.cells : undefined;
  } catch {
    cells = undefined;
  }
  if (cells === undefined) return problem('is not a sweep row (not one CSV record)');
  if (cells.length !== csvColumns.length) return problem(`has ${cells.length} cells, the header ${csvColumns.length} columns`);
  const cell = new Map(csvColumns.map((name, i) => [name, cells[i] as string]));
  const index = cell.get('index') ?? '';
  if (!/^(0|[1-9]\d*)$/.test(index) || !Number.isSafeInteger(Number(index))) return problem(`is not a sweep row (index ${shown(index)})`);
  const configurations = cell.get('configurations') ?? '';
  if (!/^[1-9]\d*$/.test(configurations)) return problem(`is not a sweep row (configurations ${shown(configurations)})`);
  for (const field of CONFIG_FIELDS) {
    const text = cell.get(field);
    if (text === undefined || text === '') continue;
    if (field === 'neighbouring') {
      config[field] = text;
      continue;
    }
    const value = Number(text);
    // dpbounds writes String(number): anything else was not written by it
    if (!Number.isFinite(value) || String(value) !== text) return problem(`${field} is ${shown(text)}, not a number as dpbounds writes it`);
    config[field] = value;
  }
  return {
    index: Number(index),
    id: cell.get('id') ?? '',
    config: config as unknown as SweepConfiguration,
    spec: cell.get('spec') ?? '',
    configurations: Number(configurations),
    request: cell.get('request') ?? '',
  };
}

/**
 * The fields a row of this request and configuration has (JSONL), in order, after the
 * configuration: checks the row's sections and accountants.
 *
 * @throws SweepRowProblem naming the first field that differs.
 */
function checkSections(object: Readonly<Record<string, unknown>>, config: SweepConfiguration, request: SweepRequest): void {
  const errors = object.errors;
  if (errors !== undefined && (!Array.isArray(errors) || errors.length === 0 || !errors.every((e) => isObject(e) && typeof e.section === 'string' && typeof e.message === 'string'))) {
    problem(`errors is ${shown(errors)}, not a list of { section, message }`);
  }
  const refused = new Set(((errors ?? []) as { section: string }[]).map((e) => e.section));
  const calibrating = config.targetEpsilon !== undefined;
  const list = calibrating ? 'calibrations' : 'results';
  const sections = [list];
  if (!calibrating) {
    const threats = request.threats ?? [];
    if (threats.includes('bayes') && !refused.has('bayesSecurity')) sections.push('bayesSecurity');
    if (threats.includes('gmip') && !refused.has('gmip')) sections.push('gmip');
    if (threats.includes('rtm') && !refused.has('rtm')) sections.push('rtm');
  }
  const expected = ['index', 'id', ...CONFIG_FIELDS.filter((f) => config[f] !== undefined), ...sections, ...(errors !== undefined ? ['errors'] : []), ROW_DIGEST];
  const keys = Object.keys(object);
  const lacking = expected.find((k) => !keys.includes(k));
  if (lacking !== undefined) problem(`lacks the field ${lacking} this sweep writes`);
  const extra = keys.find((k) => !expected.includes(k));
  if (extra !== undefined) problem(`has a field ${shown(extra)} this sweep does not write`);
  const at = expected.findIndex((k, i) => keys[i] !== k);
  if (at >= 0) problem(`has its fields out of order (${shown(keys[at])} where this sweep writes ${expected[at] as string})`);
  const entries = object[list];
  if (!Array.isArray(entries) || !entries.every(isObject)) return problem(`${list} is not a list of accountant objects`);
  const accountants = sweepAccountants(request, config).filter((k) => !refused.has(`${list}.${k}`));
  const found = entries.map((e) => e.accountant);
  if (found.length !== accountants.length || found.some((k, i) => k !== accountants[i])) {
    problem(`${list} holds the accountants ${shown(found)}; this sweep writes ${shown(accountants)} for it (a missing one named in errors)`);
  }
}

/**
 * Checks a row against configuration #index of the sweep being resumed (`columns`: the CSV
 * column names of the plan), its sections and its digest.
 *
 * @throws SweepRowProblem naming the first thing that differs.
 * @example checkRowAgainstPlan('jsonl', line, plan, []) // the row's claims
 */
export function checkRowAgainstPlan(format: SweepFormat, line: string, plan: SweepPlan, columns: readonly string[]): SweepRowClaims {
  const claims = readRowClaims(format, line, columns);
  const { index } = claims;
  const expected = plan.configs[index];
  if (expected === undefined) return problem(`claims configuration ${index}; this sweep has ${plan.configs.length} (0 … ${plan.configs.length - 1})`);
  if (format === 'csv') {
    if (claims.spec !== plan.specId) problem(`belongs to another sweep (spec ${shown(claims.spec)}, this one ${plan.specId})`);
    if (claims.configurations !== plan.configs.length) problem(`configurations is ${shown(claims.configurations)} where this sweep has ${plan.configs.length}`);
    if (claims.request !== JSON.stringify(plan.request)) {
      problem(`request is ${shown(claims.request)} where this sweep's is ${shown(JSON.stringify(plan.request))}`);
    }
  }
  for (const field of CONFIG_FIELDS) {
    if (claims.config[field] !== expected[field]) {
      problem(`${field} is ${shown(claims.config[field])} where configuration ${index} of this sweep has ${shown(expected[field])}`);
    }
  }
  if (claims.id !== plan.ids[index]) problem(`id is ${shown(claims.id)} where configuration ${index} of this sweep has ${shown(plan.ids[index])}`);
  if (format === 'jsonl') checkSections(claims.object as Readonly<Record<string, unknown>>, expected, plan.request);
  const digest = rowDigestProblem(format, plan.specId, line);
  if (digest !== undefined) problem(digest);
  return claims;
}

/**
 * Checks a row without the sweep's plan (merging shards): its configuration fields hash to its
 * id, its sections (JSONL, given the header's request) and its digest under `spec` (CSV: the
 * row's own spec cell when `spec` is undefined).
 *
 * @throws SweepRowProblem naming the first thing that differs.
 * @example checkRowSelfConsistent('jsonl', line, spec, request, []) // the row's claims
 */
export function checkRowSelfConsistent(format: SweepFormat, line: string, spec: string | undefined, request: SweepRequest | undefined, columns: readonly string[]): SweepRowClaims {
  const claims = readRowClaims(format, line, columns);
  if (sweepConfigurationId(claims.config) !== claims.id) {
    const fields = CONFIG_FIELDS.filter((f) => claims.config[f] !== undefined).map((f) => `${f} ${shown(claims.config[f])}`).join(', ');
    problem(`its configuration (${fields}) is not the one its id ${shown(claims.id)} names: a configuration field was changed after dpbounds wrote it`);
  }
  if (format === 'jsonl' && request !== undefined) checkSections(claims.object as Readonly<Record<string, unknown>>, claims.config, request);
  const digest = rowDigestProblem(format, spec ?? claims.spec ?? '', line);
  if (digest !== undefined) problem(digest);
  return claims;
}
