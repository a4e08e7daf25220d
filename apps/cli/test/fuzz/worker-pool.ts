/**
 * A pool of worker threads running CLI cases with a per-case time limit and a heap limit: a
 * case that does not answer in time has its worker terminated (which stops even a synchronous
 * loop) and is reported as a timeout; a worker that dies (out of memory) is reported as a crash.
 * The workers live as long as the pool, so each loads the bundled CLI once for all the cases it
 * runs, not once per batch; a terminated or dead worker is replaced by a fresh one.
 */
import { Worker } from 'node:worker_threads';
import { requestWorker } from '../../src/worker-request.js';
import type { WorkerRequest, WorkerResponse } from './worker-entry.js';

/** The outcome of one case. */
export type CaseOutcome =
  | ({ readonly kind: 'done' } & WorkerResponse)
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'crash'; readonly message: string; readonly ms: number };

/** One case for the pool. */
export interface PoolJob {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly timeoutMs: number;
}

/** A started pool: `run` a batch of jobs (results in job order), `close` it, and how many workers it started. */
export interface WorkerPool {
  run(jobs: readonly PoolJob[]): Promise<CaseOutcome[]>;
  close(): Promise<void>;
  /** Workers started so far: `size`, plus one per timed-out or crashed case. */
  readonly started: number;
  /** Cases that ended in a timeout or a crash (each replaced its worker). */
  readonly replaced: number;
}

/**
 * Starts a pool of `size` lanes over the bundled script `script`; a lane starts its worker at its
 * first case and keeps it until a case times out or crashes it, or the pool is closed.
 *
 * @example const pool = startPool(script, { size: 2, heapMb: 1024 }); await pool.run(jobs); await pool.close();
 */
export function startPool(script: string, options: { readonly size: number; readonly heapMb: number }): WorkerPool {
  const lanes: (Worker | undefined)[] = new Array<Worker | undefined>(options.size).fill(undefined);
  let started = 0;
  let replaced = 0;
  const fresh = (): Worker => {
    started++;
    return new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: options.heapMb }, stdout: true, stderr: true });
  };
  const runOne = async (lane: number, index: number, job: PoolJob): Promise<CaseOutcome> => {
    const current = (lanes[lane] ??= fresh());
    const start = performance.now();
    const request: WorkerRequest = { id: index, argv: job.argv, cwd: job.cwd };
    const answer = await requestWorker<WorkerResponse>(current, request, job.timeoutMs);
    const ms = performance.now() - start;
    switch (answer.kind) {
      case 'message':
        return { kind: 'done', ...answer.message };
      case 'timeout':
        return { kind: 'timeout', ms };
      case 'error':
        return { kind: 'crash', message: `${answer.error.name}: ${answer.error.message}`, ms };
      case 'exit':
        return { kind: 'crash', message: `worker exited with code ${answer.code}`, ms };
    }
  };
  return {
    get started() {
      return started;
    },
    get replaced() {
      return replaced;
    },
    async run(jobs) {
      const results: CaseOutcome[] = new Array<CaseOutcome>(jobs.length);
      let next = 0;
      const lane = async (l: number): Promise<void> => {
        while (next < jobs.length) {
          const index = next++;
          const outcome = await runOne(l, index, jobs[index] as PoolJob);
          if (outcome.kind !== 'done') {
            replaced++;
            await lanes[l]?.terminate();
            lanes[l] = undefined;
          }
          results[index] = outcome;
        }
      };
      await Promise.all(Array.from({ length: options.size }, (_, l) => lane(l)));
      return results;
    },
    async close() {
      await Promise.all(lanes.map((w) => w?.terminate()));
      lanes.fill(undefined);
    },
  };
}
