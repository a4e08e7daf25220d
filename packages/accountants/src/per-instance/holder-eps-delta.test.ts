import fc from 'fast-check';
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { gaussianEpsClassic, holderEpsDelta } from './holder-eps-delta.js';

describe('holderEpsDelta (Cor. 3.1)', () => {
  it('tends to ln(1 + q(e^{max eps_B} − 1)) as p grows', () => {
    const q = 0.01;
    const batchEps = [0.3, 0.5, 0.1];
    const limit = Math.log1p(q * Math.expm1(0.5));
    const far = holderEpsDelta({ q, p: 1e9, deltaPrime: 1e-5, batchEps }).epsilon;
    expect(Math.abs(far - limit) / limit).toBeLessThan(1e-3);
  });

  it('matches the direct formula where it does not overflow', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-4, max: 1, noNaN: true }),
        fc.double({ min: 1.5, max: 20, noNaN: true }),
        fc.double({ min: 1e-8, max: 0.1, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (q, p, deltaPrime, batchEps) => {
          const mean = batchEps.reduce((a, e) => a + Math.exp(p * e), 0) / batchEps.length;
          const direct = Math.log(1 - q + q ** (p / (p - 1)) * (mean / deltaPrime) ** (1 / (p - 1)));
          const out = holderEpsDelta({ q, p, deltaPrime, batchEps });
          expect(Math.abs(out.epsilonRaw - direct)).toBeLessThanOrEqual(1e-10 * Math.abs(direct) + 1e-13);
          expect(out.epsilon).toBe(Math.max(0, out.epsilonRaw));
        },
      ),
      { seed: 11, numRuns: 200 },
    );
  });

  it('stays finite where e^{p eps_B} overflows and increases with the samples', () => {
    const a = holderEpsDelta({ q: 0.002, p: 1e4, deltaPrime: 5e-6, batchEps: [1, 2] });
    const b = holderEpsDelta({ q: 0.002, p: 1e4, deltaPrime: 5e-6, batchEps: [1, 3] });
    expect(Number.isFinite(a.epsilon)).toBe(true);
    expect(b.epsilon).toBeGreaterThan(a.epsilon);
    expect(holderEpsDelta({ q: 0, p: 2, deltaPrime: 0.1, batchEps: [5] }).epsilon).toBe(0);
  });

  it('validates its input', () => {
    expect(() => holderEpsDelta({ q: 0.1, p: 1, deltaPrime: 0.1, batchEps: [0.1] })).toThrow(DpboundsRangeError);
    expect(() => holderEpsDelta({ q: 0.1, p: 2, deltaPrime: 0, batchEps: [0.1] })).toThrow(DpboundsRangeError);
    expect(() => holderEpsDelta({ q: 0.1, p: 2, deltaPrime: 0.1, batchEps: [] })).toThrow(DpboundsRangeError);
    expect(() => holderEpsDelta({ q: 0.1, p: 2, deltaPrime: 0.1, batchEps: 3 as unknown as number[] })).toThrow(DpboundsTypeError);
    expect(() => holderEpsDelta({ q: 0.1, p: 2, deltaPrime: 0.1, batchEps: [-0.1] })).toThrow('batchEps[0]');
  });
});

describe('gaussianEpsClassic', () => {
  it('is linear in the ratio and decreasing in sigma', () => {
    const one = gaussianEpsClassic({ ratio: 1, sigma: 2, delta: 1e-5 });
    expect(gaussianEpsClassic({ ratio: 0.25, sigma: 2, delta: 1e-5 })).toBeCloseTo(one / 4, 14);
    expect(gaussianEpsClassic({ ratio: 1, sigma: 4, delta: 1e-5 })).toBeLessThan(one);
    expect(() => gaussianEpsClassic({ ratio: 1, sigma: 1, delta: 1 })).toThrow(DpboundsRangeError);
  });
});
