/**
 * Speed of the other threat-specific analyses (for interactive use, e.g. the playground's
 * sliders). Results in docs/benchmarks.md.
 */
import { bench, describe } from 'vitest';
import { analyzeGmip } from './gmip/gmip-analysis.js';
import { calibrateGmipNoise } from './gmip/gmip-calibration.js';
import { gmipOneStepTradeOff } from './gmip/gmip-one-step-trade-off.js';
import { analyzeRtm } from './rtm/rtm-analysis.js';

let sink = 0;
const cifar = { batchSize: 400, datasetSize: 48000, steps: 1200, params: 650, noiseStd: 1, clip: 500 };

describe('μ-GMIP and relaxed-threat-model analyses', () => {
  bench('analyzeGmip (CIFAR-10 setting, 3 FPRs)', () => {
    sink += analyzeGmip(cifar).mu;
  });
  bench('calibrateGmipNoise (Table 5 closed form)', () => {
    sink += calibrateGmipNoise(0.6, cifar).tauMIP;
  });
  bench('gmipOneStepTradeOff, d = 650, n = 400: one exact evaluation (noncentral χ², λ ≈ 2.6e5)', () => {
    sink += gmipOneStepTradeOff({ params: 650, batchSize: 400, noiseStd: 1, clip: 500 }).curve.evaluate(0.01);
  });
  bench('analyzeRtm Gaussian d = 10, 3 FPRs (j, j⁻¹, symmetrised, DP)', () => {
    sink += (analyzeRtm({ mechanism: 'gaussian', sensitivity: 1, scale: 0.5, dims: 10 }).points[0] as { fnr: number }).fnr;
  });
  bench('analyzeRtm subsampled Gaussian p = 0.3, 3 FPRs', () => {
    sink += (analyzeRtm({ mechanism: 'subsampled-gaussian', sensitivity: 1, scale: 0.8, samplingRate: 0.3 }).points[0] as { fnr: number }).fnr;
  });
});

export { sink };
