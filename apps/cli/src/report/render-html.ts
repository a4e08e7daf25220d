/**
 * report.html: one self-contained page (inline CSS and SVG, no scripts, no network) with the
 * summary (every number with its kind and relation), one trade-off plot per neighbouring relation
 * (the DP guarantee, each threat model combined with it, the audit's lower bound, the attacks'
 * ROC points with Clopper–Pearson boxes, and where each curve binds), the per-instance ε
 * histogram, β* (membership vs attribute) against held-out accuracy over training, and the
 * configuration in words. How to read it: docs/reading-the-views.md.
 */
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { configRows } from './config-rows.js';
import type { DemoReport, ReportCurve } from './report-types.js';
import { formatNumber } from '../format.js';
import { escapeXml, histogram, lineChart } from './svg-chart.js';
import type { ChartLayout, Series } from './svg-chart.js';
import { summaryRows } from './summary-rows.js';
import { RELATION_TEXT } from './threat-view.js';

const PALETTE: readonly (readonly [prefix: string, color: string])[] = [
  ['dp-', '#1f4e8c'],
  ['bayes-mia', '#2ca02c'],
  ['bayes-ai', '#8c6d31'],
  ['gmip', '#9467bd'],
  ['rtm', '#ff7f0e'],
  ['audit', '#d62728'],
];

const colorOf = (id: string): string => PALETTE.find(([prefix]) => id.startsWith(prefix))?.[1] ?? '#333';

function curveStyle(curve: ReportCurve): Pick<Series, 'style' | 'width' | 'opacity'> {
  if (curve.role === 'dp') return { style: 'line', width: 6, opacity: 0.35 };
  if (curve.kind === 'lower-bound') return { style: 'dotted', width: 2.5 };
  return { style: curve.kind === 'guarantee' ? 'line' : 'dashed' };
}

/**
 * The series of one relation's plot: its DP guarantee first (drawn wide and light), then the
 * combined curves (solid for guarantees, dashed for estimates), the audit's lower bound (dotted)
 * and the ROC points with their Clopper–Pearson boxes. Only curves and points of `relation`.
 *
 * @example relationSeries(report, 'substitution').every((s) => s.label.endsWith(', substitution]')) // true
 */
export function relationSeries(report: DemoReport, relation: NeighbouringRelation): Series[] {
  const series: Series[] = report.curves
    .filter((c) => c.plotted && c.neighbouring === relation)
    .sort((a, b) => (a.role === 'dp' ? -1 : b.role === 'dp' ? 1 : 0))
    .map((c) => ({ label: c.label, color: colorOf(c.id), points: c.alpha.map((a, i) => [a, c.beta[i] as number] as const), ...curveStyle(c) }));
  const groups = new Map<string, { label: string; confidence: number; points: [number, number][]; boxes: [number, number, number, number][] }>();
  for (const p of report.points.filter((x) => x.neighbouring === relation)) {
    const group = groups.get(p.id) ?? { label: p.label, confidence: p.confidence, points: [], boxes: [] };
    group.points.push([p.fpr, p.fnr]);
    group.boxes.push([p.fprLower, p.fprUpper, p.fnrLower, p.fnrUpper]);
    groups.set(p.id, group);
  }
  const dp = report.curves.find((c) => c.role === 'dp' && c.neighbouring === relation && c.kind === 'guarantee');
  const markerColors = ['#000000', '#e377c2', '#8c564b'];
  [...groups.values()].forEach((g, i) => {
    const pointNotes = dp === undefined ? [] : belowGuaranteeNotes(g.points, g.boxes, dp.alpha, dp.beta, g.confidence);
    series.push({ label: g.label, color: markerColors[i % markerColors.length] as string, points: g.points, boxes: g.boxes, style: 'markers', ...(pointNotes.length > 0 ? { pointNotes } : {}) });
  });
  return series;
}

/** β of a trade-off curve at α, linear between its points (the curve as drawn). */
function curveAt(alpha: readonly number[], beta: readonly number[], x: number): number {
  const pairs = alpha.map((a, i) => [a, beta[i] as number] as const).sort((p, q) => p[0] - q[0]);
  const first = pairs[0];
  if (first === undefined || x <= first[0]) return first?.[1] ?? 1;
  for (let i = 1; i < pairs.length; i++) {
    const [a1, b1] = pairs[i] as readonly [number, number];
    if (x <= a1) {
      const [a0, b0] = pairs[i - 1] as readonly [number, number];
      return a1 === a0 ? Math.min(b0, b1) : b0 + ((b1 - b0) * (x - a0)) / (a1 - a0);
    }
  }
  return (pairs[pairs.length - 1] as readonly [number, number])[1];
}

