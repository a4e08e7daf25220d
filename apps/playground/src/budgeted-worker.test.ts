import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BudgetedWorker, JobCancelledError, JobTimeoutError, type WorkerLike } from './budgeted-worker.js';

type Message = { readonly id: number; readonly final: boolean; readonly value: number };

/** A worker stand-in: records what it was sent, replies only when the test says so. */
class FakeWorker implements WorkerLike<number, Message> {
  static created: FakeWorker[] = [];
  readonly sent: { id: number; payload: number }[] = [];
  terminated = false;
  private listener: ((message: Message) => void) | undefined;
  constructor() {
    FakeWorker.created.push(this);
  }
  onReply(listener: (message: Message) => void): void {
    this.listener = listener;
  }
  post(id: number, payload: number): void {
    this.sent.push({ id, payload });
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(message: Message): void {
    if (!this.terminated) this.listener?.(message);
  }
}

function makeRunner(budgetMs = 1000): BudgetedWorker<number, Message> {
  return new BudgetedWorker<number, Message>({ create: () => new FakeWorker(), budgetMs, isFinal: (m) => m.final });
}

beforeEach(() => {
  FakeWorker.created = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('a worker with a time budget', () => {
  it('delivers partial replies, then resolves with the final one', async () => {
    const runner = makeRunner();
    const partials: number[] = [];
    const job = runner.run(7, (m) => partials.push(m.value));
    const worker = FakeWorker.created[0] as FakeWorker;
    const id = (worker.sent[0] as { id: number }).id;
    worker.reply({ id, final: false, value: 1 });
    worker.reply({ id, final: true, value: 2 });
    await expect(job).resolves.toEqual({ id, final: true, value: 2 });
    expect(partials).toEqual([1]);
    expect(worker.terminated).toBe(false);
  });

  it('terminates a job that exceeds its budget and answers the next job from a fresh worker', async () => {
    const runner = makeRunner(500);
    const stuck = runner.run(1);
    vi.advanceTimersByTime(499);
    expect(FakeWorker.created[0]?.terminated).toBe(false);
    vi.advanceTimersByTime(2);
    await expect(stuck).rejects.toBeInstanceOf(JobTimeoutError);
    await expect(stuck).rejects.toMatchObject({ budgetMs: 500 });
    expect(FakeWorker.created[0]?.terminated).toBe(true);
    const next = runner.run(2);
    const fresh = FakeWorker.created[1] as FakeWorker;
    expect(fresh).toBeDefined();
    fresh.reply({ id: (fresh.sent[0] as { id: number }).id, final: true, value: 3 });
    await expect(next).resolves.toMatchObject({ value: 3 });
  });

  it('gives each stage its own budget: a partial reply restarts the clock, a silent stage is still stopped', async () => {
    const runner = makeRunner(500);
    const partials: number[] = [];
    const job = runner.run(1, (m) => partials.push(m.value));
    const worker = FakeWorker.created[0] as FakeWorker;
    const id = (worker.sent[0] as { id: number }).id;
    vi.advanceTimersByTime(400);
    worker.reply({ id, final: false, value: 1 });
    // 800 ms since posting, 400 ms since the partial reply: still running
    vi.advanceTimersByTime(400);
    expect(worker.terminated).toBe(false);
    worker.reply({ id, final: false, value: 2 });
    // the last stage says nothing for longer than the budget: stopped
    vi.advanceTimersByTime(501);
    await expect(job).rejects.toBeInstanceOf(JobTimeoutError);
    expect(worker.terminated).toBe(true);
    expect(partials).toEqual([1, 2]);
  });

  it('reads a budget given as a function when each stage starts', async () => {
    let budgetMs = 500;
    const runner = new BudgetedWorker<number, Message>({ create: () => new FakeWorker(), budgetMs: () => budgetMs, isFinal: (m) => m.final });
    const first = runner.run(1);
    vi.advanceTimersByTime(501);
    await expect(first).rejects.toMatchObject({ budgetMs: 500 });
    // a larger budget applies from the next stage on
    budgetMs = 5000;
    const second = runner.run(2);
    const worker = FakeWorker.created.at(-1) as FakeWorker;
    vi.advanceTimersByTime(4999);
    expect(worker.terminated).toBe(false);
    budgetMs = 100;
    worker.reply({ id: (worker.sent[0] as { id: number }).id, final: false, value: 1 });
    vi.advanceTimersByTime(101);
    await expect(second).rejects.toMatchObject({ budgetMs: 100 });
    expect(worker.terminated).toBe(true);
  });

  it('cancels the running job when a newer one starts, and ignores the stale worker’s late replies', async () => {
    const runner = makeRunner();
    const first = runner.run(1);
    const old = FakeWorker.created[0] as FakeWorker;
    const second = runner.run(2);
    await expect(first).rejects.toBeInstanceOf(JobCancelledError);
    expect(old.terminated).toBe(true);
    old.reply({ id: (old.sent[0] as { id: number }).id, final: true, value: 99 });
    const fresh = FakeWorker.created[1] as FakeWorker;
    fresh.reply({ id: (fresh.sent[0] as { id: number }).id, final: true, value: 5 });
    await expect(second).resolves.toMatchObject({ value: 5 });
  });

  it('keeps an idle worker for the next job (no restart when nothing is running)', async () => {
    const runner = makeRunner();
    const a = runner.run(1);
    const worker = FakeWorker.created[0] as FakeWorker;
    worker.reply({ id: (worker.sent[0] as { id: number }).id, final: true, value: 1 });
    await a;
    const b = runner.run(2);
    expect(FakeWorker.created).toHaveLength(1);
    worker.reply({ id: (worker.sent[1] as { id: number }).id, final: true, value: 2 });
    await expect(b).resolves.toMatchObject({ value: 2 });
    vi.advanceTimersByTime(10_000); // the finished job's budget timer was cleared
    expect(worker.terminated).toBe(false);
  });

  it('cancel() stops the running job without starting another, and has a fresh worker ready', async () => {
    const runner = makeRunner();
    const job = runner.run(1);
    expect(runner.busy).toBe(true);
    runner.cancel();
    await expect(job).rejects.toBeInstanceOf(JobCancelledError);
    expect(runner.busy).toBe(false);
    expect(FakeWorker.created[0]?.terminated).toBe(true);
    expect(FakeWorker.created).toHaveLength(2);
    expect(FakeWorker.created[1]?.sent).toEqual([]);
    runner.cancel(); // nothing running: no termination, no new worker
    expect(FakeWorker.created[1]?.terminated).toBe(false);
    expect(FakeWorker.created).toHaveLength(2);
  });

  it('rejects the job when its worker fails to load, and recovers with a fresh one', async () => {
    let failing: ((message: string) => void) | undefined;
    const runner = new BudgetedWorker<number, Message>({
      create: () => {
        const worker = new FakeWorker();
        return Object.assign(worker, { onFailure: (listener: (message: string) => void) => (failing = listener) });
      },
      budgetMs: 1000,
      isFinal: (m) => m.final,
    });
    const job = runner.run(1);
    failing?.('script error');
    await expect(job).rejects.toThrow('script error');
    const next = runner.run(2);
    const fresh = FakeWorker.created.at(-1) as FakeWorker;
    fresh.reply({ id: (fresh.sent[0] as { id: number }).id, final: true, value: 4 });
    await expect(next).resolves.toMatchObject({ value: 4 });
  });
});
