/**
 * The run file (`dpbounds.run`, version 1; docs/your-run.md, schema in
 * docs/run-file/run-file-v1.schema.json): what `dpbounds dp` takes, with the library's names,
 * for a run trained anywhere (Opacus, plain PyTorch, JAX, our trainer). `dpbounds report` reads
 * it; `dpbounds demo` writes one for the run it trains. The file is checked whole before any
 * work: unknown keys get a did-you-mean, every field is validated by the same code that reads
 * `dp`'s flags (so a run file and a command line can never disagree on what is valid), and
 * every message names the field, its range and the value found.
 */
import type { DpSgdPhase } from '@dpbounds/accountants';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { dirname, resolve } from 'node:path';
import { closestName } from '../did-you-mean.js';
import type { ParsedFlags } from '../flags.js';
import { decodeText, readInputBytes } from '../io/read-file.js';
import { UsageError } from '../usage-error.js';
import { parseBandedRun } from '../commands/banded-flags.js';
import type { BandedRunChoice } from '../commands/banded-flags.js';
import { requirePhase } from '../commands/dp-history.js';
import { parseSampling } from '../commands/sampling-flags.js';
import type { SamplingChoice } from '../commands/sampling-flags.js';
import { requireJsonDepth } from '../io/json-depth.js';

/** The `format` of a run file. */
export const RUN_FILE_FORMAT = 'dpbounds.run';
/** The version this build writes and reads. */
export const RUN_FILE_VERSION = 1;
/** A run file is small: refuse anything larger before parsing it. */
export const RUN_FILE_MAX_BYTES: number = 1024 * 1024;

/** The fields of a version-1 run file, in the order the docs list them. */
export const RUN_FILE_FIELDS = [
  'format', 'version', 'name', 'framework', 'mechanism', 'samplingRate', 'batchSize', 'datasetSize', 'noiseMultiplier', 'steps',
  'history', 'sampler', 'bandedMatrix', 'delta', 'neighbouring', 'clipNorm', 'parameters', 'description', 'utility',
] as const;

const SAMPLER_FIELDS = ['kind', 'maxBatchSize', 'batchesPerEpoch', 'dropLast'] as const;
const BANDED_FIELDS = ['bandValues', 'strategy', 'bands', 'participation', 'minSeparation'] as const;
const PHASE_FIELDS = ['noiseMultiplier', 'samplingRate', 'steps'] as const;
const UTILITY_FIELDS = ['testAccuracy', 'trainAccuracy', 'testSize'] as const;

/** Measured utility of the run (not a privacy number), when the user gives it. */
export interface RunUtility {
  readonly testAccuracy: number | null;
  readonly trainAccuracy: number | null;
  readonly testSize: number | null;
}

/** A validated run file. */
export interface ReportRun {
  /** The path as the user typed it (messages name it). */
  readonly source: string;
  readonly name?: string;
  readonly framework?: string;
  readonly mechanism: 'dp-sgd' | 'banded-matrix';
  /**
   * DP-SGD: the phases priced, in order (one phase for a run without `history`). Empty for a
   * banded matrix run.
   */
  readonly phases: readonly DpSgdPhase[];
  /** DP-SGD without `history`: the batch sampler with its sizes, as `dp --sampling` reads it. */
  readonly sampling?: SamplingChoice;
  /** A banded matrix run (DP-FTRL / BandMF), as `dp --mechanism banded-matrix` reads it. */
  readonly banded?: BandedRunChoice;
  /** Total steps T (the sum over phases). */
  readonly steps: number;
  readonly delta: number;
  /** The relation the user quotes first (every section still says its own). */
  readonly neighbouring: NeighbouringRelation;
  readonly clipNorm?: number;
  readonly parameters?: number;
  readonly batchSize?: number;
  readonly datasetSize?: number;
  /** Free key–value description of the run (dataset, model, epochs, …), shown in the report's configuration. */
  readonly description: Readonly<Record<string, string | number | boolean | null>>;
  readonly utility?: RunUtility;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Refuses keys outside `known`, with the closest known name. */
function refuseUnknownKeys(source: string, where: string, value: Json, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const near = closestName(key, known);
    throw new UsageError(`--run ${source}: unknown field ${where}${JSON.stringify(key)}${near === undefined ? '' : ` (did you mean "${near}"?)`}; the fields are ${known.join(', ')}`);
  }
}

/** camelCase field → kebab-case flag of `dp`. */
const flagOf = (field: string): string => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** kebab-case flag → the run file's field (`sampling` is `sampler`). */
const fieldOf = (flag: string): string => (flag === 'sampling' ? 'sampler' : flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()));

