/**
 * The banded matrix mechanism (DP-FTRL / BandMF) as a mechanism event, and the ledger steps that
 * price it truthfully (docs/math/batch-samplers.md, section 7, "Banded matrix mechanisms"):
 *
 * - `cyclic` (a fixed order, each record every k-th step, no sampling randomness): the Gaussian
 *   mechanism with the multi-participation sensitivity Δ (eq. (B2)). When k ≥ b the columns of
 *   one record's steps are disjoint and Δ² = Σ ‖C[:, i]‖² over its steps (Choquette-Choo et al.
 *   2023): then the event is one Gaussian release of noise σ/‖C[:, i]‖ per step of the worst
 *   record, which for the identity strategy is exactly DP-SGD without sampling. For k < b the
 *   bound Σ |⟨C_i, C_j⟩| is used as one Gaussian of noise σ/Δ.
 * - `poisson-in-group` (amplified BandMF, Choquette-Choo et al. 2023): records are split into k ≥ b
 *   groups, step i Poisson-samples group i mod k at rate q = kB/N; the steps of one record are
 *   k ≥ b apart, so each is a Poisson-subsampled Gaussian of noise σ/‖C[:, i]‖ ≥ σ/max‖C[:, i]‖,
 *   composed: ⌈n/k⌉ steps of (q, σ/max column norm). The identity strategy with k = 1 is DP-SGD.
 * - `balls-in-bins` (each epoch of k ≥ b steps, a record joins one uniformly chosen step): priced
 *   without amplification, as one Gaussian with the worst-pattern sensitivity (eq. (B3)). This is a
 *   guarantee; `bandedBallsInBinsGuarantee` gives a second one that credits the random placement
 *   (eqs. (B4)–(B6)), and callers report the smaller.
 *
 * σ is the noise multiplier of Z (standard deviation σ times the clip norm).
 */
import { DpboundsRangeError, DpboundsTypeError, requireInRange, requireInteger, requireObject, requireString, requireOptions } from '@dpbounds/special-functions';
import { bandedGram, type BandedStrategy } from './banded-strategy.js';
import { ballsInBinsSensitivitySquared, cyclicSensitivity } from './participation-sensitivity.js';

/** How records join the steps of a banded matrix mechanism. */
export type BandedParticipation = 'cyclic' | 'balls-in-bins' | 'poisson-in-group';

/** The participation schemes, in the order error messages list them. */
export const BANDED_PARTICIPATIONS: readonly BandedParticipation[] = Object.freeze(['cyclic', 'balls-in-bins', 'poisson-in-group'] as const);

/** A banded matrix mechanism run (see {@link bandedMatrixEvent}). */
export interface BandedMatrixEvent {
  readonly kind: 'banded-matrix';
  readonly strategy: BandedStrategy;
  readonly bands: number;
  readonly steps: number;
  readonly noiseMultiplier: number;
  readonly participation: BandedParticipation;
  /** Steps between two participations of a record (cyclic period, groups, or epoch length). */
  readonly minSeparation: number;
  /** Number of records N (poisson-in-group only). */
  readonly datasetSize?: number;
  /** Expected batch size B (poisson-in-group only). */
  readonly batchSize?: number;
}

/** Options of {@link bandedMatrixEvent}. */
export interface BandedMatrixOptions {
  readonly strategy: BandedStrategy;
  /** Number of bands b (1 ≤ b ≤ steps). */
  readonly bands: number;
  /** Number of steps n (integer ≥ 1). */
  readonly steps: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
  readonly participation: BandedParticipation;
  /** k: the cyclic period (default ⌈N/B⌉), the number of groups (default b) or the epoch length (default ⌈N/B⌉). */
  readonly minSeparation?: number;
  readonly datasetSize?: number;
  readonly batchSize?: number;
}

/** The fields a banded-matrix event has (besides `kind`). */
export const BANDED_MATRIX_FIELDS: readonly string[] = Object.freeze(['strategy', 'bands', 'steps', 'noiseMultiplier', 'participation', 'minSeparation', 'datasetSize', 'batchSize']);

