/**
 * report.html: one self-contained page (inline CSS and SVG, no scripts, no network) with the
 * summary table, every threat model's trade-off curve with the empirical attack and audit
 * points, the per-instance ε histogram, and β* (membership vs attribute) against held-out
 * accuracy over training.
 */
import type { DemoReport } from './compute-report.js';
import { escapeXml, histogram, lineChart } from './svg-chart.js';
import type { Series } from './svg-chart.js';
import { summaryRows } from './summary-rows.js';

const PALETTE: Readonly<Record<string, string>> = {
  dp: '#1f77b4',
  gdp: '#aec7e8',
  'bayes-mia': '#2ca02c',
  'bayes-ai': '#98df8a',
  gmip: '#9467bd',
  rtm: '#ff7f0e',
  audit: '#d62728',
};

function curveSeries(report: DemoReport): Series[] {
  const series: Series[] = report.curves.map((c) => ({
    label: `${c.label} [${c.kind}]`,
    color: PALETTE[c.id] ?? '#333',
    points: c.alpha.map((a, i) => [a, c.beta[i] as number] as const),
    style: c.kind === 'guarantee' ? ('line' as const) : ('dashed' as const),
  }));
  const groups = new Map<string, { label: string; points: [number, number][] }>();
  for (const p of report.points) {
    const group = groups.get(p.id) ?? { label: p.label, points: [] };
    group.points.push([p.fpr, p.fnr]);
    groups.set(p.id, group);
  }
  const markerColors = ['#000000', '#8c564b', '#e377c2'];
  [...groups.values()].forEach((g, i) => series.push({ label: g.label, color: markerColors[i % markerColors.length] as string, points: g.points, style: 'markers' }));
  return series;
}

/**
 * The HTML page of a report.
 *
 * @example const html = renderReportHtml(report);
 */
export function renderReportHtml(report: DemoReport): string {
  const series = curveSeries(report);
  const tradeOff = lineChart({
    title: 'Trade-off curves of every threat model (higher = more private)',
    xLabel: 'attacker false-positive rate α',
    yLabel: 'attacker false-negative rate β = 1 − TPR',
    x: [0, 1],
    y: [0, 1],
    series,
    identity: true,
  });
  const tradeOffLog = lineChart({
    title: 'The same curves at low false-positive rates',
    xLabel: 'attacker false-positive rate α (log scale)',
    yLabel: 'β = 1 − TPR',
    x: [1e-4, 1],
    y: [0, 1],
    xLog: true,
    series,
    identity: true,
  });
  const pi = report.perInstance as { records: { label: string | null; epsilon: number | null }[]; dataIndependentEpsilon: number } | null;
  const perInstanceSvg =
    pi === null
      ? '<p class="missing">Per-instance analysis unavailable.</p>'
      : histogram({
          title: 'Per-instance ε of the target records (Thudi et al.)',
          xLabel: `ε at δ = ${report.config['delta'] as number}`,
          groups: [
            { label: 'random training records', color: '#1f77b4', values: pi.records.filter((r) => r.label === 'random' && r.epsilon !== null).map((r) => r.epsilon as number) },
            { label: 'typical (median loss of a logistic fit)', color: '#2ca02c', values: pi.records.filter((r) => r.label === 'typical' && r.epsilon !== null).map((r) => r.epsilon as number) },
            { label: 'outliers (largest loss of a logistic fit)', color: '#ff7f0e', values: pi.records.filter((r) => r.label === 'outlier' && r.epsilon !== null).map((r) => r.epsilon as number) },
          ],
          markers: [{ x: pi.dataIndependentEpsilon, label: `data-independent ε = ${pi.dataIndependentEpsilon.toFixed(3)}` }],
        });
  const over = report.overTraining;
  const betaSeries: Series[] = [
    { label: 'β* membership inference (closed form)', color: '#2ca02c', points: over.map((p) => [p.step, p.betaMia] as const) },
    ...(over.some((p) => p.betaAi !== null) ? [{ label: 'β* attribute inference (from R_1..R_t)', color: '#98df8a', points: over.filter((p) => p.betaAi !== null).map((p) => [p.step, p.betaAi as number] as const) }] : []),
    { label: 'held-out accuracy', color: '#1f77b4', points: over.map((p) => [p.step, p.accuracy] as const), style: 'dashed' as const },
  ];
  const values = over.flatMap((p) => [p.betaMia, p.accuracy, ...(p.betaAi !== null ? [p.betaAi] : [])]);
  const lastStep = over.length > 0 ? Math.max(...over.map((p) => p.step)) : 1;
  const betaSvg =
    over.length === 0
      ? '<p class="missing">No evaluation checkpoints.</p>'
      : lineChart({
          title: 'Bayes security β* (membership vs attribute) and held-out accuracy over training',
          xLabel: 'training step',
          yLabel: 'β* (1 = perfectly secure) / accuracy',
          x: [0, lastStep],
          y: [Math.max(0, Math.floor((Math.min(...values) - 0.02) * 50) / 50), 1],
          series: betaSeries,
        });
  const rows = summaryRows(report)
    .map((r) => `<tr>${r.map((c, i) => (i === 2 ? `<td class="num">${escapeXml(c)}</td>` : `<td>${escapeXml(c)}</td>`)).join('')}</tr>`)
    .join('\n');
  const config = Object.entries(report.config)
    .map(([k, v]) => `<tr><td>${escapeXml(k)}</td><td class="num">${escapeXml(String(v))}</td></tr>`)
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
table { border-collapse: collapse; margin: 1em 0; }
td, th { border-bottom: 1px solid #ddd; padding: 4px 10px; text-align: left; vertical-align: top; }
td.num { font-variant-numeric: tabular-nums; text-align: right; }
figure { margin: 1.5em 0; }
figcaption { color: #555; font-size: 0.9em; max-width: 720px; }
.missing { color: #a00; }
svg.chart { max-width: 100%; height: auto; }
</style>
</head>
<body>
<h1>dpbounds report</h1>
<p>One DP-SGD run on <b>${escapeXml(String(report.config['dataset']))}</b> (${escapeXml(String(report.config['trainingRecords']))} training records, ${escapeXml(String(report.config['model']))} with ${escapeXml(String(report.config['parameters']))} parameters),
analysed under every threat model dpbounds knows. Guarantees bound every attacker of their threat model; empirical points are what an actual attack or audit achieved on this run.</p>
<h2>Summary</h2>
<table id="summary"><thead><tr><th>threat model</th><th>quantity</th><th>value</th><th>meaning</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<figure id="tradeoff">${tradeOff}
<figcaption>Each curve is the smallest false-negative rate any attacker of that threat model can have at a given false-positive rate (a higher curve means more privacy; the grey diagonal is perfect privacy). Markers are the operating points of the loss-threshold attack and of the canary scores on this run; a guarantee bounds what these attacks can achieve in expectation, so their points lie on or above the matching threat model’s curve up to sampling error (a few points of a finite sample may dip below).</figcaption></figure>
<figure id="tradeoff-log">${tradeOffLog}</figure>
<figure id="per-instance">${perInstanceSvg}
<figcaption>Per-instance ε of each target record from its clipped gradient norms over several seeded runs (sum-rule per-instance RDP with Hölder composition), next to the data-independent ε of the same run.</figcaption></figure>
<figure id="beta-accuracy">${betaSvg}
<figcaption>After each evaluation checkpoint t: β* if training stopped there (membership: closed form with t steps; attribute: from the recorded R_1..R_t) and the held-out accuracy of θ_t. The gap between the two β* curves is the privacy-utility room the weaker (attribute) threat model buys.</figcaption></figure>
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
