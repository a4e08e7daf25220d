/**
 * μ-GMIP analysis of a training run (Leemann, Pawelczyk & Kasneci, NeurIPS 2023): the trade-off
 * curve G_μ of the whole run, its headline numbers, and the Gaussian-DP μ of the same run.
 */
import { requireInRange, requireObject, requireOptions } from '@dpbounds/special-functions';
import { auc, bestAttackAccuracy, epsilonDeltaTradeOff, gaussianTradeOff, tprAtFpr } from '@dpbounds/tradeoff-core';
import type { NeighbouringRelation, ResultKind, TprAtFpr, TradeOffCurve } from '@dpbounds/tradeoff-core';
import type { ResultKinds } from '../common/result-kinds.js';
import { combineThreatWithDp } from '../common/threat-dp-combination.js';
import type { CombinedSide, DpSide } from '../common/threat-dp-combination.js';
import { resolveGmipConfig } from './gmip-config.js';
import type { GmipConfig, ResolvedGmipConfig } from './gmip-config.js';
import { gmipDpMu, gmipMu } from './gmip-composition.js';
import { gmipDpCurve } from './gmip-dp-curve.js';

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
 * What a μ-GMIP guarantee means for membership attacks (docs/math/gmip.md summaries of G_μ; Leemann et
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
   * μ of the run. The GMIP formula (Corollary 5.1 per step, composed by Lemma 5.1, or exactly
   * for full batches) is a normal approximation: an estimate. For full batches (n = N) the run's
   * Gaussian-DP μ is exact (a guarantee) and μ-GDP implies μ-GMIP, so `mu` = min(formula, DP μ),
   * a guarantee when DP binds (`kinds.mu`). For n < N the DP μ is itself a CLT estimate and does
   * not tighten `mu`; the DP curve is in `dp` with `combineWithDp`.
   */
  readonly mu: number;
  /** μ_GMIP from the per-step formula composed over T steps (estimate). */
  readonly gmipFormulaMu: number;
  /** Corollary 5.1 per-step μ (estimate: normal approximation of noncentral χ² laws). */
  readonly perStepMu: number;
  /** Gaussian-DP μ of the same run (Corollary F.1; +∞ without noise): exact for n = N, CLT estimate for n < N. */
  readonly gdpMu: number;
  /** True when `mu` is the DP μ (full batches, DP more private than the GMIP formula). */
  readonly dpBinds: boolean;
  /** G_μ: the membership trade-off curve under the GMIP threat model (kind `kinds.curve`). */
  readonly curve: TradeOffCurve;
  /** The membership game compares D with a record replaced (the DP counterpart's relation). */
  readonly neighbouring: NeighbouringRelation;
  /** Kind of every number: `mu`, `gmipFormulaMu`, `perStepMu`, `gdpMu`, `tprAtFpr`, `auc`, `accuracy`, `curve`. */
  readonly kinds: ResultKinds;
  /** With `combineWithDp`: the DP curve of the same run (see {@link analyzeGmip}). */
  readonly dp?: DpSide;
  /** With `combineWithDp`: max(G_μ, dp curve) and where each binds. */
  readonly combined?: CombinedSide;
}

/** Options of {@link analyzeGmip}. */
export interface GmipAnalysisOptions {
  /** Also compute the DP curve of the run and the combined curve (default false; n < N runs the PLD accountant). */
  readonly combineWithDp?: boolean;
}


/**
 * Analyses one run under μ-GMIP. Assumptions (state them to users): batch means are Gaussian
 * (CLT over the batch), the attacker sees every averaged noisy gradient, the target is drawn from
 * the data distribution (K = d on average; pass a larger `susceptibility` for outliers), batches
 * are uniform without replacement. Full batches (n = N) compose the per-step μ exactly (√T·μ_step)
 * instead of the subsampling CLT. Every number carries its kind in `kinds` (relation
 * `substitution`). With `combineWithDp` the DP curve of the same run and max(G_μ, DP) are added
 * (docs/math/gmip.md).
 *
 * Domain: {@link GmipConfig}; FPRs in [0, 1].
 *
 * @example analyzeGmip({ batchSize: 400, datasetSize: 48000, steps: 1200, params: 650, noiseStd: 0, clip: 500 }, [0.01]).mu // 0.7865955046430421
 */
export function analyzeGmip(config: GmipConfig, fprs: readonly number[] = [0.001, 0.01, 0.1], options: GmipAnalysisOptions = {}): GmipAnalysis {
  requireOptions('options', options, ['combineWithDp']);
  requireObject('config', config);
  const c = resolveGmipConfig(config);
  const { muStep, muTotal } = gmipMu(config);
  const gdpMu = gmipDpMu(config).muTotal;
  const fullBatch = c.n === c.N;
  const dpBinds = fullBatch && gdpMu < muTotal;
  const mu = dpBinds ? gdpMu : muTotal;
  const muKind: ResultKind = dpBinds ? 'guarantee' : 'estimate';
  const summary = gmipAttackSummary(mu, fprs);
  const curve = gaussianTradeOff(Number.isFinite(mu) ? mu : Number.MAX_VALUE);
  const kinds: ResultKinds = Object.freeze({
    mu: muKind,
    gmipFormulaMu: 'estimate',
    perStepMu: 'estimate',
    gdpMu: fullBatch ? 'guarantee' : 'estimate',
    tprAtFpr: muKind,
    auc: muKind,
    accuracy: muKind,
    curve: muKind,
  });
  let withDp: { dp: DpSide; combined: CombinedSide } | undefined;
  if (options.combineWithDp === true) {
    const dp = gmipDpCurve(c);
    withDp = combineThreatWithDp({ threat: curve, threatKind: muKind, dp: dp.curve, dpKind: dp.kind, neighbouring: 'substitution', fprs });
  }
  return {
    mu,
    gmipFormulaMu: muTotal,
    perStepMu: muStep,
    gdpMu,
    dpBinds,
    curve,
    neighbouring: 'substitution',
    kinds,
    ...summary,
    ...(withDp !== undefined ? { dp: withDp.dp, combined: withDp.combined } : {}),
  };
}