/** One ledger step: `count` Gaussian releases at rate q (1 = every step uses the record) and noise σ. */
export interface BandedLedgerStep {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly count: number;
}

function requireParticipation(parameter: string, value: unknown): BandedParticipation {
  if (typeof value !== 'string' || !(BANDED_PARTICIPATIONS as readonly string[]).includes(value)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: `one of ${BANDED_PARTICIPATIONS.join(', ')}`, found: value });
  }
  return value as BandedParticipation;
}

function requireDatasetAndBatch(path: string, o: Record<string, unknown>, why: string): { n: number; b: number } {
  if (o.datasetSize === undefined || o.batchSize === undefined) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `${path}${o.datasetSize === undefined ? 'datasetSize' : 'batchSize'}`, expected: `an integer (${why})`, found: undefined });
  }
  const n = requireInteger(`${path}datasetSize`, o.datasetSize, { min: 1 });
  const b = requireInteger(`${path}batchSize`, o.batchSize, { min: 1, max: n });
  return { n, b };
}

/**
 * Validates a banded-matrix event's fields (hand-built literals included) and returns its ledger
 * steps. `path` prefixes parameter names (e.g. `event.`).
 *
 * @example bandedMatrixLedgerSteps({ kind: 'banded-matrix', strategy: { bands: [[1]] }, bands: 1, steps: 10, noiseMultiplier: 1, participation: 'cyclic', minSeparation: 5 }) // [{ samplingRate: 1, noiseMultiplier: 1, count: 2 }]
 */
export function bandedMatrixLedgerSteps(event: BandedMatrixEvent, path = ''): BandedLedgerStep[] {
  requireString('path', path);
  const o = requireObject(path === '' ? 'event' : path.replace(/\.$/, ''), event);
  const participation = requireParticipation(`${path}participation`, o.participation);
  const sigma = requireInRange(`${path}noiseMultiplier`, o.noiseMultiplier, { min: 0, minExclusive: true });
  const { steps: n, divisors } = worstRecordDivisors(o.strategy as BandedStrategy, o.bands as number, o.steps as number, participation, (bands) => requireInteger(`${path}minSeparation`, o.minSeparation, { min: participation === 'cyclic' ? 1 : bands }));
  const k = o.minSeparation as number;
  if (participation !== 'poisson-in-group' && (o.datasetSize !== undefined || o.batchSize !== undefined)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `${path}${o.datasetSize !== undefined ? 'datasetSize' : 'batchSize'}`, expected: `absent for ${participation} participation once minSeparation is set`, found: o.datasetSize ?? o.batchSize });
  }
  switch (participation) {
    case 'cyclic':
      // k ≥ b, disjoint columns: one Gaussian per participation of the worst record (exact);
      // k < b: one Gaussian at σ/Δ
      return divisors.map((d) => ({ samplingRate: 1, noiseMultiplier: sigma / d, count: 1 }));
    case 'balls-in-bins':
      return [{ samplingRate: 1, noiseMultiplier: sigma / (divisors[0] as number), count: 1 }];
    case 'poisson-in-group': {
      const { n: records, b: batch } = requireDatasetAndBatch(path, o, 'poisson-in-group samples each group at rate k·batchSize/datasetSize');
      const q = (k * batch) / records;
      if (q > 1) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `${path}batchSize`, expected: `at most datasetSize/minSeparation = ${records}/${k} (a group of N/k records cannot fill a larger expected batch)`, found: batch });
      return [{ samplingRate: q, noiseMultiplier: sigma / (divisors[0] as number), count: Math.ceil(n / k) }];
    }
  }
}

/**
 * The worst record's noise divisors, computed once per frozen strategy: they depend on the
 * strategy, b, n, the participation and k but not on σ, and the worst-pattern search costs
 * O(n·b²) (seconds for long runs with many bands), while one run's ledger is read several times
 * (validation, the accountants, the sensitivity) and calibration prices many σ. Only a strategy
 * frozen by {@link bandedMatrixEvent} (deeply, so it cannot change) is cached.
 */
const divisorCache = new WeakMap<object, Map<string, { bands: number; steps: number; divisors: readonly number[] }>>();

