/**
 * Messages between the page and its analysis workers (`analysis-worker.ts`). The page sends a
 * job `{ id, payload }`; the worker answers with replies carrying the same `id`: `dp`, `rtm` and
 * `epsilon` for an analysis, `calibrated` for a calibration, `empirical` for uploaded scores, or
 * `error`. The page runs
 * every job through a `BudgetedWorker`, which terminates a worker that exceeds its time budget.
 */
import type { DpStage, EpsilonStage, RtmStage } from './run-analysis.js';
import type { ResolvedConfig } from './params.js';

/** Page → worker: analyse a configuration on the plot grid, calibrate its noise for a DP target, or read an uploaded attack's scores. */
export type AnalysisRequest =
  | { readonly kind: 'analyze'; readonly config: ResolvedConfig; readonly grid: Float64Array }
  | { readonly kind: 'calibrate'; readonly config: ResolvedConfig; readonly target: 'epsilon' | 'tprAt1'; readonly value: number }
  | { readonly kind: 'empirical'; readonly text: string; readonly fileName: string; readonly grid: Float64Array };

/** A library error as the worker reports it: the message, and the parameter it names when it has one. */
export interface WorkerFailure {
  readonly message: string;
  readonly parameter: string | undefined;
}

/**
 * Worker → page. An analysis answers `dp`, then `rtm` (with `failure` when the relaxed threat
 * model could not be computed: the job goes on), then `epsilon`, which ends it; the other kinds
 * end their jobs.
 */
export type AnalysisReply =
  | { readonly id: number; readonly kind: 'dp'; readonly stage: DpStage; readonly milliseconds: number }
  | { readonly id: number; readonly kind: 'rtm'; readonly stage: RtmStage | undefined; readonly failure: WorkerFailure | undefined }
  | { readonly id: number; readonly kind: 'epsilon'; readonly stage: EpsilonStage; readonly milliseconds: number }
  | { readonly id: number; readonly kind: 'calibrated'; readonly noiseMultiplier: number; readonly achieved: number; readonly binds?: 'unamplified' | 'amplified'; readonly milliseconds: number }
  | { readonly id: number; readonly kind: 'empirical'; readonly fnr: Float64Array; readonly members: number; readonly nonMembers: number }
  | { readonly id: number; readonly kind: 'error'; readonly during: 'dp' | 'epsilon' | 'calibrate' | 'empirical'; readonly failure: WorkerFailure };

/** True for the replies that end a job. */
export function isFinalReply(reply: AnalysisReply): boolean {
  return reply.kind !== 'dp' && reply.kind !== 'rtm';
}
