/**
 * Empirical ε of the Steinke–Nasr–Jagielski one-run audit ([SNJ] arXiv 2305.08846, Algorithm 1
 * and Appendix D code; docs/math/audit-one-run.md).
 */
import { requireInRange, requireObject, requireOptions } from '@dpbounds/special-functions';
import { significanceFromConfidence, validateObservation, type OneRunObservation } from '../observation/observation.js';
import { steinkePValueUnchecked } from './steinke-p-value.js';
import { requireSteinkeWorkBounded } from './steinke-work-bound.js';

/** Options of {@link steinkeEmpiricalEpsilon}. */
export interface SteinkeAuditOptions {
  /** δ ∈ [0, 1] of the hypotheses tested (default 1e−5). */
  readonly delta?: number;
  /** Confidence level in (0, 1) (default 0.95; significance τ = 1 − confidence). */
  readonly confidence?: number;
}

/** Result of {@link steinkeEmpiricalEpsilon}. */
export interface SteinkeAuditResult {
  /** Largest ε whose (ε, δ)-DP claim is rejected at the given confidence (0 when none is). */
  readonly epsilon: number;
  readonly delta: number;
  readonly confidence: number;
  /** True when the search hit the cap ε = 1000 (the observation rejects every ε tried). */
  readonly saturated: boolean;
}

/** Largest ε searched; beyond it the result is reported as saturated. */
const EPSILON_CAP = 1000;
const WIDTH = 1e-12;

/**
 * Boundary search of docs/math/audit-one-run.md on valid arguments with significance τ: bracket in steps of 1,
 * then bisection keeping pValue(lo) < τ ≤ pValue(hi) until hi − lo ≤ 1e−12; returns lo.
 *
 * @example steinkeEpsilonUnchecked(1000, 10, 10, 0, 0.05).epsilon // 1.0518732…
 */
export function steinkeEpsilonUnchecked(m: number, r: number, v: number, delta: number, tau: number): { epsilon: number; saturated: boolean } {
  const rejected = (epsilon: number): boolean => steinkePValueUnchecked(m, r, v, epsilon, delta) < tau;
  if (!rejected(0)) return { epsilon: 0, saturated: false };
  let lo = 0;
  let hi = 1;
  while (rejected(hi)) {
    lo = hi;
    hi += 1;
    if (hi > EPSILON_CAP) return { epsilon: lo, saturated: true };
  }
  while (hi - lo > WIDTH) {
    const mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    if (rejected(mid)) lo = mid;
    else hi = mid;
  }
  return { epsilon: lo, saturated: false };
}

/**
 * The empirical ε of the [SNJ] audit: `sup{ε ≥ 0 : pValue(m, r, v, ε, δ) < 1 − confidence}`,
 * i.e. the largest ε whose (ε, δ)-DP claim the observation rejects at the given confidence.
 * It is a lower bound on the true ε with probability ≥ confidence (for one pre-chosen guess
 * count; see {@link selectMembershipGuesses} for the multiple-testing caveat).
 *
 * Procedure (exactly the reference implementation's): 0 if pValue(0) ≥ τ (includes
 * r = 0 and v = 0); otherwise bracket in steps of 1, then bisect to width 1e−12 and return the
 * rejected side, so the value is never optimistic. Accurate to ≈1e−12 absolute in ε (the
 * reference's 30 halvings give ≈1e−9). With δ = 0 the result does not depend on `canaries`.
 * Domain: counts as in {@link validateObservation} with guesses ≤ 10⁸; δ ∈ [0, 1]; confidence ∈ (0, 1).
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the invalid argument.
 * @example steinkeEmpiricalEpsilon({ canaries: 1000, guesses: 10, correct: 10 }, { delta: 0 }).epsilon // 1.0518732… (= logit(0.05^{1/10}))
 */
export function steinkeEmpiricalEpsilon(observation: OneRunObservation, options: SteinkeAuditOptions = {}): SteinkeAuditResult {
  requireObject('observation', observation);
  requireOptions('options', options, ['delta', 'confidence']);
  const { canaries, guesses, correct } = validateObservation(observation);
  const delta = requireInRange('delta', options.delta ?? 1e-5, { min: 0, max: 1 });
  const confidence = options.confidence ?? 0.95;
  const tau = significanceFromConfidence(confidence);
  requireSteinkeWorkBounded(guesses);
  const { epsilon, saturated } = steinkeEpsilonUnchecked(canaries, guesses, correct, delta, tau);
  return { epsilon, delta, confidence, saturated };
}
