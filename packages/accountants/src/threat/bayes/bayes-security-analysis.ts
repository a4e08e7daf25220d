/**
 * Bayes-security analysis of a DP-SGD run for the `dpbounds bayes-security` report
 * (Cherubin et al., USENIX Security 2024): the bound, what it means for attackers, and the
 * trade-off curves it implies.
 */
import { requireProbability } from '@dpbounds/special-functions';
import { epsilonDeltaTradeOff, gaussianTradeOff, tprBoundFromBayesSecurity } from '@dpbounds/tradeoff-core';
import type { TradeOffCurve } from '@dpbounds/tradeoff-core';
import type { BayesSecurityBound } from './bayes-security-bound.js';
import { bayesSecurityAttributeInference } from './bayes-security-ai.js';
import type { BayesAiInput } from './bayes-security-ai.js';
import { bayesSecurityMia } from './bayes-security-mia.js';
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

/** Result of {@link analyzeBayesSecurity}. */
export interface BayesSecurityAnalysis extends BayesSecurityBound {
  readonly threat: 'mia' | 'ai';
  /** 1 − β* (estimate). */
  readonly advantage: number;
  /** Bound on the success probability of an attacker with the given prior (estimate). */
  readonly attackSuccess: number;
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
}

/**
 * Analyses membership inference (`{ threat: 'mia', ... }`) or attribute inference from a
 * sensitivity trace (`{ threat: 'ai', ... }`).
 *
 * @example analyzeBayesSecurity({ threat: 'mia', samplingRate: 0.01, noiseMultiplier: 1, steps: 100 }).attackSuccess // 0.539827837277029
 */
export function analyzeBayesSecurity(
  input: ({ readonly threat: 'mia' } & BayesMiaInput) | ({ readonly threat: 'ai' } & BayesAiInput),
  options: BayesAnalysisOptions = {},
): BayesSecurityAnalysis {
  const fprs = options.fprs ?? [0.001, 0.01, 0.1];
  const prior = requireProbability('prior', options.prior ?? 0.5);
  let bound: BayesSecurityBound;
  let mu: number;
  let warning: string | undefined;
  let sensitivityNorm: number | undefined;
  if (input.threat === 'mia') {
    const mia = bayesSecurityMia(input);
    bound = boundFields(mia);
    mu = ((mia.relation === 'substitution' ? 2 : 1) * input.samplingRate * Math.sqrt(input.steps)) / input.noiseMultiplier;
  } else {
    const ai = bayesSecurityAttributeInference(input);
    bound = boundFields(ai);
    mu = (input.samplingRate * ai.sensitivityNorm) / (input.noiseMultiplier * input.clip);
    warning = ai.warning;
    sensitivityNorm = ai.sensitivityNorm;
  }
  const beta = bound.bayesSecurity;
  const certified = bound.certifiedLowerBound;
  const certifiedRows = tprBoundFromBayesSecurity(certified, fprs);
  return {
    ...bound,
    threat: input.threat,
    advantage: 1 - beta,
    attackSuccess: bayesAttackSuccess(beta, prior),
    prior,
    tprAtFpr: tprBoundFromBayesSecurity(beta, fprs).map((row, i) => ({ ...row, tprCertified: (certifiedRows[i] as { tpr: number }).tpr })),
    curve: epsilonDeltaTradeOff(0, 1 - beta),
    certifiedCurve: epsilonDeltaTradeOff(0, 1 - certified),
    gaussianApproximation: gaussianTradeOff(Number.isFinite(mu) ? mu : Number.MAX_VALUE),
    ...(sensitivityNorm !== undefined ? { sensitivityNorm } : {}),
    ...(warning !== undefined ? { warning } : {}),
  };
}
