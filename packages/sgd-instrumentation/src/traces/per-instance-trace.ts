/**
 * The per-instance trace (version 1): types, validation and the ratios the analysis reads.
 * Schema in `per-instance-trace-schema.ts`; fields documented in docs/per-instance-trace.md.
 * Written by `dpbounds train --instrument per-instance` and by any Opacus/PyTorch loop; read by
 * `dpbounds per-instance` (Thudi et al., "Gradients Look Alike", USENIX Security 2024).
 */
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { PER_INSTANCE_TRACE_FORMAT, PER_INSTANCE_TRACE_VERSION } from './per-instance-trace-schema.js';

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
  /** `gradientNorms[checkpoint][record]`: clipped norms min(‖g‖, C) ∈ [0, C]. */
  readonly gradientNorms: readonly (readonly number[])[];
}

/** A validated version-1 per-instance trace. */
export interface PerInstanceTrace {
  readonly format: typeof PER_INSTANCE_TRACE_FORMAT;
  readonly version: typeof PER_INSTANCE_TRACE_VERSION;
  /** Only the sum rule (noise on the sum of clipped gradients, Opacus' default) is analysed. */
  readonly updateRule: 'sum';
  /** Poisson sampling rate q ∈ (0, 1]. */
  readonly samplingRate: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
  /** Clip norm C > 0. */
  readonly clip: number;
  /** Training-set size N ≥ 1. */
  readonly datasetSize: number;
  /** Steps T ≥ 1 of every run. */
  readonly steps: number;
  /** Strictly increasing 0-based checkpoint steps in [0, T − 1]. */
  readonly checkpointSteps: readonly number[];
  readonly records: readonly PerInstanceTraceRecord[];
  readonly runs: readonly PerInstanceTraceRun[];
  /** Free-form provenance, ignored by the analysis. */
  readonly meta?: Readonly<Record<string, unknown>>;
}

const TOP_LEVEL = new Set(['format', 'version', 'updateRule', 'samplingRate', 'noiseMultiplier', 'clip', 'datasetSize', 'steps', 'checkpointSteps', 'records', 'runs', 'meta']);

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

/**
 * Checks that `value` (parsed JSON) is a version-1 per-instance trace and returns it typed.
 * Enforces {@link perInstanceTraceSchema} and the cross-field rules: one `gradientNorms` row per
 * checkpoint and one value per record in each row, finite norms in [0, C·(1 + 1e−6)]
 * (norms must be clipped: store min(‖g‖, C)), strictly increasing checkpoints in [0, T − 1],
 * unique record ids. Every message names the JSON path, the expectation and the value found.
 *
 * @throws DpboundsTypeError (wrong type, shape, format tag or version) or DpboundsRangeError
 * (a number out of range) naming the offending field, e.g. `runs[1].gradientNorms[4][17]`.
 * @example const trace = validatePerInstanceTrace(JSON.parse(text));
 */
