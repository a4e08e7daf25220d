/**
 * Joins the shard files of one sweep (`dpbounds sweep merge`): checks that every file comes from
 * the same sweep (same header, same spec), that no configuration appears twice and none is
 * missing, and returns the merged file (header, then rows in configuration order). A merged file
 * equals the file one unsharded run writes.
 */
import { UsageError } from '../usage-error.js';
import { scanSweepFile } from './sweep-file-scan.js';
import type { SweepFormat } from './sweep-format.js';

/** One shard file, read. */
export interface SweepMergeInput {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** The merged sweep. */
export interface SweepMergeResult {
  readonly spec: string;
  readonly configurations: number;
  /** Rows per input, in input order. */
  readonly rowsPerInput: readonly number[];
  /** The merged file's lines, each with its newline. */
  readonly lines: readonly string[];
}

function listed(indices: readonly number[]): string {
  return `${indices.slice(0, 10).join(', ')}${indices.length > 10 ? `, … (${indices.length - 10} more)` : ''}`;
}

/**
 * Merges shard files (see the module comment).
 *
 * @throws UsageError naming the file and line: another sweep, a malformed line, a duplicate,
 *   a configuration outside the sweep, or missing configurations (listed by index).
 */
export function mergeSweepFiles(inputs: readonly SweepMergeInput[], format: SweepFormat): SweepMergeResult {
  let header: string | undefined;
  let spec: string | undefined;
  let total: number | undefined;
  let headerFrom = '';
  const rows = new Map<number, { text: string; where: string }>();
  const rowsPerInput: number[] = [];
  for (const input of inputs) {
    const scan = scanSweepFile(input.bytes, format);
    if (scan.header === undefined) throw new UsageError(`${input.path}: not a sweep file (no header line)`);
    if (header === undefined) {
      header = scan.header;
      headerFrom = input.path;
    } else if (scan.header !== header) {
      throw new UsageError(`${input.path}: comes from another sweep than ${headerFrom} (the ${format === 'csv' ? 'columns' : 'headers'} differ: other grid, accountants, threats or FPRs)`);
    }
    if (scan.badLine !== undefined) throw new UsageError(`${input.path}: line ${scan.badLine} is not a sweep row`);
    if (format === 'jsonl') {
      const parsed = JSON.parse(scan.header) as { spec?: unknown; configurations?: unknown };
      if (typeof parsed.spec !== 'string' || typeof parsed.configurations !== 'number') throw new UsageError(`${input.path}: line 1 is not a sweep header`);
      spec = parsed.spec;
      total = parsed.configurations;
    }
    for (const row of scan.rows) {
      const where = `${input.path}: line ${row.line}`;
      if (format === 'csv') {
        const count = Number(row.text.split(',', 4)[3]);
        if (spec !== undefined && row.spec !== spec) throw new UsageError(`${where}: comes from another sweep (spec ${String(row.spec)}, ${headerFrom}'s is ${spec})`);
        if (total !== undefined && count !== total) throw new UsageError(`${where}: comes from a sweep of ${count} configurations, not ${total}`);
        spec = row.spec;
        total = count;
      }
      if (!(row.index < (total as number))) throw new UsageError(`${where}: configuration ${row.index} is outside the sweep's ${String(total)} configurations`);
      const earlier = rows.get(row.index);
      if (earlier !== undefined) throw new UsageError(`${where}: configuration ${row.index} again (already in ${earlier.where}); merge each shard once`);
      rows.set(row.index, { text: row.text, where });
    }
    rowsPerInput.push(scan.rows.length);
  }
  if (header === undefined || spec === undefined || total === undefined) throw new UsageError('no rows to merge');
  const missing: number[] = [];
  for (let i = 0; i < total; i++) if (!rows.has(i)) missing.push(i);
  if (missing.length > 0) {
    throw new UsageError(`missing ${missing.length} of ${total} configurations (indices ${listed(missing)}); with --shard i/n, configuration k is in shard k mod n: run those shards (again) and merge`);
  }
  const lines = [`${header}\n`];
  for (let i = 0; i < total; i++) lines.push(`${(rows.get(i) as { text: string }).text}\n`);
  return { spec, configurations: total, rowsPerInput, lines };
}
