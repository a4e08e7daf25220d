import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { subsampledGaussianRdp } from './subsampled-gaussian-rdp.js';

const reference = JSON.parse(readFileSync(new URL('../../test/fixtures/rdp-terms.json', import.meta.url), 'utf8')) as {
  cases: { q: number; sigma: number; alpha: number; rdp: string; tags?: string[] }[];
};

describe('RDP terms against independent 50-digit quadrature (scripts/generate-rdp-terms.py)', () => {
  it('covers integer, fractional and large orders', () => {
    expect(reference.cases.length).toBeGreaterThan(200);
    expect(reference.cases.some((c) => c.alpha > 63)).toBe(true);
    expect(reference.cases.some((c) => !Number.isInteger(c.alpha))).toBe(true);
  });

  // Accuracy: 1e-9 relative, or an absolute error of 1e-12/(α − 1) in RDP: the fractional-order
  // series stops at terms e^-30 below A_α ≈ 1, which bounds the absolute error of log A_α.
  it('agrees to 1e-9 relative (or 1e-12/(α − 1) absolute) on every case', () => {
    for (const c of reference.cases) {
      const expected = Number(c.rdp);
      const got = subsampledGaussianRdp({ samplingRate: c.q, noiseMultiplier: c.sigma, order: c.alpha });
      const err = Math.abs(got - expected);
      const ok = err <= 1e-9 * Math.abs(expected) || err <= 1e-12 / (c.alpha - 1);
      expect(ok, `q=${c.q} σ=${c.sigma} α=${c.alpha}: ${got} vs ${expected}`).toBe(true);
    }
  });

  // Integer orders go through the kernel shared with the per-instance RDP (expm1 recurrence /
  // log space), which has no 1 + tiny cancellation: full relative accuracy down to ε ≈ 1e-18.
  it('keeps 1e-12 relative accuracy on the tiny integer-order cases (ε down to 1e-18)', () => {
    const tiny = reference.cases.filter((c) => c.tags?.includes('tiny'));
    expect(tiny.length).toBeGreaterThanOrEqual(30);
    expect(Math.min(...tiny.map((c) => Number(c.rdp)))).toBeLessThan(1e-17);
    for (const c of tiny) {
      const expected = Number(c.rdp);
      const got = subsampledGaussianRdp({ samplingRate: c.q, noiseMultiplier: c.sigma, order: c.alpha });
      expect(Math.abs(got - expected), `q=${c.q} σ=${c.sigma} α=${c.alpha}: ${got} vs ${expected}`).toBeLessThanOrEqual(1e-12 * expected);
    }
  });

  it('handles the special cases of docs/accounting.md and rejects invalid orders', () => {
    expect(subsampledGaussianRdp({ samplingRate: 0, noiseMultiplier: 1, order: 2 })).toBe(0);
    expect(subsampledGaussianRdp({ samplingRate: 0.1, noiseMultiplier: 0, order: 2 })).toBe(Infinity);
    expect(subsampledGaussianRdp({ samplingRate: 1, noiseMultiplier: 2, order: 3 })).toBe(3 / 8);
    expect(subsampledGaussianRdp({ samplingRate: 0.1, noiseMultiplier: 1, order: Infinity })).toBe(Infinity);
    expect(() => subsampledGaussianRdp({ samplingRate: 0.1, noiseMultiplier: 1, order: 1 })).toThrow(/order/);
    expect(() => subsampledGaussianRdp({ samplingRate: 1.5, noiseMultiplier: 1, order: 2 })).toThrow(/samplingRate/);
  });
});
