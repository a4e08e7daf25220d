/**
 * The idealised membership game of [MMC] Algorithm 4 (k = 2), in closed form: the expected number
 * of correct guesses of the optimal attacker against a Gaussian mechanism (docs/math/audit-one-run.md).
 */
import { brentRoot, lgamma, normalSf, normalSfInverse, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';

/** Input of {@link idealizedExpectedCorrect}. */
export interface IdealizedMembershipInput {
  /** Noise multiplier σ > 0: the noise std of the Gaussian mechanism with sensitivity 1 (μ = 1/σ). */
  readonly noiseMultiplier: number;
  /** Number of canaries m ≥ 2. */
  readonly canaries: number;
  /** Number of guesses c′, 1 ≤ c′ ≤ m (⌈c′/2⌉ top-scored guessed "in", the rest bottom-scored "out"). */
  readonly guesses: number;
}

/** Result of {@link idealizedExpectedCorrect}. */
export interface IdealizedMembershipResult {
  /** E[c′ × precision of the top-K selection] (K = ⌈c′/2⌉), accurate to ≈1e−9 relative. */
  readonly expectedCorrect: number;
  /** The integer observation to audit: round(expectedCorrect) (halves round up). */
  readonly correct: number;
}

const SIMPSON_INTERVALS = 4000;
const WINDOW_SD = 20;

/**
 * The expected number of correct guesses of the optimal membership attacker in the idealised
 * setting of [MMC] Algorithm 4 (k = 2): canaries s_i = ±1 with probability ½, scores
 * x_i = s_i + 2σZ_i, the attacker guesses "in" for the K = ⌈c′/2⌉ largest scores (and "out" for
 * as many smallest, with the same expected precision). With S(x) = P[score > x] and
 * A(u) = ½Q((S⁻¹(u) − 1)/(2σ)),
 *
 * `expectedCorrect = c′ · (m/K) · E[A(W)]`, `W ~ Beta(K, m − K)` (docs/math/audit-one-run.md; exact, by
 * conditioning on canary 1 being among the top K and integrating by parts).
 *
 * E[A(W)] by composite Simpson (4000 intervals) over mean ± 20 sd of the Beta law (clipped to
 * [0, 1]) with a log-space density; S⁻¹ by Brent's method on the bracket
 * [−1 + 2σQ⁻¹(u), 1 + 2σQ⁻¹(u)]. Relative accuracy ≈1e−9 against the fixtures (tolerance 1e−7).
 * The paper averages 100 Monte-Carlo runs and truncates; this is the expectation it estimates.
 * For σ > 1 the scores are computed divided by 2σ (means ±1/(2σ), noise sd 1), the same game,
 * so any finite σ up to `Number.MAX_VALUE` is evaluated without overflow (the count tends to c′/2).
 * Domain: σ > 0 finite, integers m ≥ 2 and 1 ≤ c′ ≤ m.
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the invalid argument.
 * @example idealizedExpectedCorrect({ noiseMultiplier: 1, canaries: 100000, guesses: 1500 }).expectedCorrect // ≈ 1428.672 (the paper uses c = 1429)
 */
export function idealizedExpectedCorrect(input: IdealizedMembershipInput): IdealizedMembershipResult {
  requireOptions('input', input, ['noiseMultiplier', 'canaries', 'guesses']);
  const sigma = requireInRange('noiseMultiplier', input.noiseMultiplier, { min: 0, minExclusive: true });
  const m = requireInteger('canaries', input.canaries, { min: 2 });
  const cPrime = requireInteger('guesses', input.guesses, { min: 1, max: m });
  const K = Math.ceil(cPrime / 2);
  // Scores in units where the two means are ±shift and the noise sd is spread: the game's own
  // units (±1, 2σ) for σ ≤ 1, those divided by 2σ (±1/(2σ), 1) above, so that neither 2σ
  // (σ ≥ 2^1023 overflows) nor 1/(2σ) (tiny σ overflows) is ever formed where it overflows.
  const { shift, spread } = sigma <= 1 ? { shift: 1, spread: 2 * sigma } : { shift: 0.5 / sigma, spread: 1 };
  const survival = (x: number): number => 0.5 * normalSf((x - shift) / spread) + 0.5 * normalSf((x + shift) / spread);
  const inverseSurvival = (u: number): number => {
    const centre = spread * normalSfInverse(u);
    const lo = centre - shift;
    const hi = centre + shift;
    const root = brentRoot((x) => survival(x) - u, lo, hi, { rtol: 1e-15, xtol: 1e-14 });
    return Number.isNaN(root) ? centre : root;
  };
  const correctMass = (u: number): number => {
    if (u <= 0) return 0;
    if (u >= 1) return 0.5;
    return 0.5 * normalSf((inverseSurvival(u) - shift) / spread);
  };
  // Beta(K, m − K) density in log space.
  const a = K;
  const b = m - K;
  const logNorm = lgamma(m) - lgamma(a) - lgamma(b);
  const logDensity = (u: number): number => {
    if (u <= 0 || u >= 1) return -Infinity;
    return (a - 1 === 0 ? 0 : (a - 1) * Math.log(u)) + (b - 1 === 0 ? 0 : (b - 1) * Math.log1p(-u)) + logNorm;
  };
  const mean = a / m;
  const sd = Math.sqrt((a * b) / (m * m * (m + 1)));
  const lo = Math.max(0, mean - WINDOW_SD * sd);
  const hi = Math.min(1, mean + WINDOW_SD * sd);
  const h = (hi - lo) / SIMPSON_INTERVALS;
  let sum = 0;
  for (let j = 0; j <= SIMPSON_INTERVALS; j++) {
    const u = lo + j * h;
    const weight = j === 0 || j === SIMPSON_INTERVALS ? 1 : j % 2 === 1 ? 4 : 2;
    const density = Math.exp(logDensity(u));
    if (density > 0) sum += weight * density * correctMass(u);
  }
  const expectation = (sum * h) / 3;
  const expectedCorrect = cPrime * (m / K) * expectation;
  return { expectedCorrect, correct: Math.floor(expectedCorrect + 0.5) };
}
