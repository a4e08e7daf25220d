import { describe, expect, it } from 'vitest';
import { createRng, DpboundsRangeError } from '@dpbounds/special-functions';
import { createBatchSampler, SAMPLING_NAMES } from './create-batch-sampler.js';

const input = (L: number) => ({ datasetSize: 100, expectedBatchSize: L, rng: createRng(1).fork('sampling') });

describe('createBatchSampler', () => {
  it('builds each sampler by name', () => {
    for (const name of SAMPLING_NAMES) {
      const sampler = createBatchSampler(name, input(10), name === 'truncated-poisson' ? 12 : undefined);
      expect(sampler.description.name).toBe(name);
      expect(sampler.next(0).length).toBeLessThanOrEqual(name === 'truncated-poisson' ? 12 : 100);
    }
  });

  it('refuses what a sampler cannot use, naming the parameter', () => {
    const fails = (f: () => unknown, parameter: string): void => {
      try {
        f();
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(DpboundsRangeError);
        expect((error as DpboundsRangeError).parameter).toBe(parameter);
      }
    };
    fails(() => createBatchSampler('fixed-size', input(10.5)), 'expectedBatchSize');
    fails(() => createBatchSampler('shuffle', input(2.5)), 'expectedBatchSize');
    fails(() => createBatchSampler('truncated-poisson', input(10)), 'maxBatchSize');
    fails(() => createBatchSampler('truncated-poisson', input(10), 0), 'maxBatchSize');
    fails(() => createBatchSampler('truncated-poisson', input(10), 101), 'maxBatchSize');
    fails(() => createBatchSampler('poisson', input(10), 20), 'maxBatchSize');
    fails(() => createBatchSampler('bogus' as never, input(10)), 'sampling');
    // balls-in-bins and Poisson take a non-integer expected batch size
    expect(createBatchSampler('balls-in-bins', input(12.5)).description.batchesPerEpoch).toBe(8);
    expect(createBatchSampler('poisson', input(12.5)).description.samplingRate).toBe(0.125);
  });
});
