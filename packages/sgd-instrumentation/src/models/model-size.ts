/**
 * The size limit of a model, checked when it is built, before any parameter vector or scratch
 * buffer is allocated: a feature or hidden-unit count of 10¹⁵ must be refused naming it, not
 * reach a typed-array allocation (a plain `RangeError`).
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';

/**
 * Most parameters of a model: 2²⁶ (512 MiB per parameter vector; training holds a few vectors
 * of this size, and a batch's per-example gradients).
 */
export const MAX_MODEL_PARAMETERS: number = 2 ** 26;

/**
 * Throws a DpboundsRangeError when a model of `featureCount` features and `hiddenUnits` hidden
 * units (0 for logistic regression) has more than {@link MAX_MODEL_PARAMETERS} parameters
 * (P = d + 1, or H·d + 2H + 1 for the MLP), naming the larger count, the most it may be given
 * the other, and the value found. The counts are integers ≥ 1 already validated.
 *
 * @example requireModelSize(108, 64) // 7041 parameters: fits
 */
export function requireModelSize(featureCount: number, hiddenUnits: number): void {
  const parameters = hiddenUnits === 0 ? featureCount + 1 : hiddenUnits * featureCount + 2 * hiddenUnits + 1;
  if (parameters <= MAX_MODEL_PARAMETERS) return;
  const namesHidden = hiddenUnits > featureCount;
  const parameter = namesHidden ? 'hiddenUnits' : 'featureCount';
  // the most the named count may be with the other fixed: H·d + 2H + 1 ≤ limit
  const most = hiddenUnits === 0 ? MAX_MODEL_PARAMETERS - 1 : namesHidden ? Math.floor((MAX_MODEL_PARAMETERS - 1) / (featureCount + 2)) : Math.floor((MAX_MODEL_PARAMETERS - 1 - 2 * hiddenUnits) / hiddenUnits);
  throw new DpboundsRangeError({
    code: 'ERR_OUT_OF_RANGE',
    parameter,
    expected: `an integer ≤ ${Math.max(0, most)}: a model has at most 2^26 = ${MAX_MODEL_PARAMETERS} parameters (${hiddenUnits === 0 ? `featureCount + 1` : `hiddenUnits × featureCount + 2 × hiddenUnits + 1; here featureCount ${featureCount}, hiddenUnits ${hiddenUnits}`})`,
    found: namesHidden ? hiddenUnits : featureCount,
  });
}
