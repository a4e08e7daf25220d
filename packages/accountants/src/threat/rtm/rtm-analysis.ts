/**
 * Relaxed-threat-model analysis of one mechanism for the `dpbounds rtm` report: j, j⁻¹, the
 * symmetrised curve, the DP (Neyman–Pearson-optimal attacker) curve and their combination at
 * chosen FPRs (Kaissis, Ziller, Kolek, Riess & Rueckert, NeurIPS 2023; docs/math/relaxed-threat-model.md).
 */
import { DpboundsRangeError, DpboundsTypeError, requireInRange, requireInteger, requireObject, requireProbability, requireOptions, requireArray } from '@dpbounds/special-functions';
import { combineWithDp, epsilonDeltaTradeOff, gaussianTradeOff, isNeighbouringRelation, laplaceTradeOff, pointwiseMax, subsamplingOperator, symmetrize } from '@dpbounds/tradeoff-core';
import { requireTradeOffCurve } from '@dpbounds/tradeoff-core/advanced';
import type { Bridge, CombinedWithDp, NeighbouringRelation, ResultKind, TradeOffCurve } from '@dpbounds/tradeoff-core';
import { requireRtmAttacker } from './rtm-attacker.js';
import type { RtmAttacker } from './rtm-attacker.js';
import { analyzeRtmDpSgd } from './rtm-dp-sgd.js';
import { MAX_RTM_DIMS, MAX_RTM_NONCENTRALITY } from './rtm-limits.js';
import { rtmCurves } from './rtm-symmetrized.js';
import type { RtmCurves } from './rtm-symmetrized.js';
import { rtmGaussianProfileUnchecked } from './rtm-privacy-profile.js';
import { symmetricCurveFromProfile, tensorPower } from './rtm-tensor-power.js';

/** A mechanism as the CLI describes it. */
export interface RtmAnalysisInput {
  readonly mechanism: 'gaussian' | 'laplace' | 'subsampled-gaussian';
  /** Sensitivity Δ > 0 (L2 for Gaussian, L1 for Laplace) under `neighbouring`. */
  readonly sensitivity: number;
  /** Noise scale s > 0 (σ for Gaussian, b for Laplace). */
  readonly scale: number;
  /** Output dimension d ≥ 1 (Gaussian only; default 1, the worst case). */
  readonly dims?: number;
  /** Non-adaptive compositions N ≥ 1 (default 1). */
  readonly compositions?: number;
  /** Poisson sampling rate p ∈ (0, 1] (subsampled-gaussian only). */
  readonly samplingRate?: number;
  /** `pooled` (default, the stronger attacker) or `independent-directions`. */
  readonly attacker?: RtmAttacker;
  /**
   * The relation Δ is the sensitivity for (a label; default `add-remove`). The subsampled
   * mechanism is the add-remove pair of the subsampling lemma; `substitution` there doubles Δ.
   */
  readonly neighbouring?: NeighbouringRelation;
}

/** One row of the report. */
export interface RtmPoint {
  readonly fpr: number;
  /** j(α). */
  readonly fnr: number;
  /** j⁻¹(α). */
  readonly fnrInverse: number;
  /** C(j, j⁻¹)(α). */
  readonly fnrSymmetric: number;
  /** The DP threat model's optimal attacker FNR at the same FPR. */
  readonly dpFnr: number;
  /** max(C, DP)(α): the guarantee to quote (a DP guarantee holds against every attacker). */
  readonly fnrCombined: number;
}

/** Result of {@link analyzeRtm}. */
export interface RtmAnalysis extends RtmCurves {
  /** The DP curve of the same mechanism (G_{√N·μ}, L_μ^{⊗N}, or the subsampled run's PLD curve). */
  readonly dpCurve: TradeOffCurve;
  /** μ = Δ/s per mechanism. */
  readonly mu: number;
  /** `guarantee` for every curve here (against `attacker`, for `neighbouring`). */
  readonly kind: ResultKind;
  readonly neighbouring: NeighbouringRelation;
  readonly attacker: RtmAttacker;
  /** `combineWithDp(symmetrized, dpCurve)`. */
  readonly combined: CombinedWithDp;
  /** The dimension used (d above 10⁵ is evaluated at 10⁵, see notes). */
  readonly dims: number;
  /** Plain-language notes on any cheaper valid bound used. */
  readonly notes: readonly string[];
  readonly points: readonly RtmPoint[];
}

