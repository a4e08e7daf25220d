/**
 * Builds the trainer's batch sampler from its options, validating what each sampler needs.
 */
import { DpboundsRangeError, requireInteger } from '@dpbounds/special-functions';
import { ballsInBinsSampler } from './balls-in-bins.js';
import type { BatchSampler, SamplerInput, SamplingName } from './batch-sampler.js';
import { fixedSizeSampler } from './fixed-size.js';
import { poissonSampler } from './poisson.js';
import { shuffleSampler } from './shuffle.js';
import { truncatedPoissonSampler } from './truncated-poisson.js';

/** The samplers, in the order documentation lists them. */
export const SAMPLING_NAMES: readonly SamplingName[] = ['poisson', 'fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson'];

/**
 * The sampler `name` over N records with expected batch size L (already checked to lie in
 * [1, N]). `shuffle` and `fixed-size` need an integer L; `truncated-poisson` needs
 * `maxBatchSize` (an integer in [1, N]), which no other sampler accepts.
 *
 * @throws DpboundsRangeError naming `sampling`, `expectedBatchSize` or `maxBatchSize`.
 * @example
 * createBatchSampler('fixed-size', { datasetSize: 1000, expectedBatchSize: 50, rng: createRng(1).fork('sampling') });
 */
export function createBatchSampler(name: SamplingName, input: SamplerInput, maxBatchSize?: number): BatchSampler {
  if (!SAMPLING_NAMES.includes(name)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'sampling', expected: `one of ${SAMPLING_NAMES.join(', ')}`, found: String(name) });
  }
  if (maxBatchSize !== undefined && name !== 'truncated-poisson') {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'maxBatchSize', expected: "absent unless sampling is 'truncated-poisson'", found: maxBatchSize });
  }
  const N = input.datasetSize;
  switch (name) {
    case 'poisson':
      return poissonSampler(input);
    case 'shuffle':
      requireInteger('expectedBatchSize', input.expectedBatchSize, { min: 1, max: N });
      return shuffleSampler(input);
    case 'fixed-size':
      requireInteger('expectedBatchSize', input.expectedBatchSize, { min: 1, max: N });
      return fixedSizeSampler(input);
    case 'balls-in-bins':
      return ballsInBinsSampler(input);
    case 'truncated-poisson': {
      if (maxBatchSize === undefined) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'maxBatchSize', expected: "an integer in [1, N] with sampling 'truncated-poisson'", found: 'absent' });
      }
      const B = requireInteger('maxBatchSize', maxBatchSize, { min: 1, max: N });
      return truncatedPoissonSampler({ ...input, maxBatchSize: B });
    }
  }
}
