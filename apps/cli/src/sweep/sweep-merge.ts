/**
 * Joins the shard files of one sweep (`dpbounds sweep merge`), streaming: each file is read line
 * by line (memory: the longest line, plus the configurations for the final check), its first
 * line checked before the rest is read. Every file must come from the same sweep (same header);
 * every row is checked (sweep-row-check.ts: its configuration fields hash to its id, its fields
 * are those the sweep writes, its `rowDigest` matches) and the rows of each file must be in
 * configuration order; no configuration may appear twice and none may be missing. Once every row
 * is read, the configurations in index order with the request must give the sweep's spec id
 * (so each row is configuration #index of that sweep) and, for CSV, the columns must be the ones
 * that sweep writes, and a sample of rows (`--recheck`, sweep-recheck.ts) computed again must equal
 * the file's byte for byte. The merged lines (header, then rows in configuration order) are produced
 * as they are checked; a refusal at any point throws, so the caller's all-or-nothing writer
 * leaves no merged file. A merged file equals the file one unsharded run writes.
 */
import { sweepSpecId, validateSweepRequest } from '@dpbounds/accountants/advanced';
import type { SweepConfiguration, SweepRequest } from '@dpbounds/accountants';
import { UsageError } from '../usage-error.js';
import { MAX_SWEEP_HEADER_BYTES, sweepFileLines } from './sweep-file-scan.js';
import type { StreamedLine } from './sweep-file-scan.js';
import { ROW_DIGEST, SWEEP_FILE_VERSION, sweepCsvColumns, sweepRowLine } from './sweep-format.js';
import { DEFAULT_RECHECK, recheckRows, recheckSample } from './sweep-recheck.js';
import type { RecheckCount, RecheckRow } from './sweep-recheck.js';
import type { SweepFormat } from './sweep-format.js';
import { checkRowSelfConsistent, SweepRowProblem } from './sweep-row-check.js';
import type { SweepRowClaims } from './sweep-row-check.js';

export { MAX_SWEEP_HEADER_BYTES } from './sweep-file-scan.js';

/** One shard file, opened for streaming. */
export interface SweepMergeInput {
  /** The path as the user typed it (for messages). */
  readonly path: string;
  readonly chunks: AsyncIterable<Uint8Array>;
}

/** A merge whose headers are checked: its merged lines, and what it found once they are read. */
export interface SweepMerge {
  /** The merged file's lines, each with its newline; iterating checks every row and throws UsageError on the first refusal. */
  readonly lines: AsyncIterable<string>;
  /** Filled once `lines` is done: the sweep's spec id and configuration count, rows per input (in input order), the configurations re-evaluated (`--recheck`). */
  readonly summary: { spec: string; configurations: number; rowsPerInput: number[]; rechecked: number[] };
}

interface Source {
  readonly path: string;
  readonly lines: AsyncIterator<StreamedLine>;
  head: (SweepRowClaims & { readonly text: string; readonly line: number }) | undefined;
  rows: number;
}

function listed(indices: readonly number[], count: number): string {
  return `${indices.join(', ')}${count > indices.length ? `, … (${count - indices.length} more)` : ''}`;
}

const notHeader = (path: string, why: string): UsageError => new UsageError(`${path}: not a sweep file written by dpbounds sweep --out (line 1 ${why})`);

function checkHeader(path: string, header: string, format: SweepFormat): { spec?: string; configurations?: number; request?: SweepRequest; columns: string[] } {
  const earlier = (): UsageError => new UsageError(`${path}: was written by an earlier dpbounds (sweep files without rowDigest), whose rows this version cannot check; run its sweep again with this version`);
  if (format === 'csv') {
    const columns = header.split(',');
    if (columns[0] !== 'index' || columns[1] !== 'id' || columns[2] !== 'spec' || columns[3] !== 'configurations') throw notHeader(path, 'is not the header of a sweep .csv');
    if (!columns.includes(ROW_DIGEST)) throw earlier();
    if (columns[4] !== 'request' || columns.at(-1) !== ROW_DIGEST) throw notHeader(path, 'is not the header of a sweep .csv');
    return { columns };
  }
  let value: unknown;
  try {
    value = JSON.parse(header);
  } catch {
    throw notHeader(path, 'is not JSON');
  }
  const h = (value ?? {}) as { dpboundsSweep?: unknown; spec?: unknown; configurations?: unknown; request?: unknown };
  if (h.dpboundsSweep === 1) throw earlier();
  if (h.dpboundsSweep !== SWEEP_FILE_VERSION || typeof h.spec !== 'string' || typeof h.configurations !== 'number' || !Number.isSafeInteger(h.configurations) || h.configurations < 1) {
    throw notHeader(path, 'is not a sweep header {"dpboundsSweep":2,"spec","configurations","request"}');
  }
  try {
    validateSweepRequest(h.request as SweepRequest);
  } catch {
    throw notHeader(path, 'holds no valid request');
  }
  return { spec: h.spec, configurations: h.configurations, request: h.request as SweepRequest, columns: [] };
}

