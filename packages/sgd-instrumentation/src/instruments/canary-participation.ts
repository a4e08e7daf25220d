/**
 * Which steps a gradient canary joins: the law one record's batch participation has under the
 * run's batch sampler (docs/math/trainer-batch-samplers.md §"Canaries that follow the sampler"),
 * drawn for each canary independently of the other canaries, of the records and of the secret
 * inclusion bits. Two shapes:
 *
 * - per step (`poisson`, `fixed-size`, `truncated-poisson`): a record is in step t's batch with a
 *   fixed probability p, independently across steps; p = q = L/N for Poisson, b/N for fixed-size
 *   (the marginal of a uniform b-subset), and E[min(X, B)]/N with X ~ Binomial(N, q) for
 *   truncated Poisson (drawn at rate q, then kept by the cap's uniform displacement).
 * - per epoch (`shuffle`, `balls-in-bins`): the run's epochs are its blocks of k steps; in each a
 *   record is in at most one batch. Balls-in-bins: batch j with probability 1/k each. Shuffling
 *   (k = ⌊N/L⌋): a uniform position among N, batch ⌊position/L⌋ (probability L/N each) or none
 *   with probability (N − kL)/N (the tail of the permutation sits the epoch out).
 *
 * For its own participation a canary drawn this way is exactly one more record; it displaces no
 * record, so its privacy loss is that of a record of the sampler in a data set whose other
 * records have gradient 0, which the sampler's add-remove guarantee covers.
 */
import { binomialCdf, binomialSf, DpboundsRangeError, type Rng } from '@dpbounds/special-functions';
import type { SamplerDescription, SamplingName } from '../training/samplers/batch-sampler.js';
import type { RunInfo } from './instrument.js';

/** The law of one canary's batch participation (see the module comment). */
export interface CanaryParticipationLaw {
  readonly sampler: SamplingName;
  /** Steps per block: 1 (independent steps) or the k batches of an epoch. */
  readonly blockSteps: number;
  /** Probability that the canary is in a given step's batch. */
  readonly stepProbability: number;
  /** Probability that the canary is in none of the first `steps` steps of a block (1 ≤ steps ≤ blockSteps). */
  outside(steps: number): number;
  /** Per-epoch laws: draws the batch of the epoch a canary joins, in [0, blockSteps], blockSteps meaning none. */
  readonly drawBatch?: (rng: Rng) => number;
  /** The law in words, for traces. */
  readonly words: string;
}

/**
 * The probability E[min(X, B)]/N that a truncated-Poisson batch (rate q, cap B, X ~ Bin(N, q))
 * holds a given record: E[X·1{X ≤ B}] = Nq·P[Bin(N − 1, q) ≤ B − 1] plus B·P[X > B]
 * (docs/math/trainer-batch-samplers.md §"Canaries that follow the sampler").
 *
 * Domain: N ≥ 1, q in (0, 1], B in [1, N] (checked by the sampler and the trainer).
 *
 * @example truncatedPoissonInclusion(200, 0.1, 22) // ≈ 0.0968, below q = 0.1
 */
export function truncatedPoissonInclusion(datasetSize: number, samplingRate: number, maxBatchSize: number): number {
  const N = datasetSize;
  const q = samplingRate;
  const B = maxBatchSize;
  const kept = N === 1 ? q : q * binomialCdf(B - 1, N - 1, q);
  return Math.min(q, kept + (B / N) * binomialSf(B, N, q));
}

/** The run's sampler: the description the trainer recorded, or one derived from `sampling`. */
function samplerOf(run: RunInfo): SamplerDescription {
  if (run.sampler !== undefined) return run.sampler;
  const N = run.data.size;
  const L = run.expectedBatchSize;
  switch (run.sampling) {
    case 'shuffle':
      return { name: 'shuffle', datasetSize: N, expectedBatchSize: L, samplingRate: 1 / Math.max(1, Math.floor(N / L)), batchesPerEpoch: Math.max(1, Math.floor(N / L)) };
    case 'balls-in-bins': {
      const k = Math.max(1, Math.round(N / L));
      return { name: 'balls-in-bins', datasetSize: N, expectedBatchSize: N / k, samplingRate: 1 / k, batchesPerEpoch: k };
    }
    case 'truncated-poisson':
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'run.sampler.maxBatchSize', expected: "the cap of the run's truncated-Poisson batches (run.sampler, as trainDpSgd records it)", found: 'absent' });
    default:
      return { name: run.sampling, datasetSize: N, expectedBatchSize: L, samplingRate: run.samplingRate };
  }
}

