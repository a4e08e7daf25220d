/**
 * `dpbounds dp --fpr list`: the largest TPR any membership attack on the run reaches at each
 * FPR, read off the chosen accountant's trade-off curve (@dpbounds/accountants
 * `dpTprFields`, shared with `dpbounds sweep`). No math here; this file only wires the flag to the library.
 */
import { dpTprFields } from '@dpbounds/accountants';
import type { NeighbouringRelation } from '@dpbounds/accountants';
import { formatNumber, formatTable } from '../format.js';

/** The run the TPR bound is for. */
export interface DpTprRun {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
  readonly neighbouring: NeighbouringRelation;
}

/** The JSON fields `dp --fpr` adds to one accountant's result. */
export interface DpTprFields {
  readonly tprAtFpr: readonly { readonly fpr: number; readonly tpr: number }[];
  /** `guarantee` (pld, rdp; prv through the PLD curve) or `estimate` (gdp). */
  readonly tprKind: string;
  /** How the curve was built. */
  readonly tprMethod: string;
}

/**
 * TPR at each FPR for one accountant of `dpbounds dp`: PLD and RDP curves are guarantees, GDP's
 * G_μ an estimate; PRV has no trade-off curve of its own, so its row uses the PLD curve (said
 * in `tprMethod`).
 */
export function dpTprAtFpr(accountant: string, run: DpTprRun, fprs: readonly number[]): DpTprFields {
  return dpTprFields(accountant, run, fprs);
}

/** The readable table of `dp --fpr`: one row per accountant and FPR. */
export function dpTprText(rows: readonly { readonly accountant: unknown; readonly fields: DpTprFields }[]): string {
  const body = rows.flatMap(({ accountant, fields }) =>
    fields.tprAtFpr.map((p) => [String(accountant), formatNumber(p.fpr), formatNumber(p.tpr), fields.tprKind]),
  );
  return `largest TPR any attack reaches at each FPR\n${formatTable(['accountant', 'FPR', 'max TPR', 'kind'], body)}`;
}
