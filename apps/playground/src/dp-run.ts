/**
 * The DP view of a run, as the PLD worker computes it: ε at δ with its numerical error, and the
 * DP trade-off curve of the PLD accountant (both add/remove directions) for the plot.
 * Kept apart from the worker so tests can run it in Node and compare with what the page shows.
 */
import { dpSgdEvent, PldAccountant, pldTradeOffCurve } from '@dpbounds/accountants';
import { tprAtFpr, type TradeOffCurve } from '@dpbounds/tradeoff-core';
import type { PldRun } from './pld-protocol.js';

/** ε of the run at its δ, and its DP trade-off curve. */
export interface DpRunResult {
  readonly epsilon: number;
  readonly epsilonLower: number;
  readonly curve: TradeOffCurve;
}

/**
 * Accounts for `run` with the PLD accountant (add/remove, both directions).
 *
 * @example dpRun({ samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10000, delta: 1e-5 }).epsilon
 */
export function dpRun(run: PldRun): DpRunResult {
  const accountant = new PldAccountant().compose(dpSgdEvent(run));
  const bounds = accountant.getEpsilonBounds(run.delta);
  const curve = pldTradeOffCurve(accountant);
  return { epsilon: bounds.upper, epsilonLower: bounds.lower, curve };
}

/** TPR of the best attack at FPR 0.1 % and 1 % read off a curve. */
export function lowFprPower(curve: TradeOffCurve): { readonly tprAt01: number; readonly tprAt1: number } {
  const [at01, at1] = tprAtFpr(curve, [0.001, 0.01]);
  return { tprAt01: at01?.tpr ?? 1, tprAt1: at1?.tpr ?? 1 };
}
