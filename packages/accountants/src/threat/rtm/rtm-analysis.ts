/**
 * Relaxed-threat-model analysis of one mechanism for the `dpbounds rtm` report: j, j⁻¹, the
 * symmetrised curve and the DP (Neyman–Pearson-optimal attacker) curve at chosen FPRs
 * (Kaissis, Ziller, Kolek, Riess & Rueckert, NeurIPS 2023).
 */
import { DpboundsRangeError, requireInRange, requireInteger, requireProbability } from '@dpbounds/special-functions';
import { gaussianTradeOff, laplaceTradeOff, subsamplingOperator } from '@dpbounds/tradeoff-core';
import type { TradeOffCurve } from '@dpbounds/tradeoff-core';
import { rtmCurves } from './rtm-symmetrized.js';
import type { RtmCurves } from './rtm-symmetrized.js';

/** A mechanism as the CLI describes it. */
export interface RtmAnalysisInput {
  readonly mechanism: 'gaussian' | 'laplace' | 'subsampled-gaussian';
  /** Sensitivity Δ > 0 (L2 for Gaussian, L1 for Laplace). */
  readonly sensitivity: number;
  /** Noise scale s > 0 (σ for Gaussian, b for Laplace). */
  readonly scale: number;
  /** Output dimension d ≥ 1 (Gaussian only; default 1, the worst case). */
  readonly dims?: number;
  /** Non-adaptive compositions N ≥ 1 (Gaussian only; default 1). */
  readonly compositions?: number;
  /** Poisson sampling rate p ∈ (0, 1] (subsampled-gaussian only). */
  readonly samplingRate?: number;
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
}

/** Result of {@link analyzeRtm}. */
export interface RtmAnalysis extends RtmCurves {
  /** The DP curve of the same mechanism (G_{√N·μ}, Laplace L_μ, or C_p(G_μ) of Dong et al. Thm. 4.2). */
  readonly dpCurve: TradeOffCurve;
  /** μ = Δ/s per mechanism. */
  readonly mu: number;
  readonly points: readonly RtmPoint[];
}

/**
 * Analyses a Gaussian (d dims, N non-adaptive compositions), Laplace, or Poisson-subsampled
 * Gaussian mechanism under the RTM. Composition of Laplace or subsampled mechanisms has no
 * closed form here and is rejected (N must be 1).
 *
 * @example analyzeRtm({ mechanism: 'gaussian', sensitivity: 1, scale: 0.5 }, [0.01]).points[0].fnr // 0.7176323460397963
 */
export function analyzeRtm(input: RtmAnalysisInput, fprs: readonly number[] = [0.001, 0.01, 0.1]): RtmAnalysis {
  const sensitivity = requireInRange('sensitivity', input.sensitivity, { min: 0, minExclusive: true });
  const scale = requireInRange('scale', input.scale, { min: 0, minExclusive: true });
  const dims = requireInteger('dims', input.dims ?? 1, { min: 1 });
  const N = requireInteger('compositions', input.compositions ?? 1, { min: 1 });
  fprs.forEach((fpr, i) => requireProbability(`fprs[${i}]`, fpr));
  const mu = sensitivity / scale;
  requireInRange('sensitivity / scale', mu, { min: 0 });
  if (input.mechanism !== 'gaussian' && N !== 1) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'compositions', expected: `1 for the ${input.mechanism} mechanism (no closed-form RTM composition)`, found: N });
  }
  let curves: RtmCurves;
  let dpCurve: TradeOffCurve;
  if (input.mechanism === 'gaussian') {
    const muTotal = mu * Math.sqrt(N);
    curves = rtmCurves({ kind: 'gaussian', mu: muTotal, dims: dims * N });
    dpCurve = gaussianTradeOff(muTotal);
  } else if (input.mechanism === 'laplace') {
    if (dims !== 1) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'dims', expected: '1 for the Laplace mechanism (scalar)', found: dims });
    curves = rtmCurves({ kind: 'laplace', mu });
    dpCurve = laplaceTradeOff(mu);
  } else {
    if (input.samplingRate === undefined) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'samplingRate', expected: 'in (0, 1] for the subsampled-gaussian mechanism', found: undefined });
    const p = requireInRange('samplingRate', input.samplingRate, { min: 0, minExclusive: true, max: 1 });
    curves = rtmCurves({ kind: 'gaussian', mu, dims }, p);
    dpCurve = subsamplingOperator(gaussianTradeOff(mu), p);
  }
  const points = fprs.map((fpr) => ({
    fpr,
    fnr: curves.j.evaluate(fpr),
    fnrInverse: curves.jInverse.evaluate(fpr),
    fnrSymmetric: curves.symmetrized.evaluate(fpr),
    dpFnr: dpCurve.evaluate(fpr),
  }));
  return { ...curves, dpCurve, mu, points };
}

/**
 * The RTM attacker's power at a fixed FPR α: the better of the two one-sided tests,
 * max(1 − j(α), 1 − j⁻¹(α)) (as in the authors' ReRo code).
 *
 * @example rtmMaxPower(rtmCurves({ kind: 'gaussian', mu: 2, dims: 1 }), 0.1) // 0.638893803326933
 */
export function rtmMaxPower(curves: Pick<RtmCurves, 'j' | 'jInverse'>, fpr: number): number {
  const a = requireProbability('fpr', fpr);
  return Math.max(1 - curves.j.evaluate(a), 1 - curves.jInverse.evaluate(a));
}
