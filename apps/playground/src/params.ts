/**
 * The playground's configuration: a DP-SGD run or a banded matrix mechanism run (DP-FTRL /
 * BandMF), its fields, their valid ranges, validation with a message per field (shown next to
 * its control), and the round trip to the URL query string (so a configuration is a link).
 */
import { BANDED_PARTICIPATIONS, BATCH_SAMPLERS, type BandedParticipation, type BatchSampler } from '@dpbounds/accountants';
import { isNeighbouringRelation, type NeighbouringRelation } from '@dpbounds/tradeoff-core';

/** How the sampling rate is given: directly, or as expected batch size over dataset size. */
export type SamplingInput = 'rate' | 'sizes';
/** How the training length is given: in epochs (T = epochs / q) or in steps. */
export type LengthInput = 'epochs' | 'steps';
/** The training mechanism: DP-SGD, or the banded matrix mechanism (DP-FTRL / BandMF, Choquette-Choo et al. 2023). */
export type Mechanism = 'dp-sgd' | 'bandmf';

/** What the inverse direction calibrates the noise for. */
export type TargetKind = 'epsilon' | 'bayesSecurity' | 'tprAt1';

/** A configuration as the controls hold it (numbers may be invalid until validated). */
export interface PlaygroundParams {
  samplingInput: SamplingInput;
  samplingRate: number;
  batchSize: number;
  datasetSize: number;
  noiseMultiplier: number;
  lengthInput: LengthInput;
  epochs: number;
  steps: number;
  delta: number;
  clip: number;
  modelSize: number;
  logFpr: boolean;
  /** Neighbouring relation of every curve and number (add-remove, as Opacus and dp_accounting, or substitution). */
  relation: NeighbouringRelation;
  targetKind: TargetKind;
  targetValue: number;
  /** How the training loop draws its batches (docs/batch-samplers.md); all but Poisson need B and N. */
  sampler: BatchSampler;
  /** Cap of a truncated-Poisson batch (integer in [B, N]); used by that sampler only. */
  maxBatchSize: number;
  /** DP-SGD, or the banded matrix mechanism (BandMF); the BandMF fields below are used by BandMF only. */
  mechanism: Mechanism;
  /** BandMF: the Toeplitz band values of the strategy C as typed, comma-separated (main diagonal first), e.g. `1,0.5,0.25`. */
  bandValues: string;
  /** BandMF: how records join the steps (cyclic, balls-in-bins, or Poisson sampling within k groups). */
  participation: BandedParticipation;
  /** BandMF: k, the steps between two participations of a record (cyclic period, epoch length, or number of groups). */
  minSeparation: number;
}

/** The defaults: Adult-sized data, batch 256, σ = 1.1, 20 epochs, δ = 1e-5. */
export const defaultParams: PlaygroundParams = {
  samplingInput: 'sizes',
  samplingRate: 256 / 32561,
  batchSize: 256,
  datasetSize: 32561,
  noiseMultiplier: 1.1,
  lengthInput: 'epochs',
  epochs: 20,
  steps: 2544,
  delta: 1e-5,
  clip: 1,
  modelSize: 108,
  logFpr: true,
  relation: 'add-remove',
  targetKind: 'epsilon',
  targetValue: 3,
  sampler: 'poisson',
  maxBatchSize: 300,
  mechanism: 'dp-sgd',
  bandValues: '1,0.5,0.25',
  participation: 'cyclic',
  minSeparation: 100,
};

/** A validated BandMF strategy and participation (see {@link PlaygroundParams}). */
export interface BandedSettings {
  /** One value per band b = 0 … bands − 1 (Toeplitz: C[i + j, i] = bandValues[j]); the first is > 0. */
  readonly bandValues: readonly number[];
  readonly participation: BandedParticipation;
  readonly minSeparation: number;
}

