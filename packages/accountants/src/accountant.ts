/**
 * The accountant interface shared by RDP, PLD, PRV and GDP (the `PrivacyAccountant` design of
 * Google's dp_accounting): `supports(event)`, `compose(event, count)`, `getEpsilon(delta)`,
 * `getDelta(epsilon)`, and a JSON state that survives checkpoints.
 *
 * Accountants keep a ledger of (q, σ, count) runs and compute lazily at query time, so
 * composing many events is cheap and the state is small.
 */
import { DpboundsTypeError, requireArray, requireInRange, requireInteger } from '@dpbounds/special-functions';
import { flattenEvent, UnsupportedEventError, type LedgerEntry } from './events/ledger.js';
import { dpSgdEvent, type MechanismEvent } from './events/mechanism-event.js';
import { requireOptions, validateLedger, validateLedgerEntry } from './events/validate-event.js';

import type { NeighbouringRelation, ResultKind } from '@dpbounds/tradeoff-core';

/**
 * Neighbouring datasets: `add-remove` (one record added or removed; both directions are priced
 * and the worse one reported) or `substitution` (one record replaced by another). The one
 * definition lives in `@dpbounds/tradeoff-core`, shared by every package.
 */
export type { NeighbouringRelation };

/** The accountants of this package. */
export type AccountantKind = 'rdp' | 'pld' | 'prv' | 'gdp';

/**
 * How a result was computed: the accountant's own method, or a cheaper valid bound it switched
 * to (and why), so that a caller can say so next to the number.
 */
export interface ResultProvenance {
  /** What `upper` is: `guarantee` (RDP, PLD, PRV upper bounds) or `estimate` (GDP/CLT). `lower` is a lower bound. */
  readonly kind: ResultKind;
  /** The neighbouring relation the numbers are for. */
  readonly neighbouring: NeighbouringRelation;
  /**
   * `pld`, `prv`, `rdp`, `gdp`; `pld-coarsened` when the work budget forced a coarser
   * (still pessimistic) grid; `pld-fallback` when the PRV grid cannot resolve δ and the PLD's
   * exponentially tilted bounds of the same ledger are reported; `rdp-fallback` when the
   * accountant's grid cannot resolve δ (or would exceed the budget) and the RDP bound, valid for
   * every δ, is reported instead.
   */
  readonly method: string;
  /** Why a coarser grid or a fallback was used (absent otherwise). */
  readonly note?: string;
}

/** An ε with its numerical error: `upper` is the guarantee, `lower` ≤ true ε ≤ `upper` up to the stated method error. */
export interface EpsilonBounds extends ResultProvenance {
  readonly lower: number;
  readonly estimate: number;
  readonly upper: number;
}

/** A δ with its numerical error: `upper` is the guarantee. */
export interface DeltaBounds extends ResultProvenance {
  readonly lower: number;
  readonly estimate: number;
  readonly upper: number;
}

/** The serialised state of an accountant (`toJSON`), restored by `restoreAccountant`. */
export interface AccountantState {
  readonly format: 'dpbounds-accountant/v1';
  readonly accountant: AccountantKind;
  readonly neighbouring: NeighbouringRelation;
  readonly options: Readonly<Record<string, number | string>>;
  readonly ledger: readonly LedgerEntry[];
}

/**
 * One DP-SGD training step for {@link PrivacyAccountant.step}: the Poisson-subsampled Gaussian
 * mechanism with noise multiplier σ ≥ 0 (finite) and sampling rate q ∈ [0, 1], repeated `steps`
 * times (an integer ≥ 0, default 1). The names are those of `dpSgdEvent` and of Opacus'
 * `accountant.step(noise_multiplier=…, sample_rate=…)`.
 */
export interface TrainingStep {
  readonly noiseMultiplier: number;
  readonly samplingRate: number;
  readonly steps?: number;
}

/**
 * One run of identical steps in an accountant's {@link PrivacyAccountant.history}, in the order
 * of Opacus' history tuples (noise multiplier, sample rate, number of steps).
 */
export interface TrainingHistoryEntry {
  readonly noiseMultiplier: number;
  readonly samplingRate: number;
  readonly count: number;
}

