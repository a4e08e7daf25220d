/**
 * Runs a sweep: evaluates the configurations of one shard on the worker pool and streams the
 * rows to `--out` in configuration order (a row is written as soon as every earlier
 * configuration of the run is written, so the file is always a clean prefix plus, at worst, one
 * half-written line). Re-running the same sweep with the same `--out` resumes: every row already
 * in the file is checked against the sweep (its configuration is configuration #index, its
 * fields are those the sweep writes, its `rowDigest` matches; sweep-row-check.ts) and kept, a
 * half-written last line is dropped, and a file of another sweep (other grid, request or shard),
 * a row that does not check and a configuration written twice are refused (the line and what
 * differs). Rows out of order, or configurations missing before the file's last row, are put
 * right: the missing rows are computed, the file is rewritten in configuration order (a
 * temporary file renamed over it), and the rest is appended. A lock next to the file stops two
 * runs from writing it at once.
 */
import { lstat, open, readFile, rename, truncate, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { sweepShard } from '@dpbounds/accountants';
import type { SweepConfiguration, SweepRow } from '@dpbounds/accountants';
import type { CommandIo } from '../command.js';
import { fileSystemReason } from '../io/make-directories.js';
import { acquireLock, releaseLock } from '../io/output-lock.js';
import { createProgress } from '../progress.js';
import { UsageError } from '../usage-error.js';
import { scanSweepFile } from './sweep-file-scan.js';
import { ROW_DIGEST, sweepCsvColumns, sweepHeaderLine, sweepRowLine } from './sweep-format.js';
import { recheckRows, recheckSample } from './sweep-recheck.js';
import type { RecheckCount } from './sweep-recheck.js';
import { checkRowAgainstPlan, SweepRowProblem } from './sweep-row-check.js';
import type { IndexedRow, SweepColumn, SweepFormat } from './sweep-format.js';
import type { SweepPlan } from './sweep-inputs.js';
import { evaluateInPool } from './sweep-pool.js';
import type { SweepTask } from './sweep-pool.js';

/** How to run a sweep. */
export interface SweepRunOptions {
  readonly plan: SweepPlan;
  /** The output file (`--out`) and its format; rows are returned instead when absent. */
  readonly out?: { readonly path: string; readonly format: SweepFormat };
  /** Start over even if `out` holds rows (`--force`). */
  readonly force: boolean;
  /** 0-based shard and shard count (`--shard i/n`; 0/1 = the whole sweep). */
  readonly shard: { readonly index: number; readonly count: number };
  readonly workers: number;
  readonly workerScript: string | undefined;
  /** Rows of `--out` to re-evaluate and compare byte for byte when resuming (`--recheck`). */
  readonly recheck: RecheckCount;
}

/** What a run did. */
export interface SweepRunSummary {
  /** Configurations of this shard. */
  readonly inShard: number;
  /** Rows computed by this run. */
  readonly evaluated: number;
  /** Rows already in `--out` (resumed). */
  readonly skipped: number;
  /** Rows whose `errors` is not empty. */
  readonly rowsWithErrors: number;
  /** A half-written last line was dropped from `--out`. */
  readonly droppedPartialLine: boolean;
  /** Rows of `--out` kept after checking each against the sweep (= skipped). */
  readonly checked: number;
  /** The configurations of `--out` re-evaluated and found identical (`--recheck`). */
  readonly rechecked: readonly number[];
  /** `--out` was rewritten in configuration order (rows were out of order, or configurations missing before its last row were filled in). */
  readonly rewritten: boolean;
  /** The rows, in configuration order, when there is no `--out`. */
  readonly rows?: readonly IndexedRow[];
}

async function existingKind(path: string, shown: string): Promise<'missing' | 'file'> {
  try {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) throw new UsageError(`--out ${shown}: is a symbolic link; dpbounds never writes through links (give the real path)`);
    if (!stats.isFile()) throw new UsageError(`--out ${shown}: is not a regular file`);
    return 'file';
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if ((error as { code?: unknown }).code === 'ENOENT') return 'missing';
    throw new UsageError(`--out ${shown}: ${fileSystemReason(error)}`);
  }
}

/** The rows of `--out` this run keeps: checked, by index, and whether the file must be rewritten. */
interface ExistingRows {
  /** Row lines by configuration index (each checked against the sweep). */
  readonly rows: Map<number, string>;
  /** The line number of each row. */
  readonly lines: Map<number, number>;
  /** The rows are not in configuration order in the file. */
  readonly outOfOrder: boolean;
  /** The largest index in the file (−1 for none). */
  readonly last: number;
  readonly dropped: boolean;
  readonly fresh: boolean;
  readonly completeBytes: number;
}

/**
 * The rows already written to `path` by this very sweep and shard, each checked against the
 * sweep's plan (sweep-row-check.ts); refuses any other file, naming the line and what differs.
 */