/**
 * The words written at empirical points that lie below the run's guarantee curve: one note at
 * the point furthest below, saying how many lie below and whether their confidence boxes reach
 * the curve (sampling noise) or a box lies wholly below it (the run contradicts its guarantee).
 *
 * @example belowGuaranteeNotes([[0.5, 0.4]], [[0.45, 0.55, 0.35, 0.6]], [0, 1], [1, 0]) // [{ index: 0, text: '1 point below the guarantee; its 95 % box reaches it' }]
 */
export function belowGuaranteeNotes(points: readonly (readonly [number, number])[], boxes: readonly (readonly [number, number, number, number])[], alpha: readonly number[], beta: readonly number[], confidence = 0.95): { index: number; text: string }[] {
  const below = points.map(([x, y], index) => ({ index, gap: curveAt(alpha, beta, x) - y })).filter((p) => p.gap > 1e-9);
  if (below.length === 0) return [];
  // a box wholly below the curve: even its top-right corner (largest α and β) is below it
  const wholly = below.filter((p) => {
    const box = boxes[p.index];
    return box !== undefined && box[3] < curveAt(alpha, beta, box[1]);
  });
  const worst = (wholly.length > 0 ? wholly : below).reduce((a, b) => (b.gap > a.gap ? b : a));
  const n = below.length;
  const count = `${n} point${n === 1 ? '' : 's'} below the guarantee`;
  const text = wholly.length > 0 ? `${count}; ${wholly.length} box${wholly.length === 1 ? '' : 'es'} wholly below: contradicts it` : `${count}; ${n === 1 ? 'its' : 'their'} ${Math.round(confidence * 100)} % box${n === 1 ? ' reaches' : 'es reach'} it`;
  return [{ index: worst.index, text }];
}

const fpr = (x: number): string => (x === 0 || x === 1 ? String(x) : x < 1e-3 ? x.toExponential(0) : x > 0.999 ? `1 − ${(1 - x).toExponential(0)}` : String(Number(x.toPrecision(3))));

/** Where each combined curve of a relation binds, in words. */
function bindingList(report: DemoReport, relation: NeighbouringRelation): string {
  const items = report.curves
    .filter((c) => c.role === 'combined' && c.neighbouring === relation)
    .map((c) => {
      const name = c.label.split(', combined with DP')[0] ?? c.label;
      // Runs narrower than 10⁻⁶ (where both curves meet 0 at α = 1, or 1 at α = 0) are not worth a word.
      const runs = (binds: 'threat' | 'dp'): string[] => (c.binding ?? []).filter((b) => b.binds === binds && b.to - b.from > 1e-6).map((b) => `[${fpr(b.from)}, ${fpr(b.to)}]`);
      const threat = runs('threat');
      const dp = runs('dp');
      const where =
        c.dpEverywhere === true
          ? 'the DP guarantee binds at every FPR: this threat model adds nothing to it here'
          : threat.length === 0
            ? 'the DP guarantee binds at every FPR except within 10⁻⁶ of 0 or 1'
          : dp.length === 0
            ? 'the threat-specific curve binds at every FPR: it is more private than the DP guarantee everywhere'
            : `the threat-specific curve binds on FPR ${threat.join(', ')}; the DP guarantee on ${dp.join(', ')}`;
      return `<li><b>${escapeXml(name)}</b> (${escapeXml(c.kind)}): ${escapeXml(where)}</li>`;
    });
  return items.length === 0 ? '' : `<ul class="binding">${items.join('')}</ul>`;
}

/**
 * The trade-off plot of one relation as a standalone SVG (linear FPR axis, or logarithmic from
 * 10⁻⁴ with `log`; `wide` layout unless told): the DP guarantee, every threat-specific curve
 * combined with it, the audit's lower bound and the attacks' ROC points with their
 * Clopper–Pearson boxes.
 *
 * @example writeFileSync('trade-off-add-remove.svg', relationChart(report, 'add-remove'));
 */
export function relationChart(report: DemoReport, relation: NeighbouringRelation, log = false, layout: ChartLayout = 'wide'): string {
  const name = RELATION_TEXT[relation];
  const common = { yLabel: 'attacker false-negative rate β = 1 − TPR', y: [0, 1] as const, series: relationSeries(report, relation), identity: true, layout };
  return log
    ? lineChart({ ...common, title: `${name} neighbours, low false-positive rates`, xLabel: 'attacker false-positive rate α (log scale)', x: [1e-4, 1], xLog: true })
    : lineChart({ ...common, title: `${name} neighbours: every curve of this plot is for ${name}`, xLabel: 'attacker false-positive rate α', x: [0, 1] });
}

/** A chart in both layouts, for the page's CSS to show the one that fits the screen. */
const bothLayouts = (chart: (layout: ChartLayout) => string): string => `${chart('wide')}\n${chart('narrow')}`;