/** A configuration that passed validation, with the derived sampling rate and step count. */
export interface ResolvedConfig {
  readonly samplingRate: number;
  readonly steps: number;
  readonly noiseMultiplier: number;
  readonly delta: number;
  readonly clip: number;
  readonly modelSize: number;
  readonly relation: NeighbouringRelation;
  /** Expected batch size n = q·N when sizes are given, else undefined. */
  readonly batchSize: number | undefined;
  readonly datasetSize: number | undefined;
  /** The batch sampler; every sampler but Poisson comes with `batchSize` and `datasetSize`. */
  readonly sampler: BatchSampler;
  /** Cap of a truncated-Poisson batch (that sampler only). */
  readonly maxBatchSize: number | undefined;
  /** DP-SGD or BandMF; for BandMF `banded` holds the strategy and participation and `sampler` is unused. */
  readonly mechanism: Mechanism;
  readonly banded: BandedSettings | undefined;
}

/** Validation messages keyed by field name; empty when the configuration is valid. */
export type FieldErrors = Partial<Record<keyof PlaygroundParams, string>>;

/** Largest step count the playground computes (keeps the PLD within the page's budget). */
export const maxSteps = 1_000_000;

function check(errors: FieldErrors, field: keyof PlaygroundParams, ok: boolean, message: string): void {
  if (!ok && errors[field] === undefined) errors[field] = message;
}

const isFiniteNumber = (x: number): boolean => typeof x === 'number' && Number.isFinite(x);

/**
 * Validates a configuration and derives q and T. Returns the resolved configuration, or the
 * message for each invalid field (never a NaN-carrying configuration).
 *
 * @example validateParams(defaultParams).config?.steps // 2544
 */
export function validateParams(params: PlaygroundParams): { readonly config?: ResolvedConfig; readonly errors: FieldErrors } {
  const errors: FieldErrors = {};
  let samplingRate = params.samplingRate;
  if (params.samplingInput === 'sizes') {
    check(errors, 'datasetSize', Number.isInteger(params.datasetSize) && params.datasetSize >= 1, 'Dataset size must be an integer ≥ 1');
    check(errors, 'batchSize', Number.isInteger(params.batchSize) && params.batchSize >= 1, 'Batch size must be an integer ≥ 1');
    check(errors, 'batchSize', !(params.batchSize > params.datasetSize), 'Batch size cannot exceed the dataset size');
    samplingRate = params.batchSize / params.datasetSize;
  } else {
    check(errors, 'samplingRate', isFiniteNumber(params.samplingRate) && params.samplingRate > 0 && params.samplingRate <= 1, 'Sampling rate must be in (0, 1]');
    if (params.mechanism === 'dp-sgd') check(errors, 'samplingRate', params.sampler === 'poisson', `The ${params.sampler} sampler needs batch and dataset size: its ε depends on both, not only on q`);
    else check(errors, 'samplingRate', params.participation !== 'poisson-in-group', 'Poisson-in-group participation needs batch and dataset size: each group is sampled at rate k·B/N');
  }
  if (params.mechanism === 'dp-sgd' && params.sampler === 'truncated-poisson') {
    check(errors, 'maxBatchSize', Number.isInteger(params.maxBatchSize) && params.maxBatchSize >= params.batchSize && params.maxBatchSize <= params.datasetSize, 'Maximum batch size must be an integer between B and N');
  }
  check(errors, 'noiseMultiplier', isFiniteNumber(params.noiseMultiplier) && params.noiseMultiplier > 0 && params.noiseMultiplier <= 100, 'Noise multiplier must be in (0, 100]');
  let steps = params.steps;
  if (params.lengthInput === 'epochs') {
    check(errors, 'epochs', isFiniteNumber(params.epochs) && params.epochs > 0, 'Epochs must be > 0');
    steps = Math.max(1, Math.round(params.epochs / samplingRate));
  } else {
    check(errors, 'steps', Number.isInteger(params.steps) && params.steps >= 1, 'Steps must be an integer ≥ 1');
  }
  if (Object.keys(errors).length === 0) {
    const count = Number.isFinite(steps) ? String(steps) : 'more than 10³⁰⁸';
    const how = params.lengthInput === 'epochs' ? ` (epochs / q with q = ${samplingRate})` : '';
    check(errors, params.lengthInput === 'epochs' ? 'epochs' : 'steps', steps <= maxSteps, `This makes ${count} steps${how}; the playground computes up to ${maxSteps}`);
  }
  const banded = params.mechanism === 'bandmf' ? validateBanded(params, steps, errors) : undefined;
  check(errors, 'delta', isFiniteNumber(params.delta) && params.delta > 0 && params.delta < 1, 'δ must be in (0, 1)');
  check(errors, 'clip', isFiniteNumber(params.clip) && params.clip > 0, 'Clipping norm must be > 0');
  check(errors, 'modelSize', Number.isInteger(params.modelSize) && params.modelSize >= 1, 'Model size must be an integer ≥ 1');
  const targetOk =
    params.targetKind === 'epsilon'
      ? params.targetValue > 0 && Number.isFinite(params.targetValue)
      : params.targetValue > 0 && params.targetValue < 1;
  check(errors, 'targetValue', isFiniteNumber(params.targetValue) && targetOk, params.targetKind === 'epsilon' ? 'Target ε must be > 0' : 'Target must be in (0, 1)');
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    config: {
      samplingRate,
      steps,
      noiseMultiplier: params.noiseMultiplier,
      delta: params.delta,
      clip: params.clip,
      modelSize: params.modelSize,
      relation: params.relation,
      batchSize: params.samplingInput === 'sizes' ? params.batchSize : undefined,
      datasetSize: params.samplingInput === 'sizes' ? params.datasetSize : undefined,
      // the sampler is DP-SGD's; a BandMF run's participation is in `banded`
      sampler: params.mechanism === 'dp-sgd' ? params.sampler : 'poisson',
      maxBatchSize: params.mechanism === 'dp-sgd' && params.sampler === 'truncated-poisson' ? params.maxBatchSize : undefined,
      mechanism: params.mechanism,
      banded,
    },
  };
}

