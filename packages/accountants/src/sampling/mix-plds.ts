/**
 * The PLD of a mechanism that first draws which of two mechanisms runs (probability w for the
 * first, independently of the data) and reveals the choice: the mixture w·PLD₁ + (1 − w)·PLD₂ of
 * the two privacy loss distributions (dp_accounting's `compute_mixture`; docs/math/batch-samplers.md, eq. (5)).
 */
import { DpboundsRangeError, requireInRange } from '@dpbounds/special-functions';
import type { DiscretePld } from '../pld/discrete-pld.js';
import { requireDiscretePld } from '../pld/require-discrete-pld.js';

/**
 * w·a + (1 − w)·b on the union of both grids (same step h, no loss shift), masses at +∞ mixed
 * likewise. Exact up to one rounding per bin.
 *
 * @example mixPlds(pldA, pldB, 0.1)
 */
export function mixPlds(a: DiscretePld, b: DiscretePld, weightA: number): DiscretePld {
  requireDiscretePld('a', a);
  requireDiscretePld('b', b);
  requireInRange('weightA', weightA, { min: 0, max: 1 });
  if (a.h !== b.h || (a.lossShift ?? 0) !== 0 || (b.lossShift ?? 0) !== 0) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'b.h', expected: `the grid step of a (${a.h}) and no loss shift`, found: b.h });
  }
  const offset = Math.min(a.offset, b.offset);
  const end = Math.max(a.offset + a.probs.length, b.offset + b.probs.length);
  const probs = new Float64Array(end - offset);
  a.probs.forEach((p, i) => {
    probs[a.offset - offset + i] = (probs[a.offset - offset + i] as number) + weightA * p;
  });
  b.probs.forEach((p, i) => {
    probs[b.offset - offset + i] = (probs[b.offset - offset + i] as number) + (1 - weightA) * p;
  });
  return { h: a.h, offset, probs, infinityMass: weightA * a.infinityMass + (1 - weightA) * b.infinityMass };
}
