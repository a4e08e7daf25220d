/**
 * The wording rules of the main job's summary, as one assertion that any report can be held to
 * (the recorded demo report, and each report the demo tests compute: other samplers, models and
 * data sets give other rows).
 */
import { expect } from 'vitest';
import { reportText } from '../report/build-report.js';
import type { DemoReport } from '../report/report-types.js';
import { kindText, QUOTE_SECTION, summaryRows } from '../report/summary-rows.js';

/**
 * Asserts the summary of `report`: it opens with the numbers to quote, each once; no number (same
 * value, kind and relation) printed after them appears again under another label; the other names of a printed number are
 * one sentence ("The same number is also: …"), never "Also …"; sentences start with a capital;
 * the batches sentence is printed once; no line is wider than 100 columns.
 */
export function expectSummaryRules(report: DemoReport, name: string): void {
  const rows = summaryRows(report);
  expect(rows[0]?.section, name).toBe(QUOTE_SECTION);
  const quote = rows.filter((r) => r.section === QUOTE_SECTION);
  expect(new Set(quote.map((r) => r.quantity)).size, `${name}: each number to quote once`).toBe(quote.length);
  const seen = new Map<string, string>();
  for (const r of rows) {
    expect(r.note, `${name}: ${r.quantity}`).not.toMatch(/\bAlso /);
    expect(r.note, `${name}: ${r.quantity}`).not.toMatch(/\. [a-z]/);
    if (r.kind === 'measured') continue;
    const key = `${r.value} ${kindText(r)}`;
    const label = `${r.section}: ${r.quantity}`;
    // the numbers to quote are distinct quantities, listed once each, even when two are equal (a
    // small attack's TPR at two FPRs); every later row must be a number not printed before
    if (r.section !== QUOTE_SECTION) expect(seen.get(key) ?? label, `${name}: ${key} under two labels`).toBe(label);
    if (!seen.has(key)) seen.set(key, label);
  }
  for (const r of rows) expect((r.note.match(/The same number is also: /g) ?? []).length, `${name}: ${r.quantity}`).toBeLessThanOrEqual(1);
  // one label, one kind: a quantity named in two sections (for two relations, say) is the same
  // kind of number in both, never a guarantee in one and an estimate in the other
  const kindOf = new Map<string, string>();
  for (const r of rows) {
    const said = kindOf.get(r.quantity);
    if (said !== undefined) expect(r.kind, `${name}: "${r.quantity}" under two kinds`).toBe(said);
    kindOf.set(r.quantity, r.kind);
  }
  const text = reportText(report, `dpbounds demo: ${name}`, 'report: dpbounds-report/2026-01-01T00-00-00Z/report.html');
  const batches = report.batchSampling.summary.slice(0, 30);
  expect(text.split(batches).length - 1, `${name}: the batches sentence once`).toBe(1);
  for (const line of text.split('\n')) expect(line.length, `${name}: ${line}`).toBeLessThanOrEqual(100);
}