export function validatePerInstanceTrace(value: unknown): PerInstanceTrace {
  if (!isObject(value)) throw formatError('trace', 'a JSON object (a dpbounds per-instance trace)', value);
  if (value['format'] !== PER_INSTANCE_TRACE_FORMAT) throw formatError('format', `"${PER_INSTANCE_TRACE_FORMAT}"`, value['format']);
  if (value['version'] !== PER_INSTANCE_TRACE_VERSION) {
    throw formatError('version', `${PER_INSTANCE_TRACE_VERSION} (the only version this release reads)`, value['version']);
  }
  for (const key of Object.keys(value)) if (!TOP_LEVEL.has(key)) throw formatError(key, `absent (unknown field; allowed: ${[...TOP_LEVEL].join(', ')})`, value[key]);
  if (value['updateRule'] !== 'sum') throw formatError('updateRule', '"sum" (noise on the sum of clipped gradients)', value['updateRule']);
  const samplingRate = numberIn('samplingRate', value['samplingRate'], 0, true, 1);
  const noiseMultiplier = numberIn('noiseMultiplier', value['noiseMultiplier'], 0, true, Infinity);
  const clip = numberIn('clip', value['clip'], 0, true, Infinity);
  const datasetSize = integerIn('datasetSize', value['datasetSize'], 1, Infinity);
  const steps = integerIn('steps', value['steps'], 1, Infinity);

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
    const key = `${typeof id}:${String(id)}`;
    if (seen.has(key)) throw formatError(`records[${i}].id`, 'unique among records', id);
    seen.add(key);
  });

  const runs = value['runs'];
  if (!Array.isArray(runs) || runs.length === 0) throw formatError('runs', 'a non-empty array of { seed, gradientNorms }', runs);
  const maxNorm = clip * (1 + CLIP_SLACK);
  runs.forEach((run, r) => {
    if (!isObject(run)) throw formatError(`runs[${r}]`, 'an object { seed, gradientNorms }', run);
    for (const key of Object.keys(run)) if (key !== 'seed' && key !== 'gradientNorms') throw formatError(`runs[${r}].${key}`, 'absent (allowed: seed, gradientNorms)', run[key]);
    integerIn(`runs[${r}].seed`, run['seed'], -Infinity, Infinity);
    const rows = run['gradientNorms'];
    if (!Array.isArray(rows) || rows.length !== checkpointSteps.length) {
      throw formatError(`runs[${r}].gradientNorms`, `an array with one row per checkpoint (${checkpointSteps.length})`, rows);
    }
    rows.forEach((row, c) => {
      if (!Array.isArray(row) || row.length !== records.length) {
        throw formatError(`runs[${r}].gradientNorms[${c}]`, `an array with one norm per record (${records.length})`, row);
      }
      for (let i = 0; i < row.length; i++) {
        const norm = row[i] as unknown;
        if (typeof norm !== 'number' || !(norm >= 0 && norm <= maxNorm)) {
          if (typeof norm !== 'number') throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `runs[${r}].gradientNorms[${c}][${i}]`, expected: `a clipped norm in [0, clip = ${clip}]`, found: norm });
          throw new DpboundsRangeError({
            code: Number.isFinite(norm) ? 'ERR_OUT_OF_RANGE' : 'ERR_NOT_FINITE',
            parameter: `runs[${r}].gradientNorms[${c}][${i}]`,
            expected: `a clipped norm in [0, clip = ${clip}] (store min(‖g‖, C))`,
            found: norm,
          });
        }
      }
    });
  });
  const meta = value['meta'];
  if (meta !== undefined && !isObject(meta)) throw formatError('meta', 'an object', meta);
  return { ...(value as unknown as PerInstanceTrace), samplingRate, noiseMultiplier, clip, datasetSize, steps };
}

/**
 * The sensitivity ratios r = min(1, norm/C) of a validated trace, shaped
 * `ratios[run][checkpoint][record]` as `perInstancePrivacy` (in @dpbounds/accountants) takes them.
 *
 * @example const ratios = perInstanceTraceRatios(validatePerInstanceTrace(json));
 */
export function perInstanceTraceRatios(trace: PerInstanceTrace): Float64Array[][] {
  const clip = trace.clip;
  return trace.runs.map((run) =>
    run.gradientNorms.map((row) => {
      const out = new Float64Array(row.length);
      for (let i = 0; i < row.length; i++) out[i] = Math.min(1, (row[i] as number) / clip);
      return out;
    }),
  );
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
  readonly meta?: Readonly<Record<string, unknown>>;
}

/**
 * Builds and validates a version-1 trace from sensitivity ratios (what an instrument measuring
 * min(1, ‖g‖/C) collects): stores the clipped norms r·C. The inverse of
 * {@link perInstanceTraceRatios} up to rounding.
 *
 * @throws DpboundsTypeError / DpboundsRangeError as {@link validatePerInstanceTrace}, or when the
 * number of seeds differs from the number of runs.
 * @example createPerInstanceTrace({ samplingRate: 0.01, noiseMultiplier: 1, clip: 1, datasetSize: 100, steps: 10, checkpointSteps: [0], records: [7], seeds: [1], ratios: [[[0.2]]] })
 */
export function createPerInstanceTrace(input: PerInstanceTraceInput): PerInstanceTrace {
  if (!Array.isArray(input.seeds) || !Array.isArray(input.ratios) || input.seeds.length !== input.ratios.length) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'seeds', expected: `one seed per run (${Array.isArray(input.ratios) ? input.ratios.length : 0})`, found: input.seeds });
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
      gradientNorms: run.map((row: ArrayLike<number>) => Array.from(row, (ratio: number) => (typeof ratio === 'number' && typeof clip === 'number' ? Math.min(ratio, 1) * clip : ratio))),
    })),
    ...(input.meta !== undefined ? { meta: input.meta } : {}),
  };
  return validatePerInstanceTrace(trace);
}
