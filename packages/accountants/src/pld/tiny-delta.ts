/**
 * How a composed PLD grid answers a δ it cannot resolve, shared by the PLD accountant and the
 * truncated-Poisson sampler (docs/math/pld-tiny-delta.md §1 and §6): the δ below which the
 * FFT composition says nothing (its mass at +∞, or its float noise of 2.2e-16 per bin), the
 * smaller x-tail truncation of the one-step PLDs re-discretised for such a δ, the growth of the
 * grid step while one step's grid exceeds the work budget, and the ×4 coarsenings tried when a
 * tilted composition window exceeds it.
 */
import type { PldGroup } from './fft-composition.js';
import { tiltedEpsilon, type TiltedCompositionHook } from './tilted-tail.js';

/** Float noise of an FFT composition per bin (relative to the total mass 1): δ below ~ this × bins is not resolved. */
export const FFT_NOISE_PER_BIN = 2.220446049250313e-16;

/** Default log of the P-mass cut from each x tail of one step (connectTheDotsPld's and the PLD accountant's default, as dp_accounting). */
export const DEFAULT_LOG_MASS_TRUNCATION = -50;

/** Share of δ the mass at +∞ of a tiny-δ discretisation may take (it is added to δ whole). */
export const TINY_DELTA_INFINITY_SHARE = 1e-3;

/** Largest coarsening (×4 at a time) of the grid tried when a tilted window exceeds the work budget. */
export const TINY_DELTA_MAX_COARSENING: number = 4 ** 4;

/**
 * The δ at or below which a composed PLD of `bins` bins with mass `infinityMass` at +∞ cannot
 * answer: max(m∞, 2.2e-16·bins) (below the mass at +∞ its ε is +∞; below the float noise its
 * value is not certified). Domain: m∞ ∈ [0, 1], bins ≥ 0.
 *
 * @example unresolvedDeltaOf(1e-15, 2 ** 20) // ≈ 2.3e-10 (the float noise)
 */
export function unresolvedDeltaOf(infinityMass: number, bins: number): number {
  return Math.max(infinityMass, FFT_NOISE_PER_BIN * bins);
}

/**
 * The log of the P-mass cut from each x tail when the one-step PLDs of a `totalSteps`-step run are
 * re-discretised for a tiny δ: max(−700, min(`logMassTruncation`, log(10⁻³·δ/T))), so that the T
 * steps move at most about 10⁻³·δ to +∞ (−700 is the smallest the discretisation accepts; below
 * δ ≈ T·10⁻³⁰⁴ the mass at +∞ then exceeds δ). Domain: δ > 0, T ≥ 1.
 *
 * @example tinyDeltaLogMassTruncation(1e-30, 100, -50) // ≈ −80.6
 */
export function tinyDeltaLogMassTruncation(delta: number, totalSteps: number, logMassTruncation: number): number {
  return Math.max(-700, Math.min(logMassTruncation, Math.log((TINY_DELTA_INFINITY_SHARE * delta) / totalSteps)));
}

/**
 * The grid step, from `h` up, at which one step's grid (`pointsAt(step)` points, NaN counting as
 * too many) fits `maxGridPoints`: h grows by max(1.1, 1.1·points/maxGridPoints) at a time (a
 * coarser connect-the-dots grid is still pessimistic). Undefined when the grid is not finite, 41
 * steps do not fit, or the step would exceed `maxH`. `pointsAt` is called at most 42 times.
 *
 * @example fitStepToBudget(1e-4, (h) => connectTheDotsGrid('remove', 0.01, 1, h, -700).n, 2 ** 22, 10)
 */
export function fitStepToBudget(h: number, pointsAt: (step: number) => number, maxGridPoints: number, maxH: number): number | undefined {
  let step = h;
  for (let attempt = 0; ; attempt++) {
    const widest = pointsAt(step);
    if (widest <= maxGridPoints) return step;
    if (!(widest < Infinity) || attempt > 40) return undefined;
    step *= Math.max(1.1, (1.1 * widest) / maxGridPoints);
    if (!(step <= maxH)) return undefined;
  }
}

/**
 * ε(δ) of the composition of `stepsAt(coarsening)` by exponential tilting ({@link tiltedEpsilon},
 * a guarantee for that discretisation; docs/math/pld-tiny-delta.md): the grid the caller builds
 * for coarsening 1 first, then 4, 16, … up to {@link TINY_DELTA_MAX_COARSENING} while the tilted
 * window exceeds `maxWidth` bins (each coarser grid is still pessimistic). Undefined when
 * `stepsAt` returns undefined (no grid fits) or no coarsening fits. `stepsAt` is called at most
 * five times, each result tilted once; `beforeComposition` sees each tilted composition's width.
 *
 * @example tiltedEpsilonCoarsened((c) => [{ pld: connectTheDotsPld('remove', 0.01, 1, { h: 1e-4 * c, logMassTruncation: -80 }), count: 100 }], 1e-30, 2 ** 22)
 */
export function tiltedEpsilonCoarsened(stepsAt: (coarsening: number) => readonly PldGroup[] | undefined, delta: number, maxWidth: number, beforeComposition?: TiltedCompositionHook): number | undefined {
  let epsilon: number | undefined;
  for (let coarsening = 1; epsilon === undefined && coarsening <= TINY_DELTA_MAX_COARSENING; coarsening *= 4) {
    const groups = stepsAt(coarsening);
    if (groups === undefined) break;
    epsilon = tiltedEpsilon(groups, delta, maxWidth, true, beforeComposition);
  }
  return epsilon;
}
