/**
 * Aggregating per-step attack scores over the steps of a training run (docs/math/attacks.md §4.4).
 */
import { DpboundsRangeError, DpboundsTypeError, requireArray, requireFiniteArray } from '@dpbounds/special-functions';

/**
 * Sums per-step log p-values target by target: Σ_t log p_t (the independence heuristic of
 * Leemann et al. 2023, Appendix C.3; docs/math/attacks.md §4.4; the sum is a score, not itself
 * a log p-value).
 * Lower = more likely a member; negate for the "higher = member" convention. −∞ entries
 * (S = 0 at some step) propagate as −∞.
 *
 * @throws DpboundsTypeError when there are no steps or the steps have different lengths;
 * DpboundsRangeError for NaN, +∞ or positive entries.
 * @example sumStepLogPValues([new Float64Array([-1, -2]), new Float64Array([-0.5, -3])]) // Float64Array [-1.5, -5]
 */
export function sumStepLogPValues(steps: readonly ArrayLike<number>[]): Float64Array {
  requireArray('steps', steps);
  const first = steps[0];
  if (first === undefined) throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'steps', expected: 'at least one step', found: steps });
  const out = new Float64Array(first.length);
  steps.forEach((step, t) => {
    if (step.length !== first.length) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: `steps[${t}]`, expected: `${first.length} targets like steps[0]`, found: step });
    }
    const finiteOrMinusInf = Array.from(step, (v) => (v === -Infinity ? 0 : v));
    requireFiniteArray(`steps[${t}]`, finiteOrMinusInf);
    for (let i = 0; i < step.length; i++) {
      const v = step[i] as number;
      if (v > 0) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `steps[${t}][${i}]`, expected: 'a log p-value ≤ 0', found: v });
      out[i] = (out[i] as number) + v;
    }
  });
  return out;
}