/**
 * Analyses a Gaussian (d dims, N non-adaptive compositions), Laplace (N compositions) or
 * Poisson-subsampled Gaussian (N steps) mechanism under the RTM.
 *
 * - Gaussian, pooled attacker (default): Lemma 8, χ²_d(Nμ²) (closed form).
 * - Laplace, N > 1: no computable RTM credit against the pooled (constant-sign) attacker, so the
 *   DP curve L_μ^{⊗N} is reported (a DP guarantee is an RTM guarantee, Kaissis et al. Lemma 6) and
 *   a note says so; `independent-directions` gives the paper's numeric composition j^{⊗N}.
 * - Subsampled Gaussian, N > 1: the run-level analysis of {@link analyzeRtmDpSgd} with
 *   σ = s/Δ, T = N.
 * - `independent-directions`: the tensor product of the per-release curves (numeric, pessimistic).
 *
 * Bounded work: d above 10⁵ is evaluated at 10⁵ (valid: the curve rises with d); d > 1 with
 * N·μ² above 10⁶ is evaluated at d = 1 (valid, noted).
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the parameter.
 * @example analyzeRtm({ mechanism: 'gaussian', sensitivity: 1, scale: 0.5 }, [0.01]).points[0].fnr // 0.7176323460397963
 */
export function analyzeRtm(input: RtmAnalysisInput, fprs: readonly number[] = [0.001, 0.01, 0.1]): RtmAnalysis {
  requireOptions('input', input, ['mechanism', 'sensitivity', 'scale', 'dims', 'compositions', 'samplingRate', 'attacker', 'neighbouring']);
  requireArray('fprs', fprs);
  const sensitivity = requireInRange('sensitivity', input.sensitivity, { min: 0, minExclusive: true });
  const scale = requireInRange('scale', input.scale, { min: 0, minExclusive: true });
  const dimsRequested = requireInteger('dims', input.dims ?? 1, { min: 1 });
  const N = requireInteger('compositions', input.compositions ?? 1, { min: 1 });
  const attacker = requireRtmAttacker(input.attacker);
  const neighbouring = input.neighbouring ?? 'add-remove';
  if (!isNeighbouringRelation(neighbouring)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'neighbouring', expected: '"add-remove" or "substitution"', found: neighbouring });
  }
  fprs.forEach((fpr, i) => requireProbability(`fprs[${i}]`, fpr));
  const mu = requireInRange('sensitivity / scale', sensitivity / scale, { min: 0 });
  const notes: string[] = [];
  let dims = Math.min(dimsRequested, MAX_RTM_DIMS);
  if (dims < dimsRequested) notes.push(`d = ${dimsRequested} evaluated at d = ${MAX_RTM_DIMS}: the RTM curve only rises with d, so this is a valid, slightly pessimistic guarantee.`);
  if (dims > 1 && N * mu * mu > MAX_RTM_NONCENTRALITY && input.mechanism === 'gaussian') {
    notes.push(`Noncentrality N·μ² = ${(N * mu * mu).toPrecision(3)} is above 1e6: evaluated at d = 1 (valid, more pessimistic).`);
    dims = 1;
  }
  let curves: RtmCurves;
  let dpCurve: TradeOffCurve;
  if (input.mechanism === 'gaussian') {
    const muTotal = mu * Math.sqrt(N);
    dpCurve = gaussianTradeOff(muTotal);
    if (attacker === 'pooled' || N === 1) curves = rtmCurves({ kind: 'gaussian', mu: muTotal, dims });
    else curves = symmetricCurvesOf(tensorPower(symmetricCurveFromProfile((e) => rtmGaussianProfileUnchecked(e, dims, mu * mu).delta), N));
  } else if (input.mechanism === 'laplace') {
    if (dimsRequested !== 1) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'dims', expected: '1 for the Laplace mechanism (scalar)', found: dimsRequested });
    if (N === 1) {
      curves = rtmCurves({ kind: 'laplace', mu });
      dpCurve = laplaceTradeOff(mu);
    } else {
      // numeric L_μ^{⊗N} (pessimistic), raised to the pure (Nμ, 0)-DP curve it must dominate
      const numeric = tensorPower(laplaceTradeOff(mu), N);
      dpCurve = Number.isFinite(N * mu) ? pointwiseMax(numeric, epsilonDeltaTradeOff(N * mu, 0)) : numeric;
      if (attacker === 'pooled') {
        notes.push('Composed Laplace against the pooled (constant-sign) attacker: no RTM credit is computable, so the DP curve L_μ^{⊗N} is reported; --attacker independent-directions gives the paper\'s numeric composition.');
        curves = { j: dpCurve, jInverse: dpCurve, symmetrized: dpCurve, bridges: [], kind: 'guarantee' };
      } else {
        curves = symmetricCurvesOf(tensorPower(rtmCurves({ kind: 'laplace', mu }).symmetrized, N));
      }
    }
  } else {
    if (input.samplingRate === undefined) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'samplingRate', expected: 'in (0, 1] for the subsampled-gaussian mechanism', found: undefined });
    const p = requireInRange('samplingRate', input.samplingRate, { min: 0, minExclusive: true, max: 1 });
    if (N === 1 && neighbouring === 'add-remove') {
      curves = rtmCurves({ kind: 'gaussian', mu, dims }, p);
      dpCurve = subsamplingOperator(gaussianTradeOff(mu), p);
    } else {
      const run = analyzeRtmDpSgd({ samplingRate: p, noiseMultiplier: (neighbouring === 'substitution' ? 2 : 1) * (scale / sensitivity), steps: N, dims, neighbouring, attacker });
      notes.push(...run.notes);
      curves = symmetricCurvesOf(run.threatCurve);
      dpCurve = run.dpCurve;
    }
  }
  const combined = combineWithDp(curves.symmetrized, dpCurve);
  const points = fprs.map((fpr) => ({
    fpr,
    fnr: curves.j.evaluate(fpr),
    fnrInverse: curves.jInverse.evaluate(fpr),
    fnrSymmetric: curves.symmetrized.evaluate(fpr),
    dpFnr: dpCurve.evaluate(fpr),
    fnrCombined: combined.curve.evaluate(fpr),
  }));
  return { ...curves, dpCurve, mu, kind: 'guarantee', neighbouring, attacker, combined, dims, notes, points };
}

/**
 * A composed curve with no separate j/j⁻¹ (a tensor product of symmetrised curves, or a DP
 * curve): both orientations are reported as its symmetrisation, which lies below each.
 */
function symmetricCurvesOf(curve: TradeOffCurve): RtmCurves {
  const symmetrized = symmetrize(curve);
  return { j: symmetrized, jInverse: symmetrized, symmetrized, bridges: symmetrized.bridges as readonly Bridge[], kind: 'guarantee' };
}

/**
 * The RTM attacker's power at a fixed FPR α: the better of the two one-sided tests,
 * max(1 − j(α), 1 − j⁻¹(α)) (as in the authors' ReRo code).
 *
 * @example rtmMaxPower(rtmCurves({ kind: 'gaussian', mu: 2, dims: 1 }), 0.1) // 0.638893803326933
 */
export function rtmMaxPower(curves: Pick<RtmCurves, 'j' | 'jInverse'>, fpr: number): number {
  requireTradeOffCurve('curves.j', requireObject('curves', curves)['j']);
  requireTradeOffCurve('curves.jInverse', curves.jInverse);
  const a = requireProbability('fpr', fpr);
  return Math.max(1 - curves.j.evaluate(a), 1 - curves.jInverse.evaluate(a));
}
