/**
 * The one validator of mechanism events, ledger entries and option objects, used at every public
 * entry of the accountants (`compose`, `supports`, constructors, `restoreAccountant`). Events
 * may be hand-built object literals (they are plain data), so nothing is trusted: every field is
 * checked for kind, type and range, unknown keys are refused, and cyclic or absurdly deep event
 * trees are refused instead of overflowing the stack.
 */
import { DpboundsRangeError, DpboundsTypeError, requireArray, requireInRange, requireInteger, requireOptions as requireKnownOptions } from '@dpbounds/special-functions';
import type { MechanismEvent } from './mechanism-event.js';
import { BANDED_MATRIX_FIELDS, bandedMatrixLedgerSteps, type BandedMatrixEvent } from '../sampling/banded-matrix/banded-matrix-event.js';

/** The event kinds, in the order error messages list them. */
export const EVENT_KINDS: readonly string[] = Object.freeze(['gaussian', 'poisson-sampled', 'self-composed', 'composed', 'no-op', 'non-private', 'unsupported', 'fixed-size-sampled', 'truncated-poisson-sampled', 'balls-in-bins', 'banded-matrix']);

/** The fields each event kind has (besides `kind`). */
const FIELDS: Readonly<Record<string, readonly string[]>> = {
  gaussian: ['noiseMultiplier'],
  'poisson-sampled': ['samplingRate', 'event'],
  'self-composed': ['event', 'count'],
  composed: ['events'],
  'no-op': [],
  'non-private': [],
  unsupported: ['name'],
  'fixed-size-sampled': ['batchSize', 'datasetSize', 'event'],
  'truncated-poisson-sampled': ['samplingRate', 'maxBatchSize', 'datasetSize', 'event'],
  'balls-in-bins': ['datasetSize', 'batchSize', 'epochs', 'noiseMultiplier', 'batchesPerEpoch'],
  'banded-matrix': BANDED_MATRIX_FIELDS,
};

/** Deepest event tree accepted (a real schedule is a few levels deep). */
const MAX_DEPTH = 64;

/**
 * The error-path name a caller gave, as a string: `String(name)`, or a typed error naming
 * `parameter` when the name cannot be converted (an object without a prototype, a throwing
 * `toString`), so a bad label never surfaces as a plain `TypeError`.
 *
 * @example parameterName('event') // 'event'
 */
function parameterName(name: unknown): string {
  try {
    return String(name);
  } catch {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'parameter', expected: 'a string (the name used in error messages)', found: name });
  }
}

/** Most events in one tree (a schedule with a phase per step of a long run still fits). */
export const MAX_EVENT_NODES = 1_000_000;
const MAX_NODES = MAX_EVENT_NODES;

/**
 * Requires a sampling rate q ∈ [0, 1] (q = 0: no record is ever used).
 *
 * @example requireSamplingRate('samplingRate', 0.01) // 0.01
 */
export function requireSamplingRate(parameter: string, value: unknown): number {
  return requireInRange(parameter, value, { min: 0, max: 1 });
}

/**
 * Requires a noise multiplier σ ∈ [0, ∞) (σ = 0: a non-private release).
 *
 * @example requireNoiseMultiplier('noiseMultiplier', 1.1) // 1.1
 */
export function requireNoiseMultiplier(parameter: string, value: unknown): number {
  return requireInRange(parameter, value, { min: 0 });
}

/**
 * Requires a plain object (not null, not an array) and refuses keys outside `allowed`, naming
 * the first unknown one. `undefined` is read as `{}` when `optional`.
 *
 * @example requireOptions('options', { neighbouring: 'add-remove' }, ['neighbouring']) // the object
 */
export function requireOptions<T extends object>(parameter: string, value: unknown, allowed: readonly string[], optional = true): T {
  if (value === undefined && optional) return {} as T;
  return requireKnownOptions<T>(parameter, value, allowed);
}

