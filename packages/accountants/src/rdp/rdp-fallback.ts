/**
 * The RDP bound as a fallback of the grid accountants: when a PLD or PRV grid cannot resolve δ
 * (δ below the float noise of its FFT, or below its truncated mass) the RDP conversion, computed
 * in log space for every δ > 0, is a valid (looser) guarantee for the same ledger
 * (docs/math/accounting.md §3 and §7). Under substitution with q < 1, where RDP has no bound of
 * its own, the fallback is group privacy of two add/remove steps (a substitution is one removal
 * and one addition): (ε′, δ′) under add/remove gives (2ε′, (1 + e^ε′)·δ′) under substitution
 * (Dwork and Roth 2014, Theorem 2.2 and its (ε, δ) form; Vadhan 2017, Lemma 2.2).
 */
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import type { LedgerEntry } from '../events/ledger.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { RdpAccountant } from './rdp-accountant.js';

/** An RDP accountant holding `ledger` under `neighbouring` (a relation RDP prices, see rdpPricesDirectly). */
function rdpOf(ledger: readonly LedgerEntry[], neighbouring: NeighbouringRelation): RdpAccountant {
  const rdp = new RdpAccountant({ neighbouring });
  for (const e of ledger) rdp.compose(dpSgdEvent({ samplingRate: e.samplingRate, noiseMultiplier: e.noiseMultiplier, steps: e.count }));
  return rdp;
}

/** True when RDP prices the relation itself; false when the fallback is group privacy (substitution, q < 1). */
function rdpPricesDirectly(ledger: readonly LedgerEntry[], neighbouring: NeighbouringRelation): boolean {
  return !(neighbouring === 'substitution' && ledger.some((e) => e.samplingRate < 1));
}

/**
 * ε(δ) of the ledger by RDP (improved conversion, Balle et al. 2020 Thm 21; default orders,
 * extended when the optimum is the largest); under substitution with q < 1, 2ε′ where ε′ is the
 * add/remove RDP ε at the δ′ found by fixed-point steps δ′ ← δ/(1 + e^{ε′(δ′)}) until
 * (1 + e^{ε′})·δ′ ≤ δ holds (group privacy, see the module comment); undefined where that δ′
 * would fall below 1e-300 (δ below about 1e-250 for typical runs). Domain: 0 < δ < 1.
 *
 * @example rdpFallbackEpsilon([{ samplingRate: 0.01, noiseMultiplier: 1, count: 1000 }], 'add-remove', 1e-300) // ≈ 86 (finite)
 */
export function rdpFallbackEpsilon(ledger: readonly LedgerEntry[], neighbouring: NeighbouringRelation, delta: number): number | undefined {
  if (rdpPricesDirectly(ledger, neighbouring)) return rdpOf(ledger, neighbouring).getEpsilon(delta);
  const rdp = rdpOf(ledger, 'add-remove');
  // ε′(δ′) grows as δ′ shrinks, so (1 + e^{ε′(δ′)})·δ′ ≤ δ is met by a δ′ a little below δ/(1 + e^{ε′(δ/2)}); each step lowers δ′
  // (below δ′ = 1e-300 the doubles lose the fixed point: undefined, as where RDP cannot price at all)
  let inner = delta / 2;
  for (let step = 0; step < 60 && inner >= 1e-300; step++) {
    const eps = rdp.getEpsilon(inner);
    if ((1 + Math.exp(eps)) * inner <= delta) return 2 * eps;
    inner = Math.min(inner / 2, delta / (1 + Math.exp(eps)));
  }
  return undefined;
}

/**
 * δ(ε) of the ledger by RDP (improved conversion); under substitution with q < 1,
 * (1 + e^{ε/2})·δ_add/remove(ε/2), at most 1 (group privacy).
 *
 * @example rdpFallbackDelta([{ samplingRate: 0.01, noiseMultiplier: 1, count: 1000 }], 'add-remove', 50) // tiny
 */
export function rdpFallbackDelta(ledger: readonly LedgerEntry[], neighbouring: NeighbouringRelation, epsilon: number): number {
  if (rdpPricesDirectly(ledger, neighbouring)) return rdpOf(ledger, neighbouring).getDelta(epsilon);
  return Math.min(1, (1 + Math.exp(epsilon / 2)) * rdpOf(ledger, 'add-remove').getDelta(epsilon / 2));
}

/**
 * How the fallback prices a relation, for notes: "RDP bound", or for substitution with q < 1 the
 * group-privacy bound built on the add/remove RDP bound.
 *
 * @example rdpFallbackName([{ samplingRate: 0.01, noiseMultiplier: 1, count: 10 }], 'substitution') // 'group-privacy bound (2 add/remove RDP steps)'
 */
function rdpFallbackName(ledger: readonly LedgerEntry[], neighbouring: NeighbouringRelation): string {
  return rdpPricesDirectly(ledger, neighbouring) ? 'RDP bound' : 'group-privacy bound (2 add/remove RDP steps)';
}

/**
 * The note of a result priced by the fallback: why the grid could not answer (`why`), which bound
 * is reported instead, and that no lower bound is known. `asEstimate` (the PRV accountant, whose
 * results carry an estimate) adds that the bound stands in for the estimate too.
 *
 * @example rdpFallbackNote([{ samplingRate: 0.01, noiseMultiplier: 1, count: 1000 }], 'add-remove', 'δ is below the grid', false) // 'δ is below the grid: RDP bound reported, lower bound 0'
 */
export function rdpFallbackNote(ledger: readonly LedgerEntry[], neighbouring: NeighbouringRelation, why: string, asEstimate: boolean): string {
  return `${why}: ${rdpFallbackName(ledger, neighbouring)} reported${asEstimate ? ' (also as the estimate: the grid gives none at this δ)' : ''}, lower bound 0`;
}
