/**
 * The trained-model file: architecture, parameters and (optionally) the feature encoding, as
 * plain JSON (`dpbounds.model`, version 1).
 */
import { DpboundsTypeError, requireFiniteArray, requireFunction, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { TabularEncoding } from '../data/dataset.js';
import { logisticRegression } from './logistic-regression.js';
import type { Model } from './model.js';
import { mlp } from './mlp.js';

/** A serialised model. */
export interface ModelFile {
  readonly format: 'dpbounds.model';
  readonly version: 1;
  readonly model: Record<string, unknown>;
  readonly parameters: readonly number[];
  readonly encoding?: TabularEncoding;
}

/** Options of {@link modelFile}. */
export interface ModelFileOptions {
  /** The trained parameters θ (e.g. `trainDpSgd(…).parameters`). */
  readonly parameters: Float64Array;
  /** The feature encoding to store with the model, so new CSV rows can be encoded the same way. */
  readonly encoding?: TabularEncoding;
}

/**
 * The JSON form of a trained model.
 *
 * @throws DpboundsTypeError naming `options.<key>` for an unknown key, or the missing/ill-typed field.
 * @example JSON.stringify(modelFile(model, { parameters: result.parameters, encoding: train.encoding }))
 */
export function modelFile(model: Model, options: ModelFileOptions): ModelFile {
  requireObject('model', model);
  requireFunction('model.describe', model.describe);
  const { parameters, encoding } = requireOptions<ModelFileOptions>('options', options, ['parameters', 'encoding']);
  requireFiniteArray('options.parameters', parameters);
  if (encoding !== undefined) requireObject('options.encoding', encoding);
  return { format: 'dpbounds.model', version: 1, model: model.describe(), parameters: Array.from(parameters), ...(encoding !== undefined ? { encoding } : {}) };
}

/**
 * Rebuilds the model and its parameters from {@link modelFile}'s output (parsed JSON).
 *
 * @throws DpboundsTypeError when the object is not a version-1 model file.
 * @example const { model, parameters } = loadModelFile(JSON.parse(text));
 */
export function loadModelFile(value: unknown): { readonly model: Model; readonly parameters: Float64Array } {
  const file = value as Partial<ModelFile> | null;
  if (file === null || typeof file !== 'object' || file.format !== 'dpbounds.model' || file.version !== 1) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'model file', expected: 'a dpbounds.model version 1 object', found: file?.format });
  }
  const spec = file.model ?? {};
  const model =
    spec.kind === 'logistic'
      ? logisticRegression(spec.featureCount as number)
      : spec.kind === 'mlp'
        ? mlp(spec.featureCount as number, spec.hiddenUnits as number)
        : undefined;
  if (model === undefined) throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'model.kind', expected: 'logistic or mlp', found: spec.kind });
  const parameters = Float64Array.from(file.parameters ?? []);
  if (parameters.length !== model.parameterCount || parameters.some((p) => !Number.isFinite(p))) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'parameters', expected: `${model.parameterCount} finite numbers`, found: file.parameters });
  }
  return { model, parameters };
}
