/**
 * Runs a sweep: evaluates the configurations of one shard on the worker pool and streams the
 * rows to `--out` in configuration order (a row is written as soon as every earlier
 * configuration of the run is written, so the file is always a clean prefix plus, at worst, one
 * half-written line). Re-running the same sweep with the same `--out` resumes: the rows already
 * in the file are kept and skipped, a half-written last line is dropped, and a file of another
 * sweep (other grid, request or shard) is refused. A lock next to the file stops two runs from
 * appending to it at once.
 */
import { lstat, open, truncate, unlink, readFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { sweepShard } from '@dpbounds/accountants';
import type { SweepRow } from '@dpbounds/accountants';
import type { CommandIo } from '../command.js';
import { fileSystemReason } from '../io/make-directories.js';
import { acquireLock, releaseLock } from '../io/output-lock.js';
import { createProgress } from '../progress.js';
import { UsageError } from '../usage-error.js';
import { scanSweepFile } from './sweep-file-scan.js';
import { sweepCsvColumns, sweepHeaderLine, sweepRowLine } from './sweep-format.js';
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

/** The indices already written to `path` by this very sweep and shard; refuses any other file. */
async function resumeFrom(path: string, shown: string, options: SweepRunOptions, header: string): Promise<{ done: Set<number>; dropped: boolean; fresh: boolean }> {
  const { plan, out } = options;
  const format = (out as NonNullable<SweepRunOptions['out']>).format;
  const scan = scanSweepFile(await readFile(path), format);
  if (scan.header === undefined) return { done: new Set(), dropped: scan.partialLast, fresh: true };
  const refuse = (why: string): never => {
    throw new UsageError(`--out ${shown}: ${why}; give another --out, or --force to start it over`);
  };
  if (scan.header !== header.slice(0, -1)) refuse(`holds the rows of another sweep (its ${format === 'csv' ? 'columns' : 'header'} differ from this one's: other grid, accountants, threats or FPRs)`);
  if (scan.badLine !== undefined) refuse(`line ${scan.badLine} is not a sweep row`);
  const inShard = new Set(sweepShard(plan.configs, { shard: options.shard.index, shardCount: options.shard.count }).map((t) => t.index));
  const done = new Set<number>();
  for (const row of scan.rows) {
    if (row.spec !== undefined && row.spec !== plan.specId) refuse(`line ${row.line} belongs to another sweep (spec ${row.spec}, this one ${plan.specId})`);
    if (plan.ids[row.index] !== row.id) refuse(`line ${row.line} is not configuration ${row.index} of this sweep`);
    if (!inShard.has(row.index)) refuse(`line ${row.line} (configuration ${row.index}) is not in shard ${options.shard.index}/${options.shard.count}`);
    if (done.has(row.index)) refuse(`line ${row.line} repeats configuration ${row.index}`);
    done.add(row.index);
  }
  if (scan.partialLast) await truncate(path, scan.completeBytes);
  return { done, dropped: scan.partialLast, fresh: false };
}

/**
 * Runs (or resumes) a sweep; see the module comment.
 *
 * @throws UsageError naming `--out` when the file cannot be used or belongs to another sweep.
 */
export async function runSweep(io: CommandIo, options: SweepRunOptions): Promise<SweepRunSummary> {
  const { plan, out } = options;
  const tasks: SweepTask[] = sweepShard(plan.configs, { shard: options.shard.index, shardCount: options.shard.count });
  const columns: readonly SweepColumn[] = out?.format === 'csv' ? sweepCsvColumns(plan) : [];
  const indexed = (index: number, row: SweepRow): IndexedRow => ({ index, ...row });
  let handle: FileHandle | undefined;
  let lockPath: string | undefined;
  let done = new Set<number>();
  let dropped = false;
  try {
    if (out !== undefined) {
      const path = resolve(io.cwd, out.path);
      const header = sweepHeaderLine(out.format, plan, columns);
      lockPath = join(dirname(path), `.${basename(path)}.dpbounds-lock`);
      const lock = await acquireLock(lockPath, []).catch((error: unknown) => {
        throw new UsageError(`--out ${out.path}: ${fileSystemReason(error)}`);
      });
      if (!lock.taken) {
        lockPath = undefined;
        throw new UsageError(`--out ${out.path}: another dpbounds run${lock.holder !== undefined ? ` (process ${lock.holder})` : ''} is writing it; wait for it to finish`);
      }
      let fresh = true;
      if ((await existingKind(path, out.path)) === 'file') {
        if (options.force) await unlink(path);
        else ({ done, dropped, fresh } = await resumeFrom(path, out.path, options, header));
      }
      handle = await open(path, fresh ? 'w' : 'a').catch((error: unknown) => {
        throw new UsageError(`--out ${out.path}: ${fileSystemReason(error)}`);
      });
      if (fresh) await handle.write(header);
    }
    const todo = tasks.filter((t) => !done.has(t.index));
    const progress = createProgress(io, 'sweep', todo.length);
    const started = performance.now();
    const pending = new Map<number, SweepRow>();
    const rows: IndexedRow[] = [];
    let next = 0;
    let written = 0;
    let withErrors = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const file = handle;
    const onRow = (index: number, row: SweepRow): void => {
      pending.set(index, row);
      if (row.errors !== undefined) withErrors++;
      let text = '';
      while (next < todo.length && pending.has((todo[next] as SweepTask).index)) {
        const at = (todo[next] as SweepTask).index;
        const complete = indexed(at, pending.get(at) as SweepRow);
        pending.delete(at);
        if (out === undefined) rows.push(complete);
        else text += sweepRowLine(out.format, complete, columns);
        next++;
      }
      if (file !== undefined && text !== '') writing = writing.then(() => file.write(text));
      written++;
      const seconds = (performance.now() - started) / 1000;
      const eta = written < todo.length ? Math.ceil((seconds / written) * (todo.length - written)) : 0;
      progress.stage(`${written}/${todo.length} configurations, ETA ${eta}s`);
      progress.update(written);
    };
    try {
      await evaluateInPool(todo, plan.request, { workers: options.workers, script: options.workerScript }, onRow);
    } finally {
      await writing;
      progress.finish();
    }
    return {
      inShard: tasks.length,
      evaluated: todo.length,
      skipped: tasks.length - todo.length,
      rowsWithErrors: withErrors,
      droppedPartialLine: dropped,
      ...(out === undefined ? { rows } : {}),
    };
  } finally {
    await handle?.close();
    if (lockPath !== undefined) await releaseLock(lockPath);
  }
}
