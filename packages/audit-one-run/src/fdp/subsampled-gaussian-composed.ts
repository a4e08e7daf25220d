/**
 * The T-step Poisson-subsampled Gaussian hypothesis (DP-SGD with noise multiplier σ, rate q, T
 * steps) for the f-DP audit, through the privacy profile of `@dpbounds/accountants`' PLD
 * accountant (docs/math/audit-one-run.md: no closed form for T > 1).
 */
import { gaussianEvent, PldAccountant, poissonSampledEvent } from '@dpbounds/accountants';
import { tradeOffFromEpsilonDeltaPairs } from '@dpbounds/tradeoff-core';
import { blowUpInverseFromCurve, type BlowUpInverse } from './blow-up-inverse.js';

/** Number of ε values at which the profile is sampled. */
const PROFILE_POINTS = 160;
/** The profile is sampled on [0, ε(δ = 1e−15)] (capped at 60). */
const PROFILE_DELTA_FLOOR = 1e-15;

function accountant(noiseMultiplier: number, samplingRate: number, steps: number): PldAccountant {
  return new PldAccountant().compose(poissonSampledEvent(samplingRate, gaussianEvent(noiseMultiplier)), steps);
}

/**
 * f̄⁻¹ of T steps of the Poisson-subsampled Gaussian with noise multiplier σ = 1/`inverseNoise`
 * and rate q, add/remove neighbouring: the PLD accountant's (pessimistic) δ(ε) on 160 evenly
 * spaced ε in [0, ε(1e−15)], turned into the curve f = max_ε f_{ε,δ(ε)} ([DRS] Prop. 2.12, by
 * `tradeOffFromEpsilonDeltaPairs` of `@dpbounds/tradeoff-core`) and read as f̄⁻¹. Both
 * approximations (finitely many ε, δ rounded up) give a curve below the exact one, i.e. a weaker
 * hypothesis, so the audit stays conservative. `inverseNoise = 0` is perfect privacy.
 *
 * @example composedSubsampledGaussianBlowUpInverse(1 / 1.1, 0.01, 1000)(0.01) // ≤ 0.01
 */
export function composedSubsampledGaussianBlowUpInverse(inverseNoise: number, samplingRate: number, steps: number): BlowUpInverse {
  if (inverseNoise === 0) return (y: number): number => (y <= 0 ? 0 : y >= 1 ? 1 : y);
  const acc = accountant(1 / inverseNoise, samplingRate, steps);
  const top = Math.min(60, Math.max(1e-3, acc.getEpsilon(PROFILE_DELTA_FLOOR)));
  const epsilons = Array.from({ length: PROFILE_POINTS + 1 }, (_, j) => (top * j) / PROFILE_POINTS);
  // one sweep of the composed PLD for every ε (getDeltas), not one walk of the grid per ε
  const deltas = acc.getDeltas(epsilons);
  return blowUpInverseFromCurve(tradeOffFromEpsilonDeltaPairs(epsilons, deltas, { symmetric: true }));
}

/**
 * ε at δ of T steps of the Poisson-subsampled Gaussian (σ, q): the lower end of the PLD
 * accountant's error bounds, so that the empirical ε of an audit is never overstated.
 *
 * @example composedSubsampledGaussianEpsilon(1.1, 0.01, 1000, 1e-5) // ε of DP-SGD (lower error bound)
 */
export function composedSubsampledGaussianEpsilon(noiseMultiplier: number, samplingRate: number, steps: number, delta: number): number {
  return accountant(noiseMultiplier, samplingRate, steps).getEpsilonBounds(delta).lower;
}
