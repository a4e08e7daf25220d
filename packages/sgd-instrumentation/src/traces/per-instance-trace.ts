/**
 * The per-instance trace (versions 1 and 2): types, validation, and the ratios and exclusions the
 * analysis reads. Schema in `per-instance-trace-schema.ts`; fields documented in
 * docs/per-instance-trace.md; files are read in bounded memory by `per-instance-trace-stream.ts`.
 * Written by `dpbounds train --instrument per-instance` and by any Opacus/PyTorch loop; read by
 * `dpbounds per-instance` (Thudi et al., "Gradients Look Alike", USENIX Security 2024).
 */
import { DpboundsRangeError, DpboundsTypeError, requireObject } from '@dpbounds/special-functions';
import { PER_INSTANCE_TRACE_FORMAT, PER_INSTANCE_TRACE_MAX_STEPS, PER_INSTANCE_TRACE_READ_VERSIONS, PER_INSTANCE_TRACE_VERSION } from './per-instance-trace-schema.js';

/** One target record of a {@link PerInstanceTrace}. */
export interface PerInstanceTraceRecord {
  /** Unique id (a string, or an integer such as the row index). */
  readonly id: string | number;
  /** Optional note ("typical", "outlier", …). */
  readonly label?: string;
}

/** One training run of a {@link PerInstanceTrace}. */
export interface PerInstanceTraceRun {
  /** Seed of the run. */
  readonly seed: number;
  /** Ids of the target records this run did not train on (version 2; absent: none). */
  readonly excludedRecords?: readonly (string | number)[];
  /** `gradientNorms[checkpoint][record]`: clipped norms min(‖g‖, C) ∈ [0, C]. */
  readonly gradientNorms: readonly (readonly number[])[];
}

/** Every field of a {@link PerInstanceTrace} except its runs. */
export interface PerInstanceTraceHeader {
  readonly format: typeof PER_INSTANCE_TRACE_FORMAT;
  /** 1 (runs with every target) or 2 (runs may exclude targets). */
  readonly version: 1 | 2;
  /** Only the sum rule (noise on the sum of clipped gradients, Opacus' default) is analysed. */
  readonly updateRule: 'sum';
  /** Poisson sampling rate q ∈ (0, 1]. */
  readonly samplingRate: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
  /** Clip norm C > 0. */
  readonly clip: number;
  /** Training-set size N ≥ 1 (with every target). */
  readonly datasetSize: number;
  /** Steps T of every run, 1 ≤ T ≤ 2^30. */
  readonly steps: number;
  /** Strictly increasing 0-based checkpoint steps in [0, T − 1]. */
  readonly checkpointSteps: readonly number[];
  readonly records: readonly PerInstanceTraceRecord[];
  /** Free-form provenance, ignored by the analysis. */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** A validated per-instance trace. */
export interface PerInstanceTrace extends PerInstanceTraceHeader {
  readonly runs: readonly PerInstanceTraceRun[];
}

const TOP_LEVEL: ReadonlySet<string> = new Set(['format', 'version', 'updateRule', 'samplingRate', 'noiseMultiplier', 'clip', 'datasetSize', 'steps', 'checkpointSteps', 'records', 'runs', 'meta']);

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function formatError(parameter: string, expected: string, found: unknown): DpboundsTypeError {
  return new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter, expected, found });
}

function numberIn(parameter: string, value: unknown, min: number, minExclusive: boolean, max: number): number {
  const range = `${minExclusive ? '(' : '['}${min}, ${max === Infinity ? '∞)' : `${max}]`}`;
  if (typeof value !== 'number') throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: `a number in ${range}`, found: value });
  if (!Number.isFinite(value)) throw new DpboundsRangeError({ code: 'ERR_NOT_FINITE', parameter, expected: `a finite number in ${range}`, found: value });
  const inside = (minExclusive ? value > min : value >= min) && value <= max;
  if (!inside) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter, expected: `in ${range}`, found: value });
  return value;
}

