/**
 * Safety properties over random configurations (fast-check, seeded): ε is non-increasing in σ
 * and non-decreasing in T and q, the lower bound never exceeds the guarantee, and ε stays finite
 * for every σ > 0 and δ > 0 (including ε far above 709).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrivacyAccountant } from '../../src/index.js';
import { dpSgdEvent, GdpAccountant, PldAccountant, PrvAccountant, RdpAccountant } from '../../src/index.js';

const eps = (make: () => PrivacyAccountant, q: number, sigma: number, steps: number, delta: number): number =>
  make().compose(dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps })).getEpsilon(delta);

const kinds: Record<string, () => PrivacyAccountant> = {
  rdp: () => new RdpAccountant(),
  gdp: () => new GdpAccountant(),
  // a fixed grid: the auto grid step depends on (q, σ), and a different step changes the pessimistic bias
  pld: () => new PldAccountant({ valueDiscretizationInterval: 2e-3, maxGridPoints: 2 ** 18 }),
};

describe('ε is monotone in σ, T and q', () => {
  for (const [name, make] of Object.entries(kinds)) {
    it(name, () => {
      const runs = name === 'pld' ? 6 : 60;
      fc.assert(
        fc.property(
          fc.double({ min: 1e-3, max: 0.5, noNaN: true }), fc.double({ min: 0.4, max: 4, noNaN: true }), fc.integer({ min: 1, max: name === 'pld' ? 300 : 100_000 }),
          fc.double({ min: 1.01, max: 2, noNaN: true }), fc.constantFrom(1e-5, 1e-8),
          (q, sigma, steps, factor, delta) => {
            const base = eps(make, q, sigma, steps, delta);
            const slack = 1e-9 * Math.max(1, base);
            expect(Number.isFinite(base)).toBe(true);
            expect(eps(make, q, sigma * factor, steps, delta)).toBeLessThanOrEqual(base + slack);
            expect(eps(make, q, sigma, Math.ceil(steps * factor), delta)).toBeGreaterThanOrEqual(base - slack);
            expect(eps(make, Math.min(1, q * factor), sigma, steps, delta)).toBeGreaterThanOrEqual(base - slack);
          },
        ),
        { seed: 20261125, numRuns: runs },
      );
    });
  }
});

describe('lower bounds never exceed the guarantee; large ε stays finite', () => {
  it('PLD and PRV: lower ≤ estimate ≤ upper, all finite, labelled', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.5, noNaN: true }), fc.double({ min: 0.45, max: 2, noNaN: true }), fc.integer({ min: 1, max: 200 }), fc.constantFrom(1e-5, 1e-10, 1e-200), (q, sigma, steps, delta) => {
        const run = dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps });
        for (const a of [new PldAccountant({ maxGridPoints: 2 ** 18 }), new PrvAccountant({ epsError: 0.05, maxGridPoints: 2 ** 18 })]) {
          const b = a.compose(run).getEpsilonBounds(delta);
          expect(Number.isFinite(b.upper), JSON.stringify(b)).toBe(true);
          expect(b.lower).toBeLessThanOrEqual(b.estimate);
          expect(b.estimate).toBeLessThanOrEqual(b.upper);
          expect(b.kind).toBe('guarantee');
          expect(['pld', 'pld-coarsened', 'prv', 'pld-fallback', 'rdp-fallback']).toContain(b.method);
        }
      }),
      { seed: 5, numRuns: 8 },
    );
  });
});
