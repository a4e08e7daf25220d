/**
 * The privacy loss distribution of a run as an f-DP trade-off curve (Dong, Roth, Su 2022,
 * Prop. 2.2 / the Neyman–Pearson lemma), for plotting the classic DP curve of a run beside the
 * threat-specific curves (docs/math/accounting.md §7).
 */
import { piecewiseLinearTradeOff, pointwiseMax, pointwiseMin, tradeOffFromEpsilonDeltaPairs, type TradeOffCurve } from '@dpbounds/tradeoff-core';
import { DpboundsRangeError, requireArray, requireFunction, requireInteger, requireObject } from '@dpbounds/special-functions';
import type { DiscretePld } from './discrete-pld.js';
import { pldProfileRangeEpsilon, type PldAccountant } from './pld-accountant.js';
import { requireDiscretePld } from './require-discrete-pld.js';

/**
 * Knots of the exact trade-off curve T(P, Q) of the pair a discrete PLD describes: optimal tests
 * reject where the loss is smallest, so with losses sorted increasingly
 * α_k = P(L ≤ l_k), β_k = Q(L > l_k) = Σ_{j>k} p_j e^{−l_j}; α runs up to 1 − m∞ (the P-mass at +∞).
 * Bins are first merged into at most `maxKnots` buckets, each bucket's mass moved to its largest
 * loss: a dominating PLD, hence a curve below the exact one (pessimistic).
 */
function knotsOf(pld: DiscretePld, maxKnots: number): { alpha: Float64Array; beta: Float64Array } {
  const { probs, h, offset } = pld;
  const shift = pld.lossShift ?? 0;
  const n = probs.length;
  const bucket = Math.max(1, Math.ceil(n / maxKnots));
  const masses: number[] = [];
  const losses: number[] = [];
  for (let start = 0; start < n; start += bucket) {
    const end = Math.min(n, start + bucket);
    let m = 0;
    for (let i = start; i < end; i++) m += probs[i] as number;
    if (m > 0) {
      masses.push(m);
      losses.push((offset + end - 1) * h + shift);
    }
  }
  const k = masses.length;
  const alpha = new Float64Array(k + 1);
  const beta = new Float64Array(k + 1);
  // β_k by suffix sums of Q-masses, from the top
  let qAbove = 0;
  for (let i = k - 1; i >= 0; i--) {
    beta[i + 1] = Math.min(1, qAbove);
    qAbove += (masses[i] as number) * Math.exp(-(losses[i] as number));
  }
  beta[0] = Math.min(1, qAbove);
  let pBelow = 0;
  alpha[0] = 0;
  for (let i = 0; i < k; i++) {
    pBelow += masses[i] as number;
    alpha[i + 1] = Math.min(1, pBelow);
  }
  return { alpha, beta };
}

/**
 * The trade-off curve of a discrete PLD's pair (pessimistic; see `knotsOf` above).
 *
 * @example pldToTradeOffCurve(pld.privacyLossDistribution('remove')).evaluate(0.01)
 */
export function pldToTradeOffCurve(pld: DiscretePld, maxKnots = 4000): TradeOffCurve {
  requireDiscretePld('pld', pld);
  requireInteger('maxKnots', maxKnots, { min: 2 });
  const { alpha, beta } = knotsOf(pld, maxKnots);
  return piecewiseLinearTradeOff(alpha, beta);
}

/**
 * The f-DP trade-off curve of the run a PLD accountant has composed: the larger of two valid
 * lower bounds on the exact curve.
 * - The knot curve: for add-remove the convex minorant of the minimum of the REMOVE and ADD
 *   curves (tradeoff-core `pointwiseMin`), for substitution the curve of the replace pair. The
 *   connect-the-dots PLD dominates the true one and merging bins is pessimistic, so it lies below
 *   the exact curve; but the discretised Q-masses p·e^{−l} do not sum to 1, and the knot curve
 *   counts the deficit as detectable at FPR 0 (f(0) < 1, e.g. 1 − 7·10⁻⁴ at q = 1/120, σ = 1.2,
 *   T = 1200), which is loose exactly where low-FPR attacks are read.
 * - The profile curve: sup over a grid of ε ≥ 0 of max(1 − δ(ε) − e^ε α, e^{−ε}(1 − δ(ε) − α))
 *   with δ(ε) the accountant's pessimistic δ (Dong, Roth & Su 2022, Prop. 2.12; the run's curve
 *   is symmetric for both relations). Each line is a valid bound, so this curve is below the
 *   exact one too, and it reaches f(0) = 1 − δ(∞).
 * Their pointwise maximum (tradeoff-core `pointwiseMax`) is therefore never optimistic. Plot it
 * beside threat-specific curves.
 *
 * Domain: a PLD accountant (an empty ledger gives the identity curve 1 − α). `maxKnots`
 * (default 4000) bounds the knots per direction; the profile uses 129 values of ε.
 *
 * @example pldTradeOffCurve(new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 }))).evaluate(0.01)
 */
export function pldTradeOffCurve(accountant: PldAccountant, maxKnots = 4000): TradeOffCurve {
  requireObject('accountant', accountant);
  requireArray('accountant.directions', accountant.directions);
  requireFunction('accountant.privacyLossDistribution', accountant.privacyLossDistribution);
  const curves = accountant.directions.map((d) => pldToTradeOffCurve(accountant.privacyLossDistribution(d), maxKnots));
  const [first, second] = curves;
  if (first === undefined) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'accountant', expected: 'a PLD accountant with at least one direction', found: accountant.directions.length });
  const knots = second === undefined ? first : pointwiseMin(first, second);
  const profile = profileCurve(accountant);
  return profile === undefined ? knots : pointwiseMax(knots, profile);
}

/**
 * The symmetric curve of the accountant's pessimistic privacy profile on 129 values of ε from 0
 * to the ε at δ = 10⁻¹⁵ (or the smallest of 10⁻¹², 10⁻⁹, 10⁻⁶ the accountant resolves; quadratically
 * spaced, denser near 0); undefined when no such ε is finite
 * (no useful profile) or the ledger is empty.
 */
function profileCurve(accountant: PldAccountant): TradeOffCurve | undefined {
  if (accountant.ledger.length === 0) return undefined;
  let top = Number.NaN;
  // The smallest δ the accountant resolves (its mass at +∞ may exceed 1e-15).
  for (const delta of [1e-15, 1e-12, 1e-9, 1e-6]) {
    try {
      // the range only: without tilting (below the grid's floor, the RDP bound), as cheap as the curve
      top = pldProfileRangeEpsilon(accountant, delta);
      break;
    } catch (error) {
      if (!(error instanceof DpboundsRangeError)) throw error;
    }
  }
  if (!Number.isFinite(top) || top <= 0) return undefined;
  const n = 129;
  const epsilons = Array.from({ length: n }, (_, i) => {
    const t = i / (n - 1);
    return top * t * t;
  });
  // one sweep of each composed PLD for all 129 values (getDelta at each would walk the grid 129 times)
  const deltas = accountant.getDeltas(epsilons);
  return tradeOffFromEpsilonDeltaPairs(epsilons, deltas, { symmetric: true });
}
