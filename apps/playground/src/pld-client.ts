/**
 * The page's side of the PLD worker: sends requests, resolves each with its reply, and resolves
 * superseded evaluations with `undefined` so only the latest configuration is drawn.
 */
import type { PldRequest, PldResponse, PldRun } from './pld-protocol.js';

type Pending = { resolve: (value: PldResponse) => void; reject: (error: Error) => void };
type EvaluateReply = Extract<PldResponse, { kind: 'evaluate' }>;
type CalibrateReply = Extract<PldResponse, { kind: 'calibrate' }>;

/** Talks to `pld-worker.ts`. */
export class PldClient {
  private readonly worker: Worker = new Worker(new URL('./pld-worker.ts', import.meta.url), { type: 'module' });
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private latestEvaluate = 0;

  constructor() {
    this.worker.addEventListener('message', (event: MessageEvent<PldResponse>) => {
      const reply = event.data;
      const waiting = this.pending.get(reply.id);
      if (waiting === undefined) return;
      this.pending.delete(reply.id);
      if (reply.kind === 'error') waiting.reject(new Error(reply.message));
      else waiting.resolve(reply);
    });
  }

  private send(request: PldRequest): Promise<PldResponse> {
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.worker.postMessage(request);
    });
  }

  /** ε and the DP curve of `run` on `grid`; `undefined` if a newer evaluation was requested meanwhile. */
  async evaluate(run: PldRun, grid: Float64Array): Promise<EvaluateReply | undefined> {
    const id = this.nextId++;
    this.latestEvaluate = id;
    const reply = (await this.send({ id, kind: 'evaluate', run, grid })) as EvaluateReply;
    return id === this.latestEvaluate ? reply : undefined;
  }

  /** The smallest noise multiplier meeting a DP target (ε at δ, or TPR at 1 % FPR). */
  async calibrate(run: PldRun, target: 'epsilon' | 'tprAt1', value: number): Promise<CalibrateReply> {
    return (await this.send({ id: this.nextId++, kind: 'calibrate', run, target, value })) as CalibrateReply;
  }
}
