/**
 * Noise calibration for a membership-attack target: the smallest noise multiplier σ at which no
 * attack on the DP-SGD run exceeds a TPR at a given FPR, read off the run's pessimistic PLD
 * trade-off curve (Dong, Roth & Su 2022, §2.1). Derivation in docs/math/tpr-at-fpr.md.
 */
import { DpboundsRangeError, normalQuantile, requireFunction, requireInRange, requireInteger, requireProbability, requireOptions } from '@dpbounds/special-functions';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { requireNeighbouring } from '../accountant.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { accountantTprAtFpr } from './accountant-tpr-at-fpr.js';

/** Input of {@link noiseMultiplierForTprAtFpr}. */
export interface TprAtFprTarget {
  /** The largest acceptable TPR, FPR < targetTpr < 1. */
  readonly targetTpr: number;
  /** The FPR at which the TPR is bounded, 0 ≤ fpr < 1. */
  readonly fpr: number;
  /** Poisson sampling rate q ∈ (0, 1]. */
  readonly samplingRate: number;
  /** Steps T, integer ≥ 1. */
  readonly steps: number;
  /** Neighbouring relation (default `add-remove`). */
  readonly neighbouring?: NeighbouringRelation;
  /** Relative tolerance on σ (default 1e-3). */
  readonly tolerance?: number;
  /** Called after each PLD composition with the count so far (for a progress bar). */
  readonly onEvaluation?: (evaluations: number) => void;
}

/** Result of {@link noiseMultiplierForTprAtFpr}. */
export interface TprAtFprCalibration {
  /** The noise multiplier: the TPR bound at it is at most the target. */
  readonly noiseMultiplier: number;
  /** The TPR bound at the returned σ (≤ targetTpr): a guarantee. */
  readonly achievedTpr: number;
  readonly fpr: number;
  readonly neighbouring: NeighbouringRelation;
  readonly kind: 'guarantee';
  /** PLD compositions performed. */
  readonly evaluations: number;
}

/** Bracket growth factor: the CLT guess is usually within 25 % of the root. */
const STEP = 1.25;

/** The smallest σ the search tries: below it one step's PLD grid grows like 1/σ². */
const FLOOR = 0.05;

/** A TPR at the start this far below the target (as a fraction of it) sends the search to {@link FLOOR} at once. */
const FAR_BELOW = 1e-3;

/**
 * A starting σ from the CLT (Bu et al. 2020, Thm. 5): the run is close to G_μ with
 * μ = q·√(T(e^{1/σ²} − 1)), and G_μ gives TPR = target at FPR when μ = Φ⁻¹(target) − Φ⁻¹(fpr),
 * so σ = 1/√(log1p(μ²/(q²T))) (doubled sensitivity under substitution: σ·2). Only a start: the
 * bracket is checked on the PLD curve. Returns 1 when the guess is not finite and positive.
 */
function cltGuess(targetTpr: number, fpr: number, q: number, steps: number, neighbouring: NeighbouringRelation): number {
  const mu = normalQuantile(targetTpr) - normalQuantile(fpr);
  const sigma = (neighbouring === 'substitution' ? 2 : 1) / Math.sqrt(Math.log1p((mu * mu) / (q * q * steps)));
  return Number.isFinite(sigma) && sigma > 0.05 && sigma < 1e4 ? sigma : 1;
}

/**
 * Smallest σ (within a relative `tolerance`) such that the PLD guarantee curve f_σ of T steps
 * of Poisson-subsampled Gaussian noise gives 1 − f_σ(fpr) ≤ targetTpr. The bound decreases in
 * σ, so σ is bracketed from a CLT starting guess (steps of ×1.25) and then bisected in log σ;
 * the returned σ is the feasible end of the final bracket, so `achievedTpr` never exceeds the
 * target. When even σ ≈ 0.05 meets the target, the smallest feasible σ tried (< 0.0625) is
 * returned: below it one step's PLD grid grows like 1/σ². When the TPR at the start is below
 * 10⁻³ of the target (a tiny FPR), σ = 0.05 is tried next and returned if it meets the target.
 *
 * Domain: fpr ∈ (0, 1) (at FPR 0 every σ > 0 gives TPR 0: refused, there is no smallest σ),
 * targetTpr ∈ (fpr, 1), q ∈ (0, 1], T integer ≥ 1. Cost: about
 * 8–15 PLD compositions (each 0.05 s at T = 10², 3 s at T = 5·10⁵, more at T ≥ 10⁷).
 * @throws DpboundsRangeError naming `fpr` when it is 0, `targetTpr` when it is not above `fpr`, or when it needs σ > 1e4.
 * @example noiseMultiplierForTprAtFpr({ targetTpr: 0.15, fpr: 0.1, samplingRate: 0.05, steps: 50 }).noiseMultiplier // ≈ 1.643
 */
