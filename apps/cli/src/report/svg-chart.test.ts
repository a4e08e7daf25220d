import { describe, expect, it } from 'vitest';
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