async function resumeFrom(path: string, shown: string, options: SweepRunOptions, header: string, columns: readonly string[]): Promise<ExistingRows> {
  const { plan, out } = options;
  const format = (out as NonNullable<SweepRunOptions['out']>).format;
  const bytes = await readFile(path).catch((error: unknown) => {
    throw new UsageError(`--out ${shown}: ${fileSystemReason(error)}`);
  });
  const scan = scanSweepFile(bytes);
  const rows = new Map<number, string>();
  const lineOf = new Map<number, number>();
  const none = { rows, lines: lineOf, outOfOrder: false, last: -1, dropped: scan.partialLast, completeBytes: scan.completeBytes };
  if (scan.header === undefined) return { ...none, fresh: true };
  const refuse = (why: string): never => {
    throw new UsageError(`--out ${shown}: ${why}; give another --out, or --force to start it over`);
  };
  if (scan.header !== header.slice(0, -1)) {
    if (isEarlierSweepFormat(format, scan.header)) refuse(`was written by an earlier dpbounds (sweep files without rowDigest), whose rows this version cannot check`);
    refuse(`holds the rows of another sweep (its ${format === 'csv' ? 'columns' : 'header'} differ from this one's: other grid, accountants, threats or FPRs)`);
  }
  const inShard = new Set(sweepShard(plan.configs, { shard: options.shard.index, shardCount: options.shard.count }).map((t) => t.index));
  let last = -1;
  let outOfOrder = false;
  for (const { text, line } of scan.rows) {
    let index: number;
    try {
      index = checkRowAgainstPlan(format, text, plan, columns).index;
    } catch (error) {
      if (error instanceof SweepRowProblem) return refuse(`line ${line} ${error.message}`);
      throw error;
    }
    if (!inShard.has(index)) refuse(`line ${line} (configuration ${index}) is not in shard ${options.shard.index}/${options.shard.count}`);
    const earlier = lineOf.get(index);
    if (earlier !== undefined) refuse(`line ${line} repeats configuration ${index} (line ${earlier}); each configuration is written once`);
    lineOf.set(index, line);
    rows.set(index, text);
    if (index < last) outOfOrder = true;
    last = Math.max(last, index);
  }
  return { ...none, rows, outOfOrder, last, fresh: false };
}

/** A header of the sweep files dpbounds wrote before rows carried a `rowDigest` (format 1). */
function isEarlierSweepFormat(format: SweepFormat, header: string): boolean {
  if (format === 'csv') return header.startsWith('index,id,spec,configurations,') && !header.split(',').includes(ROW_DIGEST);
  try {
    return (JSON.parse(header) as { dpboundsSweep?: unknown }).dpboundsSweep === 1;
  } catch {
    return false;
  }
}

/**
 * Replaces `path` by `lines` all at once: written to a temporary file next to it, synced, then
 * renamed over it (a run killed before the rename leaves the old file as it was).
 */
