/**
 * A dense row-major matrix of float64 values: the shape of per-example gradients (one row per
 * example, one column per parameter) and of shadow-model scores. Structurally the same as what
 * `np.load` gives for a 2-D float array, so a CLI reader or a browser `Float64Array` plugs in
 * without copying.
 */
import { DpboundsRangeError, DpboundsTypeError, requireArray, requireInteger, requireObject, requireString } from '@dpbounds/special-functions';

/** `rows × columns` values, row-major: entry (i, j) is `data[i * columns + j]`. */
export interface Matrix {
  readonly rows: number;
  readonly columns: number;
  readonly data: Float64Array;
}

/** Requires one row: an array or typed array (an array-like object with a numeric length). */
function requireRow(parameter: string, row: unknown): ArrayLike<unknown> {
  if (row === null || typeof row !== 'object' || typeof (row as { length?: unknown }).length !== 'number') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: 'a row of numbers (an array)', found: row });
  }
  return row as ArrayLike<unknown>;
}

/**
 * A matrix from an array of equal-length rows (copies the values).
 *
 * @throws DpboundsTypeError when rows have different lengths or there are none.
 * @example matrixFromRows([[1, 2], [3, 4]]) // { rows: 2, columns: 2, data: Float64Array [1, 2, 3, 4] }
 */
export function matrixFromRows(rows: readonly ArrayLike<number>[]): Matrix {
  requireArray('rows', rows);
  const first = rows[0];
  if (first === undefined) throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'rows', expected: 'at least one row', found: rows });
  const columns = requireRow('rows[0]', first).length;
  const data = new Float64Array(rows.length * columns);
  rows.forEach((row, i) => {
    if (requireRow(`rows[${i}]`, row).length !== columns) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: `rows[${i}]`, expected: `a row of length ${columns}`, found: row });
    }
    for (let j = 0; j < columns; j++) {
      const v = row[j];
      // a nested array would be coerced to a number through its string (a stack overflow when deep)
      if (typeof v !== 'number') throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `rows[${i}][${j}]`, expected: 'a number', found: v });
      data[i * columns + j] = v;
    }
  });
  return { rows: rows.length, columns, data };
}

/**
 * Checks a {@link Matrix}: integer shape, `data.length = rows · columns`, every entry finite,
 * optionally a given number of columns and a minimum number of rows. Returns it unchanged.
 *
 * @throws DpboundsTypeError / DpboundsRangeError naming `parameter`, the entry and the value.
 * @example requireMatrix('gradients', { rows: 1, columns: 2, data: new Float64Array([0, 1]) })
 */
export function requireMatrix(parameter: string, matrix: Matrix, shape: { readonly columns?: number; readonly minRows?: number } = {}): Matrix {
  requireString('parameter', parameter); // the name in error paths: a Symbol would throw building them
  requireObject('shape', shape);
  if (matrix === null || typeof matrix !== 'object' || !(matrix.data instanceof Float64Array)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: 'a matrix { rows, columns, data: Float64Array }', found: matrix });
  }
  requireInteger(`${parameter}.rows`, matrix.rows, { min: shape.minRows ?? 0 });
  requireInteger(`${parameter}.columns`, matrix.columns, { min: 1 });
  if (shape.columns !== undefined && matrix.columns !== shape.columns) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: `${parameter}.columns`, expected: `${shape.columns} columns`, found: matrix.columns });
  }
  if (matrix.data.length !== matrix.rows * matrix.columns) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: `${parameter}.data`, expected: `rows · columns = ${matrix.rows * matrix.columns} values`, found: matrix.data });
  }
  const { data, columns } = matrix;
  for (let k = 0; k < data.length; k++) {
    const v = data[k] as number;
    if (!Number.isFinite(v)) {
      throw new DpboundsRangeError({ code: 'ERR_NOT_FINITE', parameter: `${parameter}[${Math.floor(k / columns)}][${k % columns}]`, expected: 'a finite number', found: v });
    }
  }
  return matrix;
}
