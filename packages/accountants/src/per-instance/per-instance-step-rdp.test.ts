import fc from 'fast-check';
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { subsampledGaussianRdp } from '../rdp/subsampled-gaussian-rdp.js';
import { perInstanceStepRdp, sgmRdpInteger } from './per-instance-step-rdp.js';
import { createStepRdpEvaluator } from '../rdp/sampled-gaussian-integer-rdp.js';

const settings = { seed: 20261122, numRuns: 200 };
const order = fc.integer({ min: 2, max: 64 });
const rate = fc.double({ min: 1e-5, max: 0.5, noNaN: true });
const noise = fc.double({ min: 0.3, max: 20, noNaN: true });
const unit = fc.double({ min: 0, max: 1, noNaN: true });

describe('perInstanceStepRdp (Thm 3.2)', () => {
  it('reproduces the spec example (alpha 8, MNIST sampling, authors sigma)', () => {
    const q = 128 / 60000;
    expect(perInstanceStepRdp({ alpha: 8, q, sigma: 0.69977, ratio: 1 })).toBeCloseTo(1.1404, 4);
    expect(perInstanceStepRdp({ alpha: 8, q, sigma: 0.69977, ratio: 0.5 }) / 1.2256e-5).toBeCloseTo(1, 3);
  });

  it('equals the data-independent value at ratio 1 and the identity eps(q, sigma, r) = sgm(q, sigma/r)', () => {
    fc.assert(
      fc.property(order, rate, noise, fc.double({ min: 0.05, max: 1, noNaN: true }), (alpha, q, sigma, ratio) => {
        expect(perInstanceStepRdp({ alpha, q, sigma, ratio: 1 })).toBe(sgmRdpInteger({ alpha, q, sigma }));
        const a = perInstanceStepRdp({ alpha, q, sigma, ratio });
        const b = sgmRdpInteger({ alpha, q, sigma: sigma / ratio });
        expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-12 * b + 1e-300);
      }),
      settings,
    );
  });

  it("agrees with the accountants' data-independent subsampled-Gaussian RDP at ratio 1", () => {
    for (const alpha of [2, 3, 8, 16, 32, 63]) {
      for (const q of [1e-3, 0.01, 0.1]) {
        for (const sigma of [0.7, 1, 2, 5]) {
          const ours = perInstanceStepRdp({ alpha, q, sigma, ratio: 1 });
          const rdp = subsampledGaussianRdp({ samplingRate: q, noiseMultiplier: sigma, order: alpha });
          // One kernel (rdp/sampled-gaussian-integer-rdp.ts) serves both; only c = 1/(2σ²) is
          // rounded differently (0.5/σ² there, (1/σ)²/2 here), a few ulp.
          expect(Math.abs(ours - rdp), `alpha ${alpha} q ${q} sigma ${sigma}`).toBeLessThanOrEqual(1e-12 * rdp);
        }
      }
    }
  });

  it('never exceeds the data-independent value for clipped norms (ratio <= 1)', () => {
    fc.assert(
      fc.property(order, rate, noise, unit, (alpha, q, sigma, ratio) => {
        expect(perInstanceStepRdp({ alpha, q, sigma, ratio })).toBeLessThanOrEqual(sgmRdpInteger({ alpha, q, sigma }));
      }),
      settings,
    );
  });

  it('increases with the norm ratio, with q and with alpha, and decreases with sigma', () => {
    fc.assert(
      fc.property(order, rate, noise, unit, unit, (alpha, q, sigma, r1, r2) => {
        const [lo, hi] = r1 <= r2 ? [r1, r2] : [r2, r1];
        const at = (o: Partial<{ alpha: number; q: number; sigma: number; ratio: number }>): number =>
          perInstanceStepRdp({ alpha, q, sigma, ratio: hi, ...o });
        expect(at({ ratio: lo })).toBeLessThanOrEqual(at({}));
        expect(at({ q: q / 2 })).toBeLessThanOrEqual(at({}));
        expect(at({})).toBeLessThanOrEqual(at({ alpha: alpha + 1 }));
        expect(at({ sigma: sigma * 1.5 })).toBeLessThanOrEqual(at({}));
      }),
      settings,
    );
  });

  it('is exactly 0 at ratio 0 or q 0 and alpha r^2/(2 sigma^2) at q = 1', () => {
    expect(perInstanceStepRdp({ alpha: 8, q: 0.3, sigma: 1, ratio: 0 })).toBe(0);
    expect(perInstanceStepRdp({ alpha: 8, q: 0, sigma: 1, ratio: 1 })).toBe(0);
    expect(perInstanceStepRdp({ alpha: 9, q: 1, sigma: 2, ratio: 0.5 })).toBeCloseTo((9 * 0.25) / 8, 15);
  });

  it('is continuous across the switch from the linear recurrence to log space', () => {
    for (const [alpha, q] of [[8, 0.01], [64, 0.001], [200, 0.05], [1000, 0.3]] as const) {
      const limit = 700 / (alpha * (alpha - 1));
      const evaluator = createStepRdpEvaluator(alpha, q);
      const below = evaluator.at(limit * (1 - 1e-13));
      const above = evaluator.at(limit * (1 + 1e-13));
      expect(Math.abs(above - below) / below, `alpha ${alpha}`).toBeLessThan(1e-11);
    }
  });

  it('stays finite for huge exponents and high orders (no overflow)', () => {
    const eps = perInstanceStepRdp({ alpha: 10000, q: 0.5, sigma: 0.3, ratio: 1 });
    expect(Number.isFinite(eps)).toBe(true);
    expect(eps).toBeGreaterThan(0);
    // q = 1 limit: alpha/(2 sigma^2) bounds every q.
    expect(eps).toBeLessThanOrEqual(10000 / (2 * 0.09));
  });

  it('rejects invalid input with typed errors naming the parameter', () => {
    const ok = { alpha: 8, q: 0.01, sigma: 1, ratio: 0.5 };
    const bad: [Record<string, number>, string][] = [
      [{ alpha: 1 }, 'alpha'],
      [{ alpha: 2.5 }, 'alpha'],
      [{ alpha: 10001 }, 'alpha'],
      [{ q: -0.1 }, 'q'],
      [{ q: 1.1 }, 'q'],
      [{ sigma: 0 }, 'sigma'],
      [{ sigma: Number.POSITIVE_INFINITY }, 'sigma'],
      [{ ratio: -1 }, 'ratio'],
      [{ ratio: Number.NaN }, 'ratio'],
    ];
    for (const [patch, parameter] of bad) {
      try {
        perInstanceStepRdp({ ...ok, ...patch });
        expect.unreachable(JSON.stringify(patch));
      } catch (error) {
        expect(error).toBeInstanceOf(DpboundsRangeError);
        expect((error as DpboundsRangeError).parameter).toBe(parameter);
      }
    }
    expect(perInstanceStepRdp({ ...ok, alpha: 12000, maxOrder: 12000 })).toBeGreaterThan(0);
    expect(() => perInstanceStepRdp({ ...ok, ratio: 1e200 })).toThrow(DpboundsRangeError);
    expect(() => sgmRdpInteger({ alpha: 8, q: 0.1, sigma: 1e-200 })).toThrow(DpboundsRangeError);
  });
});