function integerIn(parameter: string, value: unknown, min: number, max: number): number {
  const range = `[${min}, ${max === Infinity ? '∞)' : `${max}]`}`;
  if (typeof value !== 'number') throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: `an integer in ${range}`, found: value });
  if (!Number.isSafeInteger(value)) throw new DpboundsRangeError({ code: 'ERR_NOT_INTEGER', parameter, expected: `an integer in ${range}`, found: value });
  if (value < min || value > max) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter, expected: `an integer in ${range}`, found: value });
  return value;
}

/** Relative slack allowed above the clip norm for float round-off in the producer. */
const CLIP_SLACK = 1e-6;

/** The key under which a record id is looked up (`string:7` and `number:7` differ). */
export function recordKey(id: string | number): string {
  return `${typeof id}:${String(id)}`;
}

/**
 * Validates every field of a trace object except `runs` (which may be absent: the streaming
 * reader checks runs one at a time) and returns the typed header.
 *
 * @throws DpboundsTypeError / DpboundsRangeError naming the field.
 * @example const header = validatePerInstanceTraceHeader(JSON.parse(text));
 */
export function validatePerInstanceTraceHeader(value: unknown): PerInstanceTraceHeader {
  if (!isObject(value)) throw formatError('trace', 'a JSON object (a dpbounds per-instance trace)', value);
  if (value['format'] !== PER_INSTANCE_TRACE_FORMAT) throw formatError('format', `"${PER_INSTANCE_TRACE_FORMAT}"`, value['format']);
  const version = value['version'];
  if (typeof version !== 'number' || !PER_INSTANCE_TRACE_READ_VERSIONS.includes(version)) {
    throw formatError('version', `one of ${PER_INSTANCE_TRACE_READ_VERSIONS.join(', ')} (the versions this release reads)`, version);
  }
  for (const key of Object.keys(value)) if (!TOP_LEVEL.has(key)) throw formatError(key, `absent (unknown field; allowed: ${[...TOP_LEVEL].join(', ')})`, value[key]);
  if (value['updateRule'] !== 'sum') throw formatError('updateRule', '"sum" (noise on the sum of clipped gradients)', value['updateRule']);
  const samplingRate = numberIn('samplingRate', value['samplingRate'], 0, true, 1);
  const noiseMultiplier = numberIn('noiseMultiplier', value['noiseMultiplier'], 0, true, Infinity);
  const clip = numberIn('clip', value['clip'], 0, true, Infinity);
  const datasetSize = integerIn('datasetSize', value['datasetSize'], 1, Infinity);
  const steps = integerIn('steps', value['steps'], 1, PER_INSTANCE_TRACE_MAX_STEPS);

  const checkpointSteps = value['checkpointSteps'];
  if (!Array.isArray(checkpointSteps) || checkpointSteps.length === 0) throw formatError('checkpointSteps', 'a non-empty array of steps', checkpointSteps);
  checkpointSteps.forEach((s, c) => integerIn(`checkpointSteps[${c}]`, s, c === 0 ? 0 : (checkpointSteps[c - 1] as number) + 1, steps - 1));

  const records = value['records'];
  if (!Array.isArray(records) || records.length === 0) throw formatError('records', 'a non-empty array of { id, label? }', records);
  const seen = new Set<string>();
  records.forEach((record, i) => {
    if (!isObject(record)) throw formatError(`records[${i}]`, 'an object { id, label? }', record);
    for (const key of Object.keys(record)) if (key !== 'id' && key !== 'label') throw formatError(`records[${i}].${key}`, 'absent (allowed: id, label)', record[key]);
    const id = record['id'];
    if (typeof id === 'number') integerIn(`records[${i}].id`, id, -Infinity, Infinity);
    else if (typeof id !== 'string' || id === '') throw formatError(`records[${i}].id`, 'a non-empty string or an integer', id);
    if (record['label'] !== undefined && typeof record['label'] !== 'string') throw formatError(`records[${i}].label`, 'a string', record['label']);
    const key = recordKey(id);
    if (seen.has(key)) throw formatError(`records[${i}].id`, 'unique among records', id);
    seen.add(key);
  });
  const meta = value['meta'];
  if (meta !== undefined && !isObject(meta)) throw formatError('meta', 'an object', meta);
  return {
    format: PER_INSTANCE_TRACE_FORMAT,
    version: version as 1 | 2,
    updateRule: 'sum',
    samplingRate,
    noiseMultiplier,
    clip,
    datasetSize,
    steps,
    checkpointSteps: checkpointSteps as number[],
    records: records as PerInstanceTraceRecord[],
    ...(meta !== undefined ? { meta: meta as Record<string, unknown> } : {}),
  };
}