/** Most strategy entries n·b the page builds (the library holds each band's n entries as doubles). */
export const maxBandedCells = 2 ** 22;

/**
 * Parses the band values as typed ("1, 0.5, 0.25"): the numbers, or the message for the control.
 *
 * @example parseBandValues('1,0.5').values // [1, 0.5]
 */
export function parseBandValues(text: string): { readonly values?: readonly number[]; readonly error?: string } {
  const pieces = text.split(',').map((piece) => piece.trim());
  if (pieces.length === 1 && pieces[0] === '') return { error: 'Give the band values, comma-separated, main diagonal first (e.g. 1,0.5,0.25)' };
  const values: number[] = [];
  for (const piece of pieces) {
    const value = piece === '' ? Number.NaN : Number(piece);
    if (!Number.isFinite(value)) return { error: `“${piece}” is not a finite number; give comma-separated band values such as 1,0.5,0.25` };
    values.push(value);
  }
  if (!((values[0] as number) > 0)) return { error: 'The first band value (the main diagonal of C) must be > 0' };
  return { values };
}

/** Validates the BandMF fields of `params` for `steps` steps; records messages in `errors`. */
function validateBanded(params: PlaygroundParams, steps: number, errors: FieldErrors): BandedSettings | undefined {
  const parsed = parseBandValues(params.bandValues);
  check(errors, 'bandValues', parsed.values !== undefined, parsed.error ?? '');
  const k = params.minSeparation;
  check(errors, 'minSeparation', Number.isInteger(k) && k >= 1, 'Min separation k must be an integer ≥ 1');
  const values = parsed.values;
  if (values === undefined) return undefined;
  const bands = values.length;
  if (Number.isInteger(steps) && steps >= 1) {
    check(errors, 'bandValues', bands <= steps, `${bands} bands need at least ${bands} steps (the run has ${steps})`);
    check(errors, 'bandValues', steps * bands <= maxBandedCells, `${bands} bands over ${steps} steps make ${steps * bands} strategy entries; the playground builds up to ${maxBandedCells}`);
  }
  if (params.participation !== 'cyclic') check(errors, 'minSeparation', k >= bands, `For ${params.participation} participation k must be ≥ the number of bands b = ${bands}`);
  if (params.participation === 'poisson-in-group' && params.samplingInput === 'sizes' && Number.isInteger(k) && k >= 1) {
    check(errors, 'minSeparation', k * params.batchSize <= params.datasetSize, `k·B = ${k * params.batchSize} exceeds N = ${params.datasetSize}: each of the k groups (N/k records) must fill an expected batch of B`);
  }
  return { bandValues: values, participation: params.participation, minSeparation: k };
}

