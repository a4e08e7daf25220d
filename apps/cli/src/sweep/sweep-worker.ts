/**
 * A `dpbounds sweep` worker thread: evaluates each configuration it is sent with the
 * accountants' `evaluateSweepConfiguration` and posts the row back (or the error).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { evaluateSweepConfiguration } from '@dpbounds/accountants';
import type { SweepRequest } from '@dpbounds/accountants';
import { isDpboundsError } from '@dpbounds/special-functions';
import type { SweepWorkerReply, SweepWorkerTask } from './sweep-worker-protocol.js';

const port = parentPort;
if (port === null) throw new Error('sweep-worker must run in a worker thread');
const { request } = workerData as { readonly request: SweepRequest };
port.on('message', (task: SweepWorkerTask) => {
  let reply: SweepWorkerReply;
  try {
    reply = { kind: 'row', index: task.index, row: evaluateSweepConfiguration(task.config, request) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    reply = {
      kind: 'error',
      index: task.index,
      name: e.name,
      message: e.message,
      ...(e.stack !== undefined ? { stack: e.stack } : {}),
      ...(isDpboundsError(e) ? { details: { code: e.code, parameter: e.parameter, expected: e.expected, found: e.found } } : {}),
    };
  }
  port.postMessage(reply);
});
