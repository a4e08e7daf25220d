/**
 * Which control a failed or stopped computation is about, and what to tell the user there. A
 * library error names its parameter (`DpboundsRangeError.parameter`), which maps to the control
 * that sets it; a computation that ran past its time budget, or failed on an internal parameter
 * (a discretisation grid, a tolerance), is put at the control that drives its cost: the noise
 * multiplier when it is small (the privacy loss per step is then huge), a vanishing sampling rate,
 * or otherwise the length of training.
 */
import type { WorkerFailure } from './analysis-protocol.js';
import type { PlaygroundParams, ResolvedConfig } from './params.js';

/** The controls a computation can fail at. */
export type ComputeField = 'samplingRate' | 'batchSize' | 'noiseMultiplier' | 'epochs' | 'steps' | 'delta' | 'clip' | 'modelSize' | 'targetValue' | 'bandValues' | 'minSeparation';

/** A failure placed at its control. */
export interface FieldFailure {
  readonly field: ComputeField;
  readonly message: string;
}

/** A computation that exceeded its time budget. */
export interface Timeout {
  readonly budgetMs: number;
}

/** The label of each control on the page (index.html), which messages use instead of the library's parameter names. */
const FIELD_LABELS: Readonly<Record<ComputeField, string>> = {
  samplingRate: 'Sampling rate q',
  batchSize: 'Expected batch size B',
  noiseMultiplier: 'Noise multiplier σ',
  epochs: 'Epochs',
  steps: 'Steps T',
  delta: 'δ',
  clip: 'Clipping norm C',
  modelSize: 'Parameters d',
  targetValue: 'Target value',
  bandValues: 'Toeplitz band values of C',
  minSeparation: 'Min separation k',
};

/**
 * A library message in the page's words: its leading parameter name (e.g. `noiseMultiplier must
 * be …`) becomes the label of the control it was placed at.
 */
/**
 * The library's advice names controls this page does not have (an accountant, maxGridPoints):
 * dropped, so that a message never sends the reader to a control that is not there.
 */
function withoutLibraryAdvice(message: string): string {
  return message.replace(/[;,] use the RDP accountant(, or raise maxGridPoints)?/g, '');
}

function inFieldWords(message: string, parameter: string | undefined, field: ComputeField): string {
  if (parameter === undefined || parameter === '' || !message.startsWith(parameter)) return message;
  return `${FIELD_LABELS[field]}${message.slice(parameter.length)}`;
}

function samplingField(params: PlaygroundParams): ComputeField {
  return params.samplingInput === 'rate' ? 'samplingRate' : 'batchSize';
}

function lengthField(params: PlaygroundParams): ComputeField {
  return params.lengthInput === 'steps' ? 'steps' : 'epochs';
}

function fieldOfParameter(parameter: string | undefined, params: PlaygroundParams): ComputeField | undefined {
  // the banded matrix event names its strategy's entries `strategy.bands[j][i]`
  if (parameter?.startsWith('strategy') === true) return 'bandValues';
  switch (parameter) {
    case 'bands':
      return 'bandValues';
    case 'minSeparation':
      return 'minSeparation';
    case 'batchSize':
    case 'datasetSize':
      return params.mechanism === 'bandmf' ? 'batchSize' : undefined;
    case 'samplingRate':
    case 'q':
      return samplingField(params);
    case 'noiseMultiplier':
    case 'noiseStd':
    case 'sigma':
      return 'noiseMultiplier';
    case 'steps':
    case 'T':
      return lengthField(params);
    case 'delta':
      return 'delta';
    case 'clip':
      return 'clip';
    case 'params':
    case 'dims':
      return 'modelSize';
    case 'targetEpsilon':
    case 'targetValue':
    case 'targetKind':
      return 'targetValue';
    default:
      return undefined;
  }
}

/**
 * The control that drives the cost of accounting for `config`: σ below 0.5, else a sampling rate
 * below 10⁻⁹, else the number of steps.
 *
 * @example costField(params, { ...config, noiseMultiplier: 0.05 }) // 'noiseMultiplier'
 */
export function costField(params: PlaygroundParams, config: ResolvedConfig): ComputeField {
  if (config.noiseMultiplier < 0.5) return 'noiseMultiplier';
  if (config.samplingRate < 1e-9) return samplingField(params);
  return lengthField(params);
}

function hint(field: ComputeField, config: ResolvedConfig): string {
  if (field === 'noiseMultiplier') return `At σ = ${config.noiseMultiplier} the privacy loss of each step is very wide; a larger σ computes quickly.`;
  if (field === 'samplingRate' || field === 'batchSize') return `A sampling rate of ${config.samplingRate} is below what the page accounts for; a larger one computes quickly.`;
  return `${config.steps} steps take too long to account for in the browser; fewer steps compute quickly.`;
}

/**
 * Places a failure of `analysis` (e.g. "The DP accounting") at a control, with a message that
 * says what happened and what to change. A timeout says the computation was stopped.
 *
 * @example attributeFailure(params, config, 'The DP accounting', { budgetMs: 8000 }).field
 */
export function attributeFailure(params: PlaygroundParams, config: ResolvedConfig, analysis: string, failure: WorkerFailure | Timeout): FieldFailure {
  if ('budgetMs' in failure) {
    const field = costField(params, config);
    return { field, message: `${analysis} did not finish within ${failure.budgetMs / 1000} s and was stopped. ${hint(field, config)}` };
  }
  const words = withoutLibraryAdvice(failure.message);
  const named = fieldOfParameter(failure.parameter, params);
  if (named !== undefined) return { field: named, message: `${analysis} cannot use this value: ${inFieldWords(words, failure.parameter, named)}` };
  const field = costField(params, config);
  return { field, message: `${analysis} cannot represent this run (${words}). ${hint(field, config)}` };
}
