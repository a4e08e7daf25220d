/**
 * From a run file and evidence files to report.json, report.html and the figures: the one path
 * that both `dpbounds report` (a user's run) and `dpbounds demo` (the run it trains, written to
 * files first) take, so the two cannot drift apart.
 */
import type { CommandIo } from '../command.js';
import { computeReport } from './compute-report.js';
import type { ReportOptions } from './compute-report.js';
import { readReportEvidence } from './report-evidence.js';
import type { EvidencePaths } from './report-evidence.js';
import type { DemoReport } from './report-types.js';
import { relationChart, renderReportHtml } from './render-html.js';
import { readRunFile } from './run-file.js';
import type { ReportRun } from './run-file.js';
import { formatSummaryText, summaryRows, wrap } from './summary-rows.js';
import { infiniteFieldsReplacer } from '../io/infinite-fields.js';

/** The FPRs the report reads TPR at. */
export const REPORT_FPRS: readonly number[] = [0.001, 0.01, 0.1];
/** Integer Rényi orders of the per-instance section. */
export const REPORT_ORDERS: readonly number[] = [2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 48, 64, 96, 128];

/** The files a report writes, relative to its output directory. */
export const REPORT_FILE_NAMES: readonly string[] = ['report.json', 'report.html', 'figures/trade-off-add-remove.svg', 'figures/trade-off-substitution.svg'];

/** Options of {@link reportFromFiles}. */
export type ReportFromFilesOptions = Omit<ReportOptions, 'fprs' | 'orders'> & {
  readonly attackMethod?: 'lira-online' | 'lira-offline';
  /** Called once the run file is read and checked, before the evidence. */
  readonly onRun?: (run: ReportRun) => void;
};

/**
 * Reads the run file and every evidence file given, then computes the report.
 *
 * @throws UsageError naming the flag and the file or field.
 * @example const { run, report } = await reportFromFiles(io, 'run.json', { targets: 'targets.csv' });
 */
export async function reportFromFiles(io: CommandIo, runPath: string, paths: EvidencePaths, options: ReportFromFilesOptions = {}): Promise<{ run: ReportRun; report: DemoReport }> {
  const run = await readRunFile(runPath, io.cwd);
  options.onRun?.(run);
  const evidence = await readReportEvidence(paths, io, { steps: run.steps, ...(options.attackMethod === undefined ? {} : { attackMethod: options.attackMethod }) });
  const report = computeReport(run, evidence, { ...options, fprs: REPORT_FPRS, orders: REPORT_ORDERS });
  return { run, report };
}

/**
 * The report's files: report.json (with `extra` merged into `config`), report.html and one SVG
 * plot per relation.
 *
 * @example Object.keys(reportContents(report)) // ['report.json', 'report.html', 'figures/trade-off-add-remove.svg', …]
 */
export function reportContents(report: DemoReport): Record<string, string> {
  const contents: Record<string, string> = { 'report.json': `${JSON.stringify(report, infiniteFieldsReplacer, 1)}\n`, 'report.html': renderReportHtml(report) };
  for (const relation of report.views) contents[`figures/trade-off-${relation}.svg`] = `${relationChart(report, relation)}\n`;
  return contents;
}

/**
 * The terminal summary: a heading, the numbers to quote (with the batches sentence, printed once),
 * every other number with its kind and relation, what could not be computed (with the flag that would provide it), and where the
 * files are. At most 100 columns.
 *
 * @example reportText(report, 'dpbounds report: run.json', 'report: out/report.html')
 */
export function reportText(report: DemoReport, heading: string, where: string): string {
  return [
    heading,
    '',
    formatSummaryText(summaryRows(report)),
    ...(report.unavailable.length > 0 ? ['', 'Not computed:', ...report.unavailable.flatMap((u) => wrap(`${u.section}: ${u.reason}`, 100, '  '))] : []),
    '',
    where,
  ].join('\n');
}
