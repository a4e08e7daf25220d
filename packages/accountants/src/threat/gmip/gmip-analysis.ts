/**
 * μ-GMIP analysis of a training run (Leemann, Pawelczyk & Kasneci, NeurIPS 2023): the trade-off
 * curve G_μ of the whole run, its headline numbers, and the Gaussian-DP μ of the same run.
 */
import { requireInRange } from '@dpbounds/special-functions';
import { auc, bestAttackAccuracy, gaussianTradeOff, tprAtFpr } from '@dpbounds/tradeoff-core';
import type { TprAtFpr, TradeOffCurve } from '@dpbounds/tradeoff-core';
import type { GmipConfig } from './gmip-config.js';
import { gmipDpMu, gmipMu } from './gmip-composition.js';

/** Attack summaries of a μ-GMIP (or μ-GDP) guarantee. */
export interface GaussianAttackSummary {
  /** Highest TPR of a membership attack at each FPR: 1 − G_μ(FPR) = Q(Q⁻¹(FPR) − μ). */
  readonly tprAtFpr: readonly TprAtFpr[];
  /** AUC of the best attack, Φ(μ/√2). */
  readonly auc: number;
  /** Best balanced accuracy, Φ(μ/2). */
  readonly accuracy: number;
}

/**
 * What a μ-GMIP guarantee means for membership attacks (spec §1.1 summaries of G_μ; Leemann et
 * al. 2023 report AUC and TPR at low FPR): TPR ≤ 1 − G_μ(FPR), AUC ≤ Φ(μ/√2), accuracy ≤ Φ(μ/2).
 *
 * Read off G_μ with tradeoff-core's `tprAtFpr`, `auc` and `bestAttackAccuracy`.
 *
 * Domain: μ ∈ [0, ∞]; FPRs in [0, 1].
 *
 * @example gmipAttackSummary(1.14, [0.01]).auc // 0.789907903081998
 */
export function gmipAttackSummary(mu: number, fprs: readonly number[]): GaussianAttackSummary {
  const m = requireInRange('mu', mu, { min: 0, max: Infinity });
  const curve = gaussianTradeOff(Number.isFinite(m) ? m : Number.MAX_VALUE);
  return { tprAtFpr: tprAtFpr(curve, fprs), auc: auc(curve), accuracy: bestAttackAccuracy(curve) };
}

/** Result of {@link analyzeGmip}. */
export interface GmipAnalysis extends GaussianAttackSummary {
  /**
   * μ of the run: min(μ_GMIP, μ_GDP). μ-GDP implies μ-GMIP (Leemann et al. 2023, §4), so the
   * smaller of the two closed forms is the guarantee (the paper's Table 5 logic).
   */
  readonly mu: number;
  /** μ_GMIP from Lemma 5.1 over Corollary 5.1 alone. */
  readonly gmipFormulaMu: number;
  /** Corollary 5.1 per-step μ. */
  readonly perStepMu: number;
  /** Gaussian-DP μ of the same run (Corollary F.1; +∞ without noise). */
  readonly gdpMu: number;
  /** G_μ: the membership trade-off curve guaranteed under the GMIP threat model. */
  readonly curve: TradeOffCurve;
}

/**
 * Analyses one run under μ-GMIP. Assumptions (state them to users): batch means are Gaussian
 * (CLT over the batch), the attacker sees every averaged noisy gradient, the target is drawn from
 * the data distribution (K = d on average; pass a larger `susceptibility` for outliers), batches
 * are uniform without replacement. Not a DP guarantee: with τ = 0 `gdpMu` is +∞.
 *
 * Domain: {@link GmipConfig}; FPRs in [0, 1].
 *
 * @example analyzeGmip({ batchSize: 400, datasetSize: 48000, steps: 1200, params: 650, noiseStd: 0, clip: 500 }, [0.01]).mu // 0.7865955046430421
 */
export function analyzeGmip(config: GmipConfig, fprs: readonly number[] = [0.001, 0.01, 0.1]): GmipAnalysis {
  const { muStep, muTotal } = gmipMu(config);
  const gdpMu = gmipDpMu(config).muTotal;
  const mu = Math.min(muTotal, gdpMu);
  const summary = gmipAttackSummary(mu, fprs);
  return {
    mu,
    gmipFormulaMu: muTotal,
    perStepMu: muStep,
    gdpMu,
    curve: gaussianTradeOff(Number.isFinite(mu) ? mu : Number.MAX_VALUE),
    ...summary,
  };
}
