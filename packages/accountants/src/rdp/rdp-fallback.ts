/**
 * The RDP bound as a fallback of the grid accountants: when a PLD or PRV grid cannot resolve δ
 * (δ below the float noise of its FFT, or below its truncated mass) the RDP conversion, computed
 * in log space for every δ > 0, is a valid (looser) guarantee for the same ledger
 * (docs/math/accounting.md §3 and §7).
 */
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import type { LedgerEntry } from '../events/ledger.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { RdpAccountant } from './rdp-accountant.js';

/** An RDP accountant holding `ledger`, or undefined when RDP cannot price it (substitution with q < 1). */
function rdpOf(ledger: readonly LedgerEntry[], neighbouring: NeighbouringRelation): RdpAccountant | undefined {
  if (neighbouring === 'substitution' && ledger.some((e) => e.samplingRate < 1)) return undefined;
  const rdp = new RdpAccountant({ neighbouring });
  for (const e of ledger) rdp.compose(dpSgdEvent({ samplingRate: e.samplingRate, noiseMultiplier: e.noiseMultiplier, steps: e.count }));
  return rdp;
}

/**
 * ε(δ) of the ledger by RDP (improved conversion, Balle et al. 2020 Thm 21; default orders,
 * extended when the optimum is the largest), or undefined when RDP cannot price the relation.
 * Domain: 0 < δ < 1.
 *
 * @example rdpFallbackEpsilon([{ samplingRate: 0.01, noiseMultiplier: 1, count: 1000 }], 'add-remove', 1e-300) // ≈ 86 (finite)
 */
export function rdpFallbackEpsilon(ledger: readonly LedgerEntry[], neighbouring: NeighbouringRelation, delta: number): number | undefined {
  return rdpOf(ledger, neighbouring)?.getEpsilon(delta);
}

/**
 * δ(ε) of the ledger by RDP (improved conversion), or undefined when RDP cannot price the relation.
 *
 * @example rdpFallbackDelta([{ samplingRate: 0.01, noiseMultiplier: 1, count: 1000 }], 'add-remove', 50) // tiny
 */
export function rdpFallbackDelta(ledger: readonly LedgerEntry[], neighbouring: NeighbouringRelation, epsilon: number): number | undefined {
  return rdpOf(ledger, neighbouring)?.getDelta(epsilon);
}
