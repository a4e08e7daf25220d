/**
 * The white-box score of a Dirac canary (gradient C·e_j on its own coordinate j) from the
 * released noisy sums u_t on that coordinate: the log-likelihood ratio of "included" against
 * "excluded" under the Poisson-subsampled Gaussian law (Steinke, Nasr & Jagielski 2023, §7;
 * docs/math/audit-one-run.md §"Canaries that follow the batch sampler"). An included canary
 * adds C to u_t with probability p at each step; the noise is N(0, σ²C²); the other records'
 * contribution to the coordinate is treated as negligible. With ℓ_t = (u_t/C − ½)/σ²,
 * s_j = Σ_t log(1 − p + p·e^{ℓ_t}); with σ = 0 the ratio is degenerate and s_j = Σ_t u_t, and so it
 * is for a noise so small that 1/σ² leaves double precision (σ below {@link NEGLIGIBLE_NOISE}).
 *
 * One implementation for the trainer's `diracCanaryInstrument` and for released values recorded
 * in another framework (`dpbounds audit --released`), together with the robust noise scale that
 * lets the latter score at a measured σ instead of the claimed one
 * (docs/math/audit-one-run.md §"Scoring at a measured noise scale").
 */
import { logAddExp, requireFiniteArray, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import { DpboundsRangeError } from '@dpbounds/special-functions';

/** The law the score assumes: per-step inclusion probability, noise multiplier and clip norm. */
export interface DiracCanaryScoreOptions {
  /** Probability p ∈ (0, 1] that an inserted canary joins a step's sum (the Poisson rate q). */
  readonly samplingRate: number;
  /** Noise multiplier σ ≥ 0 the score assumes (noise standard deviation / C); 0 (or below {@link NEGLIGIBLE_NOISE}): the score is Σ_t u_t. */
  readonly noiseMultiplier: number;
  /** Clip norm C > 0: an included canary adds C to its coordinate (in the units of the released values). */
  readonly clipNorm: number;
}

/** Options of {@link diracCanaryScores}: the law, and the number of canaries m (columns). */
export interface DiracCanaryScoresOptions extends DiracCanaryScoreOptions {
  /** Number of canaries m: `released` holds T rows of m values, row-major. */
  readonly canaries: number;
}

/**
 * Noise (σ, or σ·C for a score scaled by 1/(σC)²) below which a canary score is computed as for
 * σ = 0: 1/σ² ≥ 1e200 there, so one step's ratio ℓ = (u/C − ½)/σ² of a released value of
 * 1e108 or more would overflow to ±∞ (and 0/0 give NaN where σ² underflows to 0, σ below about
 * 1e-162), and a sum of such ratios leaves double precision. The σ = 0 score ranks the canaries
 * as the noiseless release does, which is all the audits read (they take the top-scored guesses).
 *
 * @example 1e-320 < NEGLIGIBLE_NOISE // true: `dpbounds train --noise-multiplier 1e-320` scores as σ = 0
 */
export const NEGLIGIBLE_NOISE = 1e-100;

/**
 * True when a score at noise multiplier `noiseMultiplier` is computed as for σ = 0 (σ = 0, or σ
 * below {@link NEGLIGIBLE_NOISE}). Domain: σ ≥ 0.
 *
 * @example scoresAsNoiseless(1e-320) // true
 * @example scoresAsNoiseless(0.5) // false
 */
export function scoresAsNoiseless(noiseMultiplier: number): boolean {
  return noiseMultiplier < NEGLIGIBLE_NOISE;
}

/**
 * ℓ = (u/C − ½)/σ², the log-likelihood ratio of N(C, σ²C²) against N(0, σ²C²) at u (σ > 0).
 * Building block of {@link diracCanaryStepScore} and of the per-epoch score of the trainer's
 * instrument; not validated (callers validate once).
 *
 * @example diracCanaryLogRatio(1, 1, 1) // 0.5
 */
export function diracCanaryLogRatio(released: number, clipNorm: number, noiseMultiplier: number): number {
  return (released / clipNorm - 0.5) / noiseMultiplier ** 2;
}

function validate(options: DiracCanaryScoreOptions): DiracCanaryScoreOptions {
  return {
    samplingRate: requireInRange('samplingRate', options.samplingRate, { min: 0, minExclusive: true, max: 1 }),
    noiseMultiplier: requireInRange('noiseMultiplier', options.noiseMultiplier, { min: 0 }),
    clipNorm: requireInRange('clipNorm', options.clipNorm, { min: 0, minExclusive: true }),
  };
}

/**
 * The score of one step as a function of the released value u on the canary's coordinate:
 * log(1 − p + p·exp((u/C − ½)/σ²)) (ℓ itself when p = 1; u itself when σ = 0). Summed over the
 * steps it is the canary's score (higher = more likely included). Validates once, so the
 * returned function can run in a per-canary, per-step loop.
 *
 * Domain: p ∈ (0, 1], σ ≥ 0, C > 0; u finite (an infinite u gives ±∞, never NaN).
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming `samplingRate`, `noiseMultiplier` or `clipNorm`.
 * @example diracCanaryStepScore({ samplingRate: 1, noiseMultiplier: 1, clipNorm: 1 })(1) // 0.5
 */
export function diracCanaryStepScore(options: DiracCanaryScoreOptions): (released: number) => number {
  requireOptions('options', options, ['samplingRate', 'noiseMultiplier', 'clipNorm']);
  const { samplingRate: q, noiseMultiplier: sigma, clipNorm: C } = validate(options);
  if (scoresAsNoiseless(sigma)) return (u) => u;
  if (q === 1) return (u) => diracCanaryLogRatio(u, C, sigma);
  const logKeep = Math.log1p(-q);
  const logQ = Math.log(q);
  return (u) => logAddExp(logKeep, logQ + diracCanaryLogRatio(u, C, sigma));
}

/**
 * Scores of m Dirac canaries from a T × m matrix of released values (row-major: row t holds
 * step t's released noisy sum on each canary's coordinate): s_j = Σ_t of
 * {@link diracCanaryStepScore}. The scores use no inclusion bit, so any audit of them is valid
 * whatever σ they assume (docs/math/audit-one-run.md §"Scoring at a measured noise scale").
 *
 * Domain: `released.length` a positive multiple of `canaries`, finite values.
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming `released`, `canaries` or a law field.
 * @example diracCanaryScores([1, 0, 1, 0], { canaries: 2, samplingRate: 1, noiseMultiplier: 1, clipNorm: 1 }) // Float64Array [1, -1]
 */
export function diracCanaryScores(released: ArrayLike<number>, options: DiracCanaryScoresOptions): Float64Array {
  requireOptions('options', options, ['canaries', 'samplingRate', 'noiseMultiplier', 'clipNorm']);
  const m = requireInteger('canaries', options.canaries, { min: 1 });
  const values = requireFiniteArray('released', released, { minLength: 1 });
  if (values.length % m !== 0) {
    throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'released', expected: `T × canaries = T × ${m} values (row-major)`, found: `${values.length} values` });
  }
  const step = diracCanaryStepScore({ samplingRate: options.samplingRate, noiseMultiplier: options.noiseMultiplier, clipNorm: options.clipNorm });
  const scores = new Float64Array(m);
  for (let t = 0; t < values.length; t += m) {
    for (let j = 0; j < m; j++) scores[j] = (scores[j] as number) + step(values[t + j] as number);
  }
  return scores;
}