/**
 * Validates one run's fields other than its norm values: `seed`, `excludedRecords` (version 2:
 * unique ids of records of the trace) and the shape of `gradientNorms` (one row per checkpoint,
 * one value per record). Returns the indices of the excluded records.
 */
export function validatePerInstanceTraceRun(run: unknown, r: number, header: PerInstanceTraceHeader, index: ReadonlyMap<string, number>): Int32Array {
  if (!isObject(run)) throw formatError(`runs[${r}]`, 'an object { seed, excludedRecords?, gradientNorms }', run);
  const allowed = header.version === 1 ? ['seed', 'gradientNorms'] : ['seed', 'excludedRecords', 'gradientNorms'];
  for (const key of Object.keys(run)) if (!allowed.includes(key)) throw formatError(`runs[${r}].${key}`, `absent (allowed in version ${header.version}: ${allowed.join(', ')})`, run[key]);
  integerIn(`runs[${r}].seed`, run['seed'], -Infinity, Infinity);
  const excluded = run['excludedRecords'] ?? [];
  if (!Array.isArray(excluded)) throw formatError(`runs[${r}].excludedRecords`, 'an array of record ids', excluded);
  const indices = new Int32Array(excluded.length);
  const seen = new Set<number>();
  excluded.forEach((id: unknown, k) => {
    const i = typeof id === 'string' || typeof id === 'number' ? index.get(recordKey(id)) : undefined;
    if (i === undefined) throw formatError(`runs[${r}].excludedRecords[${k}]`, 'the id of a record listed in records', id);
    if (seen.has(i)) throw formatError(`runs[${r}].excludedRecords[${k}]`, 'listed once per run', id);
    seen.add(i);
    indices[k] = i;
  });
  const rows = run['gradientNorms'];
  const nCheckpoints = header.checkpointSteps.length;
  if (!Array.isArray(rows) || rows.length !== nCheckpoints) throw formatError(`runs[${r}].gradientNorms`, `an array with one row per checkpoint (${nCheckpoints})`, rows);
  rows.forEach((row: unknown, c) => {
    const length = (row as { length?: unknown } | null)?.length;
    if (row === null || typeof row !== 'object' || length !== header.records.length) {
      throw formatError(`runs[${r}].gradientNorms[${c}]`, `an array with one norm per record (${header.records.length})`, Array.isArray(row) ? `${row.length} values` : row);
    }
  });
  return indices;
}

/** Checks one row of clipped norms: numbers in [0, C·(1 + 1e−6)]. */
export function validatePerInstanceNormRow(row: ArrayLike<unknown>, r: number, c: number, clip: number): void {
  const maxNorm = perInstanceMaxNorm(clip);
  for (let i = 0; i < row.length; i++) {
    const norm = row[i];
    if (typeof norm === 'number' && norm >= 0 && norm <= maxNorm) continue;
    throw perInstanceNormError(norm, r, c, i, clip);
  }
}

/**
 * The largest norm a trace with clip norm `clip` may store: C·(1 + 1e−6) (round-off). Internal.
 *
 * @example perInstanceMaxNorm(1) // 1.000001
 */
