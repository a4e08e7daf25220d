/// <reference lib="webworker" />
/**
 * The analysis worker: runs {@link AnalysisRequest}s off the page's main thread (PLD accounting,
 * combined curves, the relaxed threat model, noise calibration, reading uploaded attack scores). It computes one job at a time;
 * the page cancels a job, or one past its time budget, by terminating this worker and starting a
 * new one, so nothing here needs to poll for cancellation.
 */
import type { AnalysisReply, AnalysisRequest, WorkerFailure } from './analysis-protocol.js';
import { calibrateRun } from './dp-calibration.js';
import { empiricalFnr } from './empirical-curve.js';
import { analyzeDpStage, analyzeEpsilon, analyzeRtmStage } from './run-analysis.js';
import { parseScoresFile } from './scores-file.js';

declare const self: DedicatedWorkerGlobalScope;

function failureOf(error: unknown): WorkerFailure {
  const message = error instanceof Error ? error.message : String(error);
  const parameter = typeof error === 'object' && error !== null && 'parameter' in error && typeof error.parameter === 'string' ? error.parameter : undefined;
  return { message, parameter };
}

function reply(message: AnalysisReply): void {
  self.postMessage(message);
}

self.addEventListener('message', (event: MessageEvent<{ id: number; payload: AnalysisRequest }>) => {
  const { id, payload } = event.data;
  const started = performance.now();
  if (payload.kind === 'empirical') {
    try {
      const scores = parseScoresFile(payload.text, payload.fileName);
      reply({ id, kind: 'empirical', fnr: empiricalFnr(scores, payload.grid), members: scores.members.length, nonMembers: scores.nonMembers.length });
    } catch (error) {
      reply({ id, kind: 'error', during: 'empirical', failure: failureOf(error) });
    }
    return;
  }
  if (payload.kind === 'calibrate') {
    try {
      const result = calibrateRun(payload.config, payload.target, payload.value);
      reply({ id, kind: 'calibrated', ...result, milliseconds: performance.now() - started });
    } catch (error) {
      reply({ id, kind: 'error', during: 'calibrate', failure: failureOf(error) });
    }
    return;
  }
  let dp: ReturnType<typeof analyzeDpStage>;
  try {
    dp = analyzeDpStage(payload.config, payload.grid);
  } catch (error) {
    reply({ id, kind: 'error', during: 'dp', failure: failureOf(error) });
    return;
  }
  reply({ id, kind: 'dp', stage: dp.stage, milliseconds: performance.now() - started });
  try {
    reply({ id, kind: 'rtm', stage: analyzeRtmStage(payload.config, dp.dpCurve, payload.grid), failure: undefined });
  } catch (error) {
    reply({ id, kind: 'rtm', stage: undefined, failure: failureOf(error) });
  }
  try {
    reply({ id, kind: 'epsilon', stage: analyzeEpsilon(payload.config), milliseconds: performance.now() - started });
  } catch (error) {
    reply({ id, kind: 'error', during: 'epsilon', failure: failureOf(error) });
  }
});
