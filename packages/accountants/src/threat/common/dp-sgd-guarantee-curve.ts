/**
 * The classic DP guarantee of a DP-SGD run as a trade-off curve, for combining with a
 * threat-specific curve of the same run and the same neighbouring relation. Pessimistic: the
 * PLD accountant's connect-the-dots discretisation dominates the exact privacy loss, and its
 * curve lies on or below the exact one (Dong, Roth & Su 2022, Prop. 2.12; Doroshenko et al.
 * 2022); derivation in docs/math/bayes-security.md.
 */
import { DpboundsRangeError, requireInRange, requireInteger, requireProbability } from '@dpbounds/special-functions';
import { gaussianTradeOff, identityTradeOff, tradeOffFromEpsilonDeltaPairs, tradeOffFromPrivacyProfile, type NeighbouringRelation, type TradeOffCurve } from '@dpbounds/tradeoff-core';
import { requireNeighbouring } from '../../accountant.js';
import { requireOptions } from '../../events/validate-event.js';
import { dpSgdEvent } from '../../events/mechanism-event.js';
import { autoDiscretizationInterval, PldAccountant } from '../../pld/pld-accountant.js';
import { RdpAccountant } from '../../rdp/rdp-accountant.js';
import { pldTradeOffCurve } from '../../pld/pld-trade-off-curve.js';

/** A DP-SGD run with Poisson sampling (or full batches, rate 1). */
export interface DpSgdRun {
  /** Poisson sampling rate q ∈ [0, 1] (1: every record in every step). */
  readonly samplingRate: number;
  /** Noise multiplier σ > 0 (noise std σ·C on the sum of clipped gradients). */
  readonly noiseMultiplier: number;
  /** Steps T, integer ≥ 1. */
  readonly steps: number;
  /** Neighbouring relation of the guarantee. */
  readonly neighbouring: NeighbouringRelation;
}

/**
 * The f-DP guarantee curve of T steps of DP-SGD (Poisson-subsampled Gaussian, noise multiplier
 * σ, rate q) for a neighbouring relation: the PLD accountant's pessimistic curve
 * (`pldTradeOffCurve`) for q < 1, on a grid sized before any work ({@link dpSgdDpCurve}); for
 * q = 1 the exact Gaussian curve G_μ with μ = √T/σ (add-remove) or 2√T/σ (substitution: the sum
 * moves by up to 2C); q = 0 gives 1 − α. Always a guarantee: never above the run's exact
 * trade-off curve.
 *
 * Cost: one PLD composition with at most 2²¹ grid points per direction, or the RDP fallback.
 * Domain: q ∈ [0, 1], σ > 0 finite, T integer ≥ 1.
 *
 * @example dpSgdGuaranteeCurve({ samplingRate: 1, noiseMultiplier: 2, steps: 4, neighbouring: 'add-remove' }).evaluate(0.5) // G_1(0.5) = Φ(−1) ≈ 0.1587
 */
export function dpSgdGuaranteeCurve(run: DpSgdRun): TradeOffCurve {
  requireOptions('run', run, ['samplingRate', 'noiseMultiplier', 'steps', 'neighbouring'], false);
  const samplingRate = requireProbability('samplingRate', run.samplingRate);
  const noiseMultiplier = requireInRange('noiseMultiplier', run.noiseMultiplier, { min: 0, minExclusive: true });
  const steps = requireInteger('steps', run.steps, { min: 1 });
  const neighbouring = requireNeighbouring(run.neighbouring);
  return dpSgdDpCurve(samplingRate, noiseMultiplier, steps, neighbouring).curve;
}

/** Grid points of the composed PLD we allow (one FFT of this size per direction: ~50–150 ms). */
const MAX_PLD_POINTS = 2 ** 21;

/** The DP curve of a run and how it was computed. */
export interface DpSgdDpCurve {
  readonly curve: TradeOffCurve;
  /**
   * `exact` (q = 1: G_μ; q = 0: 1 − α); `pld` (tight); `rdp` (looser, add-remove, when the PLD grid
   * would be too large); `none` (the zero curve, substitution only, when the loss is too large for
   * a PLD grid: no privacy is left).
   */
  readonly method: 'exact' | 'pld' | 'rdp' | 'none';
  /** The PLD grid step used (absent for RDP). */
  readonly discretizationInterval?: number;
}

/**
 * Rough width of the composed privacy-loss range: T·KL + 40·√T·sd, with KL ≤ log(1 + χ²) and
 * sd ≈ √χ², χ² = q²·(e^{m²} − 1) the χ²-divergence of one step (m = per-step μ). Only sizes the grid.
 */
function lossRange(q: number, m: number, steps: number): number {
  const chi2 = q * q * Math.expm1(m * m);
  return steps * Math.log1p(chi2) + 40 * Math.sqrt(steps) * Math.min(Math.sqrt(chi2), m + m * m) + 10 * (m + m * m) + 1;
}

/**
 * The DP curve (guarantee) of T steps of DP-SGD with rate q and noise multiplier σ under the given
 * relation. q = 1 and q = 0 are exact (G_μ with μ = √T/σ,
 * or 2√T/σ for substitution; 1 − α). Otherwise the PLD grid step is the accountant's `auto` step, coarsened (still pessimistic) so the
 * composed grid has at most 2²¹ points; beyond a step of 1, RDP (add-remove) is used instead.
 *
 * Domain: q ∈ (0, 1], σ > 0, T ≥ 1 integer (validated by the caller).
 *
 * @example dpSgdDpCurve(0.01, 1, 1000, 'add-remove').method // 'pld'
 */
export function dpSgdDpCurve(q: number, sigma: number, steps: number, neighbouring: NeighbouringRelation): DpSgdDpCurve {
  if (q === 0) return { curve: identityTradeOff(), method: 'exact' };
  if (q === 1) return { curve: gaussianTradeOff(((neighbouring === 'substitution' ? 2 : 1) * Math.sqrt(steps)) / sigma), method: 'exact' };
  const event = dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps });
  const m = (neighbouring === 'substitution' ? 2 : 1) / sigma;
  const range = lossRange(q, m, steps);
  let h = autoDiscretizationInterval([{ samplingRate: q, noiseMultiplier: sigma, count: steps }], neighbouring);
  if (!(range / h <= MAX_PLD_POINTS)) h = range / MAX_PLD_POINTS;
  if (Number.isFinite(h) && h <= 1) {
    try {
      const pld = new PldAccountant({ neighbouring, valueDiscretizationInterval: h }).compose(event);
      return { curve: pldTradeOffCurve(pld), method: 'pld', discretizationInterval: h };
    } catch (error) {
      if (!(error instanceof DpboundsRangeError)) throw error;
    }
  }
  if (neighbouring === 'substitution') {
    // no RDP bound of subsampling under substitution here; the loss range exceeds ~2·10⁶ nats
    // (h > 1), so the curve is 0 to double precision: report the zero curve (always valid)
    return { curve: tradeOffFromEpsilonDeltaPairs([0], [1]), method: 'none' };
  }
  const rdp = new RdpAccountant({ neighbouring }).compose(event);
  const epsilons = Array.from({ length: 400 }, (_, i) => 0.05 * i * (1 + i / 40));
  return { curve: tradeOffFromPrivacyProfile((e) => Math.min(1, rdp.getDelta(e)), { symmetric: true, epsilons }), method: 'rdp' };
}
