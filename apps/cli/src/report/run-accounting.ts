/**
 * The DP accounting of a run file, one accountant and relation at a time: the `dpbounds dp` row
 * of the same run (one implementation, @dpbounds/accountants' `dpAccountantEvaluation`), with the
 * composed accountant for the trade-off curve; and the report's `batchSampling` section of the
 * batches that ran.
 */
import { bandedBallsInBinsGuarantee, dpSgdScheduleEvent } from '@dpbounds/accountants';
import type { PrivacyAccountant } from '@dpbounds/accountants';
import { dpAccountantEvaluation, dpEventAccountantEvaluation } from '@dpbounds/accountants/advanced';
import type { DpAccountantResult } from '@dpbounds/accountants/advanced';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { bandedAccountantRow, pldEvaluation } from '../commands/banded-accountants.js';
import { bandedSummary } from '../commands/banded-words.js';
import { creditAmplification, planOf } from '../commands/dp-banded.js';
import type { BandedPlan } from '../commands/banded-plan.js';
import type { ReportRun } from './run-file.js';
import { bandedSamplingSection, batchSamplingSection, poissonSamplingSection } from './sampler-section.js';
import type { BatchSamplingSection } from './sampler-section.js';

/** The accountants of the report's accounting section. */
export type RunAccountant = 'pld' | 'rdp' | 'prv' | 'gdp';

/** One accountant's result, with the composed PLD accountant for the trade-off curve (PLD only). */
export interface RunAccounting {
  readonly result: DpAccountantResult;
  readonly accountant?: PrivacyAccountant;
  /** A banded matrix run whose ε credits the random allocation: the PLD curve is of the unamplified run. */
  readonly curveUnamplified?: boolean;
}

const plans = new WeakMap<ReportRun, BandedPlan>();

/** The banded matrix run's plan (the worst record's ledger), found once per run. */
export function bandedPlanOf(run: ReportRun): BandedPlan {
  if (run.banded === undefined) throw new Error('not a banded matrix run');
  const known = plans.get(run);
  if (known !== undefined) return known;
  const plan = planOf(run.banded);
  plans.set(run, plan);
  return plan;
}

/**
 * One accountant's result for the run at the run file's δ: a one-phase DP-SGD run exactly as
 * `dpbounds dp` prices it; a schedule (`history`) as the composition of its phases; a banded
 * matrix run as `dpbounds dp --mechanism banded-matrix` prices it (balls-in-bins credited with
 * its random-allocation guarantee where smaller). `pldResult` lets GDP reuse the PLD guarantee
 * of the same query (it is GDP's `epsilon`).
 *
 * @throws the library's typed error naming the parameter.
 * @example accountRun('pld', run, 'add-remove').result.epsilon
 */
export function accountRun(kind: RunAccountant, run: ReportRun, neighbouring: NeighbouringRelation, pldResult?: DpAccountantResult): RunAccounting {
  const phase = run.phases[0];
  if (run.banded === undefined && run.phases.length === 1 && phase !== undefined) {
    const query = { ...phase, neighbouring, delta: run.delta };
    // the PRV accountant's default ε error (the report's PRV row predates the dp command's relative budget)
    return dpAccountantEvaluation(kind, query, kind === 'prv' ? { prv: {} } : pldResult === undefined ? {} : { pldResult });
  }
  if (run.banded === undefined) {
    // a schedule: the rows `dpbounds dp --history` prints (the library's one row builder for any event)
    const evaluation = dpEventAccountantEvaluation(kind, dpSgdScheduleEvent(run.phases), { neighbouring, delta: run.delta }, kind === 'gdp' && pldResult !== undefined ? { pldResult } : {});
    return { result: evaluation.result, ...(kind === 'pld' ? { accountant: evaluation.accountant } : {}) };
  }
  const event = bandedPlanOf(run).priced;
  const amplified = run.banded?.options.participation === 'balls-in-bins' ? bandedBallsInBinsGuarantee(bandedPlanOf(run).event, run.delta, neighbouring) : undefined;
  if (kind === 'pld') {
    const { row, accountant } = pldEvaluation(event, neighbouring, run.delta);
    const credited = creditAmplification(row, amplified);
    return { result: credited, accountant, ...(credited !== row ? { curveUnamplified: true } : {}) };
  }
  return { result: creditAmplification(bandedAccountantRow(kind, event, neighbouring, run.delta, pldResult), amplified) };
}

/** A banded matrix run in words (bands, participation, what was priced). */
export function bandedRunSummary(run: ReportRun): string {
  return bandedSummary(bandedPlanOf(run));
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
  if (run.banded !== undefined) return bandedSamplingSection({ epsilon: pldEpsilon('add-remove'), neighbouring: 'add-remove', delta: run.delta, participation: run.banded.options.participation, summary: bandedRunSummary(run) });
  return poissonSamplingSection({
    epsilon: pldEpsilon('add-remove'),
    neighbouring: 'add-remove',
    delta: run.delta,
    ...(phase === undefined ? { phases: run.phases.length } : { samplingRate: phase.samplingRate }),
    ...(run.datasetSize === undefined ? {} : { datasetSize: run.datasetSize }),
    ...(run.batchSize === undefined ? {} : { batchSize: run.batchSize }),
  });
}
