/**
 * The trade-off plot: every threat model's curve (FNR against FPR) on one chart, drawn with
 * uPlot on a shared FPR grid, with an optional log-scale FPR axis.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One curve to draw: its FNR at each point of the shared grid. */
export interface PlotSeries {
  readonly label: string;
  readonly color: string;
  readonly fnr: Float64Array;
  readonly dash?: readonly number[];
}

/** A live chart that can be redrawn with new series. */
export interface TradeOffPlot {
  update(grid: Float64Array, series: readonly PlotSeries[], logFpr: boolean): void;
}

function options(width: number, series: readonly PlotSeries[], logFpr: boolean): uPlot.Options {
  return {
    width,
    height: Math.round(Math.min(520, width * 0.7)),
    title: 'Trade-off curves: the attacker’s lowest false-negative rate at each false-positive rate',
    scales: { x: { time: false, distr: logFpr ? 3 : 1, min: logFpr ? 1e-6 : 0, max: 1 }, y: { min: 0, max: 1, range: [0, 1] } },
    axes: [
      { label: 'false-positive rate (FPR, α)', values: (_u, ticks) => ticks.map((t) => (t === null || t === undefined ? '' : t < 0.001 ? t.toExponential(0) : String(Number(t.toPrecision(3))))) },
      { label: 'false-negative rate (FNR, β)' },
    ],
    series: [
      { label: 'FPR' },
      ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, ...(s.dash !== undefined ? { dash: [...s.dash] } : {}), points: { show: false } })),
    ],
    legend: { live: true },
  };
}

/**
 * Creates the plot inside `container`.
 *
 * @example const plot = createTradeOffPlot(document.getElementById('plot')!); plot.update(grid, series, true);
 */
export function createTradeOffPlot(container: HTMLElement): TradeOffPlot {
  let chart: uPlot | undefined;
  let shape = '';
  return {
    update(grid, series, logFpr) {
      const width = Math.max(320, container.clientWidth);
      const data: uPlot.AlignedData = [grid, ...series.map((s) => s.fnr)];
      const nextShape = `${series.map((s) => s.label).join('|')}:${logFpr}:${width}`;
      if (chart === undefined || nextShape !== shape) {
        chart?.destroy();
        chart = new uPlot(options(width, series, logFpr), data, container);
        shape = nextShape;
      } else chart.setData(data);
    },
  };
}