function relationFigures(report: DemoReport, relation: NeighbouringRelation): string {
  const name = RELATION_TEXT[relation];
  const linear = bothLayouts((layout) => relationChart(report, relation, false, layout));
  const log = bothLayouts((layout) => relationChart(report, relation, true, layout));
  const audit = relation === 'add-remove' ? ' A dotted curve is an audit’s lower bound: the true curve lies on or below it somewhere, never a bound from below.' : '';
  const points = report.points.some((p) => p.neighbouring === relation) ? ' Markers are ROC points of an attack on this run, each with its 95 % Clopper–Pearson box; a guarantee bounds what such attacks achieve, so boxes should touch the region on or above the curves; points below the DP guarantee say so where they are drawn.' : '';
  return `<h3 id="view-${relation}">${escapeXml(name)} neighbours</h3>
<figure id="tradeoff-${relation}">${linear}
<figcaption>Each drawn curve is the smallest false-negative rate any attacker of its threat model can reach at a given false-positive rate (higher = more private; the grey diagonal is perfect privacy). The wide light curve is the DP guarantee of the run (PLD accountant); every threat-specific curve is drawn combined with it (pointwise the more private of the two, since DP bounds every attacker), so it never lies below it. Solid = guarantee, dashed = estimate.${audit}${points}</figcaption></figure>
${bindingList(report, relation)}
<figure id="tradeoff-${relation}-log">${log}</figure>`;
}

/**
 * The HTML page of a report.
 *
 * @example const html = renderReportHtml(report);
 */
