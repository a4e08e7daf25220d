import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { gaussianTradeOff } from '@dpbounds/tradeoff-core';
import { analyzeGmip } from './gmip-analysis.js';
import { calibrateGmipNoise } from './gmip-calibration.js';
import { gmipCompose, gmipDpMu, gmipMu } from './gmip-composition.js';
import type { GmipConfig } from './gmip-config.js';
import { gmipStepMu } from './gmip-step.js';

const params = { seed: 20261122, numRuns: 150 };
const cifar: GmipConfig = { batchSize: 400, datasetSize: 48000, steps: 1200, params: 650, noiseStd: 0, clip: 500 };

const config = fc.record({
  batchSize: fc.integer({ min: 2, max: 2000 }),
  factor: fc.integer({ min: 1, max: 200 }),
  steps: fc.integer({ min: 1, max: 5000 }),
  params: fc.integer({ min: 1, max: 5000 }),
  noiseStd: fc.double({ min: 0, max: 10, noNaN: true }),
  clip: fc.oneof(fc.double({ min: 0.01, max: 1000, noNaN: true }), fc.constant(Infinity)),
});
const toConfig = (c: { batchSize: number; factor: number; steps: number; params: number; noiseStd: number; clip: number }): GmipConfig => ({
  batchSize: c.batchSize,
  datasetSize: c.batchSize * c.factor,
  steps: c.steps,
  params: c.params,
  noiseStd: c.noiseStd,
  clip: c.clip,
});

describe('μ-GMIP (Leemann, Pawelczyk & Kasneci 2023)', () => {
  it('μ decreases with the noise, increases with T and with the sampling ratio n/N', () => {
    fc.assert(
      fc.property(config, fc.double({ min: 1.01, max: 4, noNaN: true }), (raw, k) => {
        const c = toConfig(raw);
        const mu = gmipMu(c).muTotal;
        expect(mu).toBeGreaterThanOrEqual(0);
        expect(gmipMu({ ...c, noiseStd: c.noiseStd * k + 1e-3 }).muTotal).toBeLessThanOrEqual(mu * (1 + 1e-12));
        expect(gmipMu({ ...c, steps: Math.ceil(c.steps * k) }).muTotal).toBeGreaterThanOrEqual(mu);
        expect(gmipMu({ ...c, datasetSize: c.datasetSize * 2 }).muTotal).toBeLessThanOrEqual(mu);
      }),
      params,
    );
  });

  it('the analysed curve lies on or above the GDP curve of the same run (μ ≤ μ_GDP)', () => {
    fc.assert(
      fc.property(config, fc.double({ min: 1e-4, max: 0.999, noNaN: true }), (raw, alpha) => {
        const a = analyzeGmip(toConfig(raw), [alpha]);
        expect(a.mu).toBeLessThanOrEqual(a.gdpMu);
        if (Number.isFinite(a.gdpMu)) expect(a.curve.evaluate(alpha)).toBeGreaterThanOrEqual(gaussianTradeOff(a.gdpMu).evaluate(alpha) - 1e-15);
        expect((a.tprAtFpr[0] as { tpr: number }).tpr).toBeGreaterThanOrEqual(alpha - 1e-15);
      }),
      params,
    );
  });

  it('without noise there is no DP guarantee but a finite GMIP one', () => {
    const a = analyzeGmip(cifar);
    expect(a.gdpMu).toBe(Infinity);
    expect(a.mu).toBeCloseTo(0.7865955046430421, 12);
    expect(gmipDpMu({ ...cifar, noiseStd: 1 }).muTotal).toBeLessThan(Infinity);
  });

  it('calibrated noise never overshoots the target and equals the DP noise when that is smaller (Table 5)', () => {
    fc.assert(
      fc.property(config, fc.double({ min: 0.05, max: 30, noNaN: true }), (raw, target) => {
        const c = toConfig(raw);
        const r = calibrateGmipNoise(target, c);
        if (r.tauMIP === Infinity) return;
        expect(r.achievedMu).toBeLessThanOrEqual(target);
        expect(r.tauMIP).toBeLessThanOrEqual(r.tauDP * (1 + 1e-9));
        if (r.tauMIP > 0 && r.tauMIP < r.tauDP) expect(gmipMu({ ...c, noiseStd: r.tauMIP }).muTotal).toBeCloseTo(target, 6);
      }),
      params,
    );
  });

  it('compose returns +∞ instead of overflowing and rejects N < n', () => {
    expect(gmipCompose(40, 100, 10000, 100)).toBe(Infinity);
    expect(gmipCompose(Infinity, 100, 10000, 100)).toBe(Infinity);
    expect(() => gmipCompose(1, 200, 100, 10)).toThrow(/datasetSize/);
    expect(() => gmipStepMu({ params: 0, batchSize: 10, noiseStd: 0, clip: 1 })).toThrow(DpboundsRangeError);
  });
});
