/**
 * Evaluates sweep configurations on worker threads (node:worker_threads), each running the
 * accountants' `evaluateSweepConfiguration`. Configurations are handed out one at a time to
 * whichever worker is free, so a slow configuration never holds up the others, costliest first
 * within blocks of consecutive configurations (sweep-cost.ts), so that the run does not end on
 * one worker finishing a costly configuration while the others idle; rows come back as they
 * complete (the caller orders them). With one worker (or without the compiled worker script,
 * when running from TypeScript sources) the rows are computed in this thread, in order.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { evaluateSweepConfiguration } from '@dpbounds/accountants';
import type { SweepConfiguration, SweepRequest, SweepRow } from '@dpbounds/accountants';
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { handOutOrder } from './sweep-cost.js';
import type { SweepWorkerReply, SweepWorkerTask } from './sweep-worker-protocol.js';
import { requestWorker } from '../worker-request.js';

/** One configuration to evaluate, with its index in the sweep. */
export interface SweepTask {
  readonly index: number;
  readonly config: SweepConfiguration;
}

/** Environment variable naming a bundled worker script (tests running from sources). */
export const SWEEP_WORKER_ENV = 'DPBOUNDS_SWEEP_WORKER';

/** The worker script next to this module once compiled (`dist/sweep/sweep-worker.js`), or the one named by {@link SWEEP_WORKER_ENV}. */
export function sweepWorkerScript(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const named = env[SWEEP_WORKER_ENV];
  if (named !== undefined && named !== '') return named;
  if (!import.meta.url.endsWith('.js')) return undefined;
  // next to this module as tsc emits it (dist/sweep/), or from a bundled chunk at dist/
  for (const relative of ['./sweep-worker.js', './sweep/sweep-worker.js']) {
    const script = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(script)) return script;
  }
  return undefined;
}

function rebuildError(reply: Extract<SweepWorkerReply, { kind: 'error' }>): Error {
  const details = reply.details;
  if (details !== undefined) {
    const Kind = reply.name === 'DpboundsTypeError' ? DpboundsTypeError : DpboundsRangeError;
    return new Kind(details as ConstructorParameters<typeof DpboundsRangeError>[0], reply.message);
  }
  const error = new Error(reply.message);
  if (reply.stack !== undefined) error.stack = reply.stack;
  return error;
}

/**
 * Evaluates `tasks`, calling `onRow` as each row completes (in completion order). Resolves when
 * every row has been delivered; rejects with the first error (other workers are stopped).
 *
 * @example await evaluateInPool(tasks, request, { workers: 2 }, (index, row) => rows.set(index, row))
 */
export async function evaluateInPool(
  tasks: readonly SweepTask[],
  request: SweepRequest,
  options: { readonly workers: number; readonly script?: string | undefined },
  onRow: (index: number, row: SweepRow) => void,
): Promise<void> {
  const size = Math.min(options.workers, tasks.length);
  if (size <= 1 || options.script === undefined) {
    for (const task of tasks) {
      onRow(task.index, evaluateSweepConfiguration(task.config, request));
      // let signals, timers and the progress bar run between configurations
      await new Promise((resolve) => setImmediate(resolve));
    }
    return;
  }
  const script = options.script;
  const queue = handOutOrder(tasks, request, size);
  let next = 0;
  let failed: Error | undefined;
  const lane = async (): Promise<void> => {
    const worker = new Worker(script, { workerData: { request } });
    try {
      while (failed === undefined && next < queue.length) {
        const task = queue[next++] as SweepTask;
        const message: SweepWorkerTask = { index: task.index, config: task.config };
        const answer = await requestWorker<SweepWorkerReply>(worker, message);
        if (answer.kind === 'error') throw answer.error;
        if (answer.kind !== 'message') throw new Error(`a sweep worker ${answer.kind === 'exit' ? `exited with code ${answer.code}` : 'stopped answering'} at configuration ${task.index}`);
        const reply = answer.message;
        if (reply.kind === 'error') throw rebuildError(reply);
        onRow(reply.index, reply.row);
      }
    } catch (error) {
      failed ??= error as Error;
    } finally {
      await worker.terminate();
    }
  };
  await Promise.all(Array.from({ length: size }, lane));
  if (failed !== undefined) throw failed;
}