/**
 * Re-phrases a message of `dp`'s flag readers for the run file: `--batch-size` becomes the field
 * `batchSize`, `--sampling` becomes `sampler`, prefixed by the file.
 */
function asRunFileError(source: string, prefix: string, error: unknown): never {
  if (!(error instanceof UsageError)) throw error;
  const message = error.message.replace(/--([a-z][a-z-]*)/g, (_, flag: string) => `${prefix}${fieldOf(flag)}`);
  throw new UsageError(`--run ${source}: ${message}`);
}

/** A JSON value as the string a flag would carry (numbers exactly: `String(0.1)` round-trips). */
function flagValue(source: string, field: string, value: unknown): string | boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new UsageError(`--run ${source}: ${field} must be a finite number; found ${String(value)}`);
    return String(value);
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value;
  throw new UsageError(`--run ${source}: ${field} must be a number${field === 'sampler' || field === 'neighbouring' || field === 'mechanism' ? ' or a name' : ''}; found ${JSON.stringify(value)}`);
}

function put(flags: Record<string, string | boolean>, source: string, field: string, value: unknown, prefix = ''): void {
  const v = flagValue(source, `${prefix}${field}`, value);
  if (v !== undefined) flags[flagOf(field)] = v;
}

function optionalPositiveInteger(source: string, field: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new UsageError(`--run ${source}: ${field} must be an integer ≥ 1; found ${JSON.stringify(value)}`);
  return value;
}

function optionalText(source: string, field: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new UsageError(`--run ${source}: ${field} must be a string; found ${JSON.stringify(value)}`);
  return value;
}

/** The history as phases: each entry `{ noiseMultiplier, samplingRate, steps }`, checked as `dp --history` checks a phase. */
function readHistory(source: string, history: unknown): DpSgdPhase[] {
  if (!Array.isArray(history) || history.length === 0) throw new UsageError(`--run ${source}: history must be a non-empty array of { "noiseMultiplier", "samplingRate", "steps" }; found ${JSON.stringify(history)?.slice(0, 80)}`);
  return history.map((entry: unknown, i) => {
    const where = `history[${i}].`;
    if (!isObject(entry)) {
      const opacus = Array.isArray(entry) && entry.length === 3 ? ' (Opacus\' accountant.history is [σ, q, steps]: write { "noiseMultiplier": σ, "samplingRate": q, "steps": steps })' : '';
      throw new UsageError(`--run ${source}: ${where.slice(0, -1)} must be an object { "noiseMultiplier", "samplingRate", "steps" }; found ${JSON.stringify(entry)?.slice(0, 80)}${opacus}`);
    }
    refuseUnknownKeys(source, where, entry, PHASE_FIELDS);
    for (const field of PHASE_FIELDS) {
      if (entry[field] === undefined) throw new UsageError(`--run ${source}: ${where}${field} is missing`);
    }
    // the check `dp --history` makes of each phase
    return requirePhase(`--run ${source}: ${where.slice(0, -1)}`, { noiseMultiplier: entry['noiseMultiplier'], samplingRate: entry['samplingRate'], steps: entry['steps'] });
  });
}

function positive(flags: ParsedFlags, flag: string): number {
  const value = Number(flags[flag]);
  if (!(value > 0) || !Number.isFinite(value)) throw new UsageError(`--${flag} must be a number > 0; found ${String(flags[flag])}`);
  return value;
}

function readDescription(source: string, value: unknown): Record<string, string | number | boolean | null> {
  if (value === undefined) return {};
  if (!isObject(value)) throw new UsageError(`--run ${source}: description must be an object of names to strings, numbers or booleans; found ${JSON.stringify(value)?.slice(0, 80)}`);
  for (const [key, v] of Object.entries(value)) {
    const ok = v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
    if (!ok) throw new UsageError(`--run ${source}: description.${key} must be a string, a finite number, a boolean or null; found ${JSON.stringify(v)?.slice(0, 80)}`);
  }
  return value as Record<string, string | number | boolean | null>;
}

function readUtility(source: string, value: unknown): RunUtility | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw new UsageError(`--run ${source}: utility must be an object { "testAccuracy", "trainAccuracy", "testSize" }; found ${JSON.stringify(value)?.slice(0, 80)}`);
  refuseUnknownKeys(source, 'utility.', value, UTILITY_FIELDS);
  const rate = (field: string): number | null => {
    const v = value[field];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new UsageError(`--run ${source}: utility.${field} must be a number in [0, 1]; found ${JSON.stringify(v)}`);
    return v;
  };
  const size = value['testSize'];
  if (size !== undefined && size !== null && (typeof size !== 'number' || !Number.isInteger(size) || size < 0)) throw new UsageError(`--run ${source}: utility.testSize must be an integer ≥ 0; found ${JSON.stringify(size)}`);
  return { testAccuracy: rate('testAccuracy'), trainAccuracy: rate('trainAccuracy'), testSize: typeof size === 'number' ? size : null };
}

