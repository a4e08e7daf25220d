/**
 * The library fuzz's inputs (tools/soundness/src/library-fuzz.test.ts) on the models: a feature
 * or hidden-unit count of 1e15 is refused when the model is built, naming the count, the 2^26
 * parameter limit and the value found, instead of a plain RangeError allocating.
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { logisticRegression } from './logistic-regression.js';
import { mlp } from './mlp.js';
import { MAX_MODEL_PARAMETERS, requireModelSize } from './model-size.js';

/** The refusal of `call`, which must be a DpboundsRangeError naming `parameter`. */
function refusal(call: () => unknown, parameter: string): DpboundsRangeError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(DpboundsRangeError);
    expect((error as DpboundsRangeError).parameter).toBe(parameter);
    return error as DpboundsRangeError;
  }
  throw new Error(`expected a refusal naming ${parameter}`);
}

describe('a model has at most 2^26 parameters', () => {
  it('mlp(featureCount or hiddenUnits = 1e15) names the count (the @example is mlp(108, 64))', () => {
    expect(refusal(() => mlp(1e15, 64), 'featureCount').found).toBe(1e15);
    expect(refusal(() => mlp(108, 1e15), 'hiddenUnits').found).toBe(1e15);
    expect(refusal(() => logisticRegression(1e15), 'featureCount').message).toContain(String(MAX_MODEL_PARAMETERS));
  });
  it('says the most the count may be given the other, and that size is accepted', () => {
    const most = Math.floor((MAX_MODEL_PARAMETERS - 1 - 2 * 64) / 64);
    expect(refusal(() => requireModelSize(most + 1, 64), 'featureCount').message).toContain(`≤ ${most}`);
    expect(() => requireModelSize(most, 64)).not.toThrow();
    const mostHidden = Math.floor((MAX_MODEL_PARAMETERS - 1) / (108 + 2));
    expect(refusal(() => requireModelSize(108, mostHidden + 1), 'hiddenUnits').message).toContain(`≤ ${mostHidden}`);
    expect(() => requireModelSize(108, mostHidden)).not.toThrow();
    expect(() => requireModelSize(MAX_MODEL_PARAMETERS - 1, 0)).not.toThrow();
    expect(refusal(() => requireModelSize(MAX_MODEL_PARAMETERS, 0), 'featureCount').found).toBe(MAX_MODEL_PARAMETERS);
    expect(mlp(108, 64).parameterCount).toBe(7041);
  });
});
