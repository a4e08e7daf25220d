import { describe, expect, it } from 'vitest';
import { belowGuaranteeNotes } from './render-html.js';
import { histogram, lineChart } from './svg-chart.js';

const options = { title: 'add/remove neighbours, low false-positive rates', xLabel: 'α', yLabel: 'β', x: [1e-4, 1] as const, y: [0, 1] as const, xLog: true, series: [{ label: 'DP guarantee [guarantee, add/remove]', color: '#1f4e8c', points: [[1e-4, 1], [1, 0]] as const }] };

describe('lineChart and histogram', () => {
  it('draw a 720-unit wide layout by default and a 360-unit narrow one on request', () => {
    expect(lineChart(options)).toMatch(/^<svg [^>]*viewBox="0 0 720 \d+"[^>]*class="chart chart-wide"/);
    expect(lineChart({ ...options, layout: 'narrow' })).toMatch(/^<svg [^>]*viewBox="0 0 360 \d+"[^>]*class="chart chart-narrow"/);
    const h = histogram({ title: 'ε', xLabel: 'ε at δ = 1e-5', groups: [{ label: 'all', color: '#000', values: [0.1, 0.2] }], layout: 'narrow' });
    expect(h).toContain('viewBox="0 0 360 ');
    expect(h).toContain('ε at δ = 1e-5');
  });

  it('write ticks as numbers, never 1e-4 or 1e+3', () => {
    const svg = lineChart(options);
    const ticks = [...svg.matchAll(/font-size="11">([^<]*)</g)].map((m) => m[1]);
    expect(ticks).toEqual(['10⁻⁴', '10⁻³', '0.01', '0.1', '1', '0', '0.2', '0.4', '0.6', '0.8', '1']);
    expect(lineChart({ ...options, x: [0, 2000], xLog: false })).toContain('>2000</text>');
  });

  it('give each chart its own clip path, so two charts of a page never share one', () => {
    const ids = [lineChart(options), lineChart({ ...options, title: 'other' }), lineChart({ ...options, layout: 'narrow' })].map((svg) => /clipPath id="([^"]+)"/.exec(svg)?.[1]);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('empirical points below a guarantee curve', () => {
  const alpha = [0, 0.5, 1];
  const beta = [1, 0.5, 0];
  it('say so at the point: below but within the box, or the box wholly below (a contradiction)', () => {
    // (0.5, 0.45): below the curve (0.5), its box reaches 0.55 at α = 0.55 where the curve is 0.45
    expect(belowGuaranteeNotes([[0.2, 0.9], [0.5, 0.45]], [[0.1, 0.3, 0.8, 1], [0.45, 0.55, 0.4, 0.55]], alpha, beta)).toEqual([{ index: 1, text: '1 point below the guarantee; its 95 % box reaches it' }]);
    // a box wholly below: its top-right corner (0.55, 0.3) lies under the curve (0.45)
    expect(belowGuaranteeNotes([[0.5, 0.45], [0.5, 0.2]], [[0.45, 0.55, 0.4, 0.55], [0.45, 0.55, 0.1, 0.3]], alpha, beta)).toEqual([{ index: 1, text: '2 points below the guarantee; 1 box wholly below: contradicts it' }]);
    expect(belowGuaranteeNotes([[0.2, 0.9]], [[0.1, 0.3, 0.8, 1]], alpha, beta)).toEqual([]);
  });

  it('the chart writes the note beside the point, outside the clipped plot area', () => {
    const svg = lineChart({ ...options, xLog: false, x: [0, 1], series: [{ label: 'attack [empirical, add/remove]', color: '#000', style: 'markers', points: [[0.5, 0.45]], boxes: [[0.45, 0.55, 0.4, 0.55]], pointNotes: [{ index: 0, text: '1 point below the guarantee; its 95 % box reaches it' }] }] });
    expect(svg).toMatch(/<\/g>\n<circle [^>]*r="6"[^>]*\/><text class="point-note"[^>]*><tspan [^>]*>1 point below the guarantee;<\/tspan><tspan [^>]*>its 95 % box reaches it<\/tspan><\/text>/);
    // in the narrow layout too the words stay inside the 360-unit picture
    const narrow = lineChart({ ...options, layout: 'narrow', xLog: false, x: [0, 1], series: [{ label: 'a', color: '#000', style: 'markers', points: [[0.45, 0.45]], pointNotes: [{ index: 0, text: '17 points below the guarantee; their 95 % boxes reach it' }] }] });
    const x = Number(/class="point-note" x="([\d.]+)"/.exec(narrow)?.[1]);
    const anchor = /class="point-note"[^>]*text-anchor="(\w+)"/.exec(narrow)?.[1];
    const width = 5.5 * 'their 95 % boxes reach it'.length;
    expect(anchor === 'start' ? x + width : x - width).toBeGreaterThan(0);
    expect(anchor === 'start' ? x + width : x).toBeLessThanOrEqual(360);
  });
});
