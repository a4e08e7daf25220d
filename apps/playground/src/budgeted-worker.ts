/**
 * Runs jobs in a Web Worker with a time budget and cancellation, so no input can freeze the page
 * or wedge a worker: one job at a time; starting a job while another runs terminates the busy
 * worker (its result would be stale) and starts a fresh one; a job that exceeds its budget is
 * terminated the same way and rejected with {@link JobTimeoutError}. Terminating is the only
 * way to stop a synchronous computation inside a worker, and a fresh worker starts in tens of
 * milliseconds, so the page recovers at once when the user corrects the input.
 */

/** The part of a worker the runner uses (a browser `Worker` through {@link browserWorker}, or a test double). */
export interface WorkerLike<Request, Reply extends { readonly id: number }> {
  /** Registers the listener for the worker's replies (called once per worker). */
  onReply(listener: (reply: Reply) => void): void;
  /** Registers the listener for a worker that failed outside any job's code (script error). */
  onFailure?(listener: (message: string) => void): void;
  /** Sends job `id` with its payload. */
  post(id: number, payload: Request): void;
  /** Stops the worker at once, whatever it is computing. */
  terminate(): void;
}

/** Options of {@link BudgetedWorker}. */
export interface BudgetedWorkerOptions<Request, Reply extends { readonly id: number }> {
  /** Makes a fresh worker (called at first use and after every termination). */
  readonly create: () => WorkerLike<Request, Reply>;
  /**
   * Wall-clock budget of each stage of a job in milliseconds: from posting to the first reply,
   * then from each partial reply to the next. A job of k stages is stopped after at most k times
   * the budget; a stage that shows progress is not charged for the stages before it (on a loaded
   * machine a slow first stage does not eat the time of the next). A function is read when each
   * stage starts (the page lets its end-to-end test set the budget, see main.ts).
   */
  readonly budgetMs: number | (() => number);
  /** True for the reply that ends a job (a result or an error); others are partial results. */
  readonly isFinal: (reply: Reply) => boolean;
}

/** A stage of a job ran past its budget; its worker was terminated. */
export class JobTimeoutError extends Error {
  override readonly name = 'JobTimeoutError';
  /** The budget it exceeded, in milliseconds. */
  readonly budgetMs: number;
  constructor(budgetMs: number) {
    super(`stopped after ${budgetMs / 1000} s`);
    this.budgetMs = budgetMs;
  }
}

/** A job was superseded by a newer one (or cancelled) before it finished. */
export class JobCancelledError extends Error {
  override readonly name = 'JobCancelledError';
  constructor() {
    super('superseded by a newer request');
  }
}

interface RunningJob<Reply> {
  readonly id: number;
  readonly onPartial: ((reply: Reply) => void) | undefined;
  readonly resolve: (reply: Reply) => void;
  readonly reject: (error: Error) => void;
  /** The running stage's budget timer (replaced at each partial reply). */
  timer: ReturnType<typeof setTimeout>;
}

/**
 * One worker, one job at a time, each within a time budget.
 *
 * @example
 * const runner = new BudgetedWorker({ create: () => browserWorker(url), budgetMs: 8000, isFinal: (r) => r.stage !== 'partial' });
 * const reply = await runner.run(request, (partial) => draw(partial));
 */
export class BudgetedWorker<Request, Reply extends { readonly id: number }> {
  private readonly options: BudgetedWorkerOptions<Request, Reply>;
  private worker: WorkerLike<Request, Reply> | undefined;
  private job: RunningJob<Reply> | undefined;
  private nextId = 1;

  constructor(options: BudgetedWorkerOptions<Request, Reply>) {
    this.options = options;
  }

  /** True while a job runs. */
  get busy(): boolean {
    return this.job !== undefined;
  }

  /**
   * Runs `payload` as a new job, cancelling any running one. Resolves with the final reply;
   * `onPartial` receives the replies before it. Rejects with {@link JobTimeoutError} when a stage
   * (posting to the first reply, or one reply to the next) runs past the budget, {@link JobCancelledError} when superseded, or an Error when the worker fails.
   */
  run(payload: Request, onPartial?: (reply: Reply) => void): Promise<Reply> {
    if (this.job !== undefined) this.stop(new JobCancelledError());
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.job = { id, onPartial, resolve, reject, timer: this.stageTimer(id) };
      worker.post(id, payload);
    });
  }

  /** The budget of one stage of job `id`: stops the job unless a reply comes first. */
  private stageTimer(id: number): ReturnType<typeof setTimeout> {
    const budget = this.options.budgetMs;
    const budgetMs = typeof budget === 'function' ? budget() : budget;
    return setTimeout(() => {
      if (this.job?.id === id) this.stop(new JobTimeoutError(budgetMs));
    }, budgetMs);
  }

  /** Cancels the running job, if any (its promise rejects with {@link JobCancelledError}). */
  cancel(): void {
    if (this.job !== undefined) this.stop(new JobCancelledError());
  }

  private ensureWorker(): WorkerLike<Request, Reply> {
    if (this.worker !== undefined) return this.worker;
    const worker = this.options.create();
    worker.onReply((reply) => {
      if (worker !== this.worker) return; // a terminated worker's late message
      const job = this.job;
      if (job === undefined || reply.id !== job.id) return;
      if (!this.options.isFinal(reply)) {
        // progress: the next stage gets its own budget
        clearTimeout(job.timer);
        job.timer = this.stageTimer(job.id);
        job.onPartial?.(reply);
        return;
      }
      clearTimeout(job.timer);
      this.job = undefined;
      job.resolve(reply);
    });
    worker.onFailure?.((message) => {
      if (worker === this.worker) this.stop(new Error(message));
    });
    this.worker = worker;
    return worker;
  }

  /**
   * Terminates the worker and rejects the running job. A fresh worker is started at once, so its
   * script loads while the page waits for the next job (a newer configuration usually follows).
   */
  private stop(reason: Error): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.ensureWorker();
    const job = this.job;
    this.job = undefined;
    if (job === undefined) return;
    clearTimeout(job.timer);
    job.reject(reason);
  }
}

/**
 * Adapts a Web Worker that answers `{ id, payload }` messages with replies carrying `id`. Pass
 * `() => new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module' })` written out in full:
 * Vite bundles a worker only when it sees that exact expression.
 *
 * @example browserWorker<AnalysisRequest, AnalysisReply>(() => new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module' }))
 */
export function browserWorker<Request, Reply extends { readonly id: number }>(start: () => Worker): WorkerLike<Request, Reply> {
  const worker = start();
  return {
    onReply: (listener) => worker.addEventListener('message', (event: MessageEvent<Reply>) => listener(event.data)),
    onFailure: (listener) => worker.addEventListener('error', (event: ErrorEvent) => listener(event.message || 'the computation worker failed to start')),
    post: (id, payload) => worker.postMessage({ id, payload }),
    terminate: () => worker.terminate(),
  };
}