export function noiseMultiplierForTprAtFpr(target: TprAtFprTarget): TprAtFprCalibration {
  requireOptions('target', target, ['targetTpr', 'fpr', 'samplingRate', 'steps', 'neighbouring', 'tolerance', 'onEvaluation']);
  const fpr = requireInRange('fpr', target.fpr, { min: 0, max: 1, maxExclusive: true });
  if (fpr === 0) {
    // −0 too: the Gaussian outputs are mutually absolutely continuous, so at FPR 0 every attack's
    // TPR is 0 at every σ > 0; the target holds without a smallest σ to find (no bracket exists)
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'fpr', expected: 'in (0, 1) (at FPR 0 no attack has a positive TPR at any σ > 0: every σ meets the target, there is no smallest one)', found: fpr });
  }
  const targetTpr = requireInRange('targetTpr', target.targetTpr, { min: fpr, minExclusive: true, max: 1, maxExclusive: true });
  const samplingRate = requireProbability('samplingRate', target.samplingRate, { min: 0, minExclusive: true, max: 1 });
  const steps = requireInteger('steps', target.steps, { min: 1 });
  const neighbouring = requireNeighbouring(target.neighbouring ?? 'add-remove');
  const tolerance = requireInRange('tolerance', target.tolerance ?? 1e-3, { min: 1e-8, max: 0.5 });
  const onEvaluation = target.onEvaluation === undefined ? undefined : requireFunction<(evaluations: number) => void>('onEvaluation', target.onEvaluation);
  let evaluations = 0;
  const tpr = (sigma: number): number => {
    evaluations++;
    const pld = new PldAccountant({ neighbouring }).compose(dpSgdEvent({ samplingRate, noiseMultiplier: sigma, steps }));
    const t = accountantTprAtFpr(pld, [fpr]).points[0]?.tpr as number;
    onEvaluation?.(evaluations);
    return t;
  };
  const guess = cltGuess(targetTpr, fpr, samplingRate, steps, neighbouring);
  let lo = guess;
  let hi = guess;
  let tprHi = tpr(hi);
  if (tprHi <= targetTpr) {
    // a TPR at the start far below the target (a tiny FPR, where the CLT start is far off) is met
    // at the floor too: try it at once, verified, instead of walking down through costly σ
    if (tprHi <= FAR_BELOW * targetTpr && hi > FLOOR) {
      const t = tpr(FLOOR);
      if (t <= targetTpr) return { noiseMultiplier: FLOOR, achievedTpr: t, fpr, neighbouring, kind: 'guarantee', evaluations };
    }
    // walk down until infeasible; below σ = 0.05 one step's grid grows like 1/σ²: stop there
    for (;;) {
      lo = hi / STEP;
      if (lo < FLOOR) return { noiseMultiplier: hi, achievedTpr: tprHi, fpr, neighbouring, kind: 'guarantee', evaluations };
      const t = tpr(lo);
      if (t > targetTpr) break;
      hi = lo;
      tprHi = t;
    }
  } else {
    while (tprHi > targetTpr) {
      lo = hi;
      hi *= STEP;
      if (hi > 1e4) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'targetTpr', expected: `reachable with a noise multiplier ≤ 1e4 (q = ${samplingRate}, T = ${steps}, FPR ${fpr})`, found: targetTpr });
      }
      tprHi = tpr(hi);
    }
  }
  while (hi / lo > 1 + tolerance) {
    const mid = Math.sqrt(lo * hi);
    const t = tpr(mid);
    if (t <= targetTpr) {
      hi = mid;
      tprHi = t;
    } else lo = mid;
  }
  return { noiseMultiplier: hi, achievedTpr: tprHi, fpr, neighbouring, kind: 'guarantee', evaluations };
}
