/**
 * Messages between the page and the PLD Web Worker. The PLD accountant is the one heavy
 * computation of the page (an FFT composition over T steps), so it runs off the main thread and
 * the page never freezes.
 */

/** The DP-SGD run the worker accounts for. */
export interface PldRun {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
  readonly delta: number;
}

/** Page → worker. */
export type PldRequest =
  | { readonly id: number; readonly kind: 'evaluate'; readonly run: PldRun; readonly grid: Float64Array }
  | { readonly id: number; readonly kind: 'calibrate'; readonly run: PldRun; readonly target: 'epsilon' | 'tprAt1'; readonly value: number };

/** Worker → page. */
export type PldResponse =
  | {
      readonly id: number;
      readonly kind: 'evaluate';
      /** ε at δ: the PLD guarantee (upper end of its numerical error). */
      readonly epsilon: number;
      readonly epsilonLower: number;
      /** The DP trade-off curve's FNR on the grid. */
      readonly fnr: Float64Array;
      readonly tprAt01: number;
      readonly tprAt1: number;
      readonly milliseconds: number;
    }
  | { readonly id: number; readonly kind: 'calibrate'; readonly noiseMultiplier: number; readonly achieved: number; readonly milliseconds: number }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };
