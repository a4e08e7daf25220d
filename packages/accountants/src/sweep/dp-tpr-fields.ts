/**
 * The fields `dpbounds dp --fpr` adds to one accountant's result: the largest TPR any membership
 * attack on the run reaches at each FPR, read off the accountant's trade-off curve
 * ({@link accountantTprAtFpr}; docs/math/tpr-at-fpr.md). PLD and
 * RDP curves are guarantees, GDP's G_μ an estimate; PRV has no trade-off curve of its own, so its
 * row uses the PLD curve (said in `tprMethod`).
 */
import { requireObject } from '@dpbounds/special-functions';
import { requireNeighbouring, type PrivacyAccountant } from '../accountant.js';
import { requireSweepAccountant } from './require-sweep-accountant.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { GdpAccountant } from '../gdp/gdp-accountant.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { RdpAccountant } from '../rdp/rdp-accountant.js';
import { accountantTprAtFpr } from '../summaries/accountant-tpr-at-fpr.js';
import type { DpQuery } from './dp-accountant-result.js';

/** The JSON fields `dp --fpr` adds to one accountant's result. */
export interface DpTprFields {
  readonly tprAtFpr: readonly { readonly fpr: number; readonly tpr: number }[];
  /** `guarantee` (pld, rdp; prv through the PLD curve) or `estimate` (gdp). */
  readonly tprKind: string;
  /** How the curve was built. */
  readonly tprMethod: string;
}

/**
 * TPR at each FPR for one accountant's row (`rdp`, `pld`, `prv`, `gdp`).
 *
 * @param composed the accountant already composed for this run, when the caller has it (saves a composition).
 * @throws DpboundsRangeError naming `fprs` when an FPR is outside [0, 1].
 * @example dpTprFields('pld', { samplingRate: 0.01, noiseMultiplier: 1, steps: 100, neighbouring: 'add-remove' }, [0.01]).tprKind // 'guarantee'
 */
export function dpTprFields(accountant: string, run: Omit<DpQuery, 'delta' | 'epsilon'>, fprs: readonly number[], composed?: PrivacyAccountant): DpTprFields {
  requireSweepAccountant('accountant', accountant);
  const neighbouring = requireNeighbouring(requireObject('run', run)['neighbouring']);
  const build = (): PrivacyAccountant => {
    const event = dpSgdEvent({ samplingRate: run.samplingRate, noiseMultiplier: run.noiseMultiplier, steps: run.steps });
    return accountant === 'rdp' ? new RdpAccountant({ neighbouring }).compose(event)
      : accountant === 'gdp' ? new GdpAccountant({ neighbouring }).compose(event)
      : new PldAccountant({ neighbouring }).compose(event);
  };
  const acc = composed ?? build();
  const r = accountantTprAtFpr(acc, fprs);
  const method = accountant === 'prv' ? `${r.method} (prv has no trade-off curve; the pld curve is used)` : r.method;
  return { tprAtFpr: r.points.map((p) => ({ fpr: p.fpr, tpr: p.tpr })), tprKind: r.kind, tprMethod: method };
}
