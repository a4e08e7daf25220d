/**
 * Held-out accuracy and loss at checkpoints during training (for utility curves beside the
 * privacy curves).
 */
import { requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { Dataset } from '../data/dataset.js';
import { evaluateModel } from '../training/evaluate.js';
import type { Instrument } from './instrument.js';

/** Accuracy and loss of θ_t on the evaluation set, at step t (before the step's update). */
export interface EvaluationPoint {
  readonly step: number;
  readonly accuracy: number;
  readonly loss: number;
}

/** The evaluation trace: points at checkpoints, plus the final model after the last step. */
export interface EvaluationTrace {
  readonly format: 'dpbounds.evaluation';
  readonly version: 1;
  readonly size: number;
  readonly points: readonly EvaluationPoint[];
}

/**
 * Evaluates on `data` every `every` steps and once more after training (step = T).
 *
 * @throws DpboundsRangeError when `every` is not an integer ≥ 1.
 * @example const evaluation = evaluationInstrument(test, { every: 100 });
 */
export function evaluationInstrument(data: Dataset, options: { readonly every?: number } = {}): Instrument<EvaluationTrace> {
  requireObject('data', data);
  requireOptions('options', options, ['every']);
  const every = requireInteger('every', options.every ?? 100, { min: 1 });
  const points: EvaluationPoint[] = [];
  return {
    name: 'evaluation',
    onStart: () => void (points.length = 0),
    onStep(context) {
      if (context.step % every !== 0) return;
      const { accuracy, loss } = evaluateModel(context.run.model, { parameters: context.parameters, data });
      points.push({ step: context.step, accuracy, loss });
    },
    onEnd(run, parameters) {
      const { accuracy, loss } = evaluateModel(run.model, { parameters, data });
      points.push({ step: run.totalSteps, accuracy, loss });
    },
    trace: () => ({ format: 'dpbounds.evaluation', version: 1, size: data.size, points: [...points] }),
  };
}
