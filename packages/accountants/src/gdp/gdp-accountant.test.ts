import { describe, expect, it } from 'vitest';
import { casesOf, withinTolerance } from '../contract/test-helpers/fixtures.js';
import { dpSgdEvent, gaussianEvent } from '../events/mechanism-event.js';
import { GdpAccountant } from './gdp-accountant.js';

describe('GDP/CLT accountant (fixtures eps/gdp)', () => {
  const cases = casesOf('eps', 'gdp');
  it('has the 14 fixture cases', () => expect(cases.length).toBe(14));
  for (const c of cases) {
    it(c.id, () => {
      const acc = new GdpAccountant().compose(dpSgdEvent({ samplingRate: c.input.q as number, noiseMultiplier: c.input.sigma as number, steps: c.input.steps as number }));
      expect(withinTolerance(acc.mu(), c.expected.mu as number, c.tolerance), `μ ${acc.mu()} vs ${c.expected.mu}`).toBe(true);
      const eps = acc.getEpsilon(c.input.delta as number);
      expect(withinTolerance(eps, c.expected.eps as number, c.tolerance), `${eps} vs ${c.expected.eps}`).toBe(true);
    });
  }

  it('is labelled as an approximation and underestimates the tight ε at σ = 0.5', () => {
    const acc = new GdpAccountant().compose(dpSgdEvent({ samplingRate: 1e-3, noiseMultiplier: 0.5, steps: 100_000 }));
    expect(acc.isGuarantee).toBe(false);
    expect(acc.getEpsilon(1e-5)).toBeLessThan(13.0286); // tight value from the fixtures
  });

  it('uses the exact μ = √T/σ for plain Gaussian steps and 2√T/σ under substitution', () => {
    expect(new GdpAccountant().compose(gaussianEvent(2), 16).mu()).toBeCloseTo(2, 14);
    expect(new GdpAccountant({ neighbouring: 'substitution' }).compose(gaussianEvent(2), 16).mu()).toBeCloseTo(4, 14);
    expect(new GdpAccountant({ neighbouring: 'substitution' }).supports(dpSgdEvent({ samplingRate: 0.5, noiseMultiplier: 1, steps: 1 }))).toBe(false);
  });

  it('returns 0 when δ is at least δ(0) = 2Φ(μ/2) − 1 (where Opacus raises)', () => {
    const acc = new GdpAccountant().compose(dpSgdEvent({ samplingRate: 1e-3, noiseMultiplier: 4, steps: 10 }));
    expect(acc.getEpsilon(0.5)).toBe(0);
    expect(acc.getDelta(0)).toBeGreaterThan(0);
  });

  it('offers the uniform-batch CLT (Opacus poisson=False), larger than the Poisson one, and keeps it through JSON', () => {
    const event = dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 });
    const uniform = new GdpAccountant({ batchSampling: 'uniform' }).compose(event);
    const poisson = new GdpAccountant().compose(event);
    expect(uniform.mu()).toBeGreaterThan(poisson.mu());
    expect(GdpAccountant.fromJSON(JSON.parse(JSON.stringify(uniform))).mu()).toBe(uniform.mu());
    expect(() => new GdpAccountant({ batchSampling: 'shuffle' as never })).toThrow(/batchSampling/);
  });
});