/** 1/Φ⁻¹(¾): the median absolute deviation of N(0, s²) is s/1.482602…. */
const MAD_TO_SD = 1.482602218505602;

/**
 * A robust estimate of the noise standard deviation in released values: 1.4826 × the median
 * absolute deviation from the median of all entries, computed without any inclusion bit.
 * With Gaussian noise of standard deviation s it tends to s; a fraction c < ½ of entries shifted
 * by the canaries (c ≈ q/2 when half the canaries are inserted) moves it by O(c)·s only, where the
 * sample standard deviation would add the shifts' spread. It reads real-gradient components on
 * the canary coordinates as noise (a larger scale: a weaker score, never an invalid audit).
 * Divide by the clip norm for a noise multiplier.
 *
 * Domain: a non-empty array of finite numbers; returns 0 when more than half the entries are equal.
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming `released`.
 * @example releasedNoiseScale([-1, 0, 1]) // 1.4826…
 */
export function releasedNoiseScale(released: ArrayLike<number>): number {
  const values = Float64Array.from(requireFiniteArray('released', released, { minLength: 1 }));
  const center = medianInPlace(values);
  for (let i = 0; i < values.length; i++) values[i] = Math.abs((values[i] as number) - center);
  return MAD_TO_SD * medianInPlace(values);
}

/** Median of `values` (sorts them in place). */
function medianInPlace(values: Float64Array): number {
  values.sort();
  const n = values.length;
  const mid = n >> 1;
  return n % 2 === 1 ? (values[mid] as number) : ((values[mid - 1] as number) + (values[mid] as number)) / 2;
}
