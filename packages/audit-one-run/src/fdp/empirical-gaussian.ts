/**
 * Empirical μ of the f-DP one-run audit over the Gaussian-DP family ([MMC] §4 and Appendix code;
 * docs/math/audit-one-run.md).
 */
import { normalQuantile, requireInRange, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import { gdpEpsilon } from '@dpbounds/tradeoff-core';
import { gaussianBlowUpInverse } from './blow-up-inverse.js';
import { searchBoundaryUnchecked, type HypothesisFamily } from './empirical-boundary.js';
import { fdpRejectsUnchecked, resolveFdpInput, type FdpTestInput } from './fdp-test.js';

/**
 * Largest μ searched (σ = 1e−3, PrivacyGuard's smallest grid noise).
 *
 * @example fdpEmpiricalMu({ canaries: 10, guesses: 10, correct: 10 }).mu <= MAX_EMPIRICAL_MU // true
 */
export const MAX_EMPIRICAL_MU = 1000;

/** Result of {@link fdpEmpiricalMu}. */
export interface EmpiricalMuResult {
  /**
   * μ* = sup{μ : Algorithm 3 rejects μ-GDP}: a (1 − τ)-confidence lower bound on the μ of any
   * Gaussian-DP guarantee the mechanism satisfies (0 when nothing is rejected).
   */
  readonly mu: number;
  /** The empirical noise multiplier σ* = 1/μ* (Infinity when μ* = 0). */
  readonly noiseMultiplier: number;
  /** True when μ = 1000 is still rejected (μ* ≥ 1000 is reported as 1000). */
  readonly saturated: boolean;
}

/**
 * Cheap upper bracket of docs/math/audit-one-run.md: for c < c′ every μ ≥ Φ⁻¹(τc/m) − Φ⁻¹(τ(c′−c)/((k−1)m)) freezes
 * at the first step of Algorithm 3 and is not rejected. Undefined when unusable.
 */
function firstStepBracket(m: number, c: number, cPrime: number, k: number, tau: number): number | undefined {
  if (c >= cPrime) return undefined;
  const target = (tau * (cPrime - c)) / ((k - 1) * m);
  if (!(target < 1)) return undefined;
  const bound = normalQuantile((tau * c) / m) - normalQuantile(target);
  // A hair above the bound: at the bound itself the first step is a tie (not rejected either).
  return Number.isFinite(bound) && bound > 0 ? bound * (1 + 1e-9) + 1e-15 : undefined;
}

/** The Gaussian family with the first-step bracket for this observation. */
function gaussianFamily(m: number, c: number, cPrime: number, k: number, tau: number): HypothesisFamily {
  const upperBracket = firstStepBracket(m, c, cPrime, k, tau);
  return {
    blowUpInverse: gaussianBlowUpInverse,
    maxParameter: MAX_EMPIRICAL_MU,
    ...(upperBracket === undefined ? {} : { upperBracket }),
  };
}

/**
 * {@link fdpEmpiricalMu} on validated arguments.
 *
 * @example empiricalMuUnchecked(100000, 1429, 1500, 2, 0.05).mu // ≈ 0.7818
 */
export function empiricalMuUnchecked(m: number, c: number, cPrime: number, k: number, tau: number): EmpiricalMuResult {
  const { parameter, saturated } = searchBoundaryUnchecked(gaussianFamily(m, c, cPrime, k, tau), m, c, cPrime, k, tau);
  return { mu: parameter, noiseMultiplier: parameter === 0 ? Infinity : 1 / parameter, saturated };
}

/**
 * The empirical μ of the f-DP one-run audit ([MMC] Definition 7 over the μ-GDP family, decided by
 * Algorithm 3): the largest μ whose μ-GDP claim the observation rejects at confidence 1 − τ.
 * Rejection is monotone in μ, so μ* is found by bisection (continuous boundary, to relative width
 * 1e−12; the returned value is on the rejected side), bracketed by the closed-form first-step
 * bound (docs/math/audit-one-run.md). μ* does not depend on δ; {@link fdpAudit} converts it to ε at a δ.
 * It is a lower bound on the mechanism's true μ with probability ≥ 1 − τ for one pre-chosen guess
 * count (choosing the count after looking is multiple testing; see {@link selectMembershipGuesses}).
 *
 * Cost: ≈ 45 runs of Algorithm 3, each O(c) at most (m = 10⁵, c′ = 10³ takes about a millisecond).
 * Domain: as {@link fdpTest}. `c = 0`, `c′ = 0` or `c/c′ ≤ 1/k` give 0.
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the invalid argument.
 * @example fdpEmpiricalMu({ canaries: 100000, guesses: 1500, correct: 1429 }).mu // ≈ 0.7818 (σ* ≈ 1.279)
 */
export function fdpEmpiricalMu(input: FdpTestInput): EmpiricalMuResult {
  requireObject('input', input);
  const [m, c, cPrime, k, tau] = resolveFdpInput(input);
  return empiricalMuUnchecked(m, c, cPrime, k, tau);
}

/** The grid of noise multipliers of the reference implementations: σ_i = start + step·i, i = 0 … count − 1. */
export interface NoiseGrid {
  /** First noise multiplier σ₀ (PrivacyGuard default 0.001; the paper's example uses 0.6). */
  readonly start?: number;
  /** Spacing (default 0.01). */
  readonly step?: number;
  /** Number of grid points (default 1000). */
  readonly count?: number;
}

/** Result of {@link fdpEmpiricalGaussianGrid}. */
export interface GridAuditResult {
  /** Index of the first (smallest-noise) rejected σ_i, or null when no grid point is rejected. */
  readonly index: number | null;
  /** The noise multiplier σ_index, or null when no grid point is rejected. */
  readonly noiseMultiplier: number | null;
  /** 1/σ_index (0 when none is rejected). */
  readonly mu: number;
  /** gdpEpsilon(1/σ_index, δ) (0 when none is rejected). */
  readonly epsilon: number;
  /** True when σ_0 itself is rejected (the result saturates at the grid's start). */
  readonly saturated: boolean;
}

/**
 * The reference grid variant of the empirical Gaussian audit, for parity with the paper's
 * appendix code and Meta PrivacyGuard's `FDPAnalysisNode` (docs/math/audit-one-run.md): noise
 * candidates σ_i = σ₀ + step·i are tested from weak to strong claims and the first rejected one is
 * reported with ε(σ_i, δ) = gdpEpsilon(1/σ_i, δ). Since rejection is monotone in σ the first
 * rejected index is found by binary search (≈ 10 tests instead of up to 1000); it satisfies
 * σ_{i−1} < 1/μ* ≤ σ_i, so its ε is at most one grid step below {@link fdpEmpiricalMu}'s.
 * Quirks of the references not copied: no rejection reports 0 (PrivacyGuard reports σ = 9.991),
 * and ε is the exact conversion (PrivacyGuard bisects to 1e−3).
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the invalid argument.
 * @example fdpEmpiricalGaussianGrid({ canaries: 100000, guesses: 1500, correct: 1429 }, { delta: 1e-5 }).noiseMultiplier
 */
export function fdpEmpiricalGaussianGrid(input: FdpTestInput, options: NoiseGrid & { readonly delta?: number } = {}): GridAuditResult {
  requireObject('input', input);
  requireOptions('options', options, ['start', 'step', 'count', 'delta']);
  const [m, c, cPrime, k, tau] = resolveFdpInput(input);
  const sigma0 = requireInRange('options.start', options.start ?? 0.001, { min: 0, minExclusive: true });
  const step = requireInRange('options.step', options.step ?? 0.01, { min: 0, minExclusive: true });
  const count = requireInteger('options.count', options.count ?? 1000, { min: 1 });
  const delta = requireInRange('options.delta', options.delta ?? 1e-5, { min: 0, max: 1 });
  const sigmaAt = (i: number): number => sigma0 + step * i;
  const rejected = (i: number): boolean => {
    const blowUp = gaussianBlowUpInverse(1 / sigmaAt(i));
    return fdpRejectsUnchecked(blowUp, m, c, cPrime, k, tau);
  };
  const none: GridAuditResult = { index: null, noiseMultiplier: null, mu: 0, epsilon: 0, saturated: false };
  if (!rejected(count - 1)) return none;
  let lo = -1; // not rejected (virtual)
  let hi = count - 1; // rejected
  if (rejected(0)) hi = 0;
  else {
    lo = 0;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (rejected(mid)) hi = mid;
      else lo = mid;
    }
  }
  const sigma = sigmaAt(hi);
  const mu = 1 / sigma;
  return { index: hi, noiseMultiplier: sigma, mu, epsilon: gdpEpsilon(mu, delta), saturated: hi === 0 };
}
