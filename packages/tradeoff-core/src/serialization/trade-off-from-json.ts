/**
 * Reading curves back from their JSON form (`curve.toJSON()`).
 */
import { DpboundsTypeError, requireOptions } from '@dpbounds/special-functions';
import { epsilonDeltaTradeOff } from '../curve/epsilon-delta-trade-off.js';
import { gaussianTradeOff } from '../curve/gaussian-trade-off.js';
import { identityTradeOff } from '../curve/identity-trade-off.js';
import { laplaceTradeOff } from '../curve/laplace-trade-off.js';
import { piecewiseLinearTradeOff } from '../curve/piecewise-linear-trade-off.js';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { pointwiseMax, pointwiseMin } from '../operations/pointwise.js';
import { subsample } from '../operations/subsample.js';
import { symmetrize } from '../operations/symmetrize.js';

function field(json: Record<string, unknown>, name: string, path: string): unknown {
  if (!(name in json)) throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: `${path}.${name}`, expected: 'present', found: undefined });
  return json[name];
}

function curveList(value: unknown, path: string): [unknown, unknown] {
  if (!Array.isArray(value) || value.length !== 2) throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: path, expected: 'an array of two curves', found: value });
  return [value[0], value[1]];
}

/** The fields each kind's `toJSON()` writes (`defineTradeOff` curves add `source` and `parameters`); any other key is refused. */
const KEYS: Readonly<Record<string, readonly string[]>> = {
  gaussian: ['kind', 'mu'],
  laplace: ['kind', 'epsilon'],
  epsilonDelta: ['kind', 'epsilon', 'delta'],
  identity: ['kind'],
  piecewiseLinear: ['kind', 'alpha', 'beta', 'source', 'parameters'],
  subsampled: ['kind', 'base', 'samplingRate'],
  inverse: ['kind', 'base'],
  symmetrized: ['kind', 'base'],
  pointwiseMax: ['kind', 'curves'],
  pointwiseMin: ['kind', 'curves'],
};

/** Deepest nesting of operations read (a deeper document is refused, not a stack overflow). */
const MAX_CURVE_DEPTH = 200;

function read(json: unknown, path: string, depth = 0): TradeOffCurve {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: path, expected: 'a curve object with a "kind"', found: json });
  }
  if (depth > MAX_CURVE_DEPTH) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: path, expected: `a curve nested at most ${MAX_CURVE_DEPTH} operations deep`, found: json });
  }
  const o = json as Record<string, unknown>;
  const keys = typeof o.kind === 'string' && Object.hasOwn(KEYS, o.kind) ? KEYS[o.kind] : undefined;
  if (keys !== undefined) requireOptions(path, o, keys);
  switch (o.kind) {
    case 'gaussian':
      return gaussianTradeOff(field(o, 'mu', path) as number);
    case 'laplace':
      return laplaceTradeOff(field(o, 'epsilon', path) as number);
    case 'epsilonDelta':
      return epsilonDeltaTradeOff(field(o, 'epsilon', path) as number, field(o, 'delta', path) as number);
    case 'identity':
      return identityTradeOff();
    case 'piecewiseLinear': {
      const alpha = field(o, 'alpha', path);
      const beta = field(o, 'beta', path);
      if (!Array.isArray(alpha) || !Array.isArray(beta)) {
        throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: `${path}.alpha`, expected: 'arrays alpha and beta', found: alpha });
      }
      return piecewiseLinearTradeOff(alpha as number[], beta as number[]);
    }
    case 'subsampled':
      return subsample(read(field(o, 'base', path), `${path}.base`, depth + 1), field(o, 'samplingRate', path) as number);
    case 'inverse':
      return read(field(o, 'base', path), `${path}.base`, depth + 1).inverse();
    case 'symmetrized':
      return symmetrize(read(field(o, 'base', path), `${path}.base`, depth + 1));
    case 'pointwiseMax': {
      const [a, b] = curveList(field(o, 'curves', path), `${path}.curves`);
      return pointwiseMax(read(a, `${path}.curves[0]`, depth + 1), read(b, `${path}.curves[1]`, depth + 1));
    }
    case 'pointwiseMin': {
      const [a, b] = curveList(field(o, 'curves', path), `${path}.curves`);
      return pointwiseMin(read(a, `${path}.curves[0]`, depth + 1), read(b, `${path}.curves[1]`, depth + 1));
    }
    default:
      throw new DpboundsTypeError({
        code: 'ERR_INVALID_FORMAT',
        parameter: `${path}.kind`,
        expected: 'one of gaussian, laplace, epsilonDelta, identity, piecewiseLinear, subsampled, inverse, symmetrized, pointwiseMax, pointwiseMin',
        found: o.kind,
      });
  }
}

/**
 * Rebuilds a curve from `curve.toJSON()` (after `JSON.stringify`/`JSON.parse`): analytic
 * families from their parameters, numeric curves from their knots, operations (subsampled,
 * inverse, symmetrised, pointwise min/max) from their operands. Parameters are validated as in
 * the constructors. Curves made with `defineTradeOff` serialise as numeric curves. A key the
 * kind does not write (a misspelt `mu_`) is refused naming it, and operations nest at most 200 deep.
 *
 * @throws DpboundsTypeError for an unknown kind or missing fields; DpboundsRangeError for
 * parameters out of range.
 * @example tradeOffFromJSON({ kind: 'gaussian', mu: 1 }).evaluate(0.5) // 0.158655…
 */
export function tradeOffFromJSON(json: unknown): TradeOffCurve {
  return read(json, 'json');
}
