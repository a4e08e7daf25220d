/**
 * One request to a worker thread and the first thing that answers it: a message, an error, the
 * worker's exit, or (optionally) a time limit. The listeners are removed whichever comes first,
 * so one worker can serve many requests in turn (the sweep's pool, the CLI fuzz suite's pool).
 */
import type { Worker } from 'node:worker_threads';

/** How a request ended. */
export type WorkerAnswer<Reply> =
  | { readonly kind: 'message'; readonly message: Reply }
  | { readonly kind: 'error'; readonly error: Error }
  | { readonly kind: 'exit'; readonly code: number }
  | { readonly kind: 'timeout' };

/**
 * Posts `request` to `worker` and resolves with the first answer (never rejects). With
 * `timeoutMs`, a worker silent that long answers `timeout` (the caller decides whether to
 * terminate it).
 *
 * @example const answer = await requestWorker<Reply>(worker, { index: 3 }); if (answer.kind === 'message') use(answer.message);
 */
export function requestWorker<Reply>(worker: Worker, request: unknown, timeoutMs?: number): Promise<WorkerAnswer<Reply>> {
  return new Promise((resolve) => {
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
    const onMessage = (message: Reply): void => finish({ kind: 'message', message });
    const onError = (error: Error): void => finish({ kind: 'error', error });
    const onExit = (code: number): void => finish({ kind: 'exit', code });
    function finish(answer: WorkerAnswer<Reply>): void {
      if (timer !== undefined) clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      resolve(answer);
    }
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(request);
  });
}
