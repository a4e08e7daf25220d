/**
 * One accountant's ε at δ for a mechanism event, as the object `dpbounds dp --json` prints
 * (docs/cli.md): the same fields and the same reading as for DP-SGD, so a script that parses
 * `dp` output reads a banded matrix run unchanged. `epsilon` is a guarantee unless its `kind` says
 * otherwise (as in `dp`, whose shuffle sampler reports a lower bound there and the guarantee in
 * `upper`): PLD's pessimistic value (with `epsilonLower`), PRV's upper bound (with its lower bound
 * and estimate), RDP's optimal order; for GDP the PLD guarantee stays in `epsilon` and the μ-GDP value is
 * `epsilonEstimate` (an estimate, Dong, Roth, Su 2022).
 */
import { GdpAccountant, PldAccountant, PrvAccountant, RdpAccountant } from '@dpbounds/accountants';
import type { MechanismEvent, NeighbouringRelation } from '@dpbounds/accountants';
import type { DpResultRow } from './dp-results-text.js';

/** The accountants that price a banded matrix mechanism (all four of the library). */
export const BANDED_ACCOUNTANTS = ['rdp', 'pld', 'prv', 'gdp'] as const;

/** One of {@link BANDED_ACCOUNTANTS}. */
export type BandedAccountant = (typeof BANDED_ACCOUNTANTS)[number];

function provenance(b: { readonly method: string; readonly note?: string }): DpResultRow {
  return b.note === undefined ? { method: b.method } : { method: b.method, note: b.note };
}

/**
 * PLD's row with the composed accountant (for the trade-off curve): `epsilon` the
 * pessimistic-discretisation guarantee, `epsilonLower` a rigorous lower bound.
 *
 * @example pldEvaluation(gaussianEvent(2), 'add-remove', 1e-5).row.epsilon
 */
export function pldEvaluation(event: MechanismEvent, neighbouring: NeighbouringRelation, delta: number): { readonly row: DpResultRow; readonly accountant: PldAccountant } {
  const pld = new PldAccountant({ neighbouring }).compose(event);
  const b = pld.getEpsilonBounds(delta);
  return { row: { accountant: 'pld', neighbouring, epsilon: b.upper, delta, kind: b.kind, epsilonLower: b.lower, epsilonUpper: b.upper, discretizationInterval: pld.discretizationInterval, ...provenance(b) }, accountant: pld };
}

/**
 * PLD's row: `epsilon` the pessimistic-discretisation guarantee, `epsilonLower` a rigorous lower bound.
 *
 * @example pldRow(gaussianEvent(2), 'add-remove', 1e-5).epsilon
 */
export function pldRow(event: MechanismEvent, neighbouring: NeighbouringRelation, delta: number): DpResultRow {
  return pldEvaluation(event, neighbouring, delta).row;
}

/**
 * The row of accountant `kind` for `event` at δ (not yet JSON-safe: an infinite ε is a number).
 * `pld` is the PLD row already computed for the same event, reused by GDP. Domain: PRV prices
 * add-remove only; RDP and GDP price substitution only for unsampled (q = 1) steps; the
 * accountants throw typed errors otherwise, which the caller refuses first.
 *
 * @example bandedAccountantRow('rdp', gaussianEvent(2), 'add-remove', 1e-5).order
 */
export function bandedAccountantRow(kind: BandedAccountant, event: MechanismEvent, neighbouring: NeighbouringRelation, delta: number, pld?: DpResultRow): DpResultRow {
  const head = { accountant: kind, neighbouring };
  switch (kind) {
    case 'rdp': {
      const r = new RdpAccountant({ neighbouring }).compose(event).getEpsilonAndOrder(delta);
      return { ...head, epsilon: r.epsilon, delta, kind: 'guarantee', order: r.order, method: 'rdp' };
    }
    case 'pld':
      return pldRow(event, neighbouring, delta);
    case 'prv': {
      const prv = new PrvAccountant({ neighbouring, epsError: 'relative' }).compose(event);
      const b = prv.getEpsilonBounds(delta);
      const error = b.method === 'prv' ? prv.getEpsilonError(delta) : b.upper - b.lower;
      return { ...head, epsilon: b.upper, delta, kind: b.kind, epsilonLower: b.lower, epsilonUpper: b.upper, epsilonEstimate: b.estimate, epsilonError: error, ...provenance(b) };
    }
    case 'gdp': {
      const gdp = new GdpAccountant({ neighbouring }).compose(event);
      const guarantee = pld ?? pldRow(event, neighbouring, delta);
      const note = guarantee.note === undefined ? {} : { note: guarantee.note };
      return { ...head, epsilon: guarantee.epsilon as number, delta, kind: 'guarantee', estimateKind: 'estimate', method: `gdp (epsilon: ${String(guarantee.method)})`, ...note, epsilonEstimate: gdp.getEpsilon(delta), mu: gdp.mu(), approximation: true };
    }
  }
}
