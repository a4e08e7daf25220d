import { describe, expect, it } from 'vitest';
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import fixtures from '../sampling/fixtures/sampler-fixtures.json' with { type: 'json' };
import { DP_ACCOUNTING_RDP_ORDERS } from './rdp-orders.js';
import { rdpCurveToEpsilon } from './rdp-to-epsilon.js';
import { rdpUnchecked } from './subsampled-gaussian-rdp.js';
import { sampledWithoutReplacementGaussianRdp, withoutReplacementRdpCurve } from './sampled-without-replacement-gaussian-rdp.js';

describe('sampledWithoutReplacementGaussianRdp (Wang, Balle, Kasiviswanathan 2019, Thm 9 + 27)', () => {
  it('matches dp_accounting\'s RDP accountant for SampledWithoutReplacementDpEvent (REPLACE_ONE, inner σ/2) to 1e-9 relative in ε, on its order grid', () => {
    for (const c of fixtures.fixed_size_rdp_wor) {
      const curve = withoutReplacementRdpCurve(c.batchSize / c.datasetSize, c.sigma / 2, DP_ACCOUNTING_RDP_ORDERS);
      const total = curve.map((r) => r * c.steps);
      const eps = rdpCurveToEpsilon(DP_ACCOUNTING_RDP_ORDERS, total, c.delta, 'improved').epsilon;
      expect(Math.abs(eps - c.epsilon) / c.epsilon).toBeLessThan(1e-9);
    }
  });

  it('is never below the Poisson add-remove RDP at the same rate and noise (a batch without replacement under substitution leaks at least as much)', () => {
    for (const gamma of [0.001, 0.01, 0.1, 0.5]) {
      for (const sigma of [0.3, 0.7, 1.5, 4]) {
        for (const order of [1.5, 2, 3, 8, 32, 64, 300]) {
          const wor = sampledWithoutReplacementGaussianRdp({ samplingRate: gamma, noiseMultiplier: sigma, order });
          expect(wor).toBeGreaterThanOrEqual(rdpUnchecked(gamma, sigma, order) * (1 - 1e-12));
        }
      }
    }
  });

  it('is at most the Gaussian mechanism\'s RDP α/(2σ²) up to the theorem\'s factor-2 slack, non-decreasing in γ and α, and non-increasing in σ', () => {
    const orders = [2, 2.5, 3, 4, 8, 16, 64, 256, 512];
    for (const sigma of [0.5, 1, 2]) {
      let previousGamma: Float64Array | undefined;
      for (const gamma of [0.001, 0.01, 0.1, 0.9]) {
        const curve = withoutReplacementRdpCurve(gamma, sigma, orders);
        for (let i = 1; i < orders.length; i++) expect(curve[i] as number).toBeGreaterThanOrEqual((curve[i - 1] as number) * (1 - 1e-12));
        if (previousGamma !== undefined) for (let i = 0; i < orders.length; i++) expect(curve[i] as number).toBeGreaterThanOrEqual((previousGamma[i] as number) * (1 - 1e-12));
        previousGamma = curve;
      }
    }
    for (const order of [2, 8, 64]) {
      let previous = Infinity;
      for (const sigma of [0.3, 0.6, 1.2, 2.4, 4.8]) {
        const r = sampledWithoutReplacementGaussianRdp({ samplingRate: 0.02, noiseMultiplier: sigma, order });
        expect(r).toBeLessThanOrEqual(previous);
        previous = r;
      }
    }
  });

  it('a fractional order lies between (and interpolates) its integer neighbours\' cumulants', () => {
    const [a, b, c] = withoutReplacementRdpCurve(0.05, 1, [3, 3.5, 4]);
    expect(2.5 * (b as number)).toBeCloseTo(0.5 * 2 * (a as number) + 0.5 * 3 * (c as number), 12);
  });

  it('special cases: γ = 0 gives 0, γ = 1 the Gaussian mechanism, σ = 0 or α = ∞ gives ∞', () => {
    expect(sampledWithoutReplacementGaussianRdp({ samplingRate: 0, noiseMultiplier: 1, order: 4 })).toBe(0);
    expect(sampledWithoutReplacementGaussianRdp({ samplingRate: 1, noiseMultiplier: 2, order: 4 })).toBe(0.5);
    expect(sampledWithoutReplacementGaussianRdp({ samplingRate: 0.1, noiseMultiplier: 0, order: 4 })).toBe(Infinity);
    expect(sampledWithoutReplacementGaussianRdp({ samplingRate: 0.1, noiseMultiplier: 1, order: Infinity })).toBe(Infinity);
  });

  it('large noise, where the forward differences cancel, stays finite and at or above the Poisson value', () => {
    for (const order of [16, 64, 200]) {
      const r = sampledWithoutReplacementGaussianRdp({ samplingRate: 0.01, noiseMultiplier: 50, order });
      expect(Number.isFinite(r)).toBe(true);
      expect(r).toBeGreaterThanOrEqual(rdpUnchecked(0.01, 50, order));
    }
  });

  it('refuses bad input with a typed error naming the parameter', () => {
    expect(() => sampledWithoutReplacementGaussianRdp({ samplingRate: 1.5, noiseMultiplier: 1, order: 2 })).toThrow(DpboundsRangeError);
    expect(() => sampledWithoutReplacementGaussianRdp({ samplingRate: 0.1, noiseMultiplier: -1, order: 2 })).toThrow(/noiseMultiplier/);
    expect(() => sampledWithoutReplacementGaussianRdp({ samplingRate: 0.1, noiseMultiplier: 1, order: 1 })).toThrow(/order/);
    expect(() => sampledWithoutReplacementGaussianRdp({ samplingRate: 0.1, noiseMultiplier: 1, order: 2, q: 1 } as never)).toThrow(DpboundsTypeError);
  });
});
