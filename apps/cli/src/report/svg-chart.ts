/**
 * Small dependency-free SVG charts for the offline report: line/scatter charts with axes,
 * ticks and a legend, and histograms. Output is a self-contained `<svg>` string.
 *
 * A chart scales with the page, text included, so each chart has two layouts: `wide` (720 user
 * units, for a desktop column) and `narrow` (360 units, for a phone). Shown at its width's
 * range (render-html.ts picks one by media query), text of 11–15 units stays ≥ 10 CSS px.
 */
import { DASH, escapeXml, legendBlock, titleBlock } from './chart-legend.js';
import type { LegendItem } from './chart-legend.js';
import { axisTicks, tickLabel } from './chart-ticks.js';

export { escapeXml } from './chart-legend.js';

/**
 * The layout of a chart: `wide` is 720 user units across (a desktop column, shown at 660 CSS px
 * or more), `narrow` 360 (a phone, shown at 340 to 480 CSS px).
 */
export type ChartLayout = 'wide' | 'narrow';

interface LayoutSpec {
  readonly width: number;
  readonly left: number;
  readonly right: number;
  readonly lineInner: number;
  readonly histogramInner: number;
  readonly titleSize: number;
  readonly legendX: number;
}

const LAYOUTS: Readonly<Record<ChartLayout, LayoutSpec>> = {
  wide: { width: 720, left: 64, right: 20, lineInner: 334, histogramInner: 234, titleSize: 15, legendX: 64 },
  narrow: { width: 360, left: 54, right: 14, lineInner: 280, histogramInner: 200, titleSize: 14, legendX: 10 },
};

/** Below the plot area: tick labels at +16, the axis label at +38. */
const BOTTOM = 52;

