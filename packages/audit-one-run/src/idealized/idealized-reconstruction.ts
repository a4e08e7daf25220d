/**
 * The idealised reconstruction game of [MMC] Algorithm 4 (k > 2), by seeded Monte Carlo
 * (docs/math/audit-one-run.md): there is no closed form.
 */
import { createRng, requireInRange, requireInteger, requireOptions } from '@dpbounds/special-functions';
import { MAX_IDEALIZED_DRAWS, requireIdealizedDrawsBounded } from './idealized-work-bound.js';

/** Input of {@link idealizedReconstructionMonteCarlo}. */
export interface IdealizedReconstructionInput {
  /** Noise multiplier σ > 0: the noise std over the sensitivity √2 of the options (so μ = 1/σ). */
  readonly noiseMultiplier: number;
  /** Number of canaries m ≥ 2. */
  readonly canaries: number;
  /** Number of guesses c′, 2 ≤ c′ ≤ m. */
  readonly guesses: number;
  /** Options per canary k ≥ 2 (bucket size). */
  readonly bucketSize: number;
  /** Monte-Carlo repetitions (default 100, as in the paper). */
  readonly runs?: number;
  /** Seed of the random stream (default 0): the same seed gives the same result. */
  readonly seed?: number;
}

/** Result of {@link idealizedReconstructionMonteCarlo}. */
export interface IdealizedReconstructionResult {
  /** Mean over runs of ⌈c′ × precision⌉. */
  readonly meanCorrect: number;
  /** Standard deviation of one run's ⌈c′ × precision⌉ (the Monte-Carlo error of the mean is sdPerRun/√runs). */
  readonly sdPerRun: number;
  /** The paper's integer observation: trunc(meanCorrect). */
  readonly correct: number;
  readonly runs: number;
}

/**
 * Monte-Carlo estimate of the correct guesses of the optimal reconstruction attacker in the
 * idealised setting of [MMC] Algorithm 4 with k options: each canary's secret u is uniform on
 * [k], the observation is y = e_u + √2σ·Z (k-dimensional), the guess is argmax_j y_j with
 * confidence softmax(y/(2σ²)) at the argmax (its posterior probability); the most confident
 * guesses are kept and precision = correct/kept; each run reports ⌈c′·precision⌉.
 * Reference quirk kept for parity with the fixtures: the threshold is the c′-th largest
 * confidence and selection is strict, so c′ − 1 guesses are kept.
 * By symmetry the secret is taken as option 0 (the law of everything else does not depend on it).
 * Cost: runs · m · k normal draws, at most {@link MAX_IDEALIZED_DRAWS} (2²⁸, refused before
 * any work), and 13 bytes per canary. Statistical accuracy: sdPerRun/√runs.
 * Domain: σ > 0 finite, integers m ≥ 2, 2 ≤ c′ ≤ m, k ≥ 2, runs ≥ 1, runs · m · k ≤ 2²⁸.
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the invalid argument.
 * @example idealizedReconstructionMonteCarlo({ noiseMultiplier: 1, canaries: 1000, guesses: 100, bucketSize: 10, seed: 1 }).meanCorrect // ≈ 41.6
 */
export function idealizedReconstructionMonteCarlo(input: IdealizedReconstructionInput): IdealizedReconstructionResult {
  requireOptions('input', input, ['noiseMultiplier', 'canaries', 'guesses', 'bucketSize', 'runs', 'seed']);
  const sigma = requireInRange('noiseMultiplier', input.noiseMultiplier, { min: 0, minExclusive: true });
  const m = requireInteger('canaries', input.canaries, { min: 2 });
  const cPrime = requireInteger('guesses', input.guesses, { min: 2, max: m });
  const k = requireInteger('bucketSize', input.bucketSize, { min: 2 });
  const runs = requireInteger('runs', input.runs ?? 100, { min: 1 });
  const seed = requireInRange('seed', input.seed ?? 0, {});
  requireIdealizedDrawsBounded(runs, m, k);
  const rng = createRng(seed);
  const noise = Math.SQRT2 * sigma;
  const inverseTemperature = 1 / (2 * sigma * sigma);
  const confidence = new Float64Array(m);
  const correct = new Uint8Array(m);
  const y = new Float64Array(k);
  const order = new Uint32Array(m);
  let sum = 0;
  let sumSquares = 0;
  for (let run = 0; run < runs; run++) {
    for (let i = 0; i < m; i++) {
      let best = 0;
      for (let j = 0; j < k; j++) {
        const value = (j === 0 ? 1 : 0) + noise * rng.normal();
        y[j] = value;
        if (value > (y[best] as number)) best = j;
      }
      const top = y[best] as number;
      let partition = 0;
      for (let j = 0; j < k; j++) partition += Math.exp(((y[j] as number) - top) * inverseTemperature);
      confidence[i] = 1 / partition;
      correct[i] = best === 0 ? 1 : 0;
      order[i] = i;
    }
    // sorted in place: a plain array of m indices would cost 8 bytes more per canary
    const sorted = order.sort((p, q) => (confidence[q] as number) - (confidence[p] as number));
    const threshold = confidence[sorted[cPrime - 1] as number] as number;
    let kept = 0;
    let hits = 0;
    for (const index of sorted) {
      if (!((confidence[index] as number) > threshold)) break;
      kept++;
      hits += correct[index] as number;
    }
    const precision = kept === 0 ? 0 : hits / kept;
    const n = Math.ceil(cPrime * precision);
    sum += n;
    sumSquares += n * n;
  }
  const meanCorrect = sum / runs;
  const variance = runs > 1 ? Math.max(0, (sumSquares - runs * meanCorrect * meanCorrect) / (runs - 1)) : 0;
  return { meanCorrect, sdPerRun: Math.sqrt(variance), correct: Math.trunc(meanCorrect), runs };
}