/**
 * Reads and checks the first line of every input; returns the merge (see the module comment).
 *
 * @throws UsageError naming the file: not a sweep file, an earlier format, another sweep than the
 *   first file. Iterating `lines` throws UsageError naming the file and line: a row that does not
 *   check (and what differs), a half-written line, rows out of order, a configuration twice or
 *   outside the sweep, missing configurations (listed by index), or rows that are not the sweep's.
 * @example const merge = await openSweepMerge(inputs, 'jsonl'); for await (const line of merge.lines) write(line);
 */
export async function openSweepMerge(inputs: readonly SweepMergeInput[], format: SweepFormat, recheck: RecheckCount = DEFAULT_RECHECK): Promise<SweepMerge> {
  let header: string | undefined;
  let headerFrom = '';
  let fields: ReturnType<typeof checkHeader> = { columns: [] };
  const sources: Source[] = [];
  try {
    await readHeaders();
  } catch (error) {
    // stop the readers already started (their files are closed)
    for (const source of sources) await source.lines.return?.();
    throw error;
  }
  const summary = { spec: fields.spec ?? '', configurations: fields.configurations ?? 0, rowsPerInput: sources.map(() => 0), rechecked: [] as number[] };
  return { lines: mergedLines(sources, format, header as string, fields, summary, recheck), summary };

  async function readHeaders(): Promise<void> {
    for (const input of inputs) {
      const lines = sweepFileLines(input.chunks, MAX_SWEEP_HEADER_BYTES, () => notHeader(input.path, `is longer than ${MAX_SWEEP_HEADER_BYTES / 1024 / 1024} MiB`))[Symbol.asyncIterator]();
      sources.push({ path: input.path, lines, head: undefined, rows: 0 });
      const first = await lines.next();
      if (first.done === true || !first.value.complete) throw new UsageError(`${input.path}: not a sweep file (no complete header line)`);
      const text = first.value.text;
      if (header === undefined) {
        fields = checkHeader(input.path, text, format);
        header = text;
        headerFrom = input.path;
      } else if (text !== header) {
        checkHeader(input.path, text, format);
        throw new UsageError(`${input.path}: comes from another sweep than ${headerFrom} (the ${format === 'csv' ? 'columns' : 'headers'} differ: other grid, accountants, threats or FPRs)`);
      }
    }
  }
}

