/**
 * The property "PRV bounds bracket the PLD bounds" on seeded random configurations, shared by
 * the default suite (src/prv/prv-accountant.test.ts: the first runs of the seed) and
 * `pnpm test:big` (test/big/prv-bracket.big-test.ts: the full count).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { dpSgdEvent } from '../../events/mechanism-event.js';
import { PldAccountant } from '../../pld/pld-accountant.js';
import { PrvAccountant } from '../prv-accountant.js';

/** The seed of the property; a run of n cases checks the first n configurations it draws. */
export const PRV_BRACKET_SEED = 20261125;

/** Asserts lower ≤ estimate ≤ upper, upper ≥ the PLD lower bound, lower ≤ the PLD guarantee on `numRuns` seeded configurations. */
export function assertPrvBracketsPld(numRuns: number): void {
  fc.assert(
    fc.property(
      fc.double({ min: 1e-3, max: 0.1, noNaN: true }),
      fc.double({ min: 0.6, max: 4, noNaN: true }),
      fc.integer({ min: 2, max: 3000 }),
      fc.constantFrom(1e-5, 1e-7),
      fc.constantFrom<number | 'relative'>(0.01, 0.05, 'relative'),
      (q, sigma, steps, delta, epsError) => {
        const event = dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps });
        const prv = new PrvAccountant({ epsError }).compose(event).getEpsilonBounds(delta);
        const pld = new PldAccountant().compose(event).getEpsilonBounds(delta);
        expect(prv.lower).toBeLessThanOrEqual(prv.estimate);
        expect(prv.estimate).toBeLessThanOrEqual(prv.upper);
        expect(prv.upper).toBeGreaterThanOrEqual(pld.lower);
        expect(prv.lower).toBeLessThanOrEqual(pld.upper);
        // the estimate is within the budget's ε error of the PLD value (coarse meshes at tiny T are not exact)
        if (prv.method === 'prv') expect(Math.abs(prv.estimate - pld.upper)).toBeLessThanOrEqual((typeof epsError === 'number' ? epsError : 0) + 2e-3 * pld.upper + 1e-6);
      },
    ),
    { seed: PRV_BRACKET_SEED, numRuns },
  );
}
