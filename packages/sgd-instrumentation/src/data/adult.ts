/**
 * The bundled UCI Adult (Census Income) training split, encoded as in the closed-form-bounds
 * paper (Cherubin et al., USENIX Security 2024, §6: "32,561 records with 108 attributes each
 * (after one-hot-encoding)"):
 *
 * - one-hot (102 features): workclass (9, incl. `?`), education (16), marital-status (7),
 *   occupation (15, incl. `?`), relationship (6), race (5), sex (2), native-country (42, incl. `?`);
 * - standardised numeric (6 features, z-score with the training split's mean and standard
 *   deviation): age, fnlwgt, education-num, capital-gain, capital-loss, hours-per-week;
 * - label: `Salary` = `>50K` → 1 (24.08 % positive), `<=50K` → 0.
 *
 * Features are ordered as the columns of the file (categories sorted within a column).
 * Data: Becker & Kohavi (1996), UCI Machine Learning Repository, DOI 10.24432/C5XW20, CC BY 4.0.
 */
import { DpboundsTypeError, requireObject, requireString, requireOptions } from '@dpbounds/special-functions';
import { loadTabularCsv } from './tabular-csv.js';
import type { TrainTestData } from './tabular-csv.js';

/** The one-hot encoded columns of Adult (102 features with `?` as its own category). */
export const ADULT_CATEGORICAL_COLUMNS: readonly string[] = [
  'workclass',
  'education',
  'marital-status',
  'occupation',
  'relationship',
  'race',
  'sex',
  'native-country',
];

/** The standardised numeric columns of Adult (6 features). */
export const ADULT_NUMERIC_COLUMNS: readonly string[] = ['age', 'fnlwgt', 'education-num', 'capital-gain', 'capital-loss', 'hours-per-week'];

/** Adult's label column and its positive value. */
export const ADULT_LABEL: { readonly column: string; readonly positive: string } = { column: 'Salary', positive: '>50K' };

/** Options of {@link loadAdult}. */
export interface AdultOptions {
  /** Fraction held out for testing, in [0, 1). Default 0.2. */
  readonly testFraction?: number;
  /** Seed of the split. Default 0. */
  readonly seed?: number;
}

/**
 * Encodes the Adult CSV text (see the module comment: 108 features) with a seeded train/test split.
 * Use `loadBundledAdult()` from `@dpbounds/sgd-instrumentation/node` to read the bundled file,
 * or {@link gunzipText} in a browser.
 *
 * @throws DpboundsTypeError when the text is not the Adult CSV (a column is missing).
 * @example const { train, test } = loadAdult(text, { testFraction: 0.2, seed: 1 }); // train.featureCount === 108
 */
export function loadAdult(text: string, options: AdultOptions = {}): TrainTestData {
  requireString('text', text);
  requireOptions('options', options, ['testFraction', 'seed']);
  const data = loadTabularCsv(text, {
    labelColumn: ADULT_LABEL.column,
    positiveLabel: ADULT_LABEL.positive,
    categorical: ADULT_CATEGORICAL_COLUMNS,
    testFraction: options.testFraction ?? 0.2,
    seed: options.seed ?? 0,
  });
  const numeric = data.encoding.columns.filter((c) => c.kind === 'numeric').map((c) => c.name);
  if (numeric.join() !== ADULT_NUMERIC_COLUMNS.join()) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'adult', expected: `numeric columns ${ADULT_NUMERIC_COLUMNS.join(', ')}`, found: numeric.join(', ') });
  }
  return data;
}
