import { describe, expect, it } from 'vitest';
import { drawBatches, isSortedDistinct } from '../../test-helpers/draw-batches.js';
import { uniformityPValue } from '../../test-helpers/goodness-of-fit.js';
import { shuffleSampler } from './shuffle.js';

const ALPHA = 0.001;

describe('shuffleSampler', () => {
  const N = 120;
  const L = 10;
  const k = 12;
  const epochs = 300;
  const { sizes, batches } = drawBatches(shuffleSampler, N, L, k * epochs, 7);

  it('cuts each epoch into k = N/L batches of exactly L that use every record exactly once', () => {
    expect(new Set(sizes)).toEqual(new Set([L]));
    for (let e = 0; e < epochs; e++) {
      const seen = new Uint32Array(N);
      for (const batch of batches.slice(e * k, (e + 1) * k)) {
        expect(isSortedDistinct(batch, N)).toBe(true);
        for (const r of batch) seen[r] = (seen[r] as number) + 1;
      }
      expect(seen.every((c) => c === 1)).toBe(true);
    }
  });

  it('reshuffles every epoch: the step at which a record is used is uniform over the k steps', () => {
    const position = new Uint32Array(k);
    for (let e = 0; e < epochs; e++) {
      for (let j = 0; j < k; j++) if ((batches[e * k + j] as Uint32Array).includes(0)) position[j] = (position[j] as number) + 1;
    }
    expect(uniformityPValue(position)).toBeGreaterThan(ALPHA);
  });

  it('leaves the N − kL records at the end of the permutation out when L does not divide N', () => {
    const { batches: uneven } = drawBatches(shuffleSampler, 25, 10, 2, 1);
    expect(uneven.map((b) => b.length)).toEqual([10, 10]);
    expect(new Set([...(uneven[0] as Uint32Array), ...(uneven[1] as Uint32Array)]).size).toBe(20);
  });

  it('is reproducible by seed and describes itself', () => {
    expect(drawBatches(shuffleSampler, N, L, 30, 7).batches).toEqual(batches.slice(0, 30));
    expect(drawBatches(shuffleSampler, N, L, 30, 8).batches).not.toEqual(batches.slice(0, 30));
    expect(shuffleSampler({ datasetSize: N, expectedBatchSize: L, rng: undefined as never }).description).toEqual({ name: 'shuffle', datasetSize: N, expectedBatchSize: L, samplingRate: 1 / k, batchesPerEpoch: k });
  });
});
