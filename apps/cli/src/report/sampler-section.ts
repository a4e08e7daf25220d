/**
 * The demo report's `batchSampling` section: the ε of the batch sampler that ran
 * (`samplerEpsilon`), the Poisson ε beside it with whether it covers the run, and what that means
 * for the report's other sections (which price Poisson batches at q = b/N).
 */
import { samplerEpsilon } from '@dpbounds/accountants';
import type { BatchSampler, SamplerRun } from '@dpbounds/accountants';
import { samplerEpsilonJson, samplerName } from './sampler-words.js';
import type { SamplerEpsilonJson } from './sampler-words.js';

/** The section as report.json carries it. */
export type BatchSamplingSection = SamplerEpsilonJson & {
  /** N and b of the run, when known (a Poisson run may be given by its rate alone). */
  readonly datasetSize?: number;
  readonly batchSize?: number;
  readonly maxBatchSize?: number;
  /** True when the other sections (accounting, Bayes security, RTM, combined curves) do not hold for this run as guarantees. */
  readonly otherSectionsAssumePoisson: boolean;
  /** One sentence a practitioner reads first. */
  readonly summary: string;
};

/** What the trainer records about the sampler that ran. */
export interface SamplerThatRan {
  readonly name: BatchSampler;
  readonly datasetSize: number;
  readonly expectedBatchSize: number;
  readonly maxBatchSize?: number;
  /** Batches per epoch the trainer ran (shuffle: ⌊N/L⌋, balls-in-bins: round(N/L)): priced as recorded, never re-derived. */
  readonly batchesPerEpoch?: number;
}

/**
 * The section for a run of T steps with noise σ at δ. Shuffle and balls-in-bins are priced with
 * the batches per epoch the trainer recorded (docs/math/batch-samplers.md, sections 5 and 6).
 *
 * @example batchSamplingSection({ name: 'shuffle', datasetSize: 30_000, expectedBatchSize: 256 }, 1.1, 1000, 1e-5)
 */
export function batchSamplingSection(sampler: SamplerThatRan, noiseMultiplier: number, steps: number, delta: number): BatchSamplingSection {
  const run: SamplerRun = {
    sampler: sampler.name,
    datasetSize: sampler.datasetSize,
    batchSize: Math.min(sampler.datasetSize, Math.max(1, Math.round(sampler.expectedBatchSize))),
    ...(sampler.maxBatchSize === undefined ? {} : { maxBatchSize: sampler.maxBatchSize }),
    // the trainer's own k: ⌈N/b⌉ would count fewer epochs than a loop that drops the last batch ran
    ...(sampler.batchesPerEpoch === undefined || (sampler.name !== 'shuffle' && sampler.name !== 'balls-in-bins') ? {} : { batchesPerEpoch: sampler.batchesPerEpoch }),
    noiseMultiplier,
    steps,
  };
  const s = samplerEpsilon(run, delta);
  const otherSectionsAssumePoisson = !s.poissonValidForRun;
  const summary = otherSectionsAssumePoisson
    ? `${s.note} The other ε, Bayes-security and relaxed-threat-model numbers of this report price Poisson batches at q = b/N: for this run they are what a Poisson loop would get, not guarantees for the ${samplerName(s.sampler)} that ran.`
    : s.note;
  return {
    ...samplerEpsilonJson(s),
    datasetSize: run.datasetSize,
    batchSize: run.batchSize,
    ...(run.maxBatchSize === undefined ? {} : { maxBatchSize: run.maxBatchSize }),
    otherSectionsAssumePoisson,
    summary,
  };
}

/**
 * The section for Poisson batches at the rate the loop ran (Opacus' `sample_rate`, which need
 * not be b/N), or for a schedule of Poisson phases: the sampler's ε is the PLD guarantee the
 * accounting section computed (`epsilon`, `method`), valid for the run. b and N, when given, are
 * context only.
 *
 * @example poissonSamplingSection({ epsilon: 1.048, neighbouring: 'add-remove', delta: 1e-5, samplingRate: 1 / 103 }).poissonValidForRun // true
 */
export function poissonSamplingSection(options: {
  readonly epsilon: number;
  readonly neighbouring: string;
  readonly delta: number;
  /** The rate of a one-phase run; absent for a schedule. */
  readonly samplingRate?: number;
  readonly phases?: number;
  readonly datasetSize?: number;
  readonly batchSize?: number;
}): BatchSamplingSection {
  const { epsilon, neighbouring, delta } = options;
  const value = { epsilon, kind: 'guarantee', neighbouring, method: 'pld' };
  const rate = options.samplingRate === undefined ? `${String(options.phases)} phases of Poisson batches (a history)` : `Poisson batches at q = ${String(Number(options.samplingRate.toPrecision(6)))}`;
  const sizes = options.batchSize !== undefined && options.datasetSize !== undefined && options.samplingRate !== undefined && Math.abs(options.samplingRate - options.batchSize / options.datasetSize) > 1e-12 * options.samplingRate
    ? ` (the rate the loop ran, as given; b/N = ${options.batchSize}/${options.datasetSize} is context only)`
    : '';
  const note = `${rate}${sizes}: the PLD accountant's ε = ${String(Number(epsilon.toPrecision(6)))} is a guarantee for this run.`;
  return {
    sampling: 'poisson',
    neighbouring,
    delta,
    epsilon,
    kind: 'guarantee',
    method: 'pld',
    poisson: value,
    poissonValidForRun: true,
    note,
    ...(options.datasetSize === undefined ? {} : { datasetSize: options.datasetSize }),
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    otherSectionsAssumePoisson: false,
    summary: note,
  };
}

/**
 * The section for a banded matrix mechanism (DP-FTRL / BandMF): records join steps by the run's
 * participation scheme, and the ε is the PLD guarantee of the accounting section (balls-in-bins
 * credited with its random allocation where smaller). There is no Poisson loop to compare with.
 *
 * @example bandedSamplingSection({ epsilon: 2.1, neighbouring: 'add-remove', delta: 1e-5, participation: 'cyclic', summary: 'BandMF, 2 bands, …' }).sampling // 'banded-matrix'
 */
export function bandedSamplingSection(options: { readonly epsilon: number; readonly neighbouring: string; readonly delta: number; readonly participation: string; readonly summary: string }): BatchSamplingSection {
  const { epsilon, neighbouring, delta } = options;
  const method = `banded matrix, ${options.participation} participation (pld)`;
  const note = `${options.summary}. The accounting section's ε = ${String(Number(epsilon.toPrecision(6)))} is a guarantee for this run; the DP-SGD closed forms (Bayes security, relaxed threat model, μ-GMIP) do not apply to it.`;
  return {
    sampling: 'banded-matrix',
    neighbouring,
    delta,
    epsilon,
    kind: 'guarantee',
    method,
    poisson: { epsilon, kind: 'guarantee', neighbouring, method },
    poissonValidForRun: true,
    note,
    otherSectionsAssumePoisson: false,
    summary: note,
  };
}