/** What every accountant offers. */
export interface PrivacyAccountant {
  /** Which accountant this is. */
  readonly kind: AccountantKind;
  /** The neighbouring relation it prices. */
  readonly neighbouring: NeighbouringRelation;
  /** False only for the GDP/CLT accountant, whose ε is an approximation and not a bound. */
  readonly isGuarantee: boolean;
  /** `guarantee` (RDP, PLD, PRV: upper bounds) or `estimate` (GDP/CLT), the shared vocabulary of tradeoff-core. */
  readonly resultKind: ResultKind;
  /** The steps composed so far, as (q, σ, count) runs in order (a frozen snapshot: changing it is impossible). */
  readonly ledger: readonly LedgerEntry[];
  /** True when `compose(event)` would succeed; a malformed event (bad kind, field or range) throws the typed error `compose` would throw. */
  supports(event: MechanismEvent): boolean;
  /** Adds `event` repeated `count` times (default 1); returns the accountant. Throws {@link UnsupportedEventError}. */
  compose(event: MechanismEvent, count?: number): this;
  /**
   * The training-loop form of `compose`: adds one DP-SGD step (or `steps` identical ones) with
   * the given noise multiplier and sampling rate, and returns the accountant for chaining. It is
   * exactly `compose(dpSgdEvent({ samplingRate, noiseMultiplier, steps }))`, so a loop calling
   * it once per batch gets bit-for-bit the ε of one event with the total count.
   *
   * @example for (const batch of batches) { train(batch); accountant.step({ noiseMultiplier: 1.1, samplingRate: 256 / 60000 }); }
   */
  step(options: TrainingStep): this;
  /** The steps composed so far as (noiseMultiplier, samplingRate, count) runs, consecutive equal steps merged (frozen). */
  readonly history: readonly TrainingHistoryEntry[];
  /** Smallest ε such that the run is (ε, δ)-DP (≥ 0, may be +∞; δ ≥ 1 gives 0). */
  getEpsilon(delta: number): number;
  /** Smallest δ such that the run is (ε, δ)-DP for ε ∈ [0, ∞]. */
  getDelta(epsilon: number): number;
  /**
   * `getDelta` at each ε of `epsilons` (the privacy profile on a grid), the same values up to
   * rounding; the PLD accountant answers them in one sweep of its grid.
   */
  getDeltas(epsilons: readonly number[]): number[];
  /** The JSON state (format `dpbounds-accountant/v1`). */
  toJSON(): AccountantState;
}

/**
 * Base class holding the ledger, event flattening, argument validation and the cases every
 * accountant answers the same way, and the training-loop form `step()` with its `history` (empty ledger: ε = 0, δ = 0; δ ≥ 1: ε = 0; a non-private
 * step: ε = ∞ and δ(ε) = 1, the pessimistic value; δ = 0 with any private step: ε = ∞).
 * Subclasses implement `checkEntry`, `options`, `epsilonFor` and `deltaFor`.
 *
 * @example
 * class MyAccountant extends LedgerAccountant { ... } // see RdpAccountant for a complete one
 */
export abstract class LedgerAccountant implements PrivacyAccountant {
  abstract readonly kind: AccountantKind;
  abstract readonly isGuarantee: boolean;
  readonly neighbouring: NeighbouringRelation;
  /** Frozen array of frozen entries; replaced (never mutated) on every change. */
  private entries: readonly LedgerEntry[] = Object.freeze([]);
  /** Increases on every change of the ledger, for caches in subclasses. */
  protected revision = 0;
  /** `history` of one ledger array (the ledger array is replaced, never mutated, on every change). */
  private historyCache: { readonly ledger: readonly LedgerEntry[]; readonly entries: readonly TrainingHistoryEntry[] } | undefined;

  protected constructor(neighbouring: NeighbouringRelation) {
    requireNeighbouring(neighbouring);
    this.neighbouring = neighbouring;
  }

  /** Why this accountant cannot price steps (q, σ), or undefined. */
  protected abstract checkEntry(entry: LedgerEntry): string | undefined;
  /** Options to serialise. */
  protected abstract options(): Record<string, number | string>;
  /** ε for 0 < δ < 1 on a non-empty, private ledger. */
  protected abstract epsilonFor(delta: number): number;
  /** δ for ε ∈ [0, ∞] on a non-empty, private ledger. */
  protected abstract deltaFor(epsilon: number): number;

  /** δ at each ε ∈ [0, ∞] on a non-empty, private ledger: `deltaFor` at each, unless a subclass answers them together. */
  protected deltasFor(epsilons: readonly number[]): number[] {
    return epsilons.map((e) => this.deltaFor(e));
  }

