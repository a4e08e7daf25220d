/**
 * The DP accounting of a run file, one accountant and relation at a time: the `dpbounds dp` row
 * of the same run (one implementation, @dpbounds/accountants' `dpAccountantEvaluation`), with the
 * composed accountant for the trade-off curve; and the report's `batchSampling` section of the
 * batches that ran.
 */
import { dpAccountantEvaluation } from '@dpbounds/accountants/advanced';
import type { DpAccountantEvaluation, DpAccountantResult } from '@dpbounds/accountants/advanced';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import type { ReportRun } from './run-file.js';
import { batchSamplingSection, poissonSamplingSection } from './sampler-section.js';
import type { BatchSamplingSection } from './sampler-section.js';

/** The accountants of the report's accounting section. */
export type RunAccountant = 'pld' | 'rdp' | 'prv' | 'gdp';

/**
 * One accountant's result for the run at the run file's δ. `pldResult` lets GDP reuse the PLD
 * guarantee of the same query (it is GDP's `epsilon`).
 *
 * @throws the library's typed error naming the parameter, or an Error saying what the run file
 *   describes that the report cannot price.
 * @example accountRun('pld', run, 'add-remove').result.epsilon
 */
export function accountRun(kind: RunAccountant, run: ReportRun, neighbouring: NeighbouringRelation, pldResult?: DpAccountantResult): DpAccountantEvaluation {
  const phase = run.phases[0];
  if (run.phases.length !== 1 || phase === undefined) throw new Error(`the report prices one-phase DP-SGD runs here; this run has ${run.phases.length} phases`);
  const query = { ...phase, neighbouring, delta: run.delta };
  // the PRV accountant's default ε error (the report's PRV row predates the dp command's relative budget)
  return dpAccountantEvaluation(kind, query, kind === 'prv' ? { prv: {} } : pldResult === undefined ? {} : { pldResult });
}

/**
 * The `batchSampling` section: the ε of the sampler that ran (a sampler other than Poisson is
 * priced from b and N, with the batches per epoch the run file gives), or, for Poisson batches,
 * the PLD guarantee of the accounting section at the rate the loop ran.
 *
 * @example samplingSectionOf(run, (relation) => 1.05).poissonValidForRun
 */
export function samplingSectionOf(run: ReportRun, pldEpsilon: (neighbouring: NeighbouringRelation) => number): BatchSamplingSection {
  const sampling = run.sampling;
  const phase = run.phases.length === 1 ? run.phases[0] : undefined;
  if (sampling !== undefined && sampling.sampler !== 'poisson' && phase !== undefined && sampling.batchSize !== undefined && sampling.datasetSize !== undefined) {
    return batchSamplingSection(
      {
        name: sampling.sampler,
        datasetSize: sampling.datasetSize,
        expectedBatchSize: sampling.batchSize,
        ...(sampling.maxBatchSize === undefined ? {} : { maxBatchSize: sampling.maxBatchSize }),
        ...(sampling.batchesPerEpoch === undefined ? {} : { batchesPerEpoch: sampling.batchesPerEpoch }),
      },
      phase.noiseMultiplier,
      phase.steps,
      run.delta,
    );
  }
  return poissonSamplingSection({
    epsilon: pldEpsilon('add-remove'),
    neighbouring: 'add-remove',
    delta: run.delta,
    ...(phase === undefined ? { phases: run.phases.length } : { samplingRate: phase.samplingRate }),
    ...(run.datasetSize === undefined ? {} : { datasetSize: run.datasetSize }),
    ...(run.batchSize === undefined ? {} : { batchSize: run.batchSize }),
  });
}
