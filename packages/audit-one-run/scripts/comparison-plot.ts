/**
 * Reproduces the comparison of [MMC] (Mahloujifar, Melis & Chaudhuri, ICML 2025, Figure "empirical
 * privacy vs number of canaries"): the empirical ε of the f-DP audit and of the Steinke et al.
 * audit against the number of canaries m, for the Gaussian mechanism with σ = 1 in the idealised
 * setting (Algorithm 4, optimal attacker, k = 2), δ = 1e−5, 95 % confidence, best guess count c′
 * per m (as the paper does). Writes docs/audit-one-run-comparison.svg and prints the table.
 *
 * Run from the repository root: `node packages/audit-one-run/scripts/run-ts.mjs packages/audit-one-run/scripts/comparison-plot.ts`
 */
import { writeFileSync } from 'node:fs';
import { gdpEpsilon } from '@dpbounds/tradeoff-core';
import { auditOneRun, idealizedExpectedCorrect } from '../src/index.js';

const SIGMA = 1;
const DELTA = 1e-5;
const CONFIDENCE = 0.95;
const CANARY_COUNTS = [100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000, 1000000];
const GUESS_MANTISSAS = [1, 1.5, 2, 3, 5, 7];

interface Row {
  readonly canaries: number;
  readonly fdpEpsilon: number;
  readonly fdpGuesses: number;
  readonly fdpCorrect: number;
  readonly steinkeEpsilon: number;
  readonly steinkeGuesses: number;
  readonly steinkeCorrect: number;
}

function guessCounts(m: number): number[] {
  const counts = new Set<number>();
  for (let scale = 10; scale <= m; scale *= 10) {
    for (const mantissa of GUESS_MANTISSAS) {
      const r = Math.round(mantissa * scale);
      if (r <= m) counts.add(r);
    }
  }
  counts.add(m);
  return [...counts].sort((a, b) => a - b);
}

/** The series: for each m, the best ε over c′ of each audit (c from the exact idealised attacker). */
export function computeSeries(): Row[] {
  return CANARY_COUNTS.map((m) => {
    let best: Row = { canaries: m, fdpEpsilon: 0, fdpGuesses: 0, fdpCorrect: 0, steinkeEpsilon: 0, steinkeGuesses: 0, steinkeCorrect: 0 };
    for (const guesses of guessCounts(m)) {
      const correct = idealizedExpectedCorrect({ noiseMultiplier: SIGMA, canaries: m, guesses }).correct;
      const observation = { canaries: m, guesses, correct };
      const fdp = auditOneRun(observation, { delta: DELTA, confidence: CONFIDENCE }).empiricalEpsilon;
      const steinke = auditOneRun(observation, { method: 'steinke', delta: DELTA, confidence: CONFIDENCE }).empiricalEpsilon;
      if (fdp > best.fdpEpsilon) best = { ...best, fdpEpsilon: fdp, fdpGuesses: guesses, fdpCorrect: correct };
      if (steinke > best.steinkeEpsilon) best = { ...best, steinkeEpsilon: steinke, steinkeGuesses: guesses, steinkeCorrect: correct };
    }
    return best;
  });
}

