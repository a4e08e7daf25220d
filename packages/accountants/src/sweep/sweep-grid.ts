/**
 * The configurations of a grid sweep: the cartesian product of one list of values per field,
 * in a fixed order (the first field in {@link SWEEP_NUMERIC_FIELDS} varies slowest, the last
 * fastest), so configuration i is the same on every machine.
 */
import { DpboundsRangeError, requireArray, requireFiniteArray, requireOptions } from '@dpbounds/special-functions';
import { requireNeighbouring, type NeighbouringRelation } from '../accountant.js';
import { SWEEP_NUMERIC_FIELDS } from './sweep-configuration.js';
import type { SweepConfiguration, SweepNumericField } from './sweep-configuration.js';
import { parseSweepValues } from './sweep-values.js';

/** Most configurations one sweep may have. */
export const MAX_SWEEP_CONFIGURATIONS = 10_000_000;

/**
 * A grid: for each field, its values, given as numbers or as the text a user types
 * (`0.5:2:0.1`, `0.001,0.004`, `1e-5`; see {@link parseSweepValues}). `neighbouring` is one
 * relation for the whole grid (default add-remove).
 */
export type SweepGridSpec = { readonly [K in SweepNumericField]?: string | readonly number[] } & {
  readonly neighbouring?: NeighbouringRelation;
};

/**
 * Expands a grid into its configurations (cartesian product; the first field slowest).
 * Configurations are not validated here (see `validateSweepConfiguration`).
 *
 * @throws DpboundsTypeError / DpboundsRangeError naming the field whose values are malformed,
 *   an empty list, or a product above {@link MAX_SWEEP_CONFIGURATIONS}.
 * @example expandSweepGrid({ samplingRate: '0.01', noiseMultiplier: '1:2:0.5', steps: [100], delta: '1e-5' }).length // 3
 */
export function expandSweepGrid(spec: SweepGridSpec): SweepConfiguration[] {
  requireOptions('spec', spec, [...SWEEP_NUMERIC_FIELDS, 'neighbouring']);
  const axes: [SweepNumericField, readonly number[]][] = [];
  let total = 1;
  for (const field of SWEEP_NUMERIC_FIELDS) {
    const given = spec[field];
    if (given === undefined) continue;
    const values = typeof given === 'string' ? parseSweepValues(field, given) : [...requireFiniteArray(field, requireArray<number>(field, given))];
    if (values.length === 0) throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: field, expected: 'at least one value', found: given });
    if (new Set(values).size !== values.length) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: field, expected: 'distinct values (each configuration once)', found: given });
    total *= values.length;
    if (total > MAX_SWEEP_CONFIGURATIONS) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: field, expected: `a grid of at most ${MAX_SWEEP_CONFIGURATIONS} configurations`, found: given });
    }
    axes.push([field, values]);
  }
  const neighbouring = spec.neighbouring === undefined ? 'add-remove' : requireNeighbouring(spec.neighbouring);
  const configs: SweepConfiguration[] = [];
  const index = new Array<number>(axes.length).fill(0);
  for (let n = 0; n < total; n++) {
    const config: Record<string, unknown> = {};
    axes.forEach(([field, values], a) => {
      config[field] = values[index[a] as number];
    });
    config.neighbouring = neighbouring;
    configs.push(config as unknown as SweepConfiguration);
    for (let a = axes.length - 1; a >= 0; a--) {
      index[a] = (index[a] as number) + 1;
      if ((index[a] as number) < (axes[a] as [string, readonly number[]])[1].length) break;
      index[a] = 0;
    }
  }
  return configs;
}
