/**
 * Conversions from an RDP curve (orders αᵢ, RDP values Rᵢ of the whole run) to (ε, δ)
 * (derivation: docs/math/accounting.md §3).
 */

import { DpboundsTypeError, requireFiniteArray, requireInRange } from '@dpbounds/special-functions';
import { requireOptions } from '../events/validate-event.js';

/** Orders > 1 (finite) and RDP values ≥ 0 (may be +∞ or NaN, which are skipped), equal lengths. */
function validateCurve(orders: ArrayLike<number>, rdp: ArrayLike<number>): void {
  requireFiniteArray('orders', orders, { minLength: 1 });
  if (rdp === null || typeof rdp !== 'object' || rdp.length !== orders.length) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'rdp', expected: `an array of length ${orders.length} (as orders)`, found: rdp });
  }
  for (let i = 0; i < orders.length; i++) {
    requireInRange(`orders[${i}]`, orders[i], { min: 1, minExclusive: true });
    const r = rdp[i] as number;
    if (!Number.isNaN(r)) requireInRange(`rdp[${i}]`, r, { min: 0, max: Infinity });
  }
}

/** The RDP → (ε, δ) conversion. */
export type RdpConversion = 'improved' | 'classical';

/** δ with the order at which the minimum is attained. */
export interface RdpDelta {
  readonly delta: number;
  readonly order: number;
}

/** An RDP curve (orders αᵢ > 1 and values Rᵢ ≥ 0 of equal length) and the conversion (default `improved`). */
export interface RdpCurveOptions {
  readonly orders: ArrayLike<number>;
  readonly rdp: ArrayLike<number>;
  readonly conversion?: RdpConversion;
}

/** Options of {@link rdpToEpsilon}: the RDP curve and the target δ ∈ (0, 1). */
export interface RdpToEpsilonOptions extends RdpCurveOptions {
  readonly delta: number;
}

/** Options of {@link rdpToDelta}: the RDP curve and the target ε ∈ [0, ∞]. */
export interface RdpToDeltaOptions extends RdpCurveOptions {
  readonly epsilon: number;
}

/** ε with the order at which the minimum is attained. */
export interface RdpEpsilon {
  readonly epsilon: number;
  /** The optimal order (NaN never: +∞ ε reports the first order). */
  readonly order: number;
}

/**
 * ε(δ) from RDP: minimum over orders of
 * - `improved` (Balle et al. 2020, Thm 21; Canonne, Kamath, Steinke 2020, Prop. 12; used by
 *   Opacus and dp_accounting): Rᵢ + log1p(−1/αᵢ) − (log δ + log αᵢ)/(αᵢ − 1);
 * - `classical` (Mironov 2017, Prop. 3): Rᵢ + log(1/δ)/(αᵢ − 1);
 * with dp_accounting's refinements: when δ² + expm1(−Rᵢ) > 0 the KL/Pinsker bound gives ε = 0
 * (RDP is non-decreasing in α so Rᵢ bounds the KL divergence); NaN Rᵢ are skipped; the result is
 * clamped at 0. Returns the argmin order so callers can see when it sits at an end of the grid.
 *
 * Domain: 0 < δ < 1, αᵢ > 1, Rᵢ ≥ 0 (may be +∞). Exact arithmetic (no numerical error beyond ulp).
 *
 * Positional building block of {@link rdpToEpsilon} (no options object, for hot paths).
 *
 * @example rdpCurveToEpsilon([2, 3], [0.1, 0.2], 1e-5, 'improved') // { epsilon, order }
 */
