import { PldAccountant, dpSgdEvent } from '@dpbounds/accountants';
import { describe, expect, it } from 'vitest';
import { checkFixedSizeLowerBelowExact, checkSamplerGuaranteeAboveExact, commonRecords, exactDelta, fixedSizePairs, worstCaseStep, type TinySamplerCase } from './batch-samplers.js';

const base = { datasetSize: 4, batchSize: 2, maxBatchSize: 2, noiseMultiplier: 1, delta: 1e-3, neighbouring: 'add-remove' as const, largerIsN: true };
const worst: TinySamplerCase = { ...base, steps: [worstCaseStep(commonRecords(base), 'remove'), worstCaseStep(commonRecords(base), 'remove')] };

describe('the brute-force batch-sampler checks can fail', () => {
  it('the Poisson ε at q = b/N (sensitivity 1) is caught as optimistic for fixed-size batches', () => {
    const poisson = new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.5, noiseMultiplier: 1, steps: 2 })).getEpsilon(1e-3);
    expect(exactDelta(fixedSizePairs(worst), poisson)).toBeGreaterThan(10 * 1e-3);
  });

  it('the fixed-size guarantee is tight on the worst case: exact δ within 1 % of δ, and below it', () => {
    const { exact } = checkSamplerGuaranteeAboveExact('fixed-size', worst);
    expect(exact).toBeLessThanOrEqual(1e-3);
    expect(exact).toBeGreaterThan(0.99e-3);
  });

  it('a lower bound shifted up by 0.05 would be caught', () => {
    const { lower, exact } = checkFixedSizeLowerBelowExact({ ...base, steps: 2 });
    expect(exact).toBeGreaterThanOrEqual(1e-3);
    expect(exactDelta(fixedSizePairs(worst), (lower as number) + 0.05)).toBeLessThan(1e-3);
  });
});
