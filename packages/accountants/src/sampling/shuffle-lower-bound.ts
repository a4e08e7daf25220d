/**
 * A rigorous lower bound on the ε of DP-SGD with shuffled batches (docs/math/batch-samplers.md,
 * section 6, "Shuffling", eq. (9)–(10)): the lower bound of Chua, Ghazi, Kamath, Kumar,
 * Manurangsi, Sinha, Zhang, "How Private are DP-SGD Implementations?" (ICML 2024,
 * arXiv:2403.17673; one epoch, the max test on their pair) and its multi-epoch extension in
 * "Scalable DP-SGD: Shuffling vs. Poisson Subsampling" (same authors, NeurIPS 2024,
 * arXiv:2411.04205; persistent and dynamic shuffling).
 *
 * The loop cuts each epoch's permutation into batches of b and runs k = `batchesPerEpoch` of them
 * (default ⌈N/b⌉: the last, smaller batch is kept, PyTorch's `drop_last=False`; ⌊N/b⌋ with
 * `drop_last=True`, where the N − kb records left over sit the epoch out).
 * The pairs (one coordinate of the gradient, clip norm 1, batch sizes fixed by the permutation,
 * so every batch sum of the other records is known):
 * - add-remove, read as zero-out (the reading Chua et al. use for shuffled batches): every other
 *   record has gradient −1, the target has gradient +1 in D and is replaced by a zero-gradient
 *   record in D′. Centred at the known sums of the −1 records, per epoch the k outputs are
 *   i.i.d. N(0, σ²) but the target's batch, which is N(1, σ²) under D′ and N(2, σ²) under D
 *   (eq. (9z)): the pair P = MoG(2), Q = MoG(1) of Chua et al. (the authors' public code,
 *   google-research `dpsgd_batch_sampler_accounting`, uses the same means 2 and 1). The record is
 *   present in both data sets, so the attacker is not diluted by the k − 1 other batches as with
 *   a target whose absence leaves every output at 0 (the pair used here before, eq. (9), which
 *   is up to an order of magnitude weaker in ε at σ ≈ 1).
 * - substitution: every other record has gradient −1, the target +1 in D and −1 in D′. Under D′
 *   every output is at its known value and under D one of them is shifted by Δ = 2: eq. (9) at
 *   σ/2. (Poisson batches have random sizes, which is why these pairs hurt shuffling and not
 *   Poisson.)
 * The max test looks, per epoch, at the largest of the k centred outputs: its law does not
 * depend on which batch the target landed in (so unequal batch sizes do not matter). When the
 * loop drops the leftover records (kb < N) the target is in one of the k batches only with
 * probability p = kb/N; otherwise every output is at its null value in both data sets (eq. (9′)).
 * That statistic is what {@link maxTestEpsilonLowerBound} evaluates for balls-in-bins too
 * (binned, losses rounded down, composed without the window's tail: a lower bound on the
 * hockey-stick divergence of the pair, hence on the run's ε). It is reused here, not re-derived.
 *
 * - `dynamic` shuffling (a new permutation every epoch, PyTorch's DataLoader(shuffle=True)): the
 *   target's batch is independent across epochs, so the per-epoch pairs compose over the E full epochs.
 * - `persistent` shuffling (one permutation reused every epoch): the target's batch index is the
 *   same every epoch, so summing the E outputs of each batch index (post-processing) gives one
 *   epoch with σ/√E: the per-epoch pair at σ/√E, one epoch.
 * A partial last epoch is ignored (the attacker may discard outputs), which keeps the bound valid.
 */
import { DpboundsTypeError, requireInRange, requireInteger } from '@dpbounds/special-functions';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { requireNeighbouring } from '../accountant.js';
import { requireBatchesPerEpoch, requireBatchWithinDataset, requireOptions } from '../events/validate-event.js';
import { maxTestEpsilonLowerBound } from './balls-in-bins-lower-bound.js';

/** How the loop shuffles: a fresh permutation every epoch (`dynamic`) or one permutation reused (`persistent`). */
export type ShuffleMode = 'dynamic' | 'persistent';

/** A DP-SGD run with shuffled batches of size b (the last batch of an epoch may be smaller and is kept). */
export interface ShuffleRun {
  /** Number of records N (integer ≥ 1). */
  readonly datasetSize: number;
  /** Batch size b (integer, 1 ≤ b ≤ N). */
  readonly batchSize: number;
  /**
   * Batches per epoch k the loop runs (integer in [1, ⌈N/b⌉]): default ⌈N/b⌉ (the last, smaller
   * batch kept); ⌊N/b⌋ for a loop that drops it (`drop_last=True`).
   */
  readonly batchesPerEpoch?: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
  /** Number of steps T (integer ≥ 1); only the ⌊T/k⌋ full epochs enter the bound. */
  readonly steps: number;
  /** `dynamic` (default) or `persistent`. */
  readonly shuffle?: ShuffleMode;
  /** Neighbouring relation (default `add-remove`). */
  readonly neighbouring?: NeighbouringRelation;
}

