/**
 * How the report draws a one-run audit. The audit rejects "the run is μ-GDP" for every μ up to
 * its empirical μ* (Mahloujifar et al. 2024, f-DP audit over the Gaussian family): the true
 * trade-off curve lies on or below G_μ* somewhere, a lower bound on the privacy loss. Drawn as a
 * curve only when G_μ* stays on or above the DP guarantee everywhere (then the picture "the truth
 * is between the two somewhere" is honest); otherwise the report states the number alone.
 */
import { dominates, gaussianTradeOff } from '@dpbounds/tradeoff-core';
import type { NeighbouringRelation, TradeOffCurve } from '@dpbounds/tradeoff-core';
import type { ReportCurve } from './report-types.js';
import { REPORT_FPR_GRID, sampleOnReportGrid } from './sample-curve.js';
import { RELATION_TEXT } from './threat-view.js';

/** The result of {@link auditCurve}: the curve to draw, or why it is not drawn. */
export type AuditCurveDecision = { readonly drawn: true; readonly curve: ReportCurve } | { readonly drawn: false; readonly reason: string };

/** Optional words of {@link auditCurve}. */
export interface AuditCurveWords {
  /** What the audit is held against, for the legend ("held against ε ≤ 13.2 of shuffling (guarantee)"). */
  readonly heldAgainst?: string;
  /** What `dp` is, for the reason a curve is not drawn (default "the DP guarantee"). */
  readonly reference?: string;
}

/**
 * G_μ* as a `lower-bound` curve of the audit, drawn only when it dominates the DP guarantee `dp`
 * of the same relation (checked by tradeoff-core's `dominates`).
 *
 * Domain: μ* ≥ 0 finite (μ* = 0 proves nothing and is not drawn). `words` names what the audit
 * is held against in the legend (the ε of the sampler that ran) and what `dp` is.
 *
 * @example auditCurve(0.05, pldCurve, 'add-remove', 'Dirac canaries', 0.95).drawn
 */
export function auditCurve(mu: number, dp: TradeOffCurve, neighbouring: NeighbouringRelation, name: string, confidence: number, words: AuditCurveWords = {}): AuditCurveDecision {
  if (!(mu > 0) || !Number.isFinite(mu)) return { drawn: false, reason: 'the audit proves nothing beyond μ = 0 (no curve to draw)' };
  const curve = gaussianTradeOff(mu);
  const check = dominates(curve, dp, { tolerance: 1e-9 });
  if (!check.dominates) {
    return { drawn: false, reason: `G_μ* crosses below ${words.reference ?? 'the DP guarantee'} near FPR ${check.worstAlpha.toPrecision(2)}, so it is stated as a number only` };
  }
  const held = words.heldAgainst === undefined ? '' : `; ${words.heldAgainst}`;
  return {
    drawn: true,
    curve: {
      id: `audit-${neighbouring}`,
      label: `${name} audit: the true curve is on or below G_μ*, μ* = ${mu.toFixed(3)}, somewhere (${Math.round(confidence * 100)} %${held}) [lower-bound, ${RELATION_TEXT[neighbouring]}]`,
      kind: 'lower-bound',
      neighbouring,
      threat: `membership of the ${name}`,
      role: 'audit',
      plotted: true,
      alpha: REPORT_FPR_GRID,
      beta: sampleOnReportGrid(curve),
    },
  };
}