/**
 * Validates a parsed run file. `cwd` resolves a banded matrix `strategy` file (relative to the
 * run file's folder when read by {@link readRunFile}).
 *
 * @throws UsageError starting `--run <source>:` naming the field, its range and the value found.
 * @example await parseRunFile({ format: 'dpbounds.run', version: 1, samplingRate: 0.01, noiseMultiplier: 1, steps: 1000, delta: 1e-5 }, 'run.json', '.')
 */
export async function parseRunFile(value: unknown, source: string, cwd: string): Promise<ReportRun> {
  if (!isObject(value)) throw new UsageError(`--run ${source}: a run file is a JSON object with "format": "${RUN_FILE_FORMAT}"; found ${Array.isArray(value) ? 'an array' : JSON.stringify(value)?.slice(0, 40)}`);
  if (value['format'] !== RUN_FILE_FORMAT) throw new UsageError(`--run ${source}: format must be "${RUN_FILE_FORMAT}"; found ${JSON.stringify(value['format'])}`);
  if (value['version'] !== RUN_FILE_VERSION) throw new UsageError(`--run ${source}: version must be ${RUN_FILE_VERSION} (the run-file versions this dpbounds reads); found ${JSON.stringify(value['version'])}`);
  refuseUnknownKeys(source, '', value, RUN_FILE_FIELDS);
  const mechanism = value['mechanism'] ?? 'dp-sgd';
  if (mechanism !== 'dp-sgd' && mechanism !== 'banded-matrix') throw new UsageError(`--run ${source}: mechanism must be "dp-sgd" or "banded-matrix"; found ${JSON.stringify(mechanism)}`);
  const delta = value['delta'];
  if (typeof delta !== 'number' || !(delta > 0 && delta < 1)) throw new UsageError(`--run ${source}: delta must be a number in (0, 1) (the δ of every ε in the report); found ${JSON.stringify(delta)}`);
  const neighbouring = value['neighbouring'] ?? 'add-remove';
  if (neighbouring !== 'add-remove' && neighbouring !== 'substitution') throw new UsageError(`--run ${source}: neighbouring must be "add-remove" or "substitution"; found ${JSON.stringify(neighbouring)}`);
  const clip = value['clipNorm'];
  if (clip !== undefined && (typeof clip !== 'number' || !(clip > 0) || !Number.isFinite(clip))) throw new UsageError(`--run ${source}: clipNorm must be a finite number > 0; found ${JSON.stringify(clip)}`);
  const parameters = optionalPositiveInteger(source, 'parameters', value['parameters']);
  const name = optionalText(source, 'name', value['name']);
  const framework = optionalText(source, 'framework', value['framework']);
  const common = {
    source,
    ...(name === undefined ? {} : { name }),
    ...(framework === undefined ? {} : { framework }),
    delta,
    neighbouring: neighbouring as NeighbouringRelation,
    ...(clip === undefined ? {} : { clipNorm: clip as number }),
    ...(parameters === undefined ? {} : { parameters }),
    description: readDescription(source, value['description']),
  };
  const utility = readUtility(source, value['utility']);
  const withUtility = utility === undefined ? {} : { utility };

  if (mechanism === 'banded-matrix') {
    for (const field of ['samplingRate', 'history', 'sampler'] as const) {
      if (value[field] !== undefined) throw new UsageError(`--run ${source}: ${field} does not apply to mechanism "banded-matrix" (records join steps by bandedMatrix.participation)`);
    }
    const banded = value['bandedMatrix'];
    if (!isObject(banded)) throw new UsageError(`--run ${source}: mechanism "banded-matrix" needs bandedMatrix { "participation", "bandValues" or "strategy", … }; found ${JSON.stringify(banded)}`);
    refuseUnknownKeys(source, 'bandedMatrix.', banded, BANDED_FIELDS);
    const flags: Record<string, string | boolean> = {};
    for (const field of ['noiseMultiplier', 'steps', 'batchSize', 'datasetSize'] as const) put(flags, source, field, value[field]);
    for (const field of ['bands', 'participation', 'minSeparation', 'strategy'] as const) put(flags, source, field, banded[field], 'bandedMatrix.');
    if (banded['bandValues'] !== undefined) {
      const values = banded['bandValues'];
      if (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v !== 'number' || !Number.isFinite(v))) {
        throw new UsageError(`--run ${source}: bandedMatrix.bandValues must be a non-empty array of finite numbers (one per diagonal); found ${JSON.stringify(values)?.slice(0, 80)}`);
      }
      flags['band-values'] = values.map(String).join(',');
    }
    let run: BandedRunChoice;
    try {
      run = await parseBandedRun(flags, cwd);
    } catch (error) {
      return asRunFileError(source, '', error);
    }
    const sizes = { ...(typeof value['batchSize'] === 'number' ? { batchSize: value['batchSize'] } : {}), ...(typeof value['datasetSize'] === 'number' ? { datasetSize: value['datasetSize'] } : {}) };
    return { ...common, ...withUtility, ...sizes, mechanism, phases: [], banded: run, steps: run.options.steps };
  }

  if (value['bandedMatrix'] !== undefined) throw new UsageError(`--run ${source}: bandedMatrix needs "mechanism": "banded-matrix"`);
  const sampler = value['sampler'];
  const flags: Record<string, string | boolean> = {};
  if (isObject(sampler)) {
    refuseUnknownKeys(source, 'sampler.', sampler, SAMPLER_FIELDS);
    put(flags, source, 'sampling', sampler['kind'] ?? 'poisson', 'sampler.');
    for (const field of ['maxBatchSize', 'batchesPerEpoch'] as const) put(flags, source, field, sampler[field], 'sampler.');
    if (sampler['dropLast'] !== undefined) {
      if (typeof sampler['dropLast'] !== 'boolean') throw new UsageError(`--run ${source}: sampler.dropLast must be true or false; found ${JSON.stringify(sampler['dropLast'])}`);
      if (sampler['dropLast']) flags['drop-last'] = true;
    }
  } else if (sampler !== undefined) {
    if (typeof sampler !== 'string') throw new UsageError(`--run ${source}: sampler must be a name (poisson, fixed-size, shuffle, balls-in-bins, truncated-poisson) or an object { "kind", … }; found ${JSON.stringify(sampler)}`);
    flags['sampling'] = sampler;
  }
  for (const field of ['batchSize', 'datasetSize'] as const) put(flags, source, field, value[field]);
  const sizes = { ...(typeof value['batchSize'] === 'number' ? { batchSize: value['batchSize'] } : {}), ...(typeof value['datasetSize'] === 'number' ? { datasetSize: value['datasetSize'] } : {}) };

  if (value['history'] !== undefined) {
    for (const field of ['samplingRate', 'noiseMultiplier', 'steps'] as const) {
      if (value[field] !== undefined) throw new UsageError(`--run ${source}: give history or ${field}, not both (history lists each phase's noiseMultiplier, samplingRate and steps)`);
    }
    if (flags['sampling'] !== undefined && flags['sampling'] !== 'poisson') throw new UsageError(`--run ${source}: history is priced for Poisson sampling only; found sampler ${JSON.stringify(flags['sampling'])}`);
    const phases = readHistory(source, value['history']);
    return { ...common, ...withUtility, ...sizes, mechanism, phases, steps: phases.reduce((s, p) => s + p.steps, 0) };
  }
  for (const field of ['samplingRate', 'noiseMultiplier', 'steps'] as const) put(flags, source, field, value[field]);
  for (const field of ['noiseMultiplier', 'steps'] as const) {
    if (value[field] === undefined) throw new UsageError(`--run ${source}: ${field} is missing (or give history: a list of { "noiseMultiplier", "samplingRate", "steps" })`);
  }
  try {
    const sampling = parseSampling(flags) as SamplingChoice;
    const noiseMultiplier = positive(flags, 'noise-multiplier');
    const steps = Number(flags['steps']);
    if (!Number.isInteger(steps) || steps < 1) throw new UsageError(`--steps must be an integer ≥ 1; found ${String(flags['steps'])}`);
    return { ...common, ...withUtility, ...sizes, mechanism, phases: [{ samplingRate: sampling.samplingRate, noiseMultiplier, steps }], sampling, steps };
  } catch (error) {
    return asRunFileError(source, '', error);
  }
}

/**
 * Reads and validates the run file at `path` (resolved against `cwd`; a banded matrix
 * `strategy` file is resolved against the run file's folder).
 *
 * @throws UsageError naming the file and the field.
 * @example const run = await readRunFile('run.json', process.cwd());
 */
export async function readRunFile(path: string, cwd: string): Promise<ReportRun> {
  let text: string;
  try {
    text = decodeText(path, await readInputBytes(path, cwd, RUN_FILE_MAX_BYTES));
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`--run ${error.message}`);
    throw error;
  }
  requireJsonDepth(`--run ${path}`, text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--run ${path}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return parseRunFile(value, path, dirname(resolve(cwd, path)));
}
