/**
 * The RDP accountant (Mironov 2017; Mironov, Talwar, Zhang 2019): RDP curves of the steps add
 * up over composition, then one conversion to (ε, δ) (docs/math/accounting.md §2–§3).
 */
import { DpboundsTypeError, requireFiniteArray, requireInRange } from '@dpbounds/special-functions';
import { LedgerAccountant, parseAccountantState, type AccountantKind, type NeighbouringRelation } from '../accountant.js';
import type { LedgerEntry } from '../events/ledger.js';
import { requireOptions } from '../events/validate-event.js';
import { DEFAULT_RDP_ORDERS, DP_ACCOUNTING_RDP_ORDERS, MAX_RDP_ORDER, OPACUS_RDP_ORDERS } from './rdp-orders.js';
import { rdpCurveToDelta, rdpCurveToEpsilon, type RdpConversion, type RdpEpsilon } from './rdp-to-epsilon.js';
import { rdpUnchecked } from './subsampled-gaussian-rdp.js';

/** Options of {@link RdpAccountant}. */
export interface RdpAccountantOptions {
  /** Only `add-remove` for Poisson-sampled steps (q < 1); `substitution` prices plain Gaussian steps (q = 1) at sensitivity 2. */
  readonly neighbouring?: NeighbouringRelation;
  /** Orders α ∈ (1, 2²⁰] (a larger order is refused: its cost grows like α): `default` (superset of Opacus and dp_accounting, up to 8192), `opacus`, `dp-accounting` or an explicit list. */
  readonly orders?: 'default' | 'opacus' | 'dp-accounting' | readonly number[];
  /** RDP → (ε, δ) conversion (default `improved`, Balle et al. 2020). */
  readonly conversion?: RdpConversion;
}

function resolveOrders(orders: RdpAccountantOptions['orders']): { name: string; values: readonly number[] } {
  if (orders === undefined || orders === 'default') return { name: 'default', values: DEFAULT_RDP_ORDERS };
  if (orders === 'opacus') return { name: 'opacus', values: OPACUS_RDP_ORDERS };
  if (orders === 'dp-accounting') return { name: 'dp-accounting', values: DP_ACCOUNTING_RDP_ORDERS };
  if (!Array.isArray(orders)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'orders', expected: '"default", "opacus", "dp-accounting" or an array of orders > 1', found: orders });
  }
  requireFiniteArray('orders', orders, { minLength: 1 });
  orders.forEach((a, i) => requireInRange(`orders[${i}]`, a, { min: 1, minExclusive: true, max: MAX_RDP_ORDER }));
  return { name: orders.join(','), values: Object.freeze([...orders]) };
}

/**
 * RDP accountant for DP-SGD. Per step, the RDP of the Poisson-subsampled Gaussian
 * ({@link subsampledGaussianRdp}) at every order of the grid; compositions add RDP vectors; the
 * improved conversion (default) or the classical one gives (ε, δ), and `getEpsilonAndOrder`
 * reports the optimal order (with the default grid, orders beyond 8192 are tried when the
 * optimum is the largest one).
 *
 * When to use: fast (≈ 1 ms), always a valid upper bound, but loose (typically 10–40 % above
 * the tight PLD/PRV value). Gotchas: `orders: 'opacus'` reproduces Opacus, whose grid stops at 63.
 * Domain: add-remove for any q; substitution only for q = 1 (no tight RDP bound of
 * subsampling under substitution is implemented). Accuracy: 1e-9 relative (see
 * {@link subsampledGaussianRdp}).
 *
 * @example
 * const eps = new RdpAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })).getEpsilon(1e-5);
 */
export class RdpAccountant extends LedgerAccountant {
  readonly kind: AccountantKind = 'rdp';
  readonly isGuarantee: boolean = true;
  /** The order grid. */
  readonly orders: readonly number[];
  /** The conversion used by getEpsilon/getDelta. */
  readonly conversion: RdpConversion;
  private readonly ordersName: string;
  private cache: { revision: number; rdp: Float64Array } | undefined;

