/**
 * The check of a {@link TabularEncoding} given by a caller (the encode pass and the row encoder
 * take one): every field of the right type and range, the columns' features inside
 * `featureCount`, so that an encoding of the wrong shape (a typed array, `{}`, a scale of 0) is
 * refused naming its field instead of encoding NaN features.
 */
import { DpboundsRangeError, DpboundsTypeError, requireArray, requireFinite, requireInRange, requireInteger, requireObject, requireString } from '@dpbounds/special-functions';
import type { TabularEncoding } from './dataset.js';

/**
 * Requires a tabular encoding (as `fitTabularEncoding` returns): `columns` an array of numeric
 * columns (`featureIndex` in [0, featureCount), finite `mean`, finite `scale` > 0) and categorical
 * columns (`firstFeature` + categories within featureCount, categories strings), `labelColumn`
 * and `positiveLabel` strings, `featureNames` an array of `featureCount` strings. Returns it.
 *
 * @throws DpboundsTypeError / DpboundsRangeError naming the first bad field (e.g. `encoding.columns[2].scale`).
 * @example requireTabularEncoding({ columns: [{ kind: 'numeric', name: 'x', featureIndex: 0, mean: 0, scale: 1 }], labelColumn: 'y', positiveLabel: '1', featureNames: ['x'], featureCount: 1 })
 */
export function requireTabularEncoding(encoding: TabularEncoding, parameter = 'encoding'): TabularEncoding {
  requireObject(parameter, encoding);
  if (ArrayBuffer.isView(encoding) || Array.isArray(encoding)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: 'a tabular encoding { columns, labelColumn, positiveLabel, featureNames, featureCount } (as fitTabularEncoding returns)', found: encoding });
  }
  requireString(`${parameter}.labelColumn`, encoding.labelColumn);
  requireString(`${parameter}.positiveLabel`, encoding.positiveLabel);
  const featureNames = requireArray<unknown>(`${parameter}.featureNames`, encoding.featureNames);
  const featureCount = requireInteger(`${parameter}.featureCount`, encoding.featureCount, { min: 0, max: featureNames.length });
  if (featureCount !== featureNames.length) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `${parameter}.featureCount`, expected: `featureNames.length = ${featureNames.length}`, found: featureCount });
  }
  for (let j = 0; j < featureNames.length; j++) requireString(`${parameter}.featureNames[${j}]`, featureNames[j]);
  const columns = requireArray<unknown>(`${parameter}.columns`, encoding.columns);
  for (let c = 0; c < columns.length; c++) {
    const where = `${parameter}.columns[${c}]`;
    const column = requireObject<Record<string, unknown>>(where, columns[c]);
    requireString(`${where}.name`, column['name']);
    if (column['kind'] === 'numeric') {
      requireInteger(`${where}.featureIndex`, column['featureIndex'], { min: 0, max: featureCount - 1 });
      requireFinite(`${where}.mean`, column['mean']);
      requireInRange(`${where}.scale`, column['scale'], { min: 0, minExclusive: true });
    } else if (column['kind'] === 'categorical') {
      const categories = requireArray<unknown>(`${where}.categories`, column['categories']);
      for (let j = 0; j < categories.length; j++) requireString(`${where}.categories[${j}]`, categories[j]);
      requireInteger(`${where}.firstFeature`, column['firstFeature'], { min: 0, max: featureCount - categories.length });
    } else {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: `${where}.kind`, expected: "'numeric' or 'categorical'", found: column['kind'] });
    }
  }
  return encoding;
}
