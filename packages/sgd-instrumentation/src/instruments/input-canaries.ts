/**
 * Input-space canaries for one-run auditing (Steinke, Nasr & Jagielski, NeurIPS 2023): m
 * records taken from a held-out pool with their labels flipped (mislabelled records are the
 * easiest to detect), each inserted into the training set with probability ½. The secret
 * bits live in the {@link InputCanaries} object, not in the training data given to the trainer.
 *
 * Scores (higher = more likely included):
 * - `loss` (default, black-box): −ℓ(θ_T; c), the negated loss of the final model on the canary.
 * - `gradient` (white-box): s_c = Σ_t ⟨ḡ_t(c), u_t⟩ / (σC)², the alignment of the canary's clipped
 *   gradient at θ_t with the released noisy sum u_t = Σḡ + ξ. It also picks up the other
 *   records' gradients along ḡ_t(c), so it is noisier than it looks; an attacker who knows the
 *   rest of the data could subtract their expected contribution (not done here: it costs a pass
 *   over the data per step).
 */
import { createRng, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import { DpboundsRangeError } from '@dpbounds/special-functions';
import type { Dataset } from '../data/dataset.js';
import type { SamplingName } from '../training/samplers/batch-sampler.js';
import type { CanaryScoresTrace } from './canary-scores.js';
import type { Instrument, StepContext } from './instrument.js';
import { scoresAsNoiseless } from './dirac-canary-score.js';

/** The canaries, their secret bits, and the training set with the included ones appended. */
export interface InputCanaries {
  /** The m canary records (features and flipped labels), included or not. */
  readonly canaries: Dataset;
  /** The secret bits: 1 = inserted into `data`. */
  readonly included: Uint8Array;
  /** The training set plus the included canaries (appended; every sampler treats records alike, so positions do not matter). */
  readonly data: Dataset;
}

/**
 * Draws m canaries from `pool` (without replacement), flips their labels, includes each with
 * probability ½ and returns the augmented training set.
 *
 * @throws DpboundsRangeError when `count` exceeds the pool or the feature counts differ.
 * @example const { data, canaries, included } = createInputCanaries(train, test, { count: 200, seed: 9 });
 */
export function createInputCanaries(train: Dataset, pool: Dataset, options: { readonly count: number; readonly seed: number }): InputCanaries {
  requireObject('train', train);
  requireObject('pool', pool);
  requireOptions('options', options, ['count', 'seed']);
  const m = requireInteger('count', options.count, { min: 1, max: pool.size });
  requireInteger('seed', options.seed, { min: 0, max: 2 ** 32 - 1 });
  if (pool.featureCount !== train.featureCount) {
    throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'pool.featureCount', expected: String(train.featureCount), found: pool.featureCount });
  }
  const rng = createRng(options.seed);
  const chosen = rng.fork('input-canary-records').permutation(pool.size).slice(0, m);
  const bits = rng.fork('input-canary-secrets');
  const included = Uint8Array.from({ length: m }, () => (bits.bernoulli(0.5) ? 1 : 0));
  const d = train.featureCount;
  const features = new Float64Array(m * d);
  const labels = new Uint8Array(m);
  chosen.forEach((r, j) => {
    features.set(pool.features.subarray(r * d, (r + 1) * d), j * d);
    labels[j] = 1 - (pool.labels[r] as number);
  });
  const canaries: Dataset = { size: m, featureCount: d, features, labels, encoding: train.encoding };
  const members = included.reduce((s, b) => s + b, 0);
  const augmentedFeatures = new Float64Array((train.size + members) * d);
  const augmentedLabels = new Uint8Array(train.size + members);
  augmentedFeatures.set(train.features);
  augmentedLabels.set(train.labels);
  let at = train.size;
  for (let j = 0; j < m; j++) {
    if (included[j] !== 1) continue;
    augmentedFeatures.set(features.subarray(j * d, (j + 1) * d), at * d);
    augmentedLabels[at] = labels[j] as number;
    at++;
  }
  return { canaries, included, data: { size: train.size + members, featureCount: d, features: augmentedFeatures, labels: augmentedLabels, encoding: train.encoding } };
}

/**
 * Scores every input canary, by final loss or (every `every` steps) by gradient alignment
 * (module comment). `trace()` reveals the scores with the secret bits.
 *
 * @throws DpboundsRangeError when `every` is not an integer ≥ 1.
 * @example const scorer = inputCanaryInstrument(canaries, { every: 1 });
 */
export function inputCanaryInstrument(
  canaries: InputCanaries,
  options: { readonly every?: number; readonly score?: 'loss' | 'gradient' } = {},
): Instrument<CanaryScoresTrace> {
  requireObject('canaries', canaries);
  requireInteger('canaries.canaries.size', requireObject('canaries.canaries', canaries.canaries)['size'], { min: 0 });
  requireOptions('options', options, ['every', 'score']);
  const every = requireInteger('every', options.every ?? 1, { min: 1 });
  const method = options.score ?? 'loss';
  const m = canaries.canaries.size;
  const d = canaries.canaries.featureCount;
  const scores = new Float64Array(m);
  let gradient = new Float64Array(0);
  let sampling: SamplingName | undefined;
  return {
    name: 'input-canaries',
    onStart(run) {
      sampling = run.sampling;
      gradient = new Float64Array(run.model.parameterCount);
      scores.fill(0);
    },
    onEnd(run, parameters) {
      if (method !== 'loss') return;
      for (let j = 0; j < m; j++) {
        scores[j] = -run.model.lossAndGradient(parameters, canaries.canaries.features.subarray(j * d, (j + 1) * d), canaries.canaries.labels[j] as number, gradient);
      }
    },
    onStep(context: StepContext) {
      if (method !== 'gradient' || context.step % every !== 0) return;
      const { model, clip: C, noiseMultiplier: sigma } = context.run;
      // every canary's score has the same scale, so the ranking the audits read does not depend on it
      const scale = scoresAsNoiseless(sigma * C) ? 1 : 1 / (sigma * C) ** 2;
      for (let j = 0; j < m; j++) {
        model.lossAndGradient(context.parameters, canaries.canaries.features.subarray(j * d, (j + 1) * d), canaries.canaries.labels[j] as number, gradient);
        let nn = 0;
        let dot = 0;
        for (let p = 0; p < gradient.length; p++) {
          const g = gradient[p] as number;
          nn += g * g;
          dot += g * (context.noisySum[p] as number);
        }
        const c = Math.sqrt(nn) > C ? C / Math.sqrt(nn) : 1;
        scores[j] = (scores[j] as number) + c * dot * scale;
      }
    },
    trace: () => ({
      format: 'dpbounds.canary-scores',
      version: 1,
      kind: 'input',
      scoring:
        method === 'loss'
          ? 'negated loss of the final model on the canary (black-box)'
          : `sum over steps (every ${every}) of <clipped canary gradient at theta_t, released noisy sum> / (sigma C)^2 (white-box)`,
      canaries: m,
      // records of the training set: the run's sampler draws them like every other record
      ...(sampling === undefined ? {} : { sampling: { sampler: sampling, participation: "records of the training set, in the batches the run's sampler draws" } }),
      scores: Array.from({ length: m }, (_, j) => ({ id: j, score: scores[j] as number, member: canaries.included[j] === 1 ? 1 : 0 })),
    }),
  };
}
