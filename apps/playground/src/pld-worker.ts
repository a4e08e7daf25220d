/// <reference lib="webworker" />
/**
 * The PLD Web Worker: answers {@link PldRequest}s with the PLD accountant so the page stays
 * responsive during FFT compositions. The latest request wins: the page ignores stale replies.
 */
import { dpRun, lowFprPower } from './dp-run.js';
import { calibrateDp } from './dp-calibration.js';
import type { PldRequest, PldResponse } from './pld-protocol.js';

declare const self: DedicatedWorkerGlobalScope;


self.addEventListener('message', (event: MessageEvent<PldRequest>) => {
  const request = event.data;
  const started = performance.now();
  let response: PldResponse;
  try {
    if (request.kind === 'evaluate') {
      const result = dpRun(request.run);
      const fnr = new Float64Array(request.grid.length);
      for (let i = 0; i < fnr.length; i++) fnr[i] = result.curve.evaluate(request.grid[i] as number);
      response = {
        id: request.id,
        kind: 'evaluate',
        epsilon: result.epsilon,
        epsilonLower: result.epsilonLower,
        fnr,
        ...lowFprPower(result.curve),
        milliseconds: performance.now() - started,
      };
    } else {
      const calibrated = calibrateDp(request.run, request.target, request.value);
      response = { id: request.id, kind: 'calibrate', ...calibrated, milliseconds: performance.now() - started };
    }
  } catch (error) {
    response = { id: request.id, kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(response);
});