  /** The ledger: a frozen array of frozen entries, so no caller can change ε through it. */
  get ledger(): readonly LedgerEntry[] {
    return this.entries;
  }

  /** `guarantee` unless this accountant is an approximation (GDP/CLT: `estimate`). */
  get resultKind(): ResultKind {
    return this.isGuarantee ? 'guarantee' : 'estimate';
  }

  /**
   * The ledger as a training history: (noiseMultiplier, samplingRate, count) runs in order,
   * consecutive equal steps merged; a frozen array of frozen entries, rebuilt only when the
   * ledger changes.
   *
   * @example new RdpAccountant().step({ noiseMultiplier: 1, samplingRate: 0.01, steps: 3 }).history // [{ noiseMultiplier: 1, samplingRate: 0.01, count: 3 }]
   */
  get history(): readonly TrainingHistoryEntry[] {
    if (this.historyCache?.ledger !== this.entries) {
      const entries = this.entries.map((e) => Object.freeze({ noiseMultiplier: e.noiseMultiplier, samplingRate: e.samplingRate, count: e.count }));
      this.historyCache = { ledger: this.entries, entries: Object.freeze(entries) };
    }
    return this.historyCache.entries;
  }

  /** Total number of steps in the ledger. */
  get totalSteps(): number {
    return this.entries.reduce((sum, e) => sum + e.count, 0);
  }

  supports(event: MechanismEvent): boolean {
    try {
      flattenEvent(event, { accountant: this.kind, check: (entry) => this.checkEntry(entry), neighbouring: this.neighbouring });
      return true;
    } catch (error) {
      if (error instanceof UnsupportedEventError) return false;
      throw error;
    }
  }

  compose(event: MechanismEvent, count = 1): this {
    requireInteger('count', count, { min: 0 });
    const added = flattenEvent(event, { count, accountant: this.kind, check: (entry) => this.checkEntry(entry), neighbouring: this.neighbouring });
    this.appendEntries(added);
    return this;
  }

  /**
   * Adds one DP-SGD step (or `steps` identical ones) and returns the accountant: the same ledger
   * entry as `compose(dpSgdEvent({ samplingRate, noiseMultiplier, steps }))`. Options are checked
   * like an event's fields (σ ≥ 0 finite, q ∈ [0, 1], steps an integer ≥ 0; unknown keys are
   * refused), and the error names `step.<field>`.
   *
   * @example accountant.step({ noiseMultiplier: 1.1, samplingRate: 0.01 }).step({ noiseMultiplier: 1.1, samplingRate: 0.01 })
   */
  step(options: TrainingStep): this {
    const o = requireOptions<TrainingStep>('step', options, ['noiseMultiplier', 'samplingRate', 'steps'], false);
    const noiseMultiplier = requireInRange('step.noiseMultiplier', o.noiseMultiplier, { min: 0 });
    const samplingRate = requireInRange('step.samplingRate', o.samplingRate, { min: 0, max: 1 });
    const steps = o.steps === undefined ? 1 : requireInteger('step.steps', o.steps, { min: 0 });
    return this.compose(dpSgdEvent({ samplingRate, noiseMultiplier, steps }));
  }

  /** Appends validated entries, merging with the last one when (q, σ) repeat. */
  protected appendEntries(added: readonly LedgerEntry[]): void {
    if (added.length === 0) return;
    const next = [...this.entries];
    for (const entry of added) {
      const last = next[next.length - 1];
      if (last !== undefined && last.samplingRate === entry.samplingRate && last.noiseMultiplier === entry.noiseMultiplier) {
        const count = last.count + entry.count;
        if (count > Number.MAX_SAFE_INTEGER) throw new UnsupportedEventError(this.kind, `ledger entry (q=${entry.samplingRate}, σ=${entry.noiseMultiplier})`, 'the total number of steps exceeds 2^53');
        next[next.length - 1] = Object.freeze({ samplingRate: last.samplingRate, noiseMultiplier: last.noiseMultiplier, count });
      } else next.push(Object.freeze({ samplingRate: entry.samplingRate, noiseMultiplier: entry.noiseMultiplier, count: entry.count }));
    }
    this.entries = Object.freeze(next);
    this.revision++;
  }

  /** True when some step adds no noise. */
  protected get hasNonPrivateStep(): boolean {
    return this.entries.some((e) => e.noiseMultiplier === 0);
  }

