/**
 * The trade-off plot: the DP guarantee and every threat model's combined curve (FNR against FPR)
 * on one chart, drawn with uPlot on a shared FPR grid, with an optional log-scale FPR axis. Every
 * legend entry says the curve's kind and relation (see `legendLabel`); estimates are dashed,
 * guarantees solid, empirical curves dotted.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { legendLabel, relationLabel, type CurveId, type CurveView } from './curve-view.js';
import type { NeighbouringRelation, ResultKind } from '@dpbounds/tradeoff-core';

/** A live chart that can be redrawn with new curves. */
export interface TradeOffPlot {
  update(grid: Float64Array, views: readonly CurveView[], relation: NeighbouringRelation, logFpr: boolean): void;
}

const colors: Record<CurveId, string> = { dp: '#1f4e99', bayes: '#c2410c', gmip: '#15803d', rtm: '#7c3aed', empirical: '#111827' };

function dashOf(kind: ResultKind): number[] | undefined {
  if (kind === 'estimate') return [7, 4];
  if (kind === 'empirical' || kind === 'lower-bound') return [2, 3];
  return undefined;
}

function options(width: number, views: readonly CurveView[], relation: NeighbouringRelation, logFpr: boolean): uPlot.Options {
  return {
    width,
    height: Math.round(Math.min(520, width * 0.7)),
    title: `Trade-off curves (${relationLabel(relation)}): the attacker’s lowest false-negative rate at each false-positive rate`,
    scales: { x: { time: false, distr: logFpr ? 3 : 1, min: logFpr ? 1e-6 : 0, max: 1 }, y: { min: 0, max: 1, range: [0, 1] } },
    axes: [
      { label: 'false-positive rate (FPR, α)', values: (_u, ticks) => ticks.map((t) => (t === null || t === undefined ? '' : t < 0.001 ? t.toExponential(0) : String(Number(t.toPrecision(3))))) },
      { label: 'false-negative rate (FNR, β)' },
    ],
    series: [
      { label: 'FPR' },
      ...views.map((v) => {
        const dash = dashOf(v.kind);
        return { label: legendLabel(v), stroke: colors[v.id], width: v.id === 'dp' ? 1.5 : 2.5, ...(dash !== undefined ? { dash } : {}), points: { show: false } };
      }),
    ],
    // the legend names each curve without values: live values read "--" until the pointer is on the plot
    legend: { live: false },
  };
}

/** The width the chart may take: the container's, less its padding (at least 260 px). */
function contentWidth(container: HTMLElement): number {
  const style = getComputedStyle(container);
  return Math.max(260, Math.floor(container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)));
}

/**
 * Creates the plot inside `container`.
 *
 * @example const plot = createTradeOffPlot(document.getElementById('plot')!); plot.update(grid, views, 'add-remove', true);
 */
export function createTradeOffPlot(container: HTMLElement): TradeOffPlot {
  let chart: uPlot | undefined;
  let shape = '';
  let last: Parameters<TradeOffPlot['update']> | undefined;
  const plot: TradeOffPlot = {
    update(grid, views, relation, logFpr) {
      last = [grid, views, relation, logFpr];
      const width = contentWidth(container);
      const data: uPlot.AlignedData = [grid, ...views.map((v) => v.fnr)];
      const nextShape = `${views.map(legendLabel).join('|')}:${relation}:${logFpr}:${width}`;
      if (chart === undefined || nextShape !== shape) {
        chart?.destroy();
        chart = new uPlot(options(width, views, relation, logFpr), data, container);
        shape = nextShape;
      } else chart.setData(data);
    },
  };
  // redrawn at the container's new width when the window is resized or turned (else the plot keeps
  // its first width and widens a phone's page)
  if (typeof ResizeObserver !== 'undefined') {
    new ResizeObserver(() => {
      if (last !== undefined && contentWidth(container) !== chart?.width) plot.update(...last);
    }).observe(container);
  }
  return plot;
}