const numericFields = [
  ['q', 'samplingRate'],
  ['B', 'batchSize'],
  ['N', 'datasetSize'],
  ['sigma', 'noiseMultiplier'],
  ['epochs', 'epochs'],
  ['T', 'steps'],
  ['delta', 'delta'],
  ['C', 'clip'],
  ['d', 'modelSize'],
  ['target', 'targetValue'],
  ['Bmax', 'maxBatchSize'],
  ['k', 'minSeparation'],
] as const;

/**
 * The configuration as a URL query string (only the fields in use).
 *
 * @example paramsToQuery(defaultParams) // "B=256&N=32561&sigma=1.1&epochs=20&delta=0.00001&..."
 */
export function paramsToQuery(params: PlaygroundParams): string {
  const query = new URLSearchParams();
  for (const [key, field] of numericFields) {
    if (field === 'samplingRate' && params.samplingInput !== 'rate') continue;
    if ((field === 'batchSize' || field === 'datasetSize') && params.samplingInput !== 'sizes') continue;
    if (field === 'epochs' && params.lengthInput !== 'epochs') continue;
    if (field === 'steps' && params.lengthInput !== 'steps') continue;
    if (field === 'maxBatchSize' && (params.mechanism !== 'dp-sgd' || params.sampler !== 'truncated-poisson')) continue;
    if (field === 'minSeparation' && params.mechanism !== 'bandmf') continue;
    query.set(key, String(params[field]));
  }
  query.set('rel', params.relation);
  query.set('fpr', params.logFpr ? 'log' : 'linear');
  query.set('targetKind', params.targetKind);
  if (params.mechanism === 'dp-sgd' && params.sampler !== 'poisson') query.set('sampler', params.sampler);
  if (params.mechanism === 'bandmf') {
    query.set('mech', 'bandmf');
    query.set('bandValues', params.bandValues);
    query.set('participation', params.participation);
  }
  return query.toString();
}

/**
 * Reads a configuration from a URL query string, falling back to the defaults for absent or
 * unparsable fields (the validation then reports invalid values next to their controls).
 *
 * @example queryToParams('?q=0.01&sigma=2&T=1000').steps // 1000
 */
export function queryToParams(search: string): PlaygroundParams {
  const query = new URLSearchParams(search);
  const params: PlaygroundParams = { ...defaultParams };
  for (const [key, field] of numericFields) {
    const raw = query.get(key);
    if (raw === null || raw.trim() === '') continue;
    params[field] = Number(raw);
  }
  if (query.has('q')) params.samplingInput = 'rate';
  else if (query.has('B') || query.has('N')) params.samplingInput = 'sizes';
  if (query.has('T')) params.lengthInput = 'steps';
  else if (query.has('epochs')) params.lengthInput = 'epochs';
  const fpr = query.get('fpr');
  if (fpr === 'linear') params.logFpr = false;
  else if (fpr === 'log') params.logFpr = true;
  const relation = query.get('rel');
  if (isNeighbouringRelation(relation)) params.relation = relation;
  const targetKind = query.get('targetKind');
  if (targetKind === 'epsilon' || targetKind === 'bayesSecurity' || targetKind === 'tprAt1') params.targetKind = targetKind;
  const sampler = query.get('sampler');
  if ((BATCH_SAMPLERS as readonly (string | null)[]).includes(sampler)) params.sampler = sampler as BatchSampler;
  if (query.get('mech') === 'bandmf') params.mechanism = 'bandmf';
  const bandValues = query.get('bandValues');
  if (bandValues !== null) params.bandValues = bandValues;
  const participation = query.get('participation');
  if ((BANDED_PARTICIPATIONS as readonly (string | null)[]).includes(participation)) params.participation = participation as BandedParticipation;
  return params;
}
