/**
 * Accuracy and mean loss of a model on a dataset.
 */
import { requireFiniteArray, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { Dataset } from '../data/dataset.js';
import { logisticLoss } from '../models/model.js';
import type { Model } from '../models/model.js';

/** Accuracy (threshold at logit 0) and mean binary cross-entropy. */
export interface Evaluation {
  readonly accuracy: number;
  readonly loss: number;
  readonly size: number;
}

/** Options of {@link evaluateModel}: the trained parameters and the records to score. */
export interface EvaluateModelOptions {
  /** The model's parameters θ (e.g. `trainDpSgd(…).parameters`). */
  readonly parameters: Float64Array;
  /** The records to score (e.g. the test split). */
  readonly data: Dataset;
}

/**
 * Evaluates `options.parameters` on every record of `options.data`. An empty dataset gives
 * accuracy 0 and loss 0 with size 0 (callers report size).
 *
 * @throws DpboundsTypeError naming `options.<key>` for an unknown key, or the missing/ill-typed field.
 * @example const { accuracy } = evaluateModel(model, { parameters: result.parameters, data: test });
 */
export function evaluateModel(model: Model, options: EvaluateModelOptions): Evaluation {
  requireObject('model', model);
  const { parameters: params, data } = requireOptions<EvaluateModelOptions>('options', options, ['parameters', 'data']);
  requireFiniteArray('options.parameters', params);
  requireObject('options.data', data);
  const d = data.featureCount;
  let correct = 0;
  let loss = 0;
  for (let i = 0; i < data.size; i++) {
    const z = model.logit(params, data.features.subarray(i * d, (i + 1) * d));
    const y = data.labels[i] as number;
    if ((z > 0 ? 1 : 0) === y) correct++;
    loss += logisticLoss(z, y);
  }
  return data.size === 0 ? { accuracy: 0, loss: 0, size: 0 } : { accuracy: correct / data.size, loss: loss / data.size, size: data.size };
}