/** A hand-written SVG line chart (log-x), no plotting dependency. */
export function renderSvg(rows: readonly Row[], theoretical: number): string {
  const width = 640;
  const height = 400;
  const left = 60;
  const right = 170;
  const top = 30;
  const bottom = 50;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const xMin = Math.log10(CANARY_COUNTS[0] as number);
  const xMax = Math.log10(CANARY_COUNTS[CANARY_COUNTS.length - 1] as number);
  const yMax = Math.ceil(theoretical + 0.5);
  const x = (m: number): number => left + ((Math.log10(m) - xMin) / (xMax - xMin)) * plotW;
  const y = (e: number): number => top + plotH - (e / yMax) * plotH;
  const f = (v: number): string => v.toFixed(1);
  const path = (values: readonly number[]): string => rows.map((row, i) => `${i === 0 ? 'M' : 'L'}${f(x(row.canaries))},${f(y(values[i] as number))}`).join(' ');
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  parts.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  for (let e = 0; e <= yMax; e++) {
    parts.push(`<line x1="${left}" x2="${left + plotW}" y1="${f(y(e))}" y2="${f(y(e))}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${left - 8}" y="${f(y(e) + 4)}" text-anchor="end">${e}</text>`);
  }
  for (let p = Math.ceil(xMin); p <= xMax; p++) {
    const m = 10 ** p;
    parts.push(`<line x1="${f(x(m))}" x2="${f(x(m))}" y1="${top}" y2="${top + plotH}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${f(x(m))}" y="${top + plotH + 18}" text-anchor="middle">10<tspan dy="-5" font-size="9">${p}</tspan></text>`);
  }
  parts.push(`<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`);
  parts.push(`<line x1="${left}" x2="${left + plotW}" y1="${f(y(theoretical))}" y2="${f(y(theoretical))}" stroke="#555" stroke-dasharray="6 4"/>`);
  const series: [string, string, readonly number[]][] = [
    ['f-DP audit (Mahloujifar et al.)', '#1f77b4', rows.map((r) => r.fdpEpsilon)],
    ['(ε, δ) audit (Steinke et al.)', '#d62728', rows.map((r) => r.steinkeEpsilon)],
  ];
  for (const [, colour, values] of series) {
    parts.push(`<path d="${path(values)}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    rows.forEach((row, i) => parts.push(`<circle cx="${f(x(row.canaries))}" cy="${f(y(values[i] as number))}" r="3" fill="${colour}"/>`));
  }
  const legendX = left + plotW + 12;
  series.forEach(([label, colour], i) => {
    const ly = top + 20 + i * 36;
    parts.push(`<line x1="${legendX}" x2="${legendX + 20}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"/>`);
    parts.push(`<text x="${legendX + 26}" y="${ly + 4}">${label.split(' (')[0]}</text>`);
    parts.push(`<text x="${legendX + 26}" y="${ly + 18}" fill="#555" font-size="10">(${label.split(' (')[1]}</text>`);
  });
  const ty = top + 20 + 2 * 36;
  parts.push(`<line x1="${legendX}" x2="${legendX + 20}" y1="${ty}" y2="${ty}" stroke="#555" stroke-dasharray="6 4"/>`);
  parts.push(`<text x="${legendX + 26}" y="${ty + 4}">true ε = ${theoretical.toFixed(2)}</text>`);
  parts.push(`<text x="${left + plotW / 2}" y="${height - 10}" text-anchor="middle">number of canaries m (best guess count c′ per m)</text>`);
  parts.push(`<text transform="translate(16 ${top + plotH / 2}) rotate(-90)" text-anchor="middle">empirical ε at δ = 1e-5</text>`);
  parts.push(`<text x="${left}" y="18">Gaussian mechanism σ = 1, idealised attacker (k = 2), 95 % confidence</text>`);
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** Markdown table of the series. */
export function renderTable(rows: readonly Row[]): string {
  const lines = ['| canaries m | f-DP ε | c′ | c | Steinke ε | c′ | c |', '|---:|---:|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    lines.push(`| ${r.canaries} | ${r.fdpEpsilon.toFixed(3)} | ${r.fdpGuesses} | ${r.fdpCorrect} | ${r.steinkeEpsilon.toFixed(3)} | ${r.steinkeGuesses} | ${r.steinkeCorrect} |`);
  }
  return lines.join('\n');
}

/** Entry point (run-ts.mjs calls it). */
export function main(args: readonly string[]): void {
  const out = args[0] ?? new URL('../../../docs/audit-one-run-comparison.svg', import.meta.url).pathname;
  const rows = computeSeries();
  const theoretical = gdpEpsilon(1 / SIGMA, DELTA);
  writeFileSync(out, renderSvg(rows, theoretical));
  console.log(renderTable(rows));
  console.log(`\ntrue ε (σ = ${SIGMA}, δ = ${DELTA}): ${theoretical.toFixed(4)}; SVG written to ${out}`);
}