/**
 * Validates a mechanism event tree (hand-built literals included): a known `kind`, exactly the
 * fields of that kind, each in range (σ ≥ 0 finite, q ∈ [0, 1], count a safe integer ≥ 0, a
 * non-empty `name`), recursively, at most 64 levels deep and 10⁶ events, no cycles. Throws a
 * `DpboundsTypeError` / `DpboundsRangeError` whose parameter is the path of the bad field
 * (e.g. `event.events[2].event.samplingRate`).
 *
 * @example validateEvent('event', { kind: 'gaussian', noiseMultiplier: 1 }) // returns the event
 */
export function validateEvent(parameter: string, event: unknown): MechanismEvent {
  parameter = parameterName(parameter); // a Symbol or an object name would throw in the paths built below
  let nodes = 0;
  const onPath = new Set<object>();
  const visit = (path: string, e: unknown, depth: number): void => {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: path, expected: `a mechanism event (an object with kind ${EVENT_KINDS.join(', ')})`, found: e });
    }
    if (depth > MAX_DEPTH) throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: path, expected: `an event tree at most ${MAX_DEPTH} levels deep`, found: e });
    if (++nodes > MAX_NODES) throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter, expected: `an event tree of at most ${MAX_NODES} events`, found: event });
    if (onPath.has(e)) throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: path, expected: 'an event tree without cycles', found: e });
    const o = e as Record<string, unknown>;
    const kind = o.kind;
    const fields = typeof kind === 'string' && Object.hasOwn(FIELDS, kind) ? FIELDS[kind] : undefined;
    if (fields === undefined) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `${path}.kind`, expected: `one of ${EVENT_KINDS.join(', ')}`, found: kind });
    }
    for (const key of Object.keys(o)) {
      if (key !== 'kind' && !fields.includes(key)) {
        throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `${path}.${key}`, expected: `absent (a ${String(kind)} event has ${fields.length === 0 ? 'no fields besides kind' : fields.join(', ')})`, found: o[key] });
      }
    }
    onPath.add(e);
    switch (kind) {
      case 'gaussian':
        requireNoiseMultiplier(`${path}.noiseMultiplier`, o.noiseMultiplier);
        break;
      case 'poisson-sampled':
        requireSamplingRate(`${path}.samplingRate`, o.samplingRate);
        visit(`${path}.event`, o.event, depth + 1);
        break;
      case 'self-composed':
        requireInteger(`${path}.count`, o.count, { min: 0 });
        visit(`${path}.event`, o.event, depth + 1);
        break;
      case 'composed': {
        const list = o.events;
        if (!Array.isArray(list)) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `${path}.events`, expected: 'an array of mechanism events', found: list });
        for (let i = 0; i < list.length; i++) visit(`${path}.events[${i}]`, list[i], depth + 1);
        break;
      }
      case 'fixed-size-sampled':
      case 'truncated-poisson-sampled':
        validateSamplerEventFields(path, kind, o);
        visit(`${path}.event`, o.event, depth + 1);
        break;
      case 'balls-in-bins':
        validateSamplerEventFields(path, kind, o);
        break;
      case 'banded-matrix':
        bandedMatrixLedgerSteps(o as unknown as BandedMatrixEvent, `${path}.`);
        break;
      case 'unsupported':
        if (typeof o.name !== 'string' || o.name === '') throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `${path}.name`, expected: 'a non-empty string', found: o.name });
        break;
      default:
        break;
    }
    onPath.delete(e);
  };
  visit(parameter, event, 0);
  return event as MechanismEvent;
}

/** A validated ledger entry (the fields of `LedgerEntry`). */
export interface ValidLedgerEntry {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly count: number;
}

/**
 * Validates one ledger entry of a saved state: q ∈ (0, 1], σ ∈ [0, ∞), count a safe integer
 * ≥ 1, no other keys. Returns a fresh frozen copy.
 *
 * @example validateLedgerEntry('state.ledger[0]', { samplingRate: 0.01, noiseMultiplier: 1, count: 10 })
 */