/** A short stable id for `text` (FNV-1a), to keep clip-path ids unique on a page. */
function hashId(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** The opening tag, accessible title and white background of a chart `height` units tall. */
function chartHead(spec: LayoutSpec, layout: ChartLayout, title: string, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${spec.width} ${height}" width="${spec.width}" height="${height}" role="img" aria-label="${escapeXml(title)}" class="chart chart-${layout}">
<title>${escapeXml(title)}</title>
<rect x="0" y="0" width="${spec.width}" height="${height}" fill="#fff"/>`;
}

/** One series of a chart. */
export interface Series {
  readonly label: string;
  readonly color: string;
  readonly points: readonly (readonly [number, number])[];
  /** `line` (default), `dashed`, `dotted`, or `markers` (points only). */
  readonly style?: 'line' | 'dashed' | 'dotted' | 'markers';
  /** Line width (default 2). */
  readonly width?: number;
  /** Line opacity (default 1). */
  readonly opacity?: number;
  /** Markers only: a confidence box [x0, x1] × [y0, y1] around each point, drawn translucent. */
  readonly boxes?: readonly (readonly [x0: number, x1: number, y0: number, y1: number])[];
  /** Markers only: words written beside a point (by index), e.g. that it lies below a guarantee curve. */
  readonly pointNotes?: readonly { readonly index: number; readonly text: string }[];
}

/** Options of {@link lineChart}. */
export interface LineChartOptions {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly x: readonly [number, number];
  readonly y: readonly [number, number];
  readonly xLog?: boolean;
  readonly series: readonly Series[];
  /** `wide` (default) or `narrow`: see {@link ChartLayout}. */
  readonly layout?: ChartLayout;
  /** Draw the diagonal y = 1 − x (perfect privacy for trade-off plots). */
  readonly identity?: boolean;
}

/** The axes of a plot area from `top`, `innerH` tall: grid lines, tick labels, frame and axis labels. */
function axes(spec: LayoutSpec, top: number, innerH: number, x: { ticks: readonly number[]; at: (v: number) => number; log: boolean; label: string; grid: boolean }, y: { ticks: readonly number[]; at: (v: number) => number; label: string }): string[] {
  const innerW = spec.width - spec.left - spec.right;
  const parts: string[] = [];
  for (const t of x.ticks) {
    const px = x.at(t).toFixed(1);
    if (x.grid) parts.push(`<line x1="${px}" x2="${px}" y1="${top}" y2="${top + innerH}" stroke="#eee"/>`);
    parts.push(`<text x="${px}" y="${top + innerH + 16}" text-anchor="middle" font-size="11">${tickLabel(t, x.log)}</text>`);
  }
  for (const t of y.ticks) {
    const py = y.at(t);
    parts.push(`<line x1="${spec.left}" x2="${spec.left + innerW}" y1="${py.toFixed(1)}" y2="${py.toFixed(1)}" stroke="#eee"/>`);
    parts.push(`<text x="${spec.left - 6}" y="${(py + 4).toFixed(1)}" text-anchor="end" font-size="11">${tickLabel(t)}</text>`);
  }
  parts.push(`<rect x="${spec.left}" y="${top}" width="${innerW}" height="${innerH}" fill="none" stroke="#444"/>`);
  parts.push(`<text x="${spec.left + innerW / 2}" y="${top + innerH + 38}" text-anchor="middle" font-size="12">${escapeXml(x.label)}</text>`);
  parts.push(`<text transform="translate(16 ${top + innerH / 2}) rotate(-90)" text-anchor="middle" font-size="12">${escapeXml(y.label)}</text>`);
  return parts;
}

/** The frame shared by every chart: its layout, the wrapped title, and the plot area below it. */
function chartFrame(requested: ChartLayout | undefined, titleText: string, inner: 'lineInner' | 'histogramInner') {
  const layout = requested ?? 'wide';
  const spec = LAYOUTS[layout];
  const title = titleBlock(titleText, spec.width, spec.titleSize);
  const top = title.bottom + 14;
  const innerH = spec[inner];
  return { layout, spec, title, top, innerW: spec.width - spec.left - spec.right, innerH, plotHeight: top + innerH + BOTTOM };
}

/**
 * A line/scatter chart with its legend below the plot.
 *
 * @example lineChart({ title: 't', xLabel: 'x', yLabel: 'y', x: [0, 1], y: [0, 1], series: [], layout: 'narrow' })
 */
export function lineChart(options: LineChartOptions): string {
  const { layout, spec, title, top, innerW, innerH, plotHeight } = chartFrame(options.layout, options.title, 'lineInner');
  const legendItems: LegendItem[] = options.series.map((s) => ({ label: s.label, color: s.color, mark: s.style ?? 'line', ...(s.width !== undefined ? { width: s.width } : {}) }));
  const legend = legendBlock(legendItems, spec.legendX, plotHeight + 4, spec.width - spec.legendX - 8);
  const height = plotHeight + legend.height + 10;
  const [x0, x1] = options.x;
  const [y0, y1] = options.y;
  const log = options.xLog === true;
  const sx = (v: number): number => spec.left + innerW * (log ? (Math.log10(Math.max(v, x0)) - Math.log10(x0)) / (Math.log10(x1) - Math.log10(x0)) : (v - x0) / (x1 - x0));
  const sy = (v: number): number => top + innerH * (1 - (v - y0) / (y1 - y0));
  const clip = `clip-${layout}-${hashId(options.title)}`;
  const parts: string[] = [chartHead(spec, layout, options.title, height), title.svg];
  parts.push(...axes(spec, top, innerH, { ticks: axisTicks(x0, x1, log), at: sx, log, label: options.xLabel, grid: true }, { ticks: axisTicks(y0, y1, false), at: sy, label: options.yLabel }));
  parts.push(`<clipPath id="${clip}"><rect x="${spec.left}" y="${top}" width="${innerW}" height="${innerH}"/></clipPath>`);
  parts.push(`<g clip-path="url(#${clip})">`);
  if (options.identity === true) {
    const pts = Array.from({ length: 60 }, (_, i) => {
      const a = log ? x0 * (x1 / x0) ** (i / 59) : x0 + ((x1 - x0) * i) / 59;
      return `${sx(a).toFixed(1)},${sy(1 - a).toFixed(1)}`;
    });
    parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="#999" stroke-dasharray="2 3" class="series"/>`);
  }
  // drawn after every series and outside the clip, so no curve covers them
  const notes: string[] = [];
  for (const series of options.series) {
    const pts = series.points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y) && (!log || x > 0));
    if (series.style === 'markers') {
      const boxes = (series.boxes ?? [])
        .filter((b) => b.every(Number.isFinite))
        .map(([bx0, bx1, by0, by1]) => {
          const left = sx(Math.max(bx0, log ? x0 : -Infinity));
          return `<rect x="${left.toFixed(1)}" y="${sy(by1).toFixed(1)}" width="${Math.max(0.5, sx(bx1) - left).toFixed(1)}" height="${Math.max(0.5, sy(by0) - sy(by1)).toFixed(1)}"/>`;
        });
      if (boxes.length > 0) parts.push(`<g fill="${series.color}" fill-opacity="0.12" stroke="${series.color}" stroke-opacity="0.35" stroke-width="0.5" class="boxes">${boxes.join('')}</g>`);
      parts.push(`<g fill="${series.color}" class="series" data-label="${escapeXml(series.label)}">${pts.map(([x, y]) => `<circle cx="${sx(x).toFixed(1)}" cy="${sy(y).toFixed(1)}" r="3"/>`).join('')}</g>`);
      for (const note of series.pointNotes ?? []) {
        const at = series.points[note.index];
        if (at === undefined || !at.every(Number.isFinite)) continue;
        // beside the point, on the side with room; a ring marks which point the words are about
        const [px, py] = [sx(at[0]), sy(at[1])];
        // one line per clause, about 5.5 units a character at font size 10; flipped to the side it fits on
        const lines = note.text.split('; ').map((l, i, all) => (i < all.length - 1 ? `${l};` : l));
        const w = 5.5 * Math.max(...lines.map((l) => l.length));
        const right = px + 9 + w <= spec.width - 4 ? true : px - 9 - w >= 4 ? false : px < spec.width / 2;
        const tx = (px + (right ? 9 : -9)).toFixed(1);
        const tspans = lines.map((l, i) => `<tspan x="${tx}" dy="${i === 0 ? 0 : 12}">${escapeXml(l)}</tspan>`).join('');
        notes.push(`<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="6" fill="none" stroke="${series.color}"/><text class="point-note" x="${tx}" y="${(py - 8 - 12 * (lines.length - 1)).toFixed(1)}" text-anchor="${right ? 'start' : 'end'}" font-size="10" fill="${series.color}">${tspans}</text>`);
      }
    } else {
      const opacity = series.opacity !== undefined ? ` stroke-opacity="${series.opacity}"` : '';
      parts.push(`<polyline points="${pts.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ')}" fill="none" stroke="${series.color}" stroke-width="${series.width ?? 2}"${DASH[series.style ?? 'line'] ?? ''}${opacity} class="series" data-label="${escapeXml(series.label)}"/>`);
    }
  }
  parts.push('</g>', ...notes, legend.svg, '</svg>');
  return parts.join('\n');
}