export function perInstanceMaxNorm(clip: number): number {
  return clip * (1 + CLIP_SLACK);
}

/**
 * The error {@link validatePerInstanceNormRow} throws for `norm` at `runs[r].gradientNorms[c][i]`
 * (the streaming parser throws it for a norm it checked but did not store). Internal.
 *
 * @example perInstanceNormError(7, 0, 1, 2, 1.5).message // 'runs[0].gradientNorms[1][2] must be a clipped norm in [0, clip = 1.5] …'
 */
export function perInstanceNormError(norm: unknown, r: number, c: number, i: number, clip: number): DpboundsTypeError | DpboundsRangeError {
  const parameter = `runs[${r}].gradientNorms[${c}][${i}]`;
  if (typeof norm !== 'number') return new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: `a clipped norm in [0, clip = ${clip}]`, found: norm });
  return new DpboundsRangeError({ code: Number.isFinite(norm) ? 'ERR_OUT_OF_RANGE' : 'ERR_NOT_FINITE', parameter, expected: `a clipped norm in [0, clip = ${clip}] (store min(‖g‖, C))`, found: norm });
}

/** Map from {@link recordKey} to the record's index. */
export function perInstanceRecordIndex(header: PerInstanceTraceHeader): Map<string, number> {
  return new Map(header.records.map((record, i) => [recordKey(record.id), i]));
}

/**
 * Checks that `value` (parsed JSON) is a version-1 or version-2 per-instance trace and returns
 * it typed. Enforces {@link perInstanceTraceSchema} and the cross-field rules: one
 * `gradientNorms` row per checkpoint and one value per record in each row, finite norms in
 * [0, C·(1 + 1e−6)] (norms must be clipped: store min(‖g‖, C)), strictly increasing checkpoints
 * in [0, T − 1], unique record ids, excluded ids naming records. Every message names the JSON
 * path, the expectation and the value found. For files use the streaming reader
 * (`readPerInstanceTraceFile` in `@dpbounds/sgd-instrumentation/node`), which never holds the text.
 *
 * @throws DpboundsTypeError (wrong type, shape, format tag or version) or DpboundsRangeError
 * (a number out of range) naming the offending field, e.g. `runs[1].gradientNorms[4][17]`.
 * @example const trace = validatePerInstanceTrace(JSON.parse(text));
 */
export function validatePerInstanceTrace(value: unknown): PerInstanceTrace {
  const header = validatePerInstanceTraceHeader(value);
  const runs = (value as Record<string, unknown>)['runs'];
  if (!Array.isArray(runs) || runs.length === 0) throw formatError('runs', 'a non-empty array of { seed, excludedRecords?, gradientNorms }', runs);
  const index = perInstanceRecordIndex(header);
  runs.forEach((run: unknown, r) => {
    validatePerInstanceTraceRun(run, r, header, index);
    ((run as Record<string, unknown>)['gradientNorms'] as unknown[][]).forEach((row, c) => validatePerInstanceNormRow(row, r, c, header.clip));
  });
  return { ...header, runs: runs as PerInstanceTraceRun[] };
}

/**
 * The sensitivity ratios r = min(1, norm/C) of a validated trace, shaped
 * `ratios[run][checkpoint][record]` as `perInstancePrivacy` (in @dpbounds/accountants) takes them.
 *
 * @example const ratios = perInstanceTraceRatios(validatePerInstanceTrace(json));
 */
export function perInstanceTraceRatios(trace: PerInstanceTrace): Float64Array[][] {
  validatePerInstanceTrace(trace);
  const clip = trace.clip;
  return trace.runs.map((run) =>
    run.gradientNorms.map((row) => {
      const out = new Float64Array(row.length);
      for (let i = 0; i < row.length; i++) out[i] = Math.min(1, (row[i] as number) / clip);
      return out;
    }),
  );
}