export function validateLedgerEntry(parameter: string, raw: unknown): ValidLedgerEntry {
  parameter = parameterName(parameter); // a Symbol or an object name would throw in the paths built below
  const e = requireOptions<Record<string, unknown>>(parameter, raw, ['samplingRate', 'noiseMultiplier', 'count'], false);
  return Object.freeze({
    samplingRate: requireInRange(`${parameter}.samplingRate`, e.samplingRate, { min: 0, max: 1, minExclusive: true }),
    noiseMultiplier: requireNoiseMultiplier(`${parameter}.noiseMultiplier`, e.noiseMultiplier),
    count: requireInteger(`${parameter}.count`, e.count, { min: 1 }),
  });
}

/**
 * Validates a ledger: an array whose every entry, holes of a sparse array included (read by
 * index, not skipped as `map` and `forEach` skip them), passes {@link validateLedgerEntry} under
 * the name `parameter[i]`. Returns a fresh dense array of frozen copies.
 *
 * @example validateLedger('ledger', [{ samplingRate: 0.01, noiseMultiplier: 1, count: 10 }])
 */
export function validateLedger(parameter: string, raw: unknown): ValidLedgerEntry[] {
  parameter = parameterName(parameter);
  const list = requireArray(parameter, raw);
  const out: ValidLedgerEntry[] = [];
  for (let i = 0; i < list.length; i++) out.push(validateLedgerEntry(`${parameter}[${i}]`, list[i]));
  return out;
}

/**
 * Throws unless 1 ≤ batchSize ≤ datasetSize (both integers), naming the field.
 *
 * @example requireBatchWithinDataset('event.', 256, 60_000)
 */
export function requireBatchWithinDataset(path: string, batchSize: unknown, datasetSize: unknown, batchName = 'batchSize'): void {
  const n = requireInteger(`${path}datasetSize`, datasetSize, { min: 1 });
  const b = requireInteger(`${path}${batchName}`, batchSize, { min: 1 });
  if (b > n) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `${path}${batchName}`, expected: `an integer in [1, datasetSize = ${n}]`, found: b });
}

/**
 * Requires the batches per epoch k of an epoch-based loop (shuffle, balls-in-bins): an integer in
 * [1, `max.value`] (default: datasetSize; an epoch of more batches than records leaves batches
 * empty). The error names the field, the range with `max.name` (what the upper end is) and the
 * value (docs/math/batch-samplers.md, sections 5 and 6).
 *
 * @example requireBatchesPerEpoch('batchesPerEpoch', 2, 1000) // 2
 */
export function requireBatchesPerEpoch(parameter: string, value: unknown, datasetSize: number, max: { readonly value: number; readonly name: string } = { value: datasetSize, name: 'datasetSize' }): number {
  const k = requireInteger(parameter, value, { min: 1 });
  if (k > max.value) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter, expected: `an integer in [1, ${max.name} = ${max.value}]`, found: k });
  return k;
}

/**
 * Validates the numeric fields of the sampler events (fixed-size, truncated Poisson, balls-in-bins).
 *
 * @example validateSamplerEventFields('event', 'balls-in-bins', { datasetSize: 100, batchSize: 10, epochs: 1, noiseMultiplier: 1 })
 */
export function validateSamplerEventFields(path: string, kind: string, o: Record<string, unknown>): void {
  switch (kind) {
    case 'fixed-size-sampled':
      requireBatchWithinDataset(`${path}.`, o.batchSize, o.datasetSize);
      break;
    case 'truncated-poisson-sampled':
      requireInRange(`${path}.samplingRate`, o.samplingRate, { min: 0, max: 1 });
      requireBatchWithinDataset(`${path}.`, o.maxBatchSize, o.datasetSize, 'maxBatchSize');
      break;
    case 'balls-in-bins':
      requireBatchWithinDataset(`${path}.`, o.batchSize, o.datasetSize);
      requireInteger(`${path}.epochs`, o.epochs, { min: 0 });
      requireInRange(`${path}.noiseMultiplier`, o.noiseMultiplier, { min: 0 });
      if (o.batchesPerEpoch !== undefined) requireBatchesPerEpoch(`${path}.batchesPerEpoch`, o.batchesPerEpoch, o.datasetSize as number);
      break;
    default:
      break;
  }
}
