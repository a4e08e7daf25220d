/**
 * Runs a sweep: evaluates the configurations of one shard on the worker pool and streams the
 * rows to `--out` in configuration order (a row is written as soon as every earlier
 * configuration of the run is written, so the file is always a clean prefix plus, at worst, one
 * half-written line). Re-running the same sweep with the same `--out` resumes: the file, within
 * the input budget, is streamed and every row already in it is checked against the sweep (its
 * configuration is configuration #index, its fields are those the sweep writes, its `rowDigest`
 * matches; sweep-resume.ts, sweep-row-check.ts) and kept, a half-written last line is dropped,
 * and a file of another sweep (other grid, request or shard), a row that does not check and a
 * configuration written twice are refused (the line and what differs). Rows out of order, or
 * configurations missing before the file's last row, are put right: the file is rewritten in
 * configuration order through a temporary file, the kept rows copied by byte range and the
 * missing ones inserted as they are computed (sweep-rewrite.ts), and the rest is appended. A
 * lock next to the file stops two runs from writing it at once. Memory: the configurations, a
 * few numbers per configuration of the shard and one buffer, never the rows of the file.
 */
import { lstat, open, truncate, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { sweepShard } from '@dpbounds/accountants';
import type { SweepConfiguration, SweepRow } from '@dpbounds/accountants';
import type { CommandIo } from '../command.js';
import { fileSystemReason } from '../io/make-directories.js';
import { acquireLock, releaseLock } from '../io/output-lock.js';
import { createProgress } from '../progress.js';
import { UsageError } from '../usage-error.js';
import { sweepCsvColumns, sweepHeaderLine, sweepRowLine } from './sweep-format.js';
import { recheckRows, recheckSample } from './sweep-recheck.js';
import type { RecheckCount } from './sweep-recheck.js';
import { KeptRows, readKeptRows, readResumedFile } from './sweep-resume.js';
import type { ResumedFile, SweepResumeProbe } from './sweep-resume.js';
import { rewriteInOrder } from './sweep-rewrite.js';
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
  /** Tests: counts what resuming holds (sweep-resume.ts). */
  readonly probe?: SweepResumeProbe;
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
  let existing: ResumedFile = { kept: new KeptRows(options.shard, 0), dropped: false, fresh: true, completeBytes: 0 };
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
        else {
          const from = { path, shown: out.path, format: out.format, plan, shard: options.shard, inShard: tasks.length, header, columns: columns.map((c) => c.name), probe: options.probe };
          existing = await readResumedFile(from);
        }
      }
    }
    const done = existing.kept;
    // the one check a recomputed rowDigest cannot pass: a sample of the kept rows computed again,
    // each read back from the file on its own
    const sampled = recheckSample(options.recheck, done.count);
    const rechecked: number[] = [];
    for (let k = 0, p = 0; k < tasks.length && rechecked.length < sampled.length; k++) {
      const index = (tasks[k] as SweepTask).index;
      if (!done.has(index)) continue;
      if (sampled[rechecked.length] === p) rechecked.push(index);
      p++;
    }
    if (out !== undefined) {
      const names = columns.map((c) => c.name);
      await readKeptRows(path, out.path, done, rechecked, (index, text) => {
        const row = { index, config: plan.configs[index] as SweepConfiguration, text, where: `--out ${out.path}: line ${done.lineOf(index)}` };
        recheckRows([row], plan.request, out.format, names, (at, computed) => lineOf(indexed(at, computed)).slice(0, -1));
      }, options.probe);
    }
    const todo = tasks.filter((t) => !done.has(t.index));
    // configurations missing before the file's last row (deleted rows) are computed first, then
    // the file is rewritten in configuration order; the rest is appended as it comes
    const gaps = todo.filter((t) => t.index < done.last);
    const tail = todo.filter((t) => t.index > done.last);
    const rewrite = done.outOfOrder || gaps.length > 0;
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
          await rewriteInOrder({
            path,
            shown: out.path,
            header,
            tasks,
            kept: done,
            fill: (emit) => evaluate(gaps, (row) => emit(row.index, lineOf(row))),
            probe: options.probe,
          });
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
      checked: done.count,
      rechecked,
      rewritten: rewrite,
      ...(out === undefined ? { rows } : {}),
    };
  } finally {
    await handle?.close();
    if (lockPath !== undefined) await releaseLock(lockPath);
  }
}