function worstRecordDivisors(
  strategy: BandedStrategy,
  bands: number,
  steps: number,
  participation: BandedParticipation,
  minSeparation: (bands: number) => number,
): { bands: number; steps: number; divisors: readonly number[] } {
  const cacheable = isDeeplyFrozen(strategy);
  const byKey = cacheable ? divisorCache.get(strategy) : undefined;
  // an entry for (strategy, b, n) exists only once they passed validation; k is checked as always
  const known = typeof bands === 'number' && typeof steps === 'number' && byKey?.has(`${bands}|${steps}`) === true;
  if (known) {
    const hit = byKey?.get(`${bands}|${steps}|${participation}|${minSeparation(bands)}`);
    if (hit !== undefined) return hit;
  }
  const gram = bandedGram(strategy, bands, steps);
  const k = minSeparation(gram.bands);
  let divisors: number[];
  switch (participation) {
    case 'cyclic': {
      const worst = cyclicSensitivity(gram, k);
      divisors = k >= gram.bands ? worst.steps.map((i) => gram.columnNorms[i] as number) : [Math.sqrt(worst.squared)];
      break;
    }
    case 'balls-in-bins':
      divisors = [Math.sqrt(ballsInBinsSensitivitySquared(gram, k))];
      break;
    case 'poisson-in-group': {
      let maxNorm = 0;
      for (const c of gram.columnNorms) maxNorm = Math.max(maxNorm, c);
      divisors = [maxNorm];
      break;
    }
  }
  const result = Object.freeze({ bands: gram.bands, steps: gram.steps, divisors: Object.freeze(divisors) });
  if (cacheable) {
    let map = divisorCache.get(strategy);
    if (map === undefined) divisorCache.set(strategy, (map = new Map()));
    map.set(`${bands}|${steps}`, result);
    map.set(`${bands}|${steps}|${participation}|${k}`, result);
  }
  return result;
}

function isDeeplyFrozen(strategy: BandedStrategy): boolean {
  if (strategy === null || typeof strategy !== 'object' || !Object.isFrozen(strategy)) return false;
  if ('bands' in strategy && Array.isArray(strategy.bands)) return Object.isFrozen(strategy.bands) && strategy.bands.every((row) => !Array.isArray(row) || Object.isFrozen(row));
  if ('columnNorms' in strategy && Array.isArray(strategy.columnNorms)) return Object.isFrozen(strategy.columnNorms);
  return false;
}

/**
 * A banded matrix mechanism run as a mechanism event (validated; the strategy is copied and
 * frozen). Every accountant prices it through {@link bandedMatrixLedgerSteps} (see the module
 * comment for the rule per participation). Domain: 1 ≤ bands ≤ steps, σ > 0, strategy
 * lower-triangular b-banded with positive diagonal (or positive column norms); minSeparation k
 * ≥ 1 (cyclic) or ≥ b (the others), default ⌈N/B⌉ (cyclic, balls-in-bins) or b (poisson-in-group);
 * poisson-in-group needs datasetSize N and batchSize B with kB ≤ N.
 *
 * @example bandedMatrixEvent({ strategy: { bands: [[1], [0.4]] }, bands: 2, steps: 1000, noiseMultiplier: 2, participation: 'poisson-in-group', datasetSize: 60_000, batchSize: 250 })
 */
