/**
 * Bayes-security analysis of a DP-SGD run for the `dpbounds bayes-security` report
 * (Cherubin et al., USENIX Security 2024): the bound, what it means for attackers, and the
 * trade-off curves it implies.
 */
import { requireInteger, requireProbability, requireOptions } from '@dpbounds/special-functions';
import { epsilonDeltaTradeOff, gaussianTradeOff, tprBoundFromBayesSecurity } from '@dpbounds/tradeoff-core';
import type { NeighbouringRelation, TradeOffCurve } from '@dpbounds/tradeoff-core';
import { dpSgdGuaranteeCurve } from '../common/dp-sgd-guarantee-curve.js';
import type { ResultKinds } from '../common/result-kinds.js';
import { combineThreatWithDp } from '../common/threat-dp-combination.js';
import type { CombinedSide, DpSide } from '../common/threat-dp-combination.js';
import type { BayesSecurityBound } from './bayes-security-bound.js';
import { bayesSecurityAttributeInference } from './bayes-security-ai.js';
import type { BayesAiInput } from './bayes-security-ai.js';
import { bayesSecurityMia, MIA_INPUT_KEYS } from './bayes-security-mia.js';
import type { BayesMiaInput } from './bayes-security-mia.js';
import { bayesAttackSuccess } from './bayes-derived-metrics.js';

/** One TPR bound (Prop. 9, tradeoff-core's `tprBoundFromBayesSecurity`) at the estimate and at the certified lower bound. */
export interface BayesTprAtFpr {
  readonly fpr: number;
  /** min(1, FPR + 1 − β*) at the estimate β*. */
  readonly tpr: number;
  /** The same at the certified lower bound (a guarantee). */
  readonly tprCertified: number;
}

/**
 * Kind of every number of a Bayes-security analysis: β* and what is read from it are estimates
 * (the Gaussian approximation of the subsampling mixture has no proven direction); the
 * certified lower bound and what is read from it are guarantees.
 */
export const BAYES_SECURITY_KINDS: ResultKinds = Object.freeze({
  bayesSecurity: 'estimate',
  advantage: 'estimate',
  attackSuccess: 'estimate',
  'tprAtFpr.tpr': 'estimate',
  curve: 'estimate',
  gaussianApproximation: 'estimate',
  tvErrorTerm: 'guarantee',
  approximationError: 'guarantee',
  pinskerLowerBound: 'guarantee',
  mixtureConvexityLowerBound: 'guarantee',
  certifiedLowerBound: 'guarantee',
  certifiedAdvantage: 'guarantee',
  certifiedAttackSuccess: 'guarantee',
  'tprAtFpr.tprCertified': 'guarantee',
  certifiedCurve: 'guarantee',
});

/** Result of {@link analyzeBayesSecurity}. */
export interface BayesSecurityAnalysis extends BayesSecurityBound {
  readonly threat: 'mia' | 'ai';
  /** The relation the bound holds for (attribute inference substitutes a record's attribute: `substitution`). */
  readonly neighbouring: NeighbouringRelation;
  /** Kind of each field ({@link BAYES_SECURITY_KINDS}). */
  readonly kinds: ResultKinds;
  /** 1 − β* (estimate). */
  readonly advantage: number;
  /** 1 − certifiedLowerBound: the largest advantage TPR − FPR of any attacker (guarantee). */
  readonly certifiedAdvantage: number;
  /** Bound on the success probability of an attacker with the given prior (estimate). */
  readonly attackSuccess: number;
  /** The same at the certified lower bound (guarantee). */
  readonly certifiedAttackSuccess: number;
  readonly prior: number;
  /** Prop. 9 TPR bounds at each FPR. */
  readonly tprAtFpr: readonly BayesTprAtFpr[];
  /**
   * The trade-off curve implied by β* alone, max(0, β* − α) = the (0, 1 − β*)-DP curve
   * (Prop. 8): every attacker's ROC lies below 1 − curve.
   */
  readonly curve: TradeOffCurve;
  /** The same curve at the certified lower bound. */
  readonly certifiedCurve: TradeOffCurve;
  /**
   * G_μ with μ = p·Δ_f/(σC): the Gaussian approximation the estimate is the TV of (tighter at
   * small FPR, but carries the same approximation error).
   */
  readonly gaussianApproximation: TradeOffCurve;
  /**
   * With `options.combineWithDp`: the DP guarantee curve of the same run and relation (PLD
   * accountant, pessimistic; see dpSgdGuaranteeCurve).
   */
  readonly dp?: DpSide;
  /**
   * With `options.combineWithDp`: max(certifiedCurve, dp curve), a guarantee, with the curve that
   * binds at each FPR. A DP guarantee holds against every attacker, so this is the curve to report.
   */
  readonly combined?: CombinedSide;
  /** Attribute inference: ‖R‖₂ of the sensitivity trace. */
  readonly sensitivityNorm?: number;
  /** Attribute inference: the data-dependence warning. */
  readonly warning?: string;
}

