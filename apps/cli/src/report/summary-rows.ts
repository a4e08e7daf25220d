/**
 * The report's summary table (threat model, quantity, value, meaning), shared by the terminal
 * output of `dpbounds demo` and report.html. Values come from the report; nothing is computed.
 */
import { formatNumber } from '../format.js';
import type { DemoReport } from './compute-report.js';

/** One row: threat model, what is measured, its value, what it means. */
export type SummaryRow = readonly [string, string, string, string];

function get(object: Record<string, unknown> | null, ...path: string[]): unknown {
  let value: unknown = object;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

const num = (value: unknown): string => (typeof value === 'number' ? formatNumber(value) : 'n/a');

/**
 * Rows of the summary table.
 *
 * @example summaryRows(report)[0] // ['utility', 'test accuracy', '0.84', ...]
 */
export function summaryRows(report: DemoReport): SummaryRow[] {
  const rows: SummaryRow[] = [];
  rows.push(['utility', 'test accuracy', num(report.utility.testAccuracy), `held-out split of ${report.utility.testSize} records`]);
  for (const row of report.accounting) {
    const kind = String(row['accountant']);
    const value = kind === 'gdp' ? row['epsilonEstimate'] : row['epsilon'];
    rows.push(['DP (worst case)', `ε (${kind}) at δ = ${num(row['delta'])}`, num(value), row['guarantee'] === true ? 'guarantee (upper bound)' : 'CLT approximation, not a bound']);
  }
  const mia = get(report.bayesSecurity, 'membership') as Record<string, unknown> | null;
  if (mia !== null && mia !== undefined) rows.push(['membership inference', 'Bayes security β*', num(mia['bayesSecurity']), `attacker advantage ≤ ${num(mia['advantage'])} (1 = perfectly secure)`]);
  const attr = get(report.bayesSecurity, 'attribute') as Record<string, unknown> | null;
  if (attr !== null && attr !== undefined) {
    rows.push([`attribute inference (${String(attr['attribute'])})`, 'Bayes security β* (exact R_t)', num(attr['bayesSecurity']), 'data-dependent: keep internal']);
    if (attr['bayesSecurityApproximate'] !== null) rows.push([`attribute inference (${String(attr['attribute'])})`, 'β* (centroid approximation)', num(attr['bayesSecurityApproximate']), 'conservative (≤ exact)']);
  }
  if (report.gmip !== null) rows.push(['membership, random target (GMIP)', 'μ-GMIP', num(report.gmip['mu']), `K = d = ${num(report.gmip['params'])}; measured median-K target μ = ${num(report.gmip['muMedianTarget'])}, worst μ = ${num(report.gmip['muWorstTarget'])}; GDP μ = ${num(report.gmip['gdpMu'])}`]);
  if (report.rtm !== null) {
    const pts = report.rtm['points'] as { fpr: number; fnr: number; fnrSymmetric: number; dpFnr: number }[];
    const p = pts.find((x) => x.fpr === 0.01) ?? pts[0];
    if (p !== undefined) rows.push(['relaxed threat model', `TPR at FPR ${num(p.fpr)}`, num(1 - p.fnrSymmetric), `Neyman–Pearson (DP) attacker on the same unsubsampled releases: ${num(1 - p.dpFnr)}`]);
  }
  if (report.perInstance !== null) {
    rows.push(['per-instance (typical records)', 'mean ε', num(report.perInstance['meanTypical']), `data-independent ε = ${num(report.perInstance['dataIndependentEpsilon'])}`]);
    rows.push(['per-instance (outliers)', 'mean ε', num(report.perInstance['meanOutlier']), `${num(report.perInstance['runs'])} runs`]);
  }
  if (report.attack !== null) {
    const tpr = (report.attack['tprAtFpr'] as { fpr: number; tpr: number }[]).map((p) => `${num(p.tpr)}@${num(p.fpr)}`).join(', ');
    rows.push(['attack (loss threshold)', 'AUC', num(report.attack['auc']), `TPR@FPR ${tpr}`]);
  }
  const inputAudit = report.inputAudit;
  if (inputAudit !== null) rows.push(['one-run audit (input canaries)', `empirical ε at δ = ${num(inputAudit['delta'])}`, num(inputAudit['empiricalEpsilon']), `${num(inputAudit['correct'])}/${num(inputAudit['guesses'])} correct, ${num(inputAudit['canaries'])} canaries, black-box loss scores`]);
  if (report.audit !== null) rows.push(['one-run audit (Dirac canaries)', `empirical ε at δ = ${num(report.audit['delta'])}`, num(report.audit['empiricalEpsilon']), `${num(report.audit['correct'])}/${num(report.audit['guesses'])} correct guesses, ${num(report.audit['canaries'])} canaries (a lower bound)`]);
  return rows;
}
