/**
 * The relaxed threat model of an actual DP-SGD run: Poisson-subsampled Gaussian steps, composed
 * over T steps (Kaissis, Ziller, Kolek, Riess & Rueckert, NeurIPS 2023, Lemmas 8–9 and Figure 4),
 * as a guarantee against the strongest (pooled) RTM attacker, combined with the DP guarantee of
 * the same run. Derivation and validity argument: docs/math/relaxed-threat-model.md.
 */
import { DpboundsRangeError, DpboundsTypeError, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import { combineWithDp, isNeighbouringRelation } from '@dpbounds/tradeoff-core';
import type { CombinedWithDp, NeighbouringRelation, ResultKind, TradeOffCurve } from '@dpbounds/tradeoff-core';
import { requireRtmAttacker } from './rtm-attacker.js';
import type { RtmAttacker } from './rtm-attacker.js';
import { dpSgdDpCurve } from '../common/dp-sgd-guarantee-curve.js';
import { MAX_RTM_DIMS } from './rtm-limits.js';
import { maskRevealedBound } from './rtm-mask-revealed-bound.js';
import { subsampledRtmProfile } from './rtm-subsampled-profile.js';
import { MAX_TENSOR_POWER, symmetricCurveFromProfile, tensorPower } from './rtm-tensor-power.js';

/** Inputs of {@link analyzeRtmDpSgd}. */
export interface RtmDpSgdInput {
  /** Poisson sampling rate q ∈ (0, 1]. */
  readonly samplingRate: number;
  /** Noise multiplier σ > 0 (noise std σC on the sum of gradients clipped to C). */
  readonly noiseMultiplier: number;
  /** Steps T, integer in [1, 10⁷]. */
  readonly steps: number;
  /**
   * Dimensions d the target's gradient direction is unknown in (default 1: the worst case, a
   * canary that moves one coordinate). d above 10⁵ is evaluated at 10⁵ (valid, see notes).
   */
  readonly dims?: number;
  /** `add-remove` (default) or `substitution` (per-step sensitivity 2C). */
  readonly neighbouring?: NeighbouringRelation;
  /** `pooled` (default, the strongest attacker) or `independent-directions` (add-remove only). */
  readonly attacker?: RtmAttacker;
}

/** The RTM view of a DP-SGD run. */
export interface RtmDpSgdAnalysis {
  /** The guarantee to report: max(RTM bound, DP curve) — never below the DP guarantee. */
  readonly curve: TradeOffCurve;
  /** `guarantee` (against the named attacker, for the named relation). */
  readonly kind: ResultKind;
  readonly neighbouring: NeighbouringRelation;
  readonly attacker: RtmAttacker;
  /** The RTM-specific bound before the maximum with DP (may lie below DP where it is loose). */
  readonly threatCurve: TradeOffCurve;
  /** The DP guarantee of the same run and relation (PLD, or RDP when the PLD grid would not fit). */
  readonly dpCurve: TradeOffCurve;
  readonly dpKind: ResultKind;
  readonly dpMethod: 'exact' | 'pld' | 'rdp' | 'none';
  /** `combineWithDp(threatCurve, dpCurve)`: the curve and where each binds. */
  readonly combined: CombinedWithDp;
  /** Per-step μ = Δ/(σC): 1/σ (add-remove) or 2/σ (substitution). */
  readonly perStepMu: number;
  /** d used in the computation (≤ 10⁵) and the d asked for. */
  readonly dims: number;
  readonly dimsRequested: number;
  /** Plain-language notes on any cheaper valid bound used. */
  readonly notes: readonly string[];
}

/** Largest T accepted. */
const MAX_STEPS = 1e7;

/**
 * The relaxed-threat-model trade-off curve of T steps of DP-SGD (Poisson rate q, noise multiplier
 * σ), as a guarantee against the pooled RTM attacker (the target's clipped gradient keeps one
 * unknown direction, as a canary's does), never below the DP guarantee of the same run:
 *
 * - `threatCurve` (pooled): the attacker is also told which steps sampled the target; given that
 *   mask it pools the K sampled steps (Lemma 8), so its curve is the mixture over
 *   K ~ Binomial(T, q) of the χ²_d(K·m²) vs χ²_d RTM curves, through the mixture's privacy
 *   profile. Extra information never hurts an attacker, so this is a valid lower bound; at q = 1
 *   it is exact (Lemma 8).
 * - `dpCurve`: the PLD accountant's curve of the same run and relation (a guarantee).
 * - `curve` = `combined.curve` = max of the two (tradeoff-core `combineWithDp`).
 *
 * The paper's own numeric composition of the per-step curve, J_q^{⊗T} (Lemma 9 then
 * Dong et al.'s tensor product), is the optimal attacker only if the direction is fresh and
 * independent at every step; it is offered as `attacker: 'independent-directions'` and is
 * optimistic against a constant-direction target.
 *
 * Gotcha: revealing the mask costs the amplification by subsampling, so for small q in d = 1
 * the DP curve binds almost everywhere (`combined.binding` says where): dpbounds then proves no RTM
 * credit beyond DP for the run. Larger d (directions really unknown to the attacker) earns some.
 *
 * Cost: d = 1 ≈ 20–60 ms plus the PLD (~50–150 ms at T = 10⁴); d > 1 up to ~1 s; the
 * independent-directions option ~1–4 s (2 log₂T numeric compositions).
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the parameter (samplingRate, noiseMultiplier,
 *   steps, dims, neighbouring, attacker) with its range and the value found.
 * @example analyzeRtmDpSgd({ samplingRate: 1, noiseMultiplier: 1 / 0.3, steps: 100 }).threatCurve.evaluate(0.01) // ≈ 0.336
 */
export function analyzeRtmDpSgd(input: RtmDpSgdInput): RtmDpSgdAnalysis {
  requireOptions('input', input, ['samplingRate', 'noiseMultiplier', 'steps', 'dims', 'neighbouring', 'attacker']);
  const q = requireInRange('samplingRate', input.samplingRate, { min: 0, minExclusive: true, max: 1 });
  const sigma = requireInRange('noiseMultiplier', input.noiseMultiplier, { min: 0, minExclusive: true });
  const steps = requireInteger('steps', input.steps, { min: 1, max: MAX_STEPS });
  const dimsRequested = requireInteger('dims', input.dims ?? 1, { min: 1 });
  const neighbouring = input.neighbouring ?? 'add-remove';
  if (!isNeighbouringRelation(neighbouring)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'neighbouring', expected: '"add-remove" or "substitution"', found: neighbouring });
  }
  const attacker = requireRtmAttacker(input.attacker);
  const notes: string[] = [];
  const dims = Math.min(dimsRequested, MAX_RTM_DIMS);
  if (dims < dimsRequested) notes.push(`d = ${dimsRequested} evaluated at d = ${MAX_RTM_DIMS}: the RTM curve only rises with d, so this is a valid, slightly pessimistic guarantee.`);
  const perStepMu = (neighbouring === 'substitution' ? 2 : 1) / sigma;
  if (!Number.isFinite(perStepMu)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier', expected: 'large enough that 1/σ is finite', found: sigma });
  }
  const dp = dpSgdDpCurve(q, sigma, steps, neighbouring);
  if (dp.method === 'rdp') notes.push('The DP curve is the RDP accountant\'s: the PLD grid for this noise would exceed 2^21 points.');
  if (dp.method === 'none') notes.push('The run\'s privacy loss is too large for a PLD grid (about 1e6 nats or more): its DP curve is taken as 0 (no privacy; a valid bound, and 0 to double precision there).');
  let threatCurve: TradeOffCurve;
  if (attacker === 'pooled') {
    const bound = maskRevealedBound(steps, q, perStepMu, dims);
    if (bound.reducedDims) notes.push('Groups of steps with noncentrality K·μ² above 1e3 were priced at d = 1 (valid, more pessimistic; the credit from the dimension there is about d/λ).');
    threatCurve = bound.curve;
  } else {
    if (neighbouring !== 'add-remove') {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'attacker', expected: '"pooled" under substitution (the independent-directions composition uses the add-remove subsampling lemma)', found: attacker });
    }
    if (steps > MAX_TENSOR_POWER) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'steps', expected: `at most ${MAX_TENSOR_POWER} for the independent-directions attacker (numeric composition); use the pooled attacker`, found: steps });
    }
    // a per-step λ beyond the χ² kernels' cheap range is priced at d = 1 (valid: the curve rises with d)
    const stepDims = dims > 1 && perStepMu * perStepMu > 1e4 ? 1 : dims;
    if (stepDims !== dims) notes.push('The per-step noncentrality μ² is above 1e4: priced at d = 1 (valid, more pessimistic).');
    threatCurve = tensorPower(symmetricCurveFromProfile((e) => subsampledRtmProfile(e, q, perStepMu, stepDims)), steps, 'steps');
  }
  const combined = combineWithDp(threatCurve, dp.curve);
  return {
    curve: combined.curve,
    kind: 'guarantee',
    neighbouring,
    attacker,
    threatCurve,
    dpCurve: dp.curve,
    dpKind: 'guarantee',
    dpMethod: dp.method,
    combined,
    perStepMu,
    dims,
    dimsRequested,
    notes,
  };
}
