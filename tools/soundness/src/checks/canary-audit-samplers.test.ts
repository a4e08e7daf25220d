/**
 * Soundness of one-run audits of runs that did not draw Poisson batches: the Dirac canaries join
 * batches with the law of one record of the run's sampler (docs/math/trainer-batch-samplers.md
 * §"Canaries that follow the sampler"), so the audit's lower bound on ε, from trained runs on
 * several seeds, must never exceed the sampler's proven upper bound (its guarantee). The runs are
 * built so the audit has power: most features are 0, so the records leave the canary coordinates
 * alone and the canaries are found.
 */
import { samplerEpsilon } from '@dpbounds/accountants';
import type { SamplerRun } from '@dpbounds/accountants';
import { auditScores } from '@dpbounds/audit-one-run';
import { diracCanaryInstrument, logisticRegression, trainDpSgd } from '@dpbounds/sgd-instrumentation';
import type { Dataset, SamplingName } from '@dpbounds/sgd-instrumentation';
import { createRng } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';

const N = 200;
const FEATURES = 1200;
const CANARIES = 1000;
const DELTA = 1e-5;

/** N records with two informative features and FEATURES − 2 zeros. */
function sparseData(): Dataset {
  const rng = createRng(11);
  const features = new Float64Array(N * FEATURES);
  const labels = new Uint8Array(N);
  for (let i = 0; i < N; i++) {
    const a = rng.normal();
    const b = rng.normal();
    features[i * FEATURES] = a;
    features[i * FEATURES + 1] = b;
    labels[i] = a + b + 0.5 * rng.normal() > 0 ? 1 : 0;
  }
  const featureNames = Array.from({ length: FEATURES }, (_, j) => `x${j}`);
  return { size: N, featureCount: FEATURES, features, labels, encoding: { columns: [], labelColumn: 'y', positiveLabel: '1', featureNames, featureCount: FEATURES } };
}

const data = sparseData();

/** The audit's ε (95 % lower bound, Bonferroni-corrected over the guess counts) of one trained run. */
function auditedEpsilon(sampling: SamplingName, run: Omit<SamplerRun, 'sampler'>, seed: number): number {
  const canaries = diracCanaryInstrument({ count: CANARIES, seed });
  trainDpSgd({
    model: logisticRegression(FEATURES),
    data,
    expectedBatchSize: run.batchSize,
    steps: run.steps,
    noiseMultiplier: run.noiseMultiplier,
    clip: 1,
    learningRate: 0.1,
    seed: seed + 100,
    sampling,
    ...(run.maxBatchSize === undefined ? {} : { maxBatchSize: run.maxBatchSize }),
    instruments: [canaries],
  });
  const trace = canaries.trace();
  expect(trace.sampling?.sampler).toBe(sampling);
  const result = auditScores({ scores: trace.scores.map((s) => s.score), members: trace.scores.map((s) => s.member) }, { delta: DELTA, confidence: 0.95, bonferroni: true });
  return result.empiricalEpsilon;
}

const cases: readonly [SamplingName, Omit<SamplerRun, 'sampler'>][] = [
  ['fixed-size', { datasetSize: N, batchSize: 20, noiseMultiplier: 0.8, steps: 40 }],
  ['truncated-poisson', { datasetSize: N, batchSize: 20, maxBatchSize: 22, noiseMultiplier: 0.8, steps: 40 }],
  ['shuffle', { datasetSize: N, batchSize: 20, noiseMultiplier: 0.8, steps: 40 }],
  ['balls-in-bins', { datasetSize: N, batchSize: 20, noiseMultiplier: 0.8, steps: 40 }],
];

describe('one-run audits of trained runs stay below the ε proven for the sampler that ran', () => {
  for (const [sampling, run] of cases) {
    it(`${sampling}: the audit's ε ≤ the sampler's guarantee on 4 seeds, and the audit finds the canaries`, () => {
      const s = samplerEpsilon({ sampler: sampling, ...run }, DELTA);
      const guarantee = s.epsilon.kind === 'guarantee' ? s.epsilon.value : (s.upper?.value as number);
      expect(guarantee).toBeGreaterThan(0);
      const audits = [1, 2, 3, 4].map((seed) => auditedEpsilon(sampling, run, seed));
      for (const a of audits) expect(a).toBeLessThanOrEqual(guarantee);
      // not vacuous: the canaries are found
      expect(Math.max(...audits)).toBeGreaterThan(1);
    }, 600_000);
  }
});
