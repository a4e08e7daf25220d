/**
 * `dpbounds dp --history FILE`: a DP-SGD schedule, several phases of (σ, q, steps) composed in
 * order, priced by every accountant. The file is Opacus' `accountant.history` as JSON
 * (`[[noise_multiplier, sample_rate, num_steps], …]`, Opacus' order), or named fields
 * (`noiseMultiplier`, `samplingRate`, `steps`, or Opacus' `noise_multiplier`, `sample_rate`,
 * `num_steps`) as a JSON array of objects, JSONL or CSV. No math here: the schedule is the
 * library's `dpSgdScheduleEvent` and each row is `dpEventAccountantEvaluation`, the row builder
 * of `dpbounds dp` (docs/accounting.md, "From Opacus").
 */
import { dpSgdScheduleEvent } from '@dpbounds/accountants';
import type { DpSgdPhase, NeighbouringRelation } from '@dpbounds/accountants';
import { dpEventAccountantEvaluation, jsonSafeResult } from '@dpbounds/accountants/advanced';
import type { DpAccountantResult } from '@dpbounds/accountants/advanced';
import type { CommandIo } from '../command.js';
import { formatNumber } from '../format.js';
import { decodeText, formatOf, readInputBytes } from '../io/read-file.js';
import { UsageError } from '../usage-error.js';
import { requireJsonDepth } from '../io/json-depth.js';

/** The accountants that price a schedule, in the order `--accountant all` prints them. */
export const HISTORY_ACCOUNTANTS = ['rdp', 'pld', 'prv', 'gdp'] as const;

/** One of {@link HISTORY_ACCOUNTANTS}. */
export type HistoryAccountant = (typeof HISTORY_ACCOUNTANTS)[number];

/** Largest history file read (a history is a few rows; this refuses a wrong file early). */
const MAX_HISTORY_BYTES = 16 * 1024 * 1024;

/** Field names accepted for each phase field: ours first, then Opacus'. */
const FIELDS: Readonly<Record<keyof DpSgdPhase, readonly string[]>> = {
  noiseMultiplier: ['noiseMultiplier', 'noise_multiplier'],
  samplingRate: ['samplingRate', 'sample_rate'],
  steps: ['steps', 'num_steps'],
};
const ACCEPTED = Object.values(FIELDS).flat();

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value)?.slice(0, 40) ?? String(value);
}

/**
 * Checks one phase (σ > 0, 0 < q ≤ 1, steps an integer ≥ 1, each a finite number) and returns
 * it. `where` names the phase in messages (`history.json: phase 2`, `run.json: history[0]`).
 *
 * @throws UsageError naming `where`, the field, its range and the value found.
 * @example requirePhase('run.json: history[0]', { noiseMultiplier: 1, samplingRate: 0.01, steps: 100 }) // the same phase
 */
export function requirePhase(where: string, values: { readonly noiseMultiplier: unknown; readonly samplingRate: unknown; readonly steps: unknown }): DpSgdPhase {
  const num = (field: keyof DpSgdPhase, range: string, ok: (x: number) => boolean): number => {
    const x = values[field];
    if (typeof x !== 'number' || !Number.isFinite(x) || !ok(x)) throw new UsageError(`${where}: ${field} must be ${range}; found ${describe(x)}`);
    return x;
  };
  return {
    noiseMultiplier: num('noiseMultiplier', 'a number > 0 (σ, noise std / clip norm)', (x) => x > 0),
    samplingRate: num('samplingRate', 'a number in (0, 1] (the Poisson rate q)', (x) => x > 0 && x <= 1),
    steps: num('steps', 'an integer ≥ 1', (x) => Number.isInteger(x) && x >= 1),
  };
}