/**
 * For each run of a validated trace, the indices (into `records`) of the targets it did not
 * train on: the `excludedRecords` input of `perInstancePrivacy`.
 *
 * @example perInstanceTraceExclusions(trace) // [[], [], [0, 1, 2], …]
 */
export function perInstanceTraceExclusions(trace: PerInstanceTrace): number[][] {
  validatePerInstanceTrace(trace);
  const index = perInstanceRecordIndex(trace);
  return trace.runs.map((run) => (run.excludedRecords ?? []).map((id) => index.get(recordKey(id)) as number));
}

/** Input of {@link createPerInstanceTrace}: a run configuration and ratios r = min(1, ‖g‖/C). */
export interface PerInstanceTraceInput {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly clip: number;
  readonly datasetSize: number;
  readonly steps: number;
  readonly checkpointSteps: readonly number[];
  /** Record ids (or `{ id, label }` objects), one per column of the ratio rows. */
  readonly records: readonly (string | number | PerInstanceTraceRecord)[];
  /** Seeds of the runs, one per entry of `ratios`. */
  readonly seeds: readonly number[];
  /** `ratios[run][checkpoint][record]` ∈ [0, 1]: clipped norm divided by C. */
  readonly ratios: readonly (readonly ArrayLike<number>[])[];
  /** Per run, the ids of the records it did not train on (default: none). */
  readonly excludedRecords?: readonly (readonly (string | number)[])[];
  readonly meta?: Readonly<Record<string, unknown>>;
}

/**
 * Builds and validates a version-2 trace from sensitivity ratios (what an instrument measuring
 * min(1, ‖g‖/C) collects): stores the clipped norms r·C. The inverse of
 * {@link perInstanceTraceRatios} up to rounding.
 *
 * @throws DpboundsTypeError / DpboundsRangeError as {@link validatePerInstanceTrace}, or when the
 * number of seeds (or of exclusion lists) differs from the number of runs.
 * @example createPerInstanceTrace({ samplingRate: 0.01, noiseMultiplier: 1, clip: 1, datasetSize: 100, steps: 10, checkpointSteps: [0], records: [7], seeds: [1, 2], ratios: [[[0.2]], [[0.1]]], excludedRecords: [[], [7]] })
 */
export function createPerInstanceTrace(input: PerInstanceTraceInput): PerInstanceTrace {
  requireObject('input', input);
  const nRuns = Array.isArray(input.ratios) ? input.ratios.length : 0;
  if (!Array.isArray(input.seeds) || !Array.isArray(input.ratios) || input.seeds.length !== nRuns) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'seeds', expected: `one seed per run (${nRuns})`, found: input.seeds });
  }
  const excluded = input.excludedRecords;
  if (excluded !== undefined && (!Array.isArray(excluded) || excluded.length !== nRuns)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'excludedRecords', expected: `one list of record ids per run (${nRuns})`, found: excluded });
  }
  const clip = input.clip;
  const trace = {
    format: PER_INSTANCE_TRACE_FORMAT,
    version: PER_INSTANCE_TRACE_VERSION,
    updateRule: 'sum',
    samplingRate: input.samplingRate,
    noiseMultiplier: input.noiseMultiplier,
    clip,
    datasetSize: input.datasetSize,
    steps: input.steps,
    checkpointSteps: [...input.checkpointSteps],
    records: input.records.map((record) => (typeof record === 'object' ? { ...record } : { id: record })),
    runs: input.ratios.map((run, r) => ({
      seed: input.seeds[r],
      ...(excluded?.[r] !== undefined && excluded[r].length > 0 ? { excludedRecords: [...excluded[r]] } : {}),
      gradientNorms: run.map((row: ArrayLike<number>) => Array.from(row, (ratio: number) => (typeof ratio === 'number' && typeof clip === 'number' ? Math.min(ratio, 1) * clip : ratio))),
    })),
    ...(input.meta !== undefined ? { meta: input.meta } : {}),
  };
  return validatePerInstanceTrace(trace);
}