export function renderReportHtml(report: DemoReport): string {
  const views = report.views.map((relation) => relationFigures(report, relation)).join('\n');
  const pi = report.perInstance as { records: { label: string | null; epsilon: number | null }[]; dataIndependent: { epsilon: number }; dpGuarantee?: { epsilon: number } | null } | undefined;
  const perInstanceSvg =
    pi === undefined
      ? '<p class="missing">Per-instance analysis unavailable.</p>'
      : bothLayouts((layout) =>
          histogram({
            layout,
            title: 'Per-instance ε of the target records (Thudi et al.) [estimate, add/remove]',
            xLabel: `ε at δ = ${formatNumber(report.config['delta'] as number, 3)}`,
            groups: [
              { label: 'random training records', color: '#1f77b4', values: pi.records.filter((r) => r.label === 'random' && r.epsilon !== null).map((r) => r.epsilon as number) },
              { label: 'typical (median loss of a logistic fit)', color: '#2ca02c', values: pi.records.filter((r) => r.label === 'typical' && r.epsilon !== null).map((r) => r.epsilon as number) },
              { label: 'outliers (largest loss of a logistic fit)', color: '#ff7f0e', values: pi.records.filter((r) => r.label === 'outlier' && r.epsilon !== null).map((r) => r.epsilon as number) },
            ],
            markers: [
              { x: pi.dataIndependent.epsilon, label: `data-independent ε (RDP) = ${pi.dataIndependent.epsilon.toFixed(3)} [guarantee, add/remove]` },
              ...(pi.dpGuarantee === null || pi.dpGuarantee === undefined ? [] : [{ x: pi.dpGuarantee.epsilon, label: `the run's DP guarantee (PLD) = ${pi.dpGuarantee.epsilon.toFixed(3)} [guarantee, add/remove]` }]),
            ],
          }),
        );
  const over = ((report.overTraining as { points?: unknown } | null)?.points ?? []) as readonly { step: number; accuracy: number; betaMia: number; betaAi: number | null }[];
  const betaSeries: Series[] = [
    { label: 'β* membership inference (closed form) [estimate, substitution]', color: '#2ca02c', points: over.map((p) => [p.step, p.betaMia] as const) },
    ...(over.some((p) => p.betaAi !== null) ? [{ label: 'β* attribute inference (from R_1..R_t) [estimate, substitution]', color: '#8c6d31', points: over.filter((p) => p.betaAi !== null).map((p) => [p.step, p.betaAi as number] as const) }] : []),
    { label: 'held-out accuracy [measured]', color: '#1f77b4', points: over.map((p) => [p.step, p.accuracy] as const), style: 'dashed' as const },
  ];
  const values = over.flatMap((p) => [p.betaMia, p.accuracy, ...(p.betaAi !== null ? [p.betaAi] : [])]);
  const lastStep = over.length > 0 ? Math.max(...over.map((p) => p.step)) : 1;
  const betaSvg =
    over.length === 0
      ? '<p class="missing">No evaluation checkpoints.</p>'
      : bothLayouts((layout) =>
          lineChart({
            layout,
            title: 'Bayes security β* (membership vs attribute) and held-out accuracy over training',
            xLabel: 'training step',
            yLabel: 'β* (1 = perfectly secure) / accuracy',
            x: [0, lastStep],
            y: [Math.max(0, Math.floor((Math.min(...values) - 0.02) * 50) / 50), 1],
            series: betaSeries,
          }),
        );
  let section = '';
  const rows = summaryRows(report)
    .map((r) => {
      const heading = r.section !== section ? `<tr class="section"><th colspan="3">${escapeXml(r.section)}</th></tr>\n` : '';
      section = r.section;
      return `${heading}<tr><td>${escapeXml(r.quantity)}<div class="note">${escapeXml(r.note)}</div></td><td class="num">${escapeXml(r.value)}</td><td class="kind kind-${r.kind}">${escapeXml(r.kind)}${r.neighbouring === null ? '' : `<br>${escapeXml(RELATION_TEXT[r.neighbouring])}`}</td></tr>`;
    })
    .join('\n');
  const config = configRows(report.config)
    .map(([k, v]) => `<tr><td>${escapeXml(k)}</td><td>${escapeXml(v)}</td></tr>`)
    .join('\n');
  const missing =
    report.unavailable.length === 0
      ? ''
      : `<h2>Not computed</h2><ul>${report.unavailable.map((u) => `<li><b>${escapeXml(u.section)}</b>: ${escapeXml(u.reason)}</li>`).join('')}</ul>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>dpbounds report: how private is this DP-SGD model, against which attacker</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 980px; margin: 2em auto; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; width: 100%; }
td, th { border-bottom: 1px solid #ddd; padding: 4px 10px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
tr.section th { padding-top: 1em; border-bottom: 2px solid #bbb; }
td.num { font-variant-numeric: tabular-nums; text-align: right; white-space: nowrap; }
td.kind { color: #555; font-size: 0.9em; white-space: nowrap; overflow-wrap: normal; }
td.kind-guarantee { color: #1f4e8c; }
td.kind-lower-bound, td.kind-empirical { color: #a33; }
.note { color: #666; font-size: 0.85em; }
ul.binding { font-size: 0.9em; color: #333; }
#config td:first-child { width: 40%; overflow-wrap: normal; }
@media (max-width: 600px) { body { margin: 1em auto; padding: 0 0.5em; } td, th { padding: 3px 4px; } h1 { font-size: 1.5em; } }
figure { margin: 1.5em 0; }
figcaption { color: #555; font-size: 0.9em; max-width: 720px; }
.missing { color: #a00; }
/* A chart's text scales with it: the wide layout (720 units) is shown from 701 px, where it is
   at least 660 px wide (text ≥ 10 px), the narrow one (360 units, at most 480 px) below. */
svg.chart { display: block; width: 100%; height: auto; }
svg.chart-wide { max-width: 720px; }
svg.chart-narrow { display: none; max-width: 480px; }
@media (max-width: 700px) { svg.chart-wide { display: none; } svg.chart-narrow { display: block; } }
</style>
</head>
<body>
<h1>dpbounds report</h1>
<p>One DP-SGD run on <b>${escapeXml(String(report.config['dataset']))}</b> (${escapeXml(String(report.config['trainingRecords']))} training records, ${escapeXml(String(report.config['model']))} with ${escapeXml(String(report.config['parameters']))} parameters),
analysed under every threat model dpbounds knows. Every number says what kind it is: a <b>guarantee</b> (proven for every attacker of its threat model, numerical error on the safe side), an <b>estimate</b> (an approximation with no proven direction), a <b>lower bound</b> (an audit proves the privacy loss is at least this) or <b>empirical</b> (what an attack achieved on this run). Every number also names its neighbouring relation: <b>add/remove</b> (a record is in or out) or <b>substitution</b> (a record is replaced); numbers of different relations are not comparable.</p>
<h2>Summary</h2>
<table id="summary"><thead><tr><th>quantity</th><th>value</th><th>kind · relation</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<h2>Trade-off curves, one plot per neighbouring relation</h2>
${views}
<figure id="per-instance">${perInstanceSvg}
<figcaption>Per-instance ε of each target record from its clipped gradient norms over several seeded runs (sum-rule per-instance RDP with Hölder composition), next to the data-independent ε of the same run.</figcaption></figure>
<figure id="beta-accuracy">${betaSvg}
<figcaption>After each evaluation checkpoint t: the closed-form β* if training stopped there (membership: t steps; attribute: from the recorded R_1..R_t; estimates without their approximation error) and the held-out accuracy of θ_t. The gap between the two β* curves is the privacy-utility room the weaker (attribute) threat model buys.</figcaption></figure>
${missing}
<h2>Configuration</h2>
<table id="config"><tbody>
${config}
</tbody></table>
<p>Generated by dpbounds. The numbers are in report.json beside this file.</p>
</body>
</html>
`;
}