async function* mergedLines(sources: Source[], format: SweepFormat, header: string, fields: ReturnType<typeof checkHeader>, summary: SweepMerge['summary'], recheck: RecheckCount): AsyncGenerator<string> {
  let spec = fields.spec;
  let total = fields.configurations;
  let request = fields.request;
  let requestText: string | undefined;
  let specFrom = '';
  /** The sources by the index of their current row. */
  const heads = new Map<number, Source[]>();
  /** Moves `source` to its next row, checked; undefined at its end. */
  const advance = async (source: Source): Promise<void> => {
    const before = source.head;
    const next = await source.lines.next();
    if (next.done === true) {
      source.head = undefined;
      return;
    }
    const { text, line, complete } = next.value;
    const where = `${source.path}: line ${line}`;
    if (!complete) throw new UsageError(`${where} is half-written (the run was interrupted): resume that shard (its dpbounds sweep command again) before merging`);
    let claims: SweepRowClaims;
    try {
      if (format === 'csv') {
        claims = checkRowSelfConsistent(format, text, undefined, undefined, fields.columns);
        // every CSV row names its sweep: all must name the first row's
        if (spec === undefined) {
          spec = claims.spec as string;
          total = claims.configurations as number;
          requestText = claims.request as string;
          specFrom = where;
          try {
            request = validateSweepRequest(JSON.parse(requestText) as SweepRequest);
          } catch {
            throw new SweepRowProblem(`holds no valid request (${requestText.slice(0, 60)})`);
          }
        } else if (claims.spec !== spec || claims.configurations !== total || claims.request !== requestText) {
          throw new UsageError(`${where}: comes from another sweep (spec ${String(claims.spec)} of ${String(claims.configurations)} configurations; ${specFrom} is of ${spec}, ${String(total)})`);
        }
      } else claims = checkRowSelfConsistent(format, text, spec as string, request, fields.columns);
    } catch (error) {
      if (error instanceof SweepRowProblem) throw new UsageError(`${where} ${error.message}`);
      throw error;
    }
    if (!(claims.index < (total as number))) throw new UsageError(`${where}: configuration ${claims.index} is outside the sweep's ${String(total)} configurations`);
    if (before !== undefined && claims.index === before.index) {
      throw new UsageError(`${where}: configuration ${claims.index} again (line ${before.line}); a file dpbounds sweep wrote holds each configuration once: remove the copy, or run that shard again with --force`);
    }
    if (before !== undefined && claims.index < before.index) {
      throw new UsageError(`${where}: configuration ${claims.index} after configuration ${before.index} (line ${before.line}): the rows are out of configuration order; run that shard's dpbounds sweep command again, which puts its file in order`);
    }
    source.head = { ...claims, text, line };
    source.rows++;
    heads.set(claims.index, [...(heads.get(claims.index) ?? []), source]);
  };
  try {
    for (const source of sources) await advance(source);
    if (spec === undefined || total === undefined || request === undefined) throw new UsageError('no rows to merge');
    summary.spec = spec;
    summary.configurations = total;
    yield `${header}\n`;
    const sample = new Set(recheckSample(recheck, total));
    const toRecheck: RecheckRow[] = [];
    const configs: SweepConfiguration[] = [];
    const missing: number[] = [];
    let missingCount = 0;
    for (let k = 0; k < total; k++) {
      const holders = heads.get(k) ?? [];
      heads.delete(k);
      if (holders.length === 0) {
        if (missing.length < 10) missing.push(k);
        missingCount++;
        continue;
      }
      if (holders.length > 1) {
        const [first, second] = holders as [Source, Source];
        throw new UsageError(`${second.path}: line ${String(second.head?.line)}: configuration ${k} again (already in ${first.path}: line ${String(first.head?.line)}); merge each shard once`);
      }
      const source = holders[0] as Source;
      const head = source.head as NonNullable<Source['head']>;
      configs.push(head.config);
      if (sample.has(k)) toRecheck.push({ index: k, config: head.config, text: head.text, where: `${source.path}: line ${head.line}` });
      yield `${head.text}\n`;
      await advance(source);
    }
    if (missingCount > 0) {
      throw new UsageError(`missing ${missingCount} of ${total} configurations (indices ${listed(missing, missingCount)}); with --shard i/n, configuration k is in shard k mod n: run those shards (again) and merge`);
    }
    // every row checked on its own; now the sweep: configuration #k of the spec is the row of index k
    if (sweepSpecId(configs, request) !== spec) {
      throw new UsageError(`the rows' configurations, in index order, are not those of sweep ${spec}: a row's index or configuration was changed after dpbounds wrote it (each row's own checks passed)`);
    }
    const plan = { configs, ids: [], request, specId: spec };
    const columns = format === 'csv' ? sweepCsvColumns(plan) : [];
    if (format === 'csv' && columns.map((c) => c.name).join(',') !== header) throw new UsageError(`${sources[0]?.path ?? ''}: line 1: the columns are not those sweep ${spec} writes (a column was changed)`);
    // the one check a recomputed rowDigest cannot pass: a sample of the rows computed again
    const specId = spec;
    recheckRows(toRecheck, request, format, columns.map((c) => c.name), (index, row) => sweepRowLine(format, { index, ...row }, columns, specId).slice(0, -1));
    summary.rechecked = toRecheck.map((r) => r.index);
    summary.rowsPerInput = sources.map((s) => s.rows);
  } finally {
    for (const source of sources) await source.lines.return?.();
  }
}
