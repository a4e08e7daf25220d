import { describe, expect, it } from 'vitest';
import { casesOf } from '../contract/test-helpers/fixtures.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { PrvAccountant } from './prv-accountant.js';

describe('PRV accountant (fixtures eps/prv, ε_err = 0.01, δ_err = δ/1000)', () => {
  const cases = casesOf('eps', 'prv');
  const tight = casesOf('eps', 'tight(pld|prv|fourier)');
  it('has the 14 fixture cases', () => expect(cases.length).toBe(14));
  for (const c of cases) {
    it(c.id, () => {
      const t0 = performance.now();
      const acc = new PrvAccountant({ epsError: c.params?.eps_error as number, deltaError: c.params?.delta_error as number }).compose(
        dpSgdEvent({ samplingRate: c.input.q as number, noiseMultiplier: c.input.sigma as number, steps: c.input.steps as number }),
      );
      const b = acc.getEpsilonBounds(c.input.delta as number);
      const tol = c.tolerance.abs as number;
      expect(Math.abs(b.lower - (c.expected.eps_lower as number))).toBeLessThanOrEqual(tol);
      expect(Math.abs(b.estimate - (c.expected.eps_estimate as number))).toBeLessThanOrEqual(tol);
      expect(Math.abs(b.upper - (c.expected.eps_upper as number))).toBeLessThanOrEqual(tol);
      const t = tight.find((x) => x.id.split('/')[0] === c.id.split('/')[0]);
      if (t !== undefined) {
        const te = t.expected.eps as number;
        const ttol = t.tolerance.abs as number;
        expect(b.lower).toBeLessThanOrEqual(te + ttol);
        expect(b.upper).toBeGreaterThanOrEqual(te - ttol);
        expect(Math.abs(b.estimate - te)).toBeLessThanOrEqual(Math.max(1e-3 * te, ttol));
      }
      expect(acc.getEpsilon(c.input.delta as number)).toBe(b.upper);
    });
  }
});
