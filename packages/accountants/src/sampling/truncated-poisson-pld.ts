/**
 * Truncated Poisson sampling (Poisson at rate q over N records; a batch larger than B is cut to
 * a uniformly random subset of B) with the Gaussian mechanism, priced as in dp_accounting's
 * `from_truncated_subsampled_gaussian_mechanism` (arXiv:2508.15089, 2025): with probability
 * p_T = P[Bin(N − 1, q) ≥ B] the batch holding the record is truncated and the step is bounded by
 * the substitution pair (sensitivity 2, noise multiplier σ/2) at the conditional inclusion rate
 * q_T = P[Bin(N, q) > B]·B/(p_T·N); otherwise it is the Poisson step (q, σ). The step's PLD is the
 * mixture of the two pessimistic PLDs (docs/math/batch-samplers.md, eq. (5)), then composed T
 * times by FFT. Both parts are connect-the-dots, so the result is an upper bound of the analysis.
 */
import { binomialSf, requireInRange, requireInteger } from '@dpbounds/special-functions';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { requireNeighbouring } from '../accountant.js';
import { requireBatchWithinDataset, requireOptions } from '../events/validate-event.js';
import { connectTheDotsPld } from '../pld/connect-the-dots.js';
import { pldEpsilonAt, type DiscretePld } from '../pld/discrete-pld.js';
import { autoDiscretizationInterval } from '../pld/pld-accountant.js';
import type { PsgDirection } from '../pld/psg-privacy-loss.js';
import { composeWithinBudget } from './compose-within-budget.js';
import { mixPlds } from './mix-plds.js';

/** A truncated-Poisson DP-SGD run. */
export interface TruncatedPoissonRun {
  /** Poisson rate q ∈ (0, 1]. */
  readonly samplingRate: number;
  /** Cap B on the batch size (integer, 1 ≤ B ≤ N). */
  readonly maxBatchSize: number;
  /** Number of records N. */
  readonly datasetSize: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
  /** Number of steps T ≥ 1. */
  readonly steps: number;
}

/**
 * The truncation probability p_T and conditional inclusion rate q_T of one step (see the module comment).
 *
 * @example truncationParameters(0.01, 12, 1000) // { truncationProbability: ≈0.3015, conditionalRate: ≈0.00826 }
 */
export function truncationParameters(samplingRate: number, maxBatchSize: number, datasetSize: number): { truncationProbability: number; conditionalRate: number } {
  requireInRange('samplingRate', samplingRate, { min: 0, max: 1 });
  requireBatchWithinDataset('', maxBatchSize, datasetSize, 'maxBatchSize');
  const pT = binomialSf(maxBatchSize - 1, datasetSize - 1, samplingRate);
  if (!(pT > 0)) return { truncationProbability: 0, conditionalRate: 0 };
  const qT = Math.min(1, (binomialSf(maxBatchSize, datasetSize, samplingRate) * maxBatchSize) / (pT * datasetSize));
  return { truncationProbability: Math.min(1, pT), conditionalRate: qT };
}

/** The directions priced for a relation and, per direction, the Poisson part's direction. */
function directionsFor(neighbouring: NeighbouringRelation): readonly PsgDirection[] {
  return neighbouring === 'substitution' ? ['replace'] : ['remove', 'add'];
}

/** Options of {@link truncatedPoissonPlds}. */
export interface TruncatedPoissonOptions {
  /** Grid step h > 0 (default: the PLD accountant's automatic step for the two parts). */
  readonly valueDiscretizationInterval?: number;
}

/**
 * The composed pessimistic PLDs of a truncated Poisson run: under substitution one (replace);
 * under add-remove four (remove and add, for a larger data set of N and of N + 1 records: the
 * addition neighbour truncates more often). The grid step is `valueDiscretizationInterval` or the PLD accountant's automatic
 * one for the two parts, coarsened (×1.5 at a time, still pessimistic) until the composition fits 2²² bins.
 *
 * @example truncatedPoissonPlds({ samplingRate: 0.01, maxBatchSize: 12, datasetSize: 1000, noiseMultiplier: 1, steps: 100 }, 'add-remove')
 */
