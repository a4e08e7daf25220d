import { describe, expect, it } from 'vitest';
import { drawBatches, isSortedDistinct } from '../../test-helpers/draw-batches.js';
import { binomialMass, chiSquarePValue, uniformityPValue } from '../../test-helpers/goodness-of-fit.js';
import { ballsInBinsSampler } from './balls-in-bins.js';

const ALPHA = 0.001;

describe('ballsInBinsSampler', () => {
  const N = 200;
  const L = 20;
  const k = 10;
  const epochs = 1500;
  const { sizes, batches } = drawBatches(ballsInBinsSampler, N, L, k * epochs, 9);

  it('draws each bin size ~ Binomial(N, b/N) (one bin per epoch, so the sizes tested are independent)', () => {
    for (let j = 0; j < 3; j++) {
      const bin = Uint32Array.from({ length: epochs }, (_, e) => sizes[e * k + j] as number);
      const fit = chiSquarePValue(bin, binomialMass(N, L / N), N);
      expect(fit.cells).toBeGreaterThan(8);
      expect(fit.pValue).toBeGreaterThan(ALPHA);
    }
  });

  it('uses every record exactly once per epoch', () => {
    for (let e = 0; e < epochs; e += 7) {
      const seen = new Uint32Array(N);
      for (const batch of batches.slice(e * k, (e + 1) * k)) {
        expect(isSortedDistinct(batch, N)).toBe(true);
        for (const r of batch) seen[r] = (seen[r] as number) + 1;
      }
      expect(seen.every((c) => c === 1)).toBe(true);
    }
  });

  it('assigns a record to each bin with probability 1/k, independently of the other records', () => {
    const position = new Uint32Array(k);
    let together = 0;
    for (let e = 0; e < epochs; e++) {
      for (let j = 0; j < k; j++) {
        const batch = batches[e * k + j] as Uint32Array;
        if (batch.includes(0)) {
          position[j] = (position[j] as number) + 1;
          if (batch.includes(1)) together++;
        }
      }
    }
    expect(uniformityPValue(position)).toBeGreaterThan(ALPHA);
    // independent assignment: records 0 and 1 share a bin with probability 1/k (shuffling: (L−1)/(N−1))
    expect(Math.abs(together - epochs / k)).toBeLessThan(4 * Math.sqrt((epochs * (1 / k) * (1 - 1 / k))));
  });

  it('is reproducible by seed and describes itself', () => {
    expect(drawBatches(ballsInBinsSampler, N, L, 25, 9).batches).toEqual(batches.slice(0, 25));
    expect(drawBatches(ballsInBinsSampler, N, L, 25, 10).batches).not.toEqual(batches.slice(0, 25));
    expect(ballsInBinsSampler({ datasetSize: N, expectedBatchSize: L, rng: undefined as never }).description).toEqual({ name: 'balls-in-bins', datasetSize: N, expectedBatchSize: L, samplingRate: 1 / k, batchesPerEpoch: k });
  });
});