async function replaceFile(path: string, shown: string, lines: Iterable<string>): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.dpbounds-rewrite`);
  await unlink(temp).catch(() => undefined);
  const handle = await open(temp, 'wx').catch((error: unknown) => {
    throw new UsageError(`--out ${shown}: ${fileSystemReason(error)}`);
  });
  try {
    let buffer = '';
    for (const line of lines) {
      buffer += line;
      if (buffer.length >= 1 << 20) {
        await handle.write(buffer);
        buffer = '';
      }
    }
    await handle.write(buffer);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  await rename(temp, path);
}

/**
 * Runs (or resumes) a sweep; see the module comment.
 *
 * @throws UsageError naming `--out` when the file cannot be used, belongs to another sweep, or
 *   holds a row that does not check (the line and what differs).
 */
export async function runSweep(io: CommandIo, options: SweepRunOptions): Promise<SweepRunSummary> {
  const { plan, out } = options;
  const tasks: SweepTask[] = sweepShard(plan.configs, { shard: options.shard.index, shardCount: options.shard.count });
  const columns: readonly SweepColumn[] = out?.format === 'csv' ? sweepCsvColumns(plan) : [];
  const indexed = (index: number, row: SweepRow): IndexedRow => ({ index, ...row });
  const lineOf = (row: IndexedRow): string => sweepRowLine((out as NonNullable<typeof out>).format, row, columns, plan.specId);
  let handle: FileHandle | undefined;
  let lockPath: string | undefined;
  let existing: ExistingRows = { rows: new Map(), lines: new Map(), outOfOrder: false, last: -1, dropped: false, fresh: true, completeBytes: 0 };
  try {
    let path = '';
    let header = '';
    if (out !== undefined) {
      path = resolve(io.cwd, out.path);
      header = sweepHeaderLine(out.format, plan, columns);
      lockPath = join(dirname(path), `.${basename(path)}.dpbounds-lock`);
      const lock = await acquireLock(lockPath, []).catch((error: unknown) => {
        throw new UsageError(`--out ${out.path}: ${fileSystemReason(error)}`);
      });
      if (!lock.taken) {
        lockPath = undefined;
        throw new UsageError(`--out ${out.path}: another dpbounds run${lock.holder !== undefined ? ` (process ${lock.holder})` : ''} is writing it; wait for it to finish`);
      }
      if ((await existingKind(path, out.path)) === 'file') {
        if (options.force) await unlink(path);
        else existing = await resumeFrom(path, out.path, options, header, columns.map((c) => c.name));
      }
    }
    const done = existing.rows;
    // the one check a recomputed rowDigest cannot pass: a sample of the kept rows computed again
    const kept = [...done.keys()].sort((a, b) => a - b);
    const rechecked = recheckSample(options.recheck, kept.length).map((p) => kept[p] as number);
    if (out !== undefined) {
      const sample = rechecked.map((index) => ({ index, config: plan.configs[index] as SweepConfiguration, text: done.get(index) as string, where: `--out ${out.path}: line ${existing.lines.get(index) as number}` }));
      recheckRows(sample, plan.request, out.format, columns.map((c) => c.name), (index, row) => lineOf(indexed(index, row)).slice(0, -1));
    }
    const todo = tasks.filter((t) => !done.has(t.index));
    // configurations missing before the file's last row (deleted rows) are computed first, then
    // the file is rewritten in configuration order; the rest is appended as it comes
    const gaps = todo.filter((t) => t.index < existing.last);
    const tail = todo.filter((t) => t.index > existing.last);
    const rewrite = existing.outOfOrder || gaps.length > 0;
    const progress = createProgress(io, 'sweep', todo.length);
    const started = performance.now();
    const rows: IndexedRow[] = [];
    let withErrors = 0;
    let evaluated = 0;
    /** Evaluates `list` (in configuration order) on the pool, handing each row to `emit` in that order. */
    const evaluate = async (list: readonly SweepTask[], emit: (row: IndexedRow) => Promise<void> | void): Promise<void> => {
      const pending = new Map<number, SweepRow>();
      let next = 0;
      let emitting: Promise<unknown> = Promise.resolve();
      const onRow = (index: number, row: SweepRow): void => {
        pending.set(index, row);
        if (row.errors !== undefined) withErrors++;
        const ready: IndexedRow[] = [];
        while (next < list.length && pending.has((list[next] as SweepTask).index)) {
          const at = (list[next] as SweepTask).index;
          ready.push(indexed(at, pending.get(at) as SweepRow));
          pending.delete(at);
          next++;
        }
        if (ready.length > 0) emitting = emitting.then(async () => {
          for (const row of ready) await emit(row);
        });
        evaluated++;
        const seconds = (performance.now() - started) / 1000;
        const eta = evaluated < todo.length ? Math.ceil((seconds / evaluated) * (todo.length - evaluated)) : 0;
        progress.stage(`${evaluated}/${todo.length} configurations, ETA ${eta}s`);
        progress.update(evaluated);
      };
      try {
        await evaluateInPool(list, plan.request, { workers: options.workers, script: options.workerScript }, onRow);
      } finally {
        await emitting;
      }
    };
    try {
      if (out === undefined) {
        await evaluate(todo, (row) => {
          rows.push(row);
        });
      } else {
        if (rewrite) {
          const filled = new Map<number, string>();
          await evaluate(gaps, (row) => {
            filled.set(row.index, lineOf(row));
          });
          const inOrder = function* (): Generator<string> {
            yield header;
            for (const task of tasks) {
              if (task.index > existing.last) break;
              const kept = done.get(task.index);
              yield kept === undefined ? (filled.get(task.index) as string) : `${kept}\n`;
            }
          };
          await replaceFile(path, out.path, inOrder());
        } else if (existing.dropped && !existing.fresh) await truncate(path, existing.completeBytes);
        const file = await open(path, existing.fresh ? 'w' : 'a').catch((error: unknown) => {
          throw new UsageError(`--out ${out.path}: ${fileSystemReason(error)}`);
        });
        handle = file;
        if (existing.fresh) await file.write(header);
        await evaluate(tail, async (row) => {
          await file.write(lineOf(row));
        });
      }
    } finally {
      progress.finish();
    }
    return {
      inShard: tasks.length,
      evaluated: todo.length,
      skipped: tasks.length - todo.length,
      rowsWithErrors: withErrors,
      droppedPartialLine: existing.dropped && !existing.fresh,
      checked: done.size,
      rechecked,
      rewritten: rewrite,
      ...(out === undefined ? { rows } : {}),
    };
  } finally {
    await handle?.close();
    if (lockPath !== undefined) await releaseLock(lockPath);
  }
}
