/**
 * The ledger: a mechanism event flattened into runs of identical Poisson-subsampled Gaussian
 * steps (q, σ, count). Every accountant here prices exactly this, so the ledger is also the
 * serialisable state of an accountant.
 */
import { DpboundsTypeError, requireArray, requireFunction, requireInteger, requireObject, requireOptions, requireString } from '@dpbounds/special-functions';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { describeEvent, type MechanismEvent } from './mechanism-event.js';
import { ballsInBinsEntry, fixedSizeEntry, innerNoiseMultiplier } from './sampler-ledger.js';
import { validateEvent } from './validate-event.js';
import { bandedMatrixLedgerSteps } from '../sampling/banded-matrix/banded-matrix-event.js';

/**
 * `count` identical steps of the Poisson-subsampled Gaussian mechanism with sampling rate q and
 * noise multiplier σ (σ = 0: non-private steps; q = 1: plain Gaussian mechanism).
 */
export interface LedgerEntry {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly count: number;
}

/**
 * The typed error of `compose` for an event (or sub-event) an accountant cannot price. It
 * names the offending sub-event, e.g. "unsupported(my-sketch)".
 *
 * @example
 * try { accountant.compose(unsupportedEvent('sketch')) } catch (e) { (e as UnsupportedEventError).subEvent } // "unsupported(sketch)"
 */
export class UnsupportedEventError extends DpboundsTypeError {
  /** Readable name of the sub-event that is not supported. */
  readonly subEvent: string;
  /** The accountant that refused it. */
  readonly accountant: string;

  constructor(accountant: string, subEvent: string, reason: string) {
    super(
      { code: 'ERR_UNSUPPORTED_EVENT', parameter: 'event', expected: `an event the ${accountant} accountant supports`, found: subEvent },
      `the ${accountant} accountant does not support the sub-event ${subEvent}: ${reason}`,
    );
    this.name = 'UnsupportedEventError';
    this.subEvent = subEvent;
    this.accountant = accountant;
  }
}

/**
 * Says why an accountant cannot price one step kind, or `undefined` when it can.
 * Called for every (q, σ) the event contains.
 */
export type EntryCheck = (entry: LedgerEntry) => string | undefined;

/** What {@link flattenEvent} flattens an event for. */
export interface FlattenEventOptions {
  /** How many times the event repeats (an integer ≥ 0; default 1). */
  readonly count?: number;
  /** The accountant the entries are for, named in an {@link UnsupportedEventError}. */
  readonly accountant: string;
  /** Says why the accountant cannot price an entry, or `undefined` when it can. */
  readonly check: EntryCheck;
  /** The relation of the accountant that will price the entries (fixed-size sampling needs add-remove). */
  readonly neighbouring?: NeighbouringRelation;
}

/**
 * Flattens `event` repeated `options.count` times into ledger entries, checking each with
 * `options.check`. Throws {@link UnsupportedEventError} naming the first sub-event that `check`
 * (or the event algebra: e.g. Poisson sampling of something other than a Gaussian) refuses.
 *
 * `options.neighbouring` is the relation of the accountant that will price the entries.
 * Fixed-size steps become Poisson add-remove entries (q = b/N, σ/2) and are accepted only when it
 * is `add-remove` (under substitution a step can meet either direction, which needs the
 * symmetrised pair of `fixedSizeSubstitutionEpsilon`; docs/math/batch-samplers.md); balls-in-bins
 * becomes one Gaussian step per epoch (valid for both relations); truncated Poisson has no ledger
 * entry (its mixture PLD is priced by `truncatedPoissonPld`) and is refused; a banded matrix
 * mechanism becomes the Gaussian or Poisson-subsampled Gaussian steps of `bandedMatrixLedgerSteps`.
 *
 * @throws DpboundsTypeError / DpboundsRangeError naming `options` (not an object, an unknown key), `options.count`, `options.accountant`, `options.check` or the event's bad field.
 * @example flattenEvent(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 5 }), { count: 2, accountant: 'rdp', check: () => undefined }) // [{ samplingRate: 0.01, noiseMultiplier: 1, count: 10 }]
 */
export function flattenEvent(event: MechanismEvent, options: FlattenEventOptions): LedgerEntry[] {
  const { count = 1, accountant, check, neighbouring } = requireOptions<FlattenEventOptions>('options', options, ['count', 'accountant', 'check', 'neighbouring']);
  requireInteger('options.count', count, { min: 0 });
  requireString('options.accountant', accountant);
  requireFunction('options.check', check);
  validateEvent('event', event);
  const out: LedgerEntry[] = [];
  const visit = (e: MechanismEvent, times: number): void => {
    if (times === 0) return;
    switch (e.kind) {
      case 'gaussian':
        push(e, { samplingRate: 1, noiseMultiplier: e.noiseMultiplier, count: times });
        return;
      case 'poisson-sampled': {
        const inner = e.event;
        if (inner.kind === 'no-op') return;
        if (inner.kind === 'gaussian') {
          push(e, { samplingRate: e.samplingRate, noiseMultiplier: inner.noiseMultiplier, count: times });
          return;
        }
        if (inner.kind === 'non-private') {
          push(e, { samplingRate: e.samplingRate, noiseMultiplier: 0, count: times });
          return;
        }
        throw new UnsupportedEventError(accountant, describeEvent(e), 'Poisson sampling is priced only for a Gaussian (or non-private) inner mechanism');
      }
      case 'self-composed':
        if (times * e.count > Number.MAX_SAFE_INTEGER) {
          throw new UnsupportedEventError(accountant, describeEvent(e), 'the total number of steps exceeds 2^53');
        }
        visit(e.event, times * e.count);
        return;
      case 'composed':
        for (const sub of e.events) visit(sub, times);
        return;
      case 'no-op':
        return;
      case 'non-private':
        push(e, { samplingRate: 1, noiseMultiplier: 0, count: times });
        return;
      case 'unsupported':
        throw new UnsupportedEventError(accountant, describeEvent(e), 'no accounting rule exists for it');
      case 'fixed-size-sampled': {
        const sigma = innerNoiseMultiplier(e.event);
        if (sigma === undefined) return;
        if (sigma === 'unsupported') throw new UnsupportedEventError(accountant, describeEvent(e), 'fixed-size sampling is priced only for a Gaussian (or non-private) inner mechanism');
        if (neighbouring !== 'add-remove') {
          throw new UnsupportedEventError(accountant, describeEvent(e), 'fixed-size sampling is priced here only for add-remove (the Poisson pair at q = b/N with sensitivity 2); under substitution one step can meet either direction, which needs the symmetrised pair of fixedSizeSubstitutionEpsilon (or samplerEpsilon)');
        }
        push(e, { ...fixedSizeEntry(e.batchSize, e.datasetSize, sigma), count: times });
        return;
      }
      case 'balls-in-bins':
        if (e.epochs === 0) return;
        if (times * e.epochs > Number.MAX_SAFE_INTEGER) throw new UnsupportedEventError(accountant, describeEvent(e), 'the total number of steps exceeds 2^53');
        push(e, { ...ballsInBinsEntry(e.noiseMultiplier), count: times * e.epochs });
        return;
      case 'banded-matrix':
        for (const step of bandedMatrixLedgerSteps(e)) {
          if (times * step.count > Number.MAX_SAFE_INTEGER) throw new UnsupportedEventError(accountant, describeEvent(e), 'the total number of steps exceeds 2^53');
          push(e, { samplingRate: step.samplingRate, noiseMultiplier: step.noiseMultiplier, count: times * step.count });
        }
        return;
      case 'truncated-poisson-sampled':
        throw new UnsupportedEventError(accountant, describeEvent(e), 'truncated Poisson sampling is a mixture of two subsampled-Gaussian losses, not one ledger step: price it with truncatedPoissonEpsilon (or samplerEpsilon)');
      default:
        // unreachable after validateEvent; kept so that a new kind can never be skipped silently
        throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'event.kind', expected: 'a known mechanism event kind', found: (e as { kind?: unknown }).kind });
    }
  };
  const push = (e: MechanismEvent, entry: LedgerEntry): void => {
    if (entry.samplingRate === 0) return; // q = 0: the step never touches a record.
    const reason = check(entry);
    if (reason !== undefined) throw new UnsupportedEventError(accountant, describeEvent(e), reason);
    const last = out[out.length - 1];
    if (last !== undefined && last.samplingRate === entry.samplingRate && last.noiseMultiplier === entry.noiseMultiplier) {
      if (last.count + entry.count > Number.MAX_SAFE_INTEGER) throw new UnsupportedEventError(accountant, describeEvent(e), 'the total number of steps exceeds 2^53');
      out[out.length - 1] = { ...last, count: last.count + entry.count };
    } else out.push(entry);
  };
  visit(event, count);
  return out;
}

/**
 * Groups ledger entries with equal (q, σ) and sums their counts (composition is commutative),
 * in first-appearance order.
 *
 * @example groupLedger([{ samplingRate: 0.1, noiseMultiplier: 1, count: 2 }, { samplingRate: 0.1, noiseMultiplier: 1, count: 3 }]) // one entry, count 5
 */
export function groupLedger(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const list = requireArray('entries', entries);
  for (let i = 0; i < list.length; i++) requireObject(`entries[${i}]`, list[i]); // not forEach: it skips the holes of a sparse array
  const map = new Map<string, LedgerEntry>();
  for (const e of entries) {
    const key = `${e.samplingRate}|${e.noiseMultiplier}`;
    const prev = map.get(key);
    map.set(key, prev === undefined ? { ...e } : { ...prev, count: prev.count + e.count });
  }
  return [...map.values()];
}
