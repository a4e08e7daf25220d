/**
 * The playground's DP-SGD configuration: its fields, their valid ranges, validation with a
 * message per field (shown next to its control), and the round trip to the URL query string
 * (so a configuration is a link).
 */
import { BATCH_SAMPLERS, type BatchSampler } from '@dpbounds/accountants';
import { isNeighbouringRelation, type NeighbouringRelation } from '@dpbounds/tradeoff-core';

/** How the sampling rate is given: directly, or as expected batch size over dataset size. */
export type SamplingInput = 'rate' | 'sizes';
/** How the training length is given: in epochs (T = epochs / q) or in steps. */
export type LengthInput = 'epochs' | 'steps';
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
};

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
    check(errors, 'samplingRate', params.sampler === 'poisson', `The ${params.sampler} sampler needs batch and dataset size: its ε depends on both, not only on q`);
  }
  if (params.sampler === 'truncated-poisson') {
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
      sampler: params.sampler,
      maxBatchSize: params.sampler === 'truncated-poisson' ? params.maxBatchSize : undefined,
    },
  };
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
    if (field === 'maxBatchSize' && params.sampler !== 'truncated-poisson') continue;
    query.set(key, String(params[field]));
  }
  query.set('rel', params.relation);
  query.set('fpr', params.logFpr ? 'log' : 'linear');
  query.set('targetKind', params.targetKind);
  if (params.sampler !== 'poisson') query.set('sampler', params.sampler);
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
  return params;
}