  getEpsilon(delta: number): number {
    requireInRange('delta', delta, { min: 0, max: Infinity });
    if (this.entries.length === 0 || delta >= 1) return 0;
    if (this.hasNonPrivateStep || delta === 0) return Infinity;
    const eps = this.epsilonFor(delta);
    return Number.isNaN(eps) ? Infinity : Math.max(0, eps);
  }

  getDelta(epsilon: number): number {
    requireInRange('epsilon', epsilon, { min: 0, max: Infinity });
    if (this.entries.length === 0) return 0;
    if (this.hasNonPrivateStep) return 1;
    const delta = this.deltaFor(epsilon);
    return Number.isNaN(delta) ? 1 : Math.min(1, Math.max(0, delta));
  }

  /**
   * `getDelta` at each ε (each in [0, ∞], checked and named `epsilons[i]`): a privacy profile on
   * a grid of ε, the same values as one `getDelta` call per ε up to rounding.
   *
   * @example new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })).getDeltas([0.5, 1, 2])
   */
  getDeltas(epsilons: readonly number[]): number[] {
    requireArray('epsilons', epsilons);
    epsilons.forEach((e, k) => requireInRange(`epsilons[${k}]`, e, { min: 0, max: Infinity }));
    if (this.entries.length === 0) return epsilons.map(() => 0);
    if (this.hasNonPrivateStep) return epsilons.map(() => 1);
    return this.deltasFor(epsilons).map((delta) => (Number.isNaN(delta) ? 1 : Math.min(1, Math.max(0, delta))));
  }

  toJSON(): AccountantState {
    return {
      format: 'dpbounds-accountant/v1',
      accountant: this.kind,
      neighbouring: this.neighbouring,
      options: this.options(),
      ledger: this.entries.map((e) => ({ ...e })),
    };
  }

  /** Replaces the ledger by validated entries from a saved state. */
  protected loadLedger(entries: readonly LedgerEntry[]): void {
    const checked = entries.map((raw, i) => {
      const e = validateLedgerEntry(`state.ledger[${i}]`, raw);
      const reason = this.checkEntry(e);
      if (reason !== undefined) throw new UnsupportedEventError(this.kind, `ledger entry (q=${e.samplingRate}, σ=${e.noiseMultiplier})`, reason);
      return e;
    });
    this.entries = Object.freeze([]);
    this.appendEntries(checked);
  }
}

/**
 * Checks that `value` is a neighbouring relation.
 *
 * @example requireNeighbouring('add-remove') // 'add-remove'
 */
export function requireNeighbouring(value: unknown): NeighbouringRelation {
  if (value !== 'add-remove' && value !== 'substitution') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'neighbouring', expected: '"add-remove" or "substitution"', found: value });
  }
  return value;
}

/**
 * Validates a saved accountant state (format, kind, relation, ledger entries) and returns it
 * typed; throws `DpboundsTypeError` (code ERR_INVALID_FORMAT) naming the bad field.
 *
 * @example parseAccountantState(JSON.parse(text), 'pld')
 */
export function parseAccountantState(json: unknown, kind: AccountantKind, optionKeys?: readonly string[]): AccountantState {
  const bad = (parameter: string, expected: string, found: unknown): never => {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter, expected, found });
  };
  if (json === null || typeof json !== 'object') return bad('state', 'an accountant state object', json);
  const s = json as Record<string, unknown>;
  // unknown keys first: a misspelt `format_` is named as such, not as a missing format
  requireOptions('state', s, ['format', 'accountant', 'neighbouring', 'options', 'ledger'], false);
  if (s.format !== 'dpbounds-accountant/v1') bad('state.format', '"dpbounds-accountant/v1"', s.format);
  if (s.accountant !== kind) bad('state.accountant', JSON.stringify(kind), s.accountant);
  requireNeighbouring(s.neighbouring);
  const options = s.options;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) bad('state.options', 'an object', options);
  if (optionKeys !== undefined) requireOptions('state.options', options, optionKeys, false);
  for (const [key, value] of Object.entries(options as Record<string, unknown>)) {
    if (!(typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))) bad(`state.options.${key}`, 'a finite number or a string', value);
  }
  if (!Array.isArray(s.ledger)) bad('state.ledger', 'an array of { samplingRate, noiseMultiplier, count }', s.ledger);
  const ledger = validateLedger('state.ledger', s.ledger);
  return { format: 'dpbounds-accountant/v1', accountant: kind, neighbouring: s.neighbouring as NeighbouringRelation, options: options as Record<string, number | string>, ledger };
}
