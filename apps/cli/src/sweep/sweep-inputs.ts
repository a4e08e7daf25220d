/**
 * What `dpbounds sweep` evaluates: the configurations (a grid on the command line, or a
 * CSV/JSONL file of configurations) and the request (accountants, threats, FPRs), all validated
 * before any work. Errors name the user's flag, or the file, line and column.
 */
import { expandSweepGrid } from '@dpbounds/accountants';
import type { NeighbouringRelation, SweepAccountant, SweepConfiguration, SweepGridSpec, SweepRequest, SweepThreat } from '@dpbounds/accountants';
import { SWEEP_ACCOUNTANTS, SWEEP_NUMERIC_FIELDS, SWEEP_THREATS, sweepConfigurationId, sweepSpecId, validateSweepConfiguration, validateSweepRequest } from '@dpbounds/accountants/advanced';
import type { SweepNumericField } from '@dpbounds/accountants/advanced';
import { isDpboundsError } from '@dpbounds/special-functions';
import type { CommandIo } from '../command.js';
import { closestName } from '../did-you-mean.js';
import { choice, hasFlag, numberList, optionalString } from '../flags.js';
import type { ParsedFlags } from '../flags.js';
import { decodeText, formatOf, readInputBytes } from '../io/read-file.js';
import { parseCsv } from '../io/csv.js';
import { UsageError } from '../usage-error.js';

/** The flag of each configuration field (kebab-case of the field). */
export const SWEEP_FIELD_FLAGS: Readonly<Record<SweepNumericField, string>> = {
  samplingRate: 'sampling-rate',
  noiseMultiplier: 'noise-multiplier',
  steps: 'steps',
  delta: 'delta',
  epsilon: 'epsilon',
  targetEpsilon: 'target-epsilon',
  datasetSize: 'dataset-size',
  params: 'params',
  clip: 'clip',
};

/** A validated sweep: its configurations in order, the request and the sweep's id. */
export interface SweepPlan {
  readonly configs: readonly SweepConfiguration[];
  readonly ids: readonly string[];
  readonly request: SweepRequest;
  readonly specId: string;
}

function listOf<T extends string>(flags: ParsedFlags, flag: string, allowed: readonly T[]): T[] | undefined {
  const raw = optionalString(flags, flag);
  if (raw === undefined) return undefined;
  const items = raw.split(',').map((s) => s.trim());
  for (const item of items) {
    if (!(allowed as readonly string[]).includes(item)) {
      const guess = closestName(item, allowed);
      throw new UsageError(`--${flag} must be a comma-separated list of ${allowed.join(', ')}; found ${JSON.stringify(item)}${guess !== undefined ? ` (did you mean ${guess}?)` : ''}`);
    }
  }
  if (new Set(items).size !== items.length) throw new UsageError(`--${flag} names an item twice; found ${JSON.stringify(raw)}`);
  return items as T[];
}

/** The request of the command line (`--accountant`, `--threat`, `--fpr`, `--skip-dp`). */
export function sweepRequestFromFlags(flags: ParsedFlags): SweepRequest {
  const rawAccountant = optionalString(flags, 'accountant');
  const accountants: SweepRequest['accountants'] = rawAccountant === 'all' ? 'all' : (listOf<SweepAccountant>(flags, 'accountant', SWEEP_ACCOUNTANTS) ?? ['pld']);
  const threats = listOf<SweepThreat>(flags, 'threat', SWEEP_THREATS);
  const fprs = flags.fpr === undefined ? undefined : numberList(flags, 'fpr', { min: 0, max: 1 }, []);
  const request: SweepRequest = {
    accountants,
    ...(threats !== undefined ? { threats } : {}),
    ...(fprs !== undefined ? { fprs } : {}),
    ...(hasFlag(flags, 'skip-dp') ? { skipDp: true } : {}),
  };
  return validateSweepRequest(request);
}

