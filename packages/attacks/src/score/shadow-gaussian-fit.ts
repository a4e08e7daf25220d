/**
 * Per-example Gaussian fits to shadow-model scores (Carlini et al. 2022, "Membership Inference
 * Attacks From First Principles", §IV-B/C, "parametric" LiRA): for each target, the mean and
 * standard deviation of its "in" and of its "out" shadow scores (docs/math/attacks.md §2.1).
 */
import { DpboundsRangeError, DpboundsTypeError, requireFiniteArray, requireObject } from '@dpbounds/special-functions';
import type { ShadowScores } from './shadow-scores.js';
import { requireShadowScores } from './shadow-scores.js';

/**
 * How the standard deviations are estimated:
 * - `'per-example'`: each target's own sample standard deviation (n − 1 denominator); a target
 *   with fewer than 2 scores on a side, or with all of them equal, gets the pooled value;
 * - `'fixed'`: one pooled value per side for every target (Carlini et al.'s "fixed variance",
 *   better with few shadow models). Pooled = √(Σ_i Σ_k (s_ik − m_i)² / Σ_i (c_i − 1)) over
 *   targets with c_i ≥ 2 scores: the within-target spread, which is what the per-target Gaussian
 *   model assumes. (Some implementations take the standard deviation of all in, resp. out,
 *   scores together, which adds the spread of the means across targets and weakens the attack.)
 */
export type VarianceMode = 'per-example' | 'fixed';

/** Fitted means and standard deviations; NaN only for a side a target has no scores on. */
export interface ShadowGaussianFit {
  readonly meanIn: Float64Array;
  readonly stdIn: Float64Array;
  readonly countIn: Uint32Array;
  readonly meanOut: Float64Array;
  readonly stdOut: Float64Array;
  readonly countOut: Uint32Array;
  /** The pooled standard deviations (NaN when no target has 2 scores on that side). */
  readonly pooledStdIn: number;
  readonly pooledStdOut: number;
  /** Number of (target, side) pairs that fell back from per-example to pooled deviation. */
  readonly pooledFallbacks: number;
}

/**
 * Fits the Gaussians of every target in one pass over the scores (O(total scores)).
 * Internal to the package: the public attacks validate their inputs first and turn a missing
 * side or a zero pooled deviation into a typed error.
 *
 * @example fitShadowGaussians(shadow, 'per-example').meanOut
 */
export function fitShadowGaussians(shadow: ShadowScores, variance: VarianceMode): ShadowGaussianFit {
  requireShadowScores(requireObject('shadow', shadow), requireFiniteArray('shadow.offsets', shadow.offsets, { minLength: 1 }).length - 1);
  if (variance !== 'per-example' && variance !== 'fixed') throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'variance', expected: '"per-example" or "fixed"', found: variance });
  const targets = shadow.offsets.length - 1;
  const { offsets, scores, isIn } = shadow;
  const meanIn = new Float64Array(targets);
  const meanOut = new Float64Array(targets);
  const stdIn = new Float64Array(targets);
  const stdOut = new Float64Array(targets);
  const countIn = new Uint32Array(targets);
  const countOut = new Uint32Array(targets);
  let ssIn = 0;
  let dfIn = 0;
  let ssOut = 0;
  let dfOut = 0;
  for (let t = 0; t < targets; t++) {
    const start = offsets[t] as number;
    const end = offsets[t + 1] as number;
    let sIn = 0;
    let sOut = 0;
    let nIn = 0;
    let nOut = 0;
    for (let k = start; k < end; k++) {
      const v = scores[k] as number;
      if (isIn[k] === 1) {
        sIn += v;
        nIn++;
      } else {
        sOut += v;
        nOut++;
      }
    }
    const mIn = nIn > 0 ? sIn / nIn : Number.NaN;
    const mOut = nOut > 0 ? sOut / nOut : Number.NaN;
    let qIn = 0;
    let qOut = 0;
    for (let k = start; k < end; k++) {
      const v = scores[k] as number;
      if (isIn[k] === 1) qIn += (v - mIn) * (v - mIn);
      else qOut += (v - mOut) * (v - mOut);
    }
    meanIn[t] = mIn;
    meanOut[t] = mOut;
    countIn[t] = nIn;
    countOut[t] = nOut;
    stdIn[t] = nIn >= 2 ? Math.sqrt(qIn / (nIn - 1)) : Number.NaN;
    stdOut[t] = nOut >= 2 ? Math.sqrt(qOut / (nOut - 1)) : Number.NaN;
    if (nIn >= 2) {
      ssIn += qIn;
      dfIn += nIn - 1;
    }
    if (nOut >= 2) {
      ssOut += qOut;
      dfOut += nOut - 1;
    }
  }
  const pooledStdIn = dfIn > 0 ? Math.sqrt(ssIn / dfIn) : Number.NaN;
  const pooledStdOut = dfOut > 0 ? Math.sqrt(ssOut / dfOut) : Number.NaN;
  let pooledFallbacks = 0;
  for (let t = 0; t < targets; t++) {
    if (variance === 'fixed') {
      stdIn[t] = countIn[t] === 0 ? Number.NaN : pooledStdIn;
      stdOut[t] = countOut[t] === 0 ? Number.NaN : pooledStdOut;
      continue;
    }
    if (countIn[t] !== 0 && !((stdIn[t] as number) > 0)) {
      stdIn[t] = pooledStdIn;
      pooledFallbacks++;
    }
    if (countOut[t] !== 0 && !((stdOut[t] as number) > 0)) {
      stdOut[t] = pooledStdOut;
      pooledFallbacks++;
    }
  }
  return { meanIn, stdIn, countIn, meanOut, stdOut, countOut, pooledStdIn, pooledStdOut, pooledFallbacks };
}

/**
 * Throws unless target `t` has a usable fit on `side` (at least one score and a positive
 * standard deviation).
 *
 * @example requireSide(fit, 'out', 3)
 */
export function requireSide(fit: ShadowGaussianFit, side: 'in' | 'out', t: number): void {
  const count = side === 'in' ? fit.countIn[t] : fit.countOut[t];
  const std = side === 'in' ? fit.stdIn[t] : fit.stdOut[t];
  if (count === 0) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `shadow (target ${t})`, expected: `at least one "${side}" shadow score per target`, found: 0 });
  }
  if (!((std as number) > 0)) {
    throw new DpboundsRangeError({
      code: 'ERR_OUT_OF_RANGE',
      parameter: `shadow (target ${t})`,
      expected: `a positive standard deviation of the "${side}" shadow scores (per target, or pooled over targets with ≥ 2 distinct scores)`,
      found: std,
    });
  }
}