/** A phase from an object with named fields (ours or Opacus'); unknown and doubled fields are refused. */
function phaseOfObject(where: string, row: Record<string, unknown>): DpSgdPhase {
  for (const key of Object.keys(row)) {
    if (!ACCEPTED.includes(key)) throw new UsageError(`${where}: unknown field ${JSON.stringify(key)}; a phase has ${ACCEPTED.map((k) => JSON.stringify(k)).join(', ')}`);
  }
  const pick = (field: keyof DpSgdPhase): unknown => {
    const present = FIELDS[field].filter((k) => row[k] !== undefined);
    if (present.length > 1) throw new UsageError(`${where}: give ${field} once; found both ${present.map((k) => JSON.stringify(k)).join(' and ')}`);
    if (present.length === 0) throw new UsageError(`${where}: missing ${field} (or ${FIELDS[field].slice(1).map((k) => JSON.stringify(k)).join(', ')})`);
    return row[present[0] as string];
  };
  return requirePhase(where, { noiseMultiplier: pick('noiseMultiplier'), samplingRate: pick('samplingRate'), steps: pick('steps') });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The phases of a parsed JSON document: Opacus tuples, named objects, or an object holding `history`. */
function phasesOfJson(path: string, doc: unknown): DpSgdPhase[] {
  if (isPlainObject(doc) && Array.isArray(doc.history)) return phasesOfJson(path, doc.history);
  if (!Array.isArray(doc)) throw new UsageError(`${path}: expected a JSON array of phases ([[noise_multiplier, sample_rate, num_steps], …] as Opacus' accountant.history, or objects with noiseMultiplier, samplingRate, steps), or an object with such a "history"; found ${describe(doc)}`);
  return doc.map((row: unknown, i) => {
    const where = `${path}: phase ${i + 1}`;
    if (Array.isArray(row)) {
      if (row.length !== 3) throw new UsageError(`${where}: an Opacus history entry is [noise_multiplier, sample_rate, num_steps] (3 numbers); found ${row.length} values`);
      return requirePhase(where, { noiseMultiplier: row[0], samplingRate: row[1], steps: row[2] });
    }
    if (isPlainObject(row)) return phaseOfObject(where, row);
    throw new UsageError(`${where}: expected [noise_multiplier, sample_rate, num_steps] or an object with noiseMultiplier, samplingRate, steps; found ${describe(row)}`);
  });
}

function splitCsvLine(line: string): string[] {
  return line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
}

/** Decimal text with an optional exponent, as the CLI's number flags read it. */
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A CSV cell as a number when it is decimal text; the text itself otherwise (refused by requirePhase, which shows it). */
function csvValue(cell: string): number | string {
  return NUMBER_TEXT.test(cell) ? Number(cell) : cell;
}

/**
 * The phases of a history file's bytes, by the extension of `path`: `.json` (Opacus'
 * `accountant.history` `[[σ, q, steps], …]`, an array of named objects, or an object whose
 * `history` is either), `.jsonl` (one named object a line) or `.csv` (a header naming the
 * fields, one phase a row). Field names: `noiseMultiplier`, `samplingRate`, `steps`, or Opacus'
 * `noise_multiplier`, `sample_rate`, `num_steps`.
 *
 * @throws UsageError naming the file, the phase (row) and the field, for a file with no phase too.
 * @example parseHistory('h.json', new TextEncoder().encode('[[1.0, 0.01, 300]]')) // [{ noiseMultiplier: 1, samplingRate: 0.01, steps: 300 }]
 */
export function parseHistory(path: string, bytes: Uint8Array): DpSgdPhase[] {
  const format = formatOf(path);
  const text = decodeText(path, bytes).replace(/^\uFEFF/, '');
  let phases: DpSgdPhase[];
  if (format === 'json') {
    requireJsonDepth(path, text);
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`${path}: not valid JSON (${(e as Error).message})`);
    }
    phases = phasesOfJson(path, doc);
  } else if (format === 'jsonl') {
    phases = [];
    text.split(/\r?\n/).forEach((line, i) => {
      if (line.trim() === '') return;
      requireJsonDepth(path, line, `line ${i + 1}: `);
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch {
        throw new UsageError(`${path}: line ${i + 1} is not valid JSON`);
      }
      if (!isPlainObject(row)) throw new UsageError(`${path}: line ${i + 1}: expected an object with noiseMultiplier, samplingRate, steps; found ${describe(row)}`);
      phases.push(phaseOfObject(`${path}: line ${i + 1}`, row));
    });
  } else if (format === 'csv') {
    const lines = text.split(/\r?\n/).map((l, i) => ({ l, i })).filter(({ l }) => l.trim() !== '');
    const header = lines[0] === undefined ? [] : splitCsvLine(lines[0].l);
    phases = lines.slice(1).map(({ l, i }) => {
      const cells = splitCsvLine(l);
      if (cells.length !== header.length) throw new UsageError(`${path}: line ${i + 1} has ${cells.length} cells, the header ${header.length}`);
      return phaseOfObject(`${path}: line ${i + 1}`, Object.fromEntries(header.map((h, k) => [h, csvValue(cells[k] as string)])));
    });
  } else {
    throw new UsageError(`${path}: a history is .json, .jsonl or .csv; found .${format}`);
  }
  if (phases.length === 0) throw new UsageError(`${path}: no phase found (a history has at least one [noise_multiplier, sample_rate, num_steps])`);
  return phases;
}

/**
 * Reads a history file (resolved against `io.cwd`, gzip allowed) into phases; see
 * {@link parseHistory} for the formats.
 *
 * @throws UsageError naming the file (missing, too large, malformed) or the phase and field.
 * @example await readHistoryFile('history.json', io) // [{ noiseMultiplier: 1, samplingRate: 0.0097…, steps: 309 }]
 */
export async function readHistoryFile(path: string, io: Pick<CommandIo, 'cwd'>): Promise<DpSgdPhase[]> {
  return parseHistory(path, await readInputBytes(path, io.cwd, MAX_HISTORY_BYTES));
}

/** The question asked of a schedule. */
export interface HistoryQuestion {
  /** ε at this δ (exactly one of `delta` and `epsilon`). */
  readonly delta?: number;
  /** δ at this ε. */
  readonly epsilon?: number;
  readonly neighbouring: NeighbouringRelation;
  /** The accountants asked for, in print order. */
  readonly accountants: readonly HistoryAccountant[];
}

/** An accountant asked for that cannot price the schedule under the relation, and why. */
export interface HistoryUnavailable {
  readonly accountant: HistoryAccountant;
  readonly reason: string;
}

/** The rows of a schedule: one `dpbounds dp` row per accountant that prices it, and those that cannot. */
export interface HistoryAccounting {
  /** `dpbounds dp` rows (JSON-safe: a non-finite number is `null` with `<field>Infinite: true`). */
  readonly results: DpAccountantResult[];
  readonly unavailable: HistoryUnavailable[];
}

/**
 * Why `kind` cannot price a schedule under `neighbouring` (`undefined` when it can): PRV is
 * add-remove only; RDP and GDP price Poisson-subsampled steps under add-remove only (every
 * phase at q = 1 is a plain Gaussian, which they price under substitution too). PLD prices both.
 *
 * @example historyUnavailableReason('prv', 'substitution', [{ noiseMultiplier: 1, samplingRate: 0.01, steps: 10 }]) // "the PRV accountant supports add-remove only (use pld)"
 */
export function historyUnavailableReason(kind: HistoryAccountant, neighbouring: NeighbouringRelation, phases: readonly DpSgdPhase[]): string | undefined {
  if (neighbouring === 'add-remove' || kind === 'pld') return undefined;
  if (kind === 'prv') return 'the PRV accountant supports add-remove only (use pld)';
  if (phases.every((p) => p.samplingRate === 1)) return undefined;
  return `the ${kind === 'rdp' ? 'RDP' : 'GDP'} accountant prices Poisson-subsampled steps (q < 1) under add-remove only (use pld)`;
}

/**
 * Prices a DP-SGD schedule (`phases` composed in order: Opacus' `accountant.history`, a run
 * file's `history`) with each accountant of `question.accountants`: the rows `dpbounds dp`
 * prints (`dpEventAccountantEvaluation` on `dpSgdScheduleEvent(phases)`; GDP's `epsilon` is
 * the PLD guarantee, its CLT value `epsilonEstimate`), and in `unavailable` the accountants
 * that cannot price it under the relation, with the reason (never a number for them). A
 * one-phase schedule gives exactly the rows of `dpbounds dp` for that run. Domain: phases as
 * {@link requirePhase} checks them (refused with a UsageError naming `history[i]`), exactly one
 * of δ in (0, 1) and ε ≥ 0.
 *
 * @example historyAccounting([{ noiseMultiplier: 1, samplingRate: 1 / 103, steps: 309 }], { delta: 1e-5, neighbouring: 'add-remove', accountants: ['rdp'] }).results[0].epsilon // 1.43186
 */
export function historyAccounting(phases: readonly DpSgdPhase[], question: HistoryQuestion): HistoryAccounting {
  if (phases.length === 0) throw new UsageError('history: no phase (a schedule has at least one { noiseMultiplier, samplingRate, steps })');
  const checked = phases.map((p, i) => requirePhase(`history[${i}]`, p));
  if ((question.delta === undefined) === (question.epsilon === undefined)) throw new UsageError('history: give exactly one of delta (ε at δ) and epsilon (δ at ε)');
  if (question.delta !== undefined && !(question.delta > 0 && question.delta < 1)) throw new UsageError(`history: delta must be in (0, 1); found ${question.delta}`);
  if (question.epsilon !== undefined && !(question.epsilon >= 0 && Number.isFinite(question.epsilon))) throw new UsageError(`history: epsilon must be a number ≥ 0; found ${question.epsilon}`);
  const event = dpSgdScheduleEvent(checked);
  const ask = { neighbouring: question.neighbouring, ...(question.delta !== undefined ? { delta: question.delta } : { epsilon: question.epsilon as number }) };
  const results: DpAccountantResult[] = [];
  const unavailable: HistoryUnavailable[] = [];
  let pld: DpAccountantResult | undefined;
  for (const kind of question.accountants) {
    const reason = historyUnavailableReason(kind, question.neighbouring, checked);
    if (reason !== undefined) {
      unavailable.push({ accountant: kind, reason });
      continue;
    }
    const row = dpEventAccountantEvaluation(kind, event, ask, kind === 'gdp' && pld !== undefined ? { pldResult: pld } : {}).result;
    if (kind === 'pld') pld = row;
    results.push(jsonSafeResult(row));
  }
  return { results, unavailable };
}

/**
 * The schedule in one line for the readable output.
 *
 * @example historySummary([{ noiseMultiplier: 1, samplingRate: 0.01, steps: 300 }]) // "1 phase, T = 300: σ = 1, q = 0.01, 300 steps"
 */
export function historySummary(phases: readonly DpSgdPhase[]): string {
  const total = phases.reduce((t, p) => t + p.steps, 0);
  const each = phases.map((p) => `σ = ${formatNumber(p.noiseMultiplier)}, q = ${formatNumber(p.samplingRate)}, ${p.steps} steps`).join('; ');
  return `${phases.length} phase${phases.length === 1 ? '' : 's'}, T = ${total}: ${each}`;
}
