/**
 * What a Bayes-security value means for an attacker (Cherubin et al., USENIX Security 2024,
 * §2.3, §4.2, Prop. 9) and its rough relation to (ε, δ)-DP.
 */
import { DpboundsRangeError, requireInRange, requireProbability } from '@dpbounds/special-functions';
import { bestAttackAccuracy, epsilonDeltaTradeOff } from '@dpbounds/tradeoff-core';

function requireBeta(beta: number, parameter = 'bayesSecurity'): number {
  return requireProbability(parameter, beta);
}

/**
 * Upper bound on the success probability of any attacker who knows the prior π = Pr[secret = 1]:
 * 1 − β*·min(π, 1 − π) (Bayes security is the minimum over priors of the ratio of error
 * probabilities with and without the output; Chatzikokolakis et al., via Cherubin et al. §2.3).
 * Equality at π = ½: (1 + advantage)/2.
 *
 * Domain: β* ∈ [0, 1], π ∈ [0, 1] (default ½).
 *
 * @example bayesAttackSuccess(0.98) // 0.51
 */
export function bayesAttackSuccess(beta: number, prior = 0.5): number {
  const b = requireBeta(beta);
  const pi = requireProbability('prior', prior);
  // The curve max(0, β* − α) = (0, 1 − β*)-DP carries exactly the information "TV ≤ 1 − β*";
  // tradeoff-core reads the Bayes-optimal accuracy off it: 1 − β*·min(π, 1 − π).
  return bestAttackAccuracy(epsilonDeltaTradeOff(0, 1 - b), pi);
}

/**
 * Rough ε implied by a Bayes security β* at a given δ: an (ε, δ)-DP mechanism has
 * β* ≥ (2 − 2δ)/(e^ε + 1), so β* forces ε ≥ ln((2 − 2δ − β*)/β*). Returned as
 * max(0, ·) since ε ≥ 0. Only a rough indicator (the authors' caveat): the ε of a run is usually
 * much larger than this.
 *
 * Domain: β* ∈ (0, 1], δ ∈ [0, 1) with 2 − 2δ − β* > 0.
 *
 * @example epsilonFromBayesSecurity(0.9781517624519831, 1e-8) // 0.04370341028734318
 */
export function epsilonFromBayesSecurity(beta: number, delta: number): number {
  const b = requireInRange('bayesSecurity', beta, { min: 0, minExclusive: true, max: 1 });
  const d = requireInRange('delta', delta, { min: 0, max: 1, maxExclusive: true });
  const slack = 2 - 2 * d - b;
  if (!(slack > 0)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'delta', expected: `such that 2 − 2·delta − bayesSecurity > 0 (delta < ${(2 - b) / 2})`, found: d });
  }
  return Math.max(0, Math.log(slack / b));
}

/**
 * The Bayes security guaranteed by (ε, δ)-DP: β* ≥ (2 − 2δ)/(e^ε + 1) (Cherubin et al. 2024,
 * §4.2). Computed as (2 − 2δ)·e^{−ε}/(1 + e^{−ε}) to avoid overflow.
 *
 * Domain: ε ≥ 0, δ ∈ [0, 1].
 *
 * @example bayesSecurityFromEpsilonDelta(1, 1e-5) // 0.5378774639115629
 */
export function bayesSecurityFromEpsilonDelta(epsilon: number, delta: number): number {
  const e = requireInRange('epsilon', epsilon, { min: 0, max: Infinity });
  const d = requireProbability('delta', delta);
  const x = Math.exp(-e);
  return Math.min(1, ((2 - 2 * d) * x) / (1 + x));
}
