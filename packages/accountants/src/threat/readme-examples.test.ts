// The threat-model example of packages/accountants/README.md, run as a test.
import { expect, it } from 'vitest';
import { analyzeBayesSecurity, analyzeGmip, analyzeRtm, noiseMultiplierForBayesSecurity } from '../index.js';

it('README threat-model example gives the numbers it shows', () => {
  const bayes = analyzeBayesSecurity({ threat: 'mia', samplingRate: 0.01, noiseMultiplier: 1, steps: 100 });
  expect(bayes.bayesSecurity).toBeCloseTo(0.920344325445942, 14);
  expect(bayes.certifiedLowerBound).toBeLessThanOrEqual(bayes.bayesSecurity);
  expect(noiseMultiplierForBayesSecurity({ targetBayesSecurity: 0.9, samplingRate: 0.009828009828009828, steps: 2020 })).toBeCloseTo(3.5151151512784624, 12);
  expect(analyzeGmip({ batchSize: 400, datasetSize: 48000, steps: 1200, params: 650, noiseStd: 0, clip: 500 }).mu).toBeCloseTo(0.7865955046430421, 12);
  const point = analyzeRtm({ mechanism: 'gaussian', sensitivity: 1, scale: 0.5 }, [0.01]).points[0];
  expect(point?.fnr).toBeCloseTo(0.7176323460397963, 7);
  expect(point?.dpFnr).toBeCloseTo(0.6279194145645055, 9);
});
