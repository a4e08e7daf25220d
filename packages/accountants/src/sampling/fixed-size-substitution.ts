/**
 * Fixed-size sampling without replacement under substitution (docs/math/batch-samplers.md,
 * eq. (2s)): each step is bounded by C_q(f) = min{f_q, f_q⁻¹}** with f the trade-off of the
 * sensitivity-2 Gaussian (Dong, Roth, Su 2022, subsampling without replacement), whose PLD is the
 * symmetrised remove/add PLD of the Poisson pair at rate q = b/N and noise multiplier σ/2.
 */
import { requireInRange, requireInteger, requireObject } from '@dpbounds/special-functions';
import { requireBatchWithinDataset, requireOptions } from '../events/validate-event.js';
import { connectTheDotsPld } from '../pld/connect-the-dots.js';
import { pldEpsilonAt, type DiscretePld } from '../pld/discrete-pld.js';
import { autoDiscretizationInterval } from '../pld/pld-accountant.js';
import { composeWithinBudget } from './compose-within-budget.js';
import { symmetrisedPld } from './symmetrised-pld.js';

/** A fixed-size DP-SGD run. */
export interface FixedSizeRun {
  readonly datasetSize: number;
  readonly batchSize: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
}

/**
 * The composed symmetrised PLD of a fixed-size run under substitution (grid: the PLD accountant's
 * automatic step for (b/N, σ/2), or `valueDiscretizationInterval`).
 *
 * @example fixedSizeSubstitutionPld({ datasetSize: 10_000, batchSize: 100, noiseMultiplier: 1.5, steps: 500 })
 */
export function fixedSizeSubstitutionPld(run: FixedSizeRun, options?: { readonly valueDiscretizationInterval?: number }): DiscretePld {
  requireObject('run', run);
  requireBatchWithinDataset('', run.batchSize, run.datasetSize);
  const sigma = requireInRange('noiseMultiplier', run.noiseMultiplier, { min: 0, minExclusive: true });
  const steps = requireInteger('steps', run.steps, { min: 1 });
  const q = run.batchSize / run.datasetSize;
  const half = sigma / 2;
  const o = requireOptions<{ readonly valueDiscretizationInterval?: number }>('options', options, ['valueDiscretizationInterval']);
  const h = o.valueDiscretizationInterval === undefined
    ? autoDiscretizationInterval([{ samplingRate: q, noiseMultiplier: half, count: steps }], 'add-remove')
    : requireInRange('valueDiscretizationInterval', o.valueDiscretizationInterval, { min: 0, minExclusive: true, max: 1 });
  const [pld] = composeWithinBudget((step) => [symmetrisedPld(connectTheDotsPld('remove', q, half, { h: step }), connectTheDotsPld('add', q, half, { h: step }))], h, steps);
  return pld as DiscretePld;
}

/**
 * ε(δ) of a fixed-size run under substitution (a guarantee: pessimistic grid, tail mass at +∞).
 *
 * @example fixedSizeSubstitutionEpsilon({ datasetSize: 10_000, batchSize: 100, noiseMultiplier: 1.5, steps: 500 }, 1e-5)
 */
export function fixedSizeSubstitutionEpsilon(run: FixedSizeRun, delta: number, options?: { readonly valueDiscretizationInterval?: number }): number {
  if (options !== undefined) requireOptions('options', options, ['valueDiscretizationInterval']);
  requireInRange('delta', delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  return Math.max(0, pldEpsilonAt(fixedSizeSubstitutionPld(run, options), delta));
}