/** The shuffle lower bound with how it was computed. */
export interface ShuffleEpsilonLowerBound {
  /** A lower bound on ε(δ) of the run (0 when no full epoch ran). */
  readonly value: number;
  readonly kind: 'lower-bound';
  readonly method: string;
  /** Full epochs E = ⌊T/k⌋ used by the bound. */
  readonly epochs: number;
  /** Batches per epoch k (the run's `batchesPerEpoch`, default ⌈N/b⌉). */
  readonly batchesPerEpoch: number;
  /** Probability that a record is in one of an epoch's batches: min(1, kb/N). */
  readonly presence: number;
  readonly shuffle: ShuffleMode;
  readonly neighbouring: NeighbouringRelation;
}

/**
 * The best lower bound known here on ε(δ) of DP-SGD with shuffled batches: the max test of
 * Chua et al. (ICML 2024, arXiv:2403.17673, single epoch; NeurIPS 2024, arXiv:2411.04205,
 * several epochs) evaluated exactly (no Monte Carlo), rounded down. `neighbouring`: `add-remove`
 * (default; the zero-out pair of Chua et al., target batch at 2 against 1) or `substitution` (the
 * ±1 pair, 2 against 0). Accuracy: below the max test's true divergence by at most E·h
 * (h ≤ 1e-3) in ε.
 *
 * Domain: 1 ≤ b ≤ N integers, k integer in [1, ⌈N/b⌉], σ > 0, T integer ≥ 1, δ ∈ (0, 1).
 *
 * @example shuffleEpsilonLowerBound({ datasetSize: 10_000, batchSize: 100, noiseMultiplier: 0.8, steps: 500 }, 1e-5).value
 */
export function shuffleEpsilonLowerBound(run: ShuffleRun, delta: number): ShuffleEpsilonLowerBound {
  requireOptions('run', run, ['datasetSize', 'batchSize', 'batchesPerEpoch', 'noiseMultiplier', 'steps', 'shuffle', 'neighbouring'], false);
  requireBatchWithinDataset('', run.batchSize, run.datasetSize);
  const batches = Math.ceil(run.datasetSize / run.batchSize);
  const k = run.batchesPerEpoch === undefined ? batches : requireShuffleBatchesPerEpoch('batchesPerEpoch', run.batchesPerEpoch, run.datasetSize, run.batchSize);
  const sigma = requireInRange('noiseMultiplier', run.noiseMultiplier, { min: 0, minExclusive: true });
  const steps = requireInteger('steps', run.steps, { min: 1 });
  requireInRange('delta', delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  const shuffle = run.shuffle ?? 'dynamic';
  if (shuffle !== 'dynamic' && shuffle !== 'persistent') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'shuffle', expected: '"dynamic" or "persistent"', found: shuffle });
  }
  const neighbouring = requireNeighbouring(run.neighbouring ?? 'add-remove');
  // substitution: the target's batch at 2 against 0 (σ/2, base 0); zero-out: at 2 against 1 (σ, base 1)
  const shift = neighbouring === 'substitution' ? 2 : 1;
  const baseShift = neighbouring === 'substitution' ? 0 : 1;
  const epochs = Math.floor(steps / k);
  // a loop that stops before the last batch leaves N − kb records out of the epoch
  const presence = k >= batches ? 1 : (k * run.batchSize) / run.datasetSize;
  const base = { kind: 'lower-bound' as const, epochs, batchesPerEpoch: k, presence, shuffle, neighbouring };
  const pair = neighbouring === 'substitution' ? 'the ±1 substitution pair (target batch at 2 against 0)' : 'the zero-out pair of Chua et al. (other records −1; target batch at 2 against 1)';
  const left = presence < 1 ? `, the record in one of them with probability kb/N = ${Number(presence.toPrecision(4))}` : '';
  if (epochs === 0) {
    return { ...base, value: 0, method: `no full epoch of ${k} batches ran (T = ${steps}): no lower bound above 0` };
  }
  if (shuffle === 'dynamic') {
    const value = maxTestEpsilonLowerBound({ batchesPerEpoch: k, presence, epochs, noiseMultiplier: sigma / shift, baseShift }, delta);
    return { ...base, value, method: `max test (largest of the ${k} batch outputs per epoch${left}) on ${pair}, composed over ${epochs} full epochs, exact and rounded down (Chua et al. 2024)` };
  }
  // one fixed permutation: the record's batch index, or its absence, is the same every epoch
  const value = maxTestEpsilonLowerBound({ batchesPerEpoch: k, presence, epochs: 1, noiseMultiplier: sigma / shift / Math.sqrt(epochs), baseShift }, delta);
  return { ...base, value, method: `max test on the ${k} per-batch sums over ${epochs} epochs of one fixed permutation (one epoch at σ/√E${left}) on ${pair}, exact and rounded down (Chua et al. 2024)` };
}

/**
 * Requires the batches per epoch of a shuffled loop with batches of b: an integer in
 * [1, ⌈N/b⌉] (a permutation of N records cut into batches of b has at most ⌈N/b⌉ of them;
 * docs/math/batch-samplers.md, section 6).
 *
 * @example requireShuffleBatchesPerEpoch('batchesPerEpoch', 2, 1000, 400) // 2
 */
export function requireShuffleBatchesPerEpoch(parameter: string, value: unknown, datasetSize: number, batchSize: number): number {
  const batches = Math.ceil(datasetSize / batchSize);
  return requireBatchesPerEpoch(parameter, value, datasetSize, { value: batches, name: '⌈datasetSize/batchSize⌉' });
}