export function rdpCurveToEpsilon(orders: ArrayLike<number>, rdp: ArrayLike<number>, delta: number, conversion: RdpConversion): RdpEpsilon {
  validateCurve(orders, rdp);
  requireInRange('delta', delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  let best = Infinity;
  let bestOrder = orders[0] ?? Number.NaN;
  const logDelta = Math.log(delta);
  for (let i = 0; i < orders.length; i++) {
    const a = orders[i] as number;
    const r = rdp[i] as number;
    if (Number.isNaN(r)) continue;
    let eps: number;
    if (r === Infinity) eps = Infinity;
    else if (delta * delta + Math.expm1(-Math.max(0, r)) > 0) eps = 0;
    else if (conversion === 'improved') eps = r + Math.log1p(-1 / a) - (logDelta + Math.log(a)) / (a - 1);
    else eps = r - logDelta / (a - 1);
    if (eps < best) {
      best = eps;
      bestOrder = a;
    }
  }
  return { epsilon: Math.max(0, best), order: bestOrder };
}

/**
 * δ(ε) from RDP (improved conversion, dp_accounting `compute_delta`): min over orders of
 * log δᵢ = min(½·log(1 − e^{−Rᵢ}), (αᵢ − 1)(Rᵢ − ε + log1p(−1/αᵢ)) − log αᵢ), or with the
 * classical conversion log δᵢ = (αᵢ − 1)(Rᵢ − ε); δ = min(1, exp(min log δᵢ)).
 *
 * Domain: ε ∈ [0, ∞] (ε = ∞ gives 0 unless every Rᵢ is +∞).
 *
 * Positional building block of {@link rdpToDelta} (no options object, for hot paths).
 *
 * @example rdpCurveToDelta([2, 3], [0.1, 0.2], 1, 'improved')
 */
export function rdpCurveToDelta(orders: ArrayLike<number>, rdp: ArrayLike<number>, epsilon: number, conversion: RdpConversion): RdpDelta {
  validateCurve(orders, rdp);
  requireInRange('epsilon', epsilon, { min: 0, max: Infinity });
  let best = Infinity;
  let bestOrder = orders[0] ?? Number.NaN;
  for (let i = 0; i < orders.length; i++) {
    const a = orders[i] as number;
    const r = rdp[i] as number;
    if (Number.isNaN(r) || r === Infinity) continue;
    let logDelta: number;
    if (conversion === 'improved') {
      const kl = r <= 0 ? -Infinity : 0.5 * Math.log(-Math.expm1(-r));
      const renyi = epsilon === Infinity ? -Infinity : (a - 1) * (r - epsilon + Math.log1p(-1 / a)) - Math.log(a);
      logDelta = Math.min(kl, renyi);
    } else {
      logDelta = epsilon === Infinity ? -Infinity : (a - 1) * (r - epsilon);
    }
    if (logDelta < best) {
      best = logDelta;
      bestOrder = a;
    }
  }
  return { delta: Math.min(1, Math.exp(best)), order: bestOrder };
}

function conversionOf(value: unknown): RdpConversion {
  if (value === undefined || value === 'improved') return 'improved';
  if (value === 'classical') return 'classical';
  throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'conversion', expected: '"improved" or "classical"', found: value });
}

/**
 * ε(δ) of an RDP curve, minimised over its orders, with the order attaining it: the `improved`
 * conversion by default (Balle et al. 2020, Thm 21; what Opacus and dp_accounting use) or the
 * `classical` one (Mironov 2017, Prop. 3); see docs/accounting.md. A guarantee: the conversions
 * are valid bounds and are evaluated exactly (no numerical error beyond ulp).
 *
 * Domain: 0 < δ < 1, orders αᵢ > 1, values Rᵢ ≥ 0 (may be +∞), equal lengths. Unknown option
 * keys are refused.
 *
 * @example rdpToEpsilon({ orders: [2, 3], rdp: [0.1, 0.2], delta: 1e-5 }) // { epsilon, order }
 */
export function rdpToEpsilon(options: RdpToEpsilonOptions): RdpEpsilon {
  const o = requireOptions<RdpToEpsilonOptions>('options', options, ['orders', 'rdp', 'delta', 'conversion'], false);
  return rdpCurveToEpsilon(o.orders, o.rdp, o.delta, conversionOf(o.conversion));
}

/**
 * δ(ε) of an RDP curve, minimised over its orders, with the order attaining it (dp_accounting's
 * `compute_delta` with the `improved` conversion by default, or the `classical` one).
 *
 * Domain: ε ∈ [0, ∞], orders αᵢ > 1, values Rᵢ ≥ 0 (may be +∞). Unknown option keys are refused.
 *
 * @example rdpToDelta({ orders: [2, 3], rdp: [0.1, 0.2], epsilon: 1 }) // { delta, order }
 */
export function rdpToDelta(options: RdpToDeltaOptions): RdpDelta {
  const o = requireOptions<RdpToDeltaOptions>('options', options, ['orders', 'rdp', 'epsilon', 'conversion'], false);
  return rdpCurveToDelta(o.orders, o.rdp, o.epsilon, conversionOf(o.conversion));
}