function gridFromFlags(flags: ParsedFlags, neighbouring: NeighbouringRelation): SweepConfiguration[] {
  const spec: Record<string, unknown> = { neighbouring };
  for (const field of SWEEP_NUMERIC_FIELDS) {
    const raw = optionalString(flags, SWEEP_FIELD_FLAGS[field]);
    if (raw !== undefined) spec[field] = raw;
  }
  // a refusal names the field (samplingRate), which the command line maps to its flag
  return expandSweepGrid(spec as SweepGridSpec);
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const COLUMN_NAMES = new Map<string, SweepNumericField | 'neighbouring'>([
  ...SWEEP_NUMERIC_FIELDS.flatMap((f) => [[f, f], [SWEEP_FIELD_FLAGS[f], f], [SWEEP_FIELD_FLAGS[f].replace(/-/g, '_'), f]] as [string, SweepNumericField][]),
  ['neighbouring', 'neighbouring'],
]);

function configFromRecord(where: string, record: Readonly<Record<string, unknown>>, neighbouring: NeighbouringRelation): SweepConfiguration {
  const config: Record<string, unknown> = { neighbouring };
  for (const [key, value] of Object.entries(record)) {
    const field = COLUMN_NAMES.get(key);
    if (field === undefined) {
      const guess = closestName(key, [...COLUMN_NAMES.keys()]);
      throw new UsageError(`${where}: unknown field ${JSON.stringify(key)}${guess !== undefined ? ` (did you mean ${guess}?)` : ''}; fields: ${[...SWEEP_NUMERIC_FIELDS, 'neighbouring'].join(', ')}`);
    }
    if (value === '' || value === null || value === undefined) continue;
    if (field === 'neighbouring') {
      config.neighbouring = value;
      continue;
    }
    const number = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    if (!Number.isFinite(number)) throw new UsageError(`${where}: ${key} must be a finite decimal number; found ${JSON.stringify(value)}`);
    config[field] = number === 0 ? 0 : number;
  }
  return config as unknown as SweepConfiguration;
}

async function configsFromFile(path: string, io: CommandIo, neighbouring: NeighbouringRelation): Promise<{ configs: SweepConfiguration[]; lines: number[] }> {
  const format = formatOf(path);
  if (format !== 'csv' && format !== 'jsonl') throw new UsageError(`--configs ${path}: use a .csv or .jsonl file of configurations`);
  const text = decodeText(path, await readInputBytes(path, io.cwd));
  const configs: SweepConfiguration[] = [];
  const lines: number[] = [];
  if (format === 'csv') {
    const [header, ...records] = parseCsv(path, text);
    if (header === undefined) throw new UsageError(`--configs ${path}: empty file (expected a header row such as samplingRate,noiseMultiplier,steps,delta)`);
    for (const record of records) {
      if (record.cells.length !== header.cells.length) throw new UsageError(`${path}: line ${record.line}: ${record.cells.length} cells, the header has ${header.cells.length}`);
      const object = Object.fromEntries(header.cells.map((name, i) => [name.trim(), record.cells[i]]));
      configs.push(configFromRecord(`${path}: line ${record.line}`, object, neighbouring));
      lines.push(record.line);
    }
  } else {
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw new UsageError(`${path}: line ${i + 1}: not JSON (${(error as Error).message})`);
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${path}: line ${i + 1}: expected an object of configuration fields`);
      configs.push(configFromRecord(`${path}: line ${i + 1}`, value as Record<string, unknown>, neighbouring));
      lines.push(i + 1);
    });
  }
  if (configs.length === 0) throw new UsageError(`--configs ${path}: no configurations`);
  return { configs, lines };
}

/**
 * Reads and validates the sweep of the command line: a grid (`--noise-multiplier 0.5:2:0.1 …`)
 * or `--configs FILE`, and the request. Every configuration is checked before any work.
 *
 * @throws UsageError (or a typed error naming the field, which the CLI maps to its flag).
 */
export async function sweepPlanFromFlags(flags: ParsedFlags, io: CommandIo): Promise<SweepPlan> {
  const request = sweepRequestFromFlags(flags);
  const neighbouring = choice(flags, 'neighbouring', ['add-remove', 'substitution'] as const, 'add-remove');
  const path = optionalString(flags, 'configs');
  let configs: SweepConfiguration[];
  let where: (i: number) => string | undefined = () => undefined;
  if (path !== undefined) {
    const given = SWEEP_NUMERIC_FIELDS.map((f) => SWEEP_FIELD_FLAGS[f]).filter((flag) => flags[flag] !== undefined);
    if (given.length > 0) throw new UsageError(`--configs and --${given[0] as string} cannot be combined: give the configurations in the file or as a grid on the command line`);
    const file = await configsFromFile(path, io, neighbouring);
    configs = file.configs;
    where = (i) => `${path}: line ${file.lines[i] as number}`;
  } else {
    if (flags['sampling-rate'] === undefined) throw new UsageError('missing --sampling-rate (values, a list or a range start:stop:step) or --configs FILE');
    configs = gridFromFlags(flags, neighbouring);
  }
  const seen = new Map<string, number>();
  const ids = configs.map((config, i) => {
    try {
      validateSweepConfiguration(config, request);
    } catch (error) {
      const at = where(i);
      if (at !== undefined && isDpboundsError(error)) throw new UsageError(`${at}: ${error.message}`);
      if (isDpboundsError(error) && error.parameter === 'delta' && (error.found === 'neither' || error.found === 'both')) {
        throw new UsageError(error.found === 'neither' ? 'missing --delta (report ε at δ) or --epsilon (report δ at ε)' : 'give --delta or --epsilon, not both');
      }
      // a field the request needs but the grid does not give: name the flag to add
      const flag = isDpboundsError(error) && error.found === undefined ? SWEEP_FIELD_FLAGS[error.parameter as SweepNumericField] : undefined;
      if (flag !== undefined && isDpboundsError(error)) throw new UsageError(`missing --${flag} (${error.expected.replace(' (', ': ').replace(/\)$/, '')})`);
      throw error;
    }
    const id = sweepConfigurationId(config);
    const earlier = seen.get(id);
    if (earlier !== undefined) throw new UsageError(`${where(i) ?? `configuration ${i}`}: repeats ${where(earlier) ?? `configuration ${earlier}`} (each configuration once)`);
    seen.set(id, i);
    return id;
  });
  return { configs, ids, request, specId: sweepSpecId(configs, request) };
}
