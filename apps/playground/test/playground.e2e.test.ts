/**
 * End-to-end test of the built playground in Debian's chromium: the page loads offline, the
 * numbers it shows equal the packages' values for the same parameters, sliders and the URL stay
 * in step, invalid input is reported next to its control (never NaN on screen), and no request
 * leaves localhost. Takes a screenshot for docs/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeClosedForm } from '../src/closed-form.js';
import { dpRun } from '../src/dp-run.js';
import { formatValue } from '../src/headline.js';
import { queryToParams, validateParams } from '../src/params.js';
import { launchChromium } from './chromium.js';
import { serveStatic } from './static-server.js';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const screenshots = fileURLToPath(new URL('../screenshots', import.meta.url));

let browser: Browser;
let server: { url: string; close: () => Promise<void> };
const foreignRequests: string[] = [];
const pageErrors: string[] = [];

async function openPage(query: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(server.url) && !url.startsWith('data:') && !url.startsWith('blob:')) foreignRequests.push(url);
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${server.url}index.html${query}`);
  return page;
}

async function headline(page: Page, id: string): Promise<string> {
  const cell = page.locator(`#headline tr[data-id="${id}"] td.value`);
  await expect.poll(async () => (await cell.textContent()) ?? '', { timeout: 60_000 }).not.toMatch(/^(computing…)?$/);
  return (await cell.textContent()) ?? '';
}

function expected(query: string): { epsilon: string; bayes: string } {
  const config = validateParams(queryToParams(query)).config;
  if (config === undefined) throw new Error('test configuration is invalid');
  return {
    epsilon: formatValue(dpRun({ samplingRate: config.samplingRate, noiseMultiplier: config.noiseMultiplier, steps: config.steps, delta: config.delta }).epsilon),
    bayes: formatValue(computeClosedForm(config).bayesSecurity),
  };
}

beforeAll(async () => {
  if (!existsSync(`${dist}/index.html`)) throw new Error('build the playground first (turbo runs `build` before `test`)');
  server = await serveStatic(dist);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('playground in chromium', () => {
  const query = '?q=0.01&sigma=1.2&T=1000&delta=0.00001&C=1&d=100&fpr=log&targetKind=epsilon&target=3';

  it('shows the packages’ ε and β* for the configuration in the URL, and draws the plot', async () => {
    const page = await openPage(query);
    const want = expected(query);
    expect(await headline(page, 'epsilon')).toBe(want.epsilon);
    expect(await headline(page, 'bayesSecurity')).toBe(want.bayes);
    await expect.poll(async () => page.locator('#plot canvas').count()).toBeGreaterThan(0);
    const legend = (await page.locator('#plot').textContent()) ?? '';
    for (const label of ['PLD accountant', 'Bayes security', 'μ-GMIP', 'relaxed threat model']) expect(legend).toContain(label);
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: `${screenshots}/playground.png`, fullPage: true });
    await page.close();
  });

  it('recomputes when the noise slider moves, and writes the new configuration into the URL', async () => {
    const page = await openPage(query);
    await headline(page, 'epsilon');
    const slider = page.locator('#noiseMultiplierSlider');
    await slider.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    const sigma = Number(await page.locator('#noiseMultiplier').inputValue());
    expect(sigma).toBeGreaterThan(1.2);
    await expect.poll(() => new URL(page.url()).searchParams.get('sigma')).toBe(String(sigma));
    const newQuery = new URL(page.url()).search;
    const want = expected(newQuery);
    await expect.poll(async () => page.locator('#headline tr[data-id="bayesSecurity"] td.value').textContent()).toBe(want.bayes);
    await expect.poll(async () => page.locator('#headline tr[data-id="epsilon"] td.value').textContent(), { timeout: 60_000 }).toBe(want.epsilon);

    // the URL round-trips: a fresh page from it shows the same controls and numbers
    const copy = await openPage(newQuery);
    expect(await copy.locator('#noiseMultiplier').inputValue()).toBe(String(sigma));
    expect(await headline(copy, 'epsilon')).toBe(want.epsilon);
    await copy.close();
    await page.close();
  });

  it('reports invalid input next to its control and never shows NaN', async () => {
    const page = await openPage(query);
    await headline(page, 'epsilon');
    await page.locator('#noiseMultiplier').fill('-1');
    await expect.poll(async () => page.locator('output.error[for=noiseMultiplier]').textContent()).toMatch(/Noise multiplier must be/);
    expect(await page.locator('#noiseMultiplier').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#delta').fill('1.5');
    await expect.poll(async () => page.locator('output.error[for=delta]').textContent()).toMatch(/δ must be/);
    expect((await page.locator('body').textContent()) ?? '').not.toContain('NaN');
    await page.close();
  });

  it('calibrates the noise for a target β* in the page', async () => {
    const page = await openPage(query.replace('targetKind=epsilon&target=3', 'targetKind=bayesSecurity&target=0.9'));
    await page.locator('#calibrate').click();
    await expect.poll(async () => page.locator('#calibrationResult').textContent()).toMatch(/σ = [\d.]+ reaches β\* = 0\.9/);
    await page.close();
  });

  it('calibrates the noise for a target ε with the PLD accountant in the worker', async () => {
    const page = await openPage(query.replace('target=3', 'target=2'));
    await page.locator('#calibrate').click();
    const text = await expect
      .poll(async () => (await page.locator('#calibrationResult').textContent()) ?? '', { timeout: 60_000 })
      .toMatch(/σ = [\d.]+ reaches ε = [\d.]+ \(target 2\)/)
      .then(async () => (await page.locator('#calibrationResult').textContent()) ?? '');
    const achieved = Number(/reaches ε = ([\d.]+)/.exec(text)?.[1]);
    expect(achieved).toBeLessThanOrEqual(2);
    expect(achieved).toBeGreaterThan(1.9);
    await page.close();
  });

  it('draws an uploaded attack’s empirical curve, and explains a malformed file next to the control', async () => {
    const page = await openPage(query);
    await headline(page, 'epsilon');
    const rows = ['score,member'];
    for (let i = 0; i < 200; i++) rows.push(`${(i % 2 === 0 ? 0.2 : 0) + i / 1000},${i % 2}`);
    await page.locator('#scoresFile').setInputFiles({ name: 'scores.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    await expect.poll(async () => (await page.locator('#plot').textContent()) ?? '').toContain('uploaded attack');
    await page.locator('#scoresFile').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('score,member\n1,1\n') });
    await expect.poll(async () => page.locator('#scoresError').textContent()).toMatch(/bad\.csv: needs at least one member and one non-member/);
    await page.close();
  });

  it('made no request outside localhost and raised no script error', () => {
    expect(foreignRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