function boundFields(b: BayesSecurityBound): BayesSecurityBound {
  return {
    bayesSecurity: b.bayesSecurity,
    tvErrorTerm: b.tvErrorTerm,
    approximationError: b.approximationError,
    pinskerLowerBound: b.pinskerLowerBound,
    mixtureConvexityLowerBound: b.mixtureConvexityLowerBound,
    certifiedLowerBound: b.certifiedLowerBound,
  };
}

/** Options of {@link analyzeBayesSecurity}. */
export interface BayesAnalysisOptions {
  /** FPRs for the TPR bounds (default 0.001, 0.01, 0.1). */
  readonly fprs?: readonly number[];
  /** Prior π of the secret for `attackSuccess` (default ½). */
  readonly prior?: number;
  /**
   * Also compute the DP guarantee curve of the run (PLD accountant: ~0.4 s per 10³ steps) and the
   * combined curve (default false; the closed form alone costs two erfc evaluations).
   */
  readonly combineWithDp?: boolean;
}

/**
 * Analyses membership inference (`{ threat: 'mia', ... }`) or attribute inference from a
 * sensitivity trace (`{ threat: 'ai', ... }`). Every field's kind is in `kinds`: β* is an
 * estimate, `certifiedLowerBound` (β* minus its error, or the mixture-convexity bound) is the
 * guarantee. With `combineWithDp` the result also carries the DP guarantee curve of the same run
 * and relation and the combined curve max(certifiedCurve, dp) (Cherubin et al. 2024, Prop. 8:
 * β* = 1 − δ(0); docs/math/bayes-security.md).
 *
 * @example analyzeBayesSecurity({ threat: 'mia', samplingRate: 0.01, noiseMultiplier: 1, steps: 100 }).attackSuccess // 0.539827837277029
 */
export function analyzeBayesSecurity(
  input: ({ readonly threat: 'mia' } & BayesMiaInput) | ({ readonly threat: 'ai' } & BayesAiInput),
  options: BayesAnalysisOptions = {},
): BayesSecurityAnalysis {
  requireOptions('input', input, input?.threat === 'mia' ? ['threat', ...MIA_INPUT_KEYS] : ['threat', 'samplingRate', 'noiseMultiplier', 'clip', 'sensitivities']);
  requireOptions('options', options, ['fprs', 'prior', 'combineWithDp']);
  const fprs = options.fprs ?? [0.001, 0.01, 0.1];
  const prior = requireProbability('prior', options.prior ?? 0.5);
  let bound: BayesSecurityBound;
  let mu: number;
  let neighbouring: NeighbouringRelation = 'substitution';
  let steps: number;
  let warning: string | undefined;
  let sensitivityNorm: number | undefined;
  if (input.threat === 'mia') {
    const { threat: _mia, ...miaInput } = input;
    const mia = bayesSecurityMia(miaInput);
    bound = boundFields(mia);
    neighbouring = mia.relation === 'substitution' ? 'substitution' : 'add-remove';
    steps = input.steps;
    mu = ((mia.relation === 'substitution' ? 2 : 1) * input.samplingRate * Math.sqrt(input.steps)) / input.noiseMultiplier;
  } else {
    const { threat: _ai, ...aiInput } = input;
    const ai = bayesSecurityAttributeInference(aiInput);
    bound = boundFields(ai);
    steps = ai.steps;
    mu = (input.samplingRate * ai.sensitivityNorm) / (input.noiseMultiplier * input.clip);
    warning = ai.warning;
    sensitivityNorm = ai.sensitivityNorm;
  }
  const beta = bound.bayesSecurity;
  const certified = bound.certifiedLowerBound;
  const certifiedRows = tprBoundFromBayesSecurity(certified, fprs);
  const certifiedCurve = epsilonDeltaTradeOff(0, 1 - certified);
  let withDp: { dp: DpSide; combined: CombinedSide } | undefined;
  if (options.combineWithDp === true) {
    // the DP guarantee of the same run: Poisson rate p, noise multiplier σ, T steps, same relation
    const dpCurve = dpSgdGuaranteeCurve({ samplingRate: input.samplingRate, noiseMultiplier: input.noiseMultiplier, steps: requireInteger('steps', steps, { min: 1 }), neighbouring });
    withDp = combineThreatWithDp({ threat: certifiedCurve, threatKind: 'guarantee', dp: dpCurve, neighbouring, fprs });
  }
  return {
    ...bound,
    threat: input.threat,
    neighbouring,
    kinds: BAYES_SECURITY_KINDS,
    advantage: 1 - beta,
    certifiedAdvantage: 1 - certified,
    attackSuccess: bayesAttackSuccess(beta, prior),
    certifiedAttackSuccess: bayesAttackSuccess(certified, prior),
    prior,
    tprAtFpr: tprBoundFromBayesSecurity(beta, fprs).map((row, i) => ({ ...row, tprCertified: (certifiedRows[i] as { tpr: number }).tpr })),
    curve: epsilonDeltaTradeOff(0, 1 - beta),
    certifiedCurve,
    ...(withDp !== undefined ? { dp: withDp.dp, combined: withDp.combined } : {}),
    gaussianApproximation: gaussianTradeOff(Number.isFinite(mu) ? mu : Number.MAX_VALUE),
    ...(sensitivityNorm !== undefined ? { sensitivityNorm } : {}),
    ...(warning !== undefined ? { warning } : {}),
  };
}