export function bandedMatrixEvent(options: BandedMatrixOptions): BandedMatrixEvent {
  requireOptions('options', options, ['strategy', 'bands', 'steps', 'noiseMultiplier', 'participation', 'minSeparation', 'datasetSize', 'batchSize']);
  if (options === null || typeof options !== 'object') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'options', expected: `an object with keys among ${BANDED_MATRIX_FIELDS.join(', ')}`, found: options });
  }
  for (const key of Object.keys(options)) {
    if (!BANDED_MATRIX_FIELDS.includes(key)) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `options.${key}`, expected: `absent (known keys: ${BANDED_MATRIX_FIELDS.join(', ')})`, found: (options as unknown as Record<string, unknown>)[key] });
  }
  const participation = requireParticipation('participation', options.participation);
  const bands = requireInteger('bands', options.bands, { min: 1 });
  let minSeparation = options.minSeparation;
  let sizes: { datasetSize?: number; batchSize?: number } = {};
  if (participation === 'poisson-in-group') {
    const { n, b } = requireDatasetAndBatch('', options as unknown as Record<string, unknown>, 'poisson-in-group samples each group at rate k·batchSize/datasetSize');
    sizes = { datasetSize: n, batchSize: b };
    minSeparation ??= bands;
  } else if (minSeparation === undefined) {
    const { n, b } = requireDatasetAndBatch('', options as unknown as Record<string, unknown>, `${participation} needs minSeparation, or datasetSize and batchSize to set it to ⌈N/B⌉`);
    minSeparation = Math.ceil(n / b);
  }
  const strategy = freezeStrategy(options.strategy);
  const event: BandedMatrixEvent = Object.freeze({ kind: 'banded-matrix', strategy, bands, steps: options.steps, noiseMultiplier: options.noiseMultiplier, participation, minSeparation, ...sizes });
  bandedMatrixLedgerSteps(event);
  return event;
}

function freezeStrategy(strategy: BandedStrategy): BandedStrategy {
  // an event's own strategy (already frozen deeply) is kept, so its cached divisors are reused
  if (isDeeplyFrozen(strategy)) return strategy;
  if (strategy !== null && typeof strategy === 'object' && !Array.isArray(strategy)) {
    if ('bands' in strategy && Array.isArray(strategy.bands)) return Object.freeze({ bands: Object.freeze(strategy.bands.map((row) => (Array.isArray(row) ? Object.freeze([...row]) : row))) });
    if ('columnNorms' in strategy && Array.isArray(strategy.columnNorms)) return Object.freeze({ columnNorms: Object.freeze([...strategy.columnNorms]) });
  }
  return strategy; // invalid: bandedGram names the problem
}

/** What the ledger of a banded-matrix event prices for the worst record (see {@link bandedMatrixSensitivity}). */
export interface BandedMatrixSensitivity {
  /**
   * cyclic, balls-in-bins: Δ, the L2 norm of the worst record's whole contribution to the release
   * (the run is one Gaussian of noise σ/Δ); poisson-in-group: maxᵢ ‖C[:, i]‖, the sensitivity of
   * one participation. Add-remove; substitution doubles it (the accountants apply that).
   */
  readonly sensitivity: number;
  /** The most steps one record joins, ⌈n/k⌉ (poisson-in-group: the steps of its group, each joined with probability q). */
  readonly participations: number;
  /** q = kB/N for poisson-in-group; 1 otherwise (no sampling). */
  readonly samplingRate: number;
}

/**
 * The worst record's sensitivity as the event's ledger prices it: every ledger step is a Gaussian
 * release of noise σ/s (s the norm σ was divided by), so for the unsampled schemes
 * Δ² = Σ count·(σ/σᵢ)² (Gaussian releases compose to one Gaussian with μ² = Σ μᵢ²; Dong, Roth,
 * Su 2022, "Gaussian differential privacy"), and for poisson-in-group s = maxᵢ ‖C[:, i]‖.
 *
 * @example bandedMatrixSensitivity({ kind: 'banded-matrix', strategy: { bands: [[1]] }, bands: 1, steps: 10, noiseMultiplier: 2, participation: 'cyclic', minSeparation: 5 }).sensitivity // √2
 */
export function bandedMatrixSensitivity(event: BandedMatrixEvent): BandedMatrixSensitivity {
  const ledger = bandedMatrixLedgerSteps(event);
  const sigma = event.noiseMultiplier;
  const participations = Math.ceil(event.steps / event.minSeparation);
  if (event.participation === 'poisson-in-group') {
    const step = ledger[0] as BandedLedgerStep;
    return { sensitivity: sigma / step.noiseMultiplier, participations, samplingRate: step.samplingRate };
  }
  let squared = 0;
  for (const step of ledger) squared += step.count * (sigma / step.noiseMultiplier) ** 2;
  return { sensitivity: Math.sqrt(squared), participations, samplingRate: 1 };
}