/** Options of {@link histogram}. */
export interface HistogramOptions {
  readonly title: string;
  readonly xLabel: string;
  readonly groups: readonly { readonly label: string; readonly color: string; readonly values: readonly number[] }[];
  readonly bins?: number;
  /** Vertical reference lines. */
  readonly markers?: readonly { readonly x: number; readonly label: string }[];
  /** `wide` (default) or `narrow`: see {@link ChartLayout}. */
  readonly layout?: ChartLayout;
}

/**
 * A stacked histogram of several groups, with its legend below the plot.
 *
 * @example histogram({ title: 'ε', xLabel: 'ε', groups: [{ label: 'all', color: '#1f77b4', values: [1, 2] }] })
 */
export function histogram(options: HistogramOptions): string {
  const { layout, spec, title, top, innerW, innerH, plotHeight } = chartFrame(options.layout, options.title, 'histogramInner');
  const markers = options.markers ?? [];
  const markerColors = ['#d62728', '#555'];
  const legendItems: LegendItem[] = [
    ...options.groups.map((g) => ({ label: `${g.label} (${g.values.length})`, color: g.color, mark: 'bar' as const })),
    ...markers.map((m, i) => ({ label: m.label, color: markerColors[i % 2] as string, mark: 'dashed' as const })),
  ];
  const legend = legendBlock(legendItems, spec.legendX, plotHeight + 4, spec.width - spec.legendX - 8);
  const height = plotHeight + legend.height + 10;
  const all = options.groups.flatMap((g) => g.values).filter(Number.isFinite);
  const lo = Math.min(0, ...all);
  const hi = Math.max(lo + 1e-9, ...all, ...markers.map((m) => m.x)) * 1.02;
  const bins = options.bins ?? 30;
  const counts = options.groups.map((g) => {
    const c = new Array<number>(bins).fill(0);
    for (const v of g.values) if (Number.isFinite(v)) c[Math.min(bins - 1, Math.floor(((v - lo) / (hi - lo)) * bins))]! += 1;
    return c;
  });
  const totals = Array.from({ length: bins }, (_, b) => counts.reduce((s, c) => s + (c[b] as number), 0));
  const yMax = Math.max(1, ...totals);
  const sx = (v: number): number => spec.left + (innerW * (v - lo)) / (hi - lo);
  const sy = (v: number): number => top + innerH * (1 - v / yMax);
  const parts: string[] = [chartHead(spec, layout, options.title, height), title.svg];
  parts.push(...axes(spec, top, innerH, { ticks: axisTicks(lo, hi, false), at: sx, log: false, label: options.xLabel, grid: false }, { ticks: axisTicks(0, yMax, false).filter(Number.isInteger), at: sy, label: 'records' }));
  const bw = innerW / bins;
  for (let b = 0; b < bins; b++) {
    let base = 0;
    counts.forEach((c, g) => {
      const n = c[b] as number;
      if (n === 0) return;
      const group = options.groups[g] as HistogramOptions['groups'][number];
      parts.push(`<rect class="bar" x="${(spec.left + b * bw + 0.5).toFixed(1)}" y="${sy(base + n).toFixed(1)}" width="${Math.max(0.5, bw - 1).toFixed(1)}" height="${(sy(base) - sy(base + n)).toFixed(1)}" fill="${group.color}"><title>${escapeXml(group.label)}: ${n}</title></rect>`);
      base += n;
    });
  }
  markers.forEach((m, i) => parts.push(`<line x1="${sx(m.x).toFixed(1)}" x2="${sx(m.x).toFixed(1)}" y1="${top}" y2="${top + innerH}" stroke="${markerColors[i % 2]}" stroke-width="2" stroke-dasharray="5 3"/>`));
  parts.push(legend.svg, '</svg>');
  return parts.join('\n');
}
