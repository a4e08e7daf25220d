import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reportText } from './build-report.js';
import type { DemoReport } from './report-types.js';
import { expectSummaryRules } from '../test-helpers/summary-rules.js';
import { formatSummaryText, kindText, QUOTE_SECTION, summaryRows } from './summary-rows.js';

// the recorded demo report (tools/docs-check/test/fixtures/demo-report.json: `dpbounds demo` at its defaults)
const report = JSON.parse(readFileSync(new URL('../../../../tools/docs-check/test/fixtures/demo-report.json', import.meta.url), 'utf8')) as DemoReport;

describe('the summary of the main job', () => {
  const rows = summaryRows(report);
  const quote = rows.filter((r) => r.section === QUOTE_SECTION);

  it('opens with the numbers to quote, each once, with kind and relation', () => {
    expect(rows[0]?.section).toBe(QUOTE_SECTION);
    expect(quote.map((r) => [r.quantity, r.value, kindText(r)])).toEqual([
      ["the run's ε at δ = 1e-5", '0.3105', 'guarantee · add/remove'],
      ['strongest membership attacker: TPR at FPR 0.001', '0.001357', 'guarantee · add/remove'],
      ['strongest membership attacker: TPR at FPR 0.01', '0.01271', 'guarantee · add/remove'],
      ['membership β* (Bayes security combined with the DP guarantee)', '0.9639', 'guarantee · add/remove'],
      ['what the loss-threshold attack achieved: TPR at FPR 0.001', '0', 'empirical · add/remove'],
      ['what the loss-threshold attack achieved: TPR at FPR 0.01', '0.01', 'empirical · add/remove'],
      ['what the one-run audit proved: ε at δ = 1e-5 (Dirac canaries)', '0.1994', 'lower-bound · add/remove'],
    ]);
    // the attack and the audit say whether they are consistent with the guarantee
    expect(quote[5]?.note).toMatch(/consistent with the guarantee TPR ≤ 0.01271/);
    expect(quote[6]?.note).toMatch(/consistent with the proven ε ≤ 0.3105/);
    // the batches sentence, once in the whole summary
    const text = reportText(report, 'dpbounds demo', 'report: x');
    expect(text.split(report.batchSampling.summary.slice(0, 30)).length - 1).toBe(1);
  });

  it('prints no value under two different labels (same value, kind and relation = the same number)', () => {
    const seen = new Map<string, string>();
    for (const r of rows) {
      if (r.kind === 'measured') continue;
      const key = `${r.value} ${kindText(r)}`;
      const label = `${r.section}: ${r.quantity}`;
      expect(seen.get(key) ?? label, key).toBe(label);
      seen.set(key, label);
    }
    expect(rows.filter((r) => r.value === '0.3105' && r.kind === 'guarantee')).toHaveLength(1);
  });

  it('says once, in one sentence, under which other names a printed number appears', () => {
    const eps = quote[0]?.note ?? '';
    expect(eps.split('The same number is also: ').length - 1).toBe(1);
    // each other name with its section in brackets, its note after a dash, separated by semicolons
    expect(eps).toContain('; ε at δ = 1e-5, PLD [DP: any attacker, worst-case pair of datasets] — the exact ε of this accounting is in [0.301, 0.3105].');
    for (const row of rows) {
      expect(row.note, row.quantity).not.toMatch(/\bAlso /);
      // every sentence of a note starts with a capital or a symbol, never a lower-case word after a full stop
      expect(row.note, row.quantity).not.toMatch(/\. [a-z]/);
    }
  });

  it('names the six μ values so that no two can be confused', () => {
    const text = formatSummaryText(rows);
    for (const name of ['GDP μ (central limit theorem of Poisson sampling)', 'μ-GMIP of a random target', 'μ-GMIP the DP guarantee implies', 'median target μ-GMIP', 'worst target μ-GMIP', 'audit: μ-GDP proven']) expect(text).toContain(name);
    expect(text).not.toMatch(/(?<![-\w])μ = /);
  });

  it('keeps the wording rules every report is held to (the demo tests hold their own reports to them)', () => {
    expectSummaryRules(report, 'the recorded demo');
  });

  it('has no line wider than 100 columns', () => {
    for (const line of reportText(report, 'dpbounds demo: adult', 'report: dpbounds-report/2026-01-01T00-00-00Z/report.html').split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
  });
});
