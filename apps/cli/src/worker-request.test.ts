import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { requestWorker } from './worker-request.js';

/** A worker from inline code: `echo` answers each message, `exit` exits on the first, `throw` throws, `silent` never answers. */
function worker(kind: 'echo' | 'exit' | 'throw' | 'silent'): Worker {
  const body = {
    echo: "parentPort.on('message', (m) => parentPort.postMessage({ got: m }));",
    exit: "parentPort.on('message', () => process.exit(3));",
    throw: "parentPort.on('message', () => { throw new Error('boom'); });",
    silent: "parentPort.on('message', () => {});",
  }[kind];
  return new Worker(`const { parentPort } = require('node:worker_threads'); ${body}`, { eval: true });
}

describe('requestWorker', () => {
  it('answers with the first of message, error, exit or time limit, and leaves no listener behind', async () => {
    const echo = worker('echo');
    const listeners = (): number => echo.listenerCount('message') + echo.listenerCount('error') + echo.listenerCount('exit');
    const before = listeners();
    expect(await requestWorker(echo, 1)).toEqual({ kind: 'message', message: { got: 1 } });
    expect(await requestWorker(echo, 2)).toEqual({ kind: 'message', message: { got: 2 } }); // the same worker serves the next request
    expect(listeners()).toBe(before);
    await echo.terminate();

    const exits = worker('exit');
    expect(await requestWorker(exits, 0)).toEqual({ kind: 'exit', code: 3 });
    const throws = worker('throw');
    const thrown = await requestWorker(throws, 0);
    expect(thrown.kind === 'error' && thrown.error.message).toBe('boom');
    await throws.terminate();
    const silent = worker('silent');
    expect(await requestWorker(silent, 0, 50)).toEqual({ kind: 'timeout' });
    await silent.terminate();
  });
});