  constructor(options: RdpAccountantOptions = {}) {
    options = requireOptions<RdpAccountantOptions>('options', options, ['neighbouring', 'orders', 'conversion']);
    super(options.neighbouring ?? 'add-remove');
    const resolved = resolveOrders(options.orders);
    this.orders = resolved.values;
    this.ordersName = resolved.name;
    const conversion = options.conversion ?? 'improved';
    if (conversion !== 'improved' && conversion !== 'classical') {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'conversion', expected: '"improved" or "classical"', found: conversion });
    }
    this.conversion = conversion;
  }

  /**
   * Restores an accountant from {@link RdpAccountant.toJSON} output, through the constructor: a
   * state whose options the constructor refuses (e.g. `orders: 7`) is refused the same way.
   *
   * @example RdpAccountant.fromJSON(JSON.parse(JSON.stringify(accountant)))
   */
  static fromJSON(json: unknown): RdpAccountant {
    const state = parseAccountantState(json, 'rdp', ['orders', 'conversion']);
    const orders = state.options.orders;
    const named = orders === 'default' || orders === 'opacus' || orders === 'dp-accounting';
    // the saved form of a list is its comma-joined text; anything else goes to the constructor as
    // it is, so a state the constructor would refuse (orders: 7) is refused the same way
    const list = typeof orders === 'string' && !named ? orders.split(',').map(Number) : orders;
    const accountant = new RdpAccountant({
      neighbouring: state.neighbouring,
      ...(list === undefined ? {} : { orders: list as NonNullable<RdpAccountantOptions['orders']> }),
      ...(state.options.conversion === undefined ? {} : { conversion: state.options.conversion as RdpConversion }),
    });
    accountant.loadLedger(state.ledger);
    return accountant;
  }

  protected checkEntry(entry: LedgerEntry): string | undefined {
    if (this.neighbouring === 'substitution' && entry.samplingRate < 1) {
      return 'RDP of Poisson subsampling is implemented for add-remove only (use the PLD accountant for substitution)';
    }
    return undefined;
  }

  protected options(): Record<string, number | string> {
    return { orders: this.ordersName, conversion: this.conversion };
  }

  /**
   * The RDP of the whole ledger at every order (sum over steps).
   *
   * @example new RdpAccountant({ orders: [2] }).compose(gaussianEvent(1)).rdp() // Float64Array [1]
   */
  rdp(): Float64Array {
    if (this.cache?.revision === this.revision) return this.cache.rdp;
    const total = new Float64Array(this.orders.length);
    const sensitivityScale = this.neighbouring === 'substitution' ? 2 : 1;
    for (const entry of this.ledger) {
      const sigma = entry.noiseMultiplier / sensitivityScale;
      for (let i = 0; i < this.orders.length; i++) {
        total[i] = (total[i] as number) + entry.count * rdpUnchecked(entry.samplingRate, sigma, this.orders[i] as number);
      }
    }
    this.cache = { revision: this.revision, rdp: total };
    return total;
  }

  /**
   * ε(δ) with the order that attains it.
   *
   * @example accountant.getEpsilonAndOrder(1e-5) // { epsilon: 2.1013…, order: 7.8 }
   */
  getEpsilonAndOrder(delta: number): RdpEpsilon {
    const epsilon = this.getEpsilon(delta);
    if (this.ledger.length === 0 || delta >= 1 || this.hasNonPrivateStep || delta === 0) return { epsilon, order: this.orders[0] as number };
    return this.optimum(delta);
  }

  /**
   * The grid optimum; with the default grid, when it sits at the largest order the grid is
   * extended by doubling orders (up to 2^20) while ε keeps decreasing (docs/accounting.md). Every order gives a valid bound, so extending never hurts.
   */
  private optimum(delta: number): RdpEpsilon {
    let best = rdpCurveToEpsilon(this.orders, this.rdp(), delta, this.conversion);
    const last = this.orders[this.orders.length - 1] as number;
    if (this.ordersName !== 'default' || best.order !== last) return best;
    const scale = this.neighbouring === 'substitution' ? 2 : 1;
    for (let alpha = 2 * last; alpha <= MAX_RDP_ORDER; alpha *= 2) {
      let r = 0;
      for (const e of this.ledger) r += e.count * rdpUnchecked(e.samplingRate, e.noiseMultiplier / scale, alpha);
      const next = rdpCurveToEpsilon([alpha], [r], delta, this.conversion);
      if (!(next.epsilon < best.epsilon)) break;
      best = next;
    }
    return best;
  }

  protected epsilonFor(delta: number): number {
    return this.optimum(delta).epsilon;
  }

  protected deltaFor(epsilon: number): number {
    return rdpCurveToDelta(this.orders, this.rdp(), epsilon, this.conversion).delta;
  }
}