export function truncatedPoissonPlds(run: TruncatedPoissonRun, neighbouring: NeighbouringRelation, options?: TruncatedPoissonOptions): DiscretePld[] {
  requireOptions('run', run, ['samplingRate', 'maxBatchSize', 'datasetSize', 'noiseMultiplier', 'steps'], false);
  requireNeighbouring(neighbouring);
  const o = requireOptions<TruncatedPoissonOptions>('options', options, ['valueDiscretizationInterval']);
  const q = requireInRange('samplingRate', run.samplingRate, { min: 0, minExclusive: true, max: 1 });
  const sigma = requireInRange('noiseMultiplier', run.noiseMultiplier, { min: 0, minExclusive: true });
  const steps = requireInteger('steps', run.steps, { min: 1 });
  // N and B are checked before N + 1 is formed (a BigInt or Symbol would throw a plain TypeError there)
  requireBatchWithinDataset('', run.maxBatchSize, run.datasetSize, 'maxBatchSize');
  // Under add-remove the data set holding the record has N records (removal from the user's data)
  // or N + 1 (addition to it); the larger one truncates more often, so both are priced.
  const sizes = neighbouring === 'substitution' ? [run.datasetSize] : [run.datasetSize, run.datasetSize + 1];
  const mixtures = sizes.map((size) => truncationParameters(q, run.maxBatchSize, size));
  const parts = [{ samplingRate: q, noiseMultiplier: sigma, count: steps }];
  for (const { truncationProbability: pT, conditionalRate: qT } of mixtures) if (pT > 0 && qT > 0) parts.push({ samplingRate: qT, noiseMultiplier: sigma / 2, count: steps });
  const h = o.valueDiscretizationInterval === undefined ? autoDiscretizationInterval(parts, 'substitution') : requireInRange('valueDiscretizationInterval', o.valueDiscretizationInterval, { min: 0, minExclusive: true, max: 1 });
  return composeWithinBudget((step) => {
    // Each one-step PLD is discretised once per grid step: the Poisson part of a direction is the
    // same for both data set sizes, the truncated part of a size the same for both directions
    // (it was built four times each under add-remove: half the work of a run, same numbers).
    const poissons = new Map(directionsFor(neighbouring).map((d) => [d, connectTheDotsPld(d, q, sigma, { h: step })] as const));
    return mixtures.flatMap(({ truncationProbability: pT, conditionalRate: qT }) => {
      const truncated = pT > 0 && qT > 0 ? connectTheDotsPld('replace', qT, sigma / 2, { h: step }) : undefined;
      return directionsFor(neighbouring).map((d) => {
        const poisson = poissons.get(d) as DiscretePld;
        return truncated === undefined ? poisson : mixPlds(truncated, poisson, pT);
      });
    });
  }, h, steps);
}

/**
 * ε(δ) of a truncated Poisson run: the largest over directions of the composed PLDs' ε
 * (an upper bound of dp_accounting's analysis: connect-the-dots and FFT truncation mass at +∞).
 *
 * @example truncatedPoissonEpsilon({ samplingRate: 256 / 60_000, maxBatchSize: 300, datasetSize: 60_000, noiseMultiplier: 1.1, steps: 1000 }, 1e-5)
 */
export function truncatedPoissonEpsilon(run: TruncatedPoissonRun, delta: number, neighbouring: NeighbouringRelation = 'add-remove', options?: TruncatedPoissonOptions): number {
  if (options !== undefined) requireOptions('options', options, ['valueDiscretizationInterval']);
  requireInRange('delta', delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  return Math.max(0, ...truncatedPoissonPlds(run, neighbouring, options).map((pld) => pldEpsilonAt(pld, delta)));
}