const fmt = (x: number): string => String(Number(x.toPrecision(6)));

/**
 * The participation law of a canary in this run (module comment).
 *
 * @throws DpboundsRangeError naming `run.sampler.maxBatchSize` for truncated-Poisson batches
 *   without their cap.
 * @example canaryParticipationLaw(run).stepProbability // q for a Poisson run
 */
export function canaryParticipationLaw(run: RunInfo): CanaryParticipationLaw {
  const s = samplerOf(run);
  const N = s.datasetSize;
  switch (s.name) {
    case 'balls-in-bins': {
      const k = s.batchesPerEpoch ?? 1;
      return { sampler: s.name, blockSteps: k, stepProbability: 1 / k, outside: (r) => (k - r) / k, drawBatch: (rng) => rng.integer(k), words: `one batch per epoch of ${k}, each with probability 1/${k} (balls-in-bins)` };
    }
    case 'shuffle': {
      const k = s.batchesPerEpoch ?? 1;
      const L = s.expectedBatchSize;
      return {
        sampler: s.name,
        blockSteps: k,
        stepProbability: L / N,
        outside: (r) => (N - r * L) / N,
        // a uniform position in the epoch's permutation; the last N − kL positions sit it out
        drawBatch: (rng) => Math.min(k, Math.floor(rng.integer(N) / L)),
        words: `at most one batch per epoch of ${k}: each with probability ${L}/${N}, none with probability ${N - k * L}/${N} (shuffling)`,
      };
    }
    case 'truncated-poisson': {
      const B = s.maxBatchSize as number;
      const p = truncatedPoissonInclusion(N, s.samplingRate, B);
      return { sampler: s.name, blockSteps: 1, stepProbability: p, outside: () => 1 - p, words: `each step independently with probability E[min(X, ${B})]/N = ${fmt(p)}, X ~ Binomial(${N}, ${fmt(s.samplingRate)}) (truncated Poisson: drawn at rate q, kept by the cap)` };
    }
    default: {
      const p = s.samplingRate;
      const how = s.name === 'fixed-size' ? `b/N = ${fmt(p)} (a record's probability in a fixed-size batch)` : `q = ${fmt(p)} (Poisson)`;
      return { sampler: s.name, blockSteps: 1, stepProbability: p, outside: () => 1 - p, words: `each step independently with probability ${how}` };
    }
  }
}

/** Draws which canaries are in each step's batch; `next` is called once per step, in order. */
export interface CanaryParticipation {
  /** 1 at the canaries in step `step`'s batch (the array is reused). */
  next(step: number): Uint8Array;
}

/**
 * Draws the participation of `count` canaries under `law` from `rng`, one canary after another
 * (every canary draws, whatever its secret bit). Per-step laws take one Bernoulli draw per canary
 * and step; per-epoch laws draw each canary's batch of the epoch at the epoch's first step.
 *
 * @example const draws = canaryParticipation(canaryParticipationLaw(run), 100, rng); draws.next(0);
 */
export function canaryParticipation(law: CanaryParticipationLaw, count: number, rng: Rng): CanaryParticipation {
  const inBatch = new Uint8Array(count);
  const k = law.blockSteps;
  const draw = law.drawBatch;
  if (draw === undefined) {
    const p = law.stepProbability;
    return {
      next() {
        for (let j = 0; j < count; j++) inBatch[j] = rng.bernoulli(p) ? 1 : 0;
        return inBatch;
      },
    };
  }
  /** The batch of the epoch each canary joins (k: none). */
  const batchOf = new Uint32Array(count);
  return {
    next(step: number) {
      const b = step % k;
      if (b === 0) for (let j = 0; j < count; j++) batchOf[j] = draw(rng);
      for (let j = 0; j < count; j++) inBatch[j] = batchOf[j] === b ? 1 : 0;
      return inBatch;
    },
  };
}
