/**
 * Opens a generated report.html in Debian's chromium (installed by .ci/run with apt-get, never
 * downloaded) through playwright-core: the plots render (SVG with drawn series and bars), the
 * page makes no network request at all, on a 390 px phone nothing overflows sideways, and the
 * charts' text (which scales with the chart) is drawn at 10 CSS px or more on a phone and on a
 * desktop, inside its chart, no two labels on top of each other.
 * Screenshots go to $REPORT_SCREENSHOT_DIR (default: the run's temporary directory).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let browser: Browser;
let reportUrl: string;
let screenshotDir: string;

beforeAll(async () => {
  if (!existsSync(chromiumPath)) throw new Error(`chromium not found at ${chromiumPath}: apt-get install -y chromium (as .ci/run does) or set CHROMIUM_PATH`);
  const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-report-'));
  const run = await runCaptured(['demo', '--epochs', '0.3', '--hidden-units', '8', '--per-instance-targets', '20', '--per-instance-runs', '2', '--per-instance-every', '5', '--canaries', '200', '--gradient-dims', '16', '--out', 'rep'], { cwd });
  if (run.code !== 0) throw new Error(`demo failed: ${run.stderr}`);
  reportUrl = pathToFileURL(join(cwd, 'rep', 'report.html')).href;
  screenshotDir = process.env.REPORT_SCREENSHOT_DIR ?? cwd;
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('report.html in chromium', () => {
  it('renders every plot offline without a single network request', async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (request.url() !== reportUrl) requests.push(request.url());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(reportUrl, { waitUntil: 'load' });
    await expect(page.title()).resolves.toContain('dpbounds report');
    for (const id of ['tradeoff-add-remove', 'tradeoff-add-remove-log', 'tradeoff-substitution', 'tradeoff-substitution-log', 'per-instance', 'beta-accuracy']) {
      // Each chart comes in both layouts; at this width the page shows the wide one.
      await expect(page.locator(`#${id} svg.chart`).count()).resolves.toBe(2);
      const svg = page.locator(`#${id} svg.chart-wide`);
      const box = await svg.boundingBox();
      expect(box?.width ?? 0, id).toBeGreaterThan(300);
      expect(box?.height ?? 0, id).toBeGreaterThan(200);
    }
    // Curves are drawn: polylines with real extent; markers for the empirical points.
    for (const relation of ['add-remove', 'substitution']) {
      const extents = await page.$$eval(`#tradeoff-${relation} svg.chart-wide polyline.series`, (lines) => lines.map((l) => (l as unknown as { getBBox(): { width: number; height: number } }).getBBox()).map((b) => b.width + b.height));
      expect(extents.length, relation).toBeGreaterThanOrEqual(4);
      expect(Math.min(...extents)).toBeGreaterThan(10);
      // Every legend names the kind and this plot's relation only.
      const labels = await page.$$eval(`#tradeoff-${relation} svg .series`, (nodes) => nodes.map((n) => n.getAttribute('data-label') ?? ''));
      for (const label of labels.filter((l) => l.length > 0)) expect(label).toMatch(new RegExp(`\\[(guarantee|estimate|lower-bound|empirical), ${relation === 'add-remove' ? 'add/remove' : 'substitution'}\\]`));
    }
    await expect(page.locator('#tradeoff-add-remove svg circle').count()).resolves.toBeGreaterThan(5);
    await expect(page.locator('#tradeoff-add-remove svg g.boxes rect').count()).resolves.toBeGreaterThan(5);
    await expect(page.locator('#per-instance svg rect.bar').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('#beta-accuracy svg.chart-wide polyline.series').count()).resolves.toBe(3);
    const summary = await page.locator('#summary tbody tr').count();
    expect(summary).toBeGreaterThan(8);
    expect(await page.locator('body').innerText()).not.toMatch(/\bNaN\b|undefined/);
    writeFileSync(join(screenshotDir, 'report-add-remove.png'), await page.locator('#tradeoff-add-remove').screenshot());
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('fits a 390 px phone: no table or figure overflows the page sideways', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(reportUrl, { waitUntil: 'load' });
    const scrollWidth = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    for (const selector of ['#summary', '#config', '#tradeoff-add-remove svg.chart-narrow', '#per-instance svg.chart-narrow']) {
      const box = await page.locator(selector).boundingBox();
      expect(box, selector).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 1e9), selector).toBeLessThanOrEqual(390);
    }
    writeFileSync(join(screenshotDir, 'report-phone.png'), await page.screenshot({ fullPage: true }));
    await page.close();
  }, 60_000);

  for (const [width, layout] of [[390, 'narrow'], [1280, 'wide']] as const) {
    it(`draws every chart's text at 10 px or more at ${width} px (the ${layout} layout), inside its chart, no label over another`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(reportUrl, { waitUntil: 'load' });
      type Box = { left: number; right: number; top: number; bottom: number };
      // For each chart on screen: its layout and box, and each text's box and rendered font size
      // (computed font-size in user units × the chart's scale, CSS px per user unit).
      const charts = await page.$$eval('svg.chart', (svgs) =>
        svgs
          .map((node) => {
            const svg = node as unknown as { getBoundingClientRect(): Box & { width: number }; viewBox: { baseVal: { width: number } }; getAttribute(n: string): string | null; querySelectorAll(s: string): ArrayLike<unknown> };
            const g = globalThis as unknown as { getComputedStyle(e: unknown): { display: string; fontSize: string } };
            const box = svg.getBoundingClientRect();
            const scale = box.width / svg.viewBox.baseVal.width;
            const texts = Array.from(svg.querySelectorAll('text'), (t) => {
              const text = t as { getBoundingClientRect(): Box; textContent: string | null };
              const r = text.getBoundingClientRect();
              return { text: text.textContent ?? '', px: Number.parseFloat(g.getComputedStyle(t).fontSize) * scale, box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom } };
            });
            return { shown: g.getComputedStyle(node).display !== 'none', cls: svg.getAttribute('class') ?? '', label: svg.getAttribute('aria-label') ?? '', box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom }, texts };
          })
          .filter((c) => c.shown),
      );
      expect(charts.length).toBe(6);
      const scrollWidth = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      for (const chart of charts) {
        expect(chart.cls, chart.label).toContain(`chart-${layout}`);
        expect(chart.box.right, chart.label).toBeLessThanOrEqual(width);
        expect(chart.texts.length, chart.label).toBeGreaterThan(10);
        for (const t of chart.texts) {
          expect(t.px, `${chart.label}: ${t.text}`).toBeGreaterThanOrEqual(10);
          expect(t.box.left, `${chart.label}: ${t.text}`).toBeGreaterThanOrEqual(chart.box.left - 0.5);
          expect(t.box.right, `${chart.label}: ${t.text}`).toBeLessThanOrEqual(chart.box.right + 0.5);
          expect(t.box.top, `${chart.label}: ${t.text}`).toBeGreaterThanOrEqual(chart.box.top - 0.5);
          expect(t.box.bottom, `${chart.label}: ${t.text}`).toBeLessThanOrEqual(chart.box.bottom + 0.5);
        }
        // Text boxes include the font's line gap: overlaps of up to 2 px are not ink on ink.
        const overlap = (a: Box, b: Box): boolean => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
        chart.texts.forEach((a, i) => chart.texts.slice(i + 1).forEach((b) => expect(overlap(a.box, b.box), `${chart.label}: "${a.text}" over "${b.text}"`).toBe(false)));
      }
      writeFileSync(join(screenshotDir, `report-${width}px.png`), await page.screenshot({ fullPage: true }));
      await page.close();
    }, 60_000);
  }
});
