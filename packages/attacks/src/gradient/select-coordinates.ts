/**
 * Coordinate subsampling for GLiR (Leemann et al. 2023; docs/math/attacks.md §4.3): a model with P
 * parameters has P-dimensional gradients, too many for a covariance estimate; GLiR keeps d of
 * them, every ⌊P/d⌋-th coordinate (0, s, 2s, …, (d − 1)s with s = ⌊P/d⌋).
 */
import { requireInteger } from '@dpbounds/special-functions';
import type { Matrix } from '../matrix/matrix.js';
import { requireMatrix } from '../matrix/matrix.js';

/**
 * The d columns 0, s, …, (d − 1)s of `gradients` (P columns), s = ⌊P/d⌋. Apply the same call to
 * the target gradients, the reference gradients and the update so that they stay aligned.
 *
 * @throws DpboundsRangeError unless 1 ≤ d ≤ P; DpboundsTypeError / DpboundsRangeError for a
 * malformed matrix.
 * @example selectCoordinates(matrixFromRows([[1, 2, 3, 4, 5]]), 2).data // Float64Array [1, 3]
 */
export function selectCoordinates(gradients: Matrix, d: number): Matrix {
  requireMatrix('gradients', gradients);
  const p = gradients.columns;
  requireInteger('d', d, { min: 1, max: p });
  const step = Math.floor(p / d);
  const data = new Float64Array(gradients.rows * d);
  for (let r = 0; r < gradients.rows; r++) for (let j = 0; j < d; j++) data[r * d + j] = gradients.data[r * p + j * step] as number;
  return { rows: gradients.rows, columns: d, data };
}
