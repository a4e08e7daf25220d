import { describe, expect, it } from 'vitest';
import { drawBatches, isSortedDistinct } from '../../test-helpers/draw-batches.js';
import { uniformityPValue } from '../../test-helpers/goodness-of-fit.js';
import { fixedSizeSampler } from './fixed-size.js';

const ALPHA = 0.001;

describe('fixedSizeSampler', () => {
  const N = 150;
  const b = 12;
  const { sizes, counts, batches } = drawBatches(fixedSizeSampler, N, b, 4000, 5);

  it('draws exactly b distinct records every step', () => {
    expect(new Set(sizes)).toEqual(new Set([b]));
    for (const batch of batches) expect(isSortedDistinct(batch, N)).toBe(true);
  });

  it('includes every record with probability b/N, uniformly over records', () => {
    expect(counts.reduce((s, c) => s + c, 0)).toBe(4000 * b);
    expect(uniformityPValue(counts)).toBeGreaterThan(ALPHA);
  });

  it('draws each step independently: pairs of records share a batch with probability b(b−1)/(N(N−1))', () => {
    // A sampler that cut a fixed permutation into blocks would put record pairs together far too often or never.
    let together = 0;
    for (const batch of batches) if (batch.includes(0) && batch.includes(1)) together++;
    const p = (b * (b - 1)) / (N * (N - 1));
    expect(Math.abs(together - 4000 * p)).toBeLessThan(4 * Math.sqrt(4000 * p * (1 - p)) + 1);
    // consecutive batches are not disjoint blocks of one permutation
    const overlaps = batches.slice(1).filter((batch, t) => batch.some((r) => (batches[t] as Uint32Array).includes(r))).length;
    expect(overlaps).toBeGreaterThan(1000);
  });

  it('is reproducible by seed and describes itself', () => {
    expect(drawBatches(fixedSizeSampler, N, b, 10, 5).batches).toEqual(batches.slice(0, 10));
    expect(drawBatches(fixedSizeSampler, N, b, 10, 6).batches).not.toEqual(batches.slice(0, 10));
    expect(fixedSizeSampler({ datasetSize: N, expectedBatchSize: b, rng: undefined as never }).description).toEqual({ name: 'fixed-size', datasetSize: N, expectedBatchSize: b, samplingRate: b / N });
  });
});
