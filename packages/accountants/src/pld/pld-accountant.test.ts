import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casesOf, withinTolerance, type FixtureCase } from '../contract/test-helpers/fixtures.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { connectTheDotsPld } from './connect-the-dots.js';
import { pldDeltaAt, pldEpsilonAt, pldTotalMass } from './discrete-pld.js';
import { rdpCurveToEpsilon } from '../rdp/rdp-to-epsilon.js';
import { PldAccountant } from './pld-accountant.js';
import { singleStepHockeyStick, type PsgDirection } from './psg-privacy-loss.js';

const eventOf = (c: FixtureCase) => dpSgdEvent({ samplingRate: c.input.q as number, noiseMultiplier: c.input.sigma as number, steps: c.input.steps as number });

describe('single-step hockey-stick divergence (fixtures single_step_delta)', () => {
  const cases = casesOf('single_step_delta');
  it('has the 36 fixture cases', () => expect(cases.length).toBe(36));
  for (const c of cases) {
    it(c.id, () => {
      const direction: PsgDirection = c.relation === 'substitution' ? 'replace' : (c.relation as PsgDirection);
      const got = singleStepHockeyStick(direction, c.input.q as number, c.input.sigma as number, c.input.eps as number);
      expect(withinTolerance(got, c.expected.delta as number, c.tolerance), `${got} vs ${c.expected.delta}`).toBe(true);
    });
  }
});

describe('connect-the-dots discretisation', () => {
  it('conserves mass to 1e-12, including substitution at σ = 0.5 where the anchor gains 3.7e-6', () => {
    for (const [dir, q, s, h] of [['replace', 1e-3, 0.5, 1e-5], ['remove', 1e-3, 0.5, 1e-4], ['add', 0.01, 1, 1e-4], ['replace', 1, 0.3, 1e-3]] as const) {
      const pld = connectTheDotsPld(dir, q, s, { h });
      expect(Math.abs(pldTotalMass(pld) - 1), `${dir} ${q} ${s}`).toBeLessThanOrEqual(1e-12);
    }
  });

  it('reproduces δ exactly at grid points and dominates it between them (one step)', () => {
    const h = 0.05;
    const acc = new PldAccountant({ valueDiscretizationInterval: h }).compose(dpSgdEvent({ samplingRate: 0.1, noiseMultiplier: 0.8, steps: 1 }));
    for (const eps of [0, 0.05, 0.3, 1, 2.5]) {
      const exact = Math.max(singleStepHockeyStick('remove', 0.1, 0.8, eps), singleStepHockeyStick('add', 0.1, 0.8, eps));
      expect(acc.getDelta(eps)).toBeCloseTo(exact, 12);
    }
    for (const eps of [0.025, 0.33, 1.01, 2.47]) {
      const exact = Math.max(singleStepHockeyStick('remove', 0.1, 0.8, eps), singleStepHockeyStick('add', 0.1, 0.8, eps));
      expect(acc.getDelta(eps)).toBeGreaterThanOrEqual(exact);
    }
  });
});

describe('PLD accountant at dp_accounting\'s parameters (fixtures eps/pld, h = 1e-4)', () => {
  const cases = casesOf('eps', 'pld');
  it('has the 14 fixture cases', () => expect(cases.length).toBe(14));
  for (const c of cases) {
    it(c.id, () => {
      const acc = new PldAccountant({ valueDiscretizationInterval: c.params?.value_discretization_interval as number }).compose(eventOf(c));
      const got = acc.getEpsilon(c.input.delta as number);
      expect(withinTolerance(got, c.expected.eps as number, c.tolerance), `${got} vs ${c.expected.eps}`).toBe(true);
      const remove = acc.privacyLossDistribution('remove');
      expect(remove.probs.length).toBeGreaterThan(0);
    });
  }
});

describe('PLD accountant, automatic grid, against the tight references', () => {
  const tight = casesOf('eps', 'tight(pld|prv|fourier)');
  const arDelta0 = casesOf('delta_at_eps', 'pld', 'add_remove');
  it('has the fixture cases', () => {
    expect(tight.length).toBe(14);
    expect(arDelta0.length).toBe(10);
  });
  for (const c of tight) {
    it(c.id, () => {
      const acc = new PldAccountant().compose(eventOf(c));
      const got = acc.getEpsilon(c.input.delta as number);
      const expected = c.expected.eps as number;
      const tol = c.tolerance.abs as number;
      expect(withinTolerance(got, expected, c.tolerance), `${got} vs ${expected}`).toBe(true);
      // within 0.1 % of the reference or within its own stated tolerance when that is wider
      expect(Math.abs(got - expected)).toBeLessThanOrEqual(Math.max(1e-3 * expected, tol));
      // never optimistic: not below the reference by more than its tolerance
      expect(got).toBeGreaterThanOrEqual(expected - tol);
      // the rigorous lower bound (rounded-down PLD + Hoeffding on the remainders) brackets it
      const b = acc.getEpsilonBounds(c.input.delta as number);
      expect(b.upper).toBe(got);
      expect(b.lower).toBeLessThanOrEqual(expected + tol);
      expect(b.lower).toBeGreaterThan(0.9 * expected);
    });
  }
  for (const c of arDelta0) {
    it(c.id, () => {
      const h = c.params?.value_discretization_interval as number;
      const fixed = new PldAccountant({ valueDiscretizationInterval: h }).compose(eventOf(c)).getDelta(0);
      expect(withinTolerance(fixed, c.expected.delta as number, c.tolerance), `δ(0) ${fixed} vs ${c.expected.delta}`).toBe(true);
      const auto = new PldAccountant().compose(eventOf(c)).getDelta(0);
      // the automatic grid either matches the reference or is finer than 1e-4 and hence tighter
      // (connect-the-dots converges from above)
      expect(withinTolerance(auto, c.expected.delta as number, c.tolerance) || auto < fixed, `auto δ(0) ${auto} vs ${c.expected.delta}`).toBe(true);
    });
  }
});

describe('PLD accountant, substitution (fixtures sub and delta0-sub)', () => {
  const sub = casesOf('eps', 'tight(pld|fourier)', 'substitution');
  const delta0 = casesOf('delta_at_eps', 'tight(pld|fourier)', 'substitution');
  it('has the fixture cases', () => {
    expect(sub.length).toBe(14);
    expect(delta0.length).toBe(10);
  });
  for (const c of sub) {
    it(c.id, () => {
      const acc = new PldAccountant({ neighbouring: 'substitution' }).compose(eventOf(c));
      const got = acc.getEpsilon(c.input.delta as number);
      expect(withinTolerance(got, c.expected.eps as number, c.tolerance), `${got} vs ${c.expected.eps}`).toBe(true);
      expect(got).toBeGreaterThanOrEqual((c.expected.eps as number) - (c.tolerance.abs as number));
      const d0 = delta0.find((d) => d.id.split('/')[0] === c.id.split('/')[0]);
      if (d0 !== undefined) {
        const got0 = acc.getDelta(0);
        expect(withinTolerance(got0, d0.expected.delta as number, d0.tolerance), `δ(0) ${got0} vs ${d0.expected.delta}`).toBe(true);
      }
    });
  }
});

describe('the automatic grid is at least as tight as dp_accounting\'s default grid (h = 1e-4)', () => {
  // dp_accounting's PLDAccountant defaults to value_discretization_interval = 1e-4 with the same
  // pessimistic connect-the-dots discretisation; the fixtures eps/pld are its ε at that step.
  const cases = casesOf('eps', 'pld');
  for (const c of cases) {
    it(c.id, () => {
      const event = eventOf(c);
      const delta = c.input.delta as number;
      const anchorH = c.params?.value_discretization_interval as number;
      const auto = new PldAccountant().compose(event);
      const equal = new PldAccountant({ valueDiscretizationInterval: anchorH }).compose(event);
      const eAuto = auto.getEpsilon(delta);
      const eEqual = equal.getEpsilon(delta);
      // the property that carries the claim: our automatic ε ≤ our ε on the anchor's grid …
      expect(auto.discretizationInterval).toBeLessThanOrEqual(anchorH);
      expect(eAuto, `auto ${eAuto} vs h = ${anchorH}: ${eEqual}`).toBeLessThanOrEqual(eEqual);
      // … ours on the anchor's grid is the anchor's value (same construction) up to ~1e-8
      // relative (each rounds its own way), and the automatic grid is 2 % finer, which removes
      // more than that (the bias shrinks like h²): the automatic ε is at most the anchor's
      expect(Math.abs(eEqual - (c.expected.eps as number))).toBeLessThanOrEqual(1e-6 * (c.expected.eps as number));
      expect(eAuto).toBeLessThanOrEqual((c.expected.eps as number) * (1 + 1e-9));
    });
  }
});

describe('skipping a direction that cannot raise the answer gives the full computation\'s answer (property)', () => {
  it('getEpsilon and getDelta equal the maximum over both composed directions', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-3, max: 0.1, noNaN: true }),
        fc.double({ min: 0.4, max: 3, noNaN: true }),
        fc.integer({ min: 10, max: 2000 }),
        fc.constantFrom(1e-3, 1e-5, 1e-8),
        (q, sigma, steps, delta) => {
          const event = dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps });
          const h = 1e-3;
          const screened = new PldAccountant({ valueDiscretizationInterval: h }).compose(event);
          const full = new PldAccountant({ valueDiscretizationInterval: h }).compose(event);
          const remove = full.privacyLossDistribution('remove');
          const add = full.privacyLossDistribution('add');
          const eps = screened.getEpsilon(delta);
          if (delta <= 1e-9) return; // the RDP fallback: not this property
          expect(eps).toBe(Math.max(0, pldEpsilonAt(remove, delta), pldEpsilonAt(add, delta)));
          for (const e of [0, 0.5 * eps, eps, 2 * eps]) {
            const fresh = new PldAccountant({ valueDiscretizationInterval: h }).compose(event);
            expect(fresh.getDelta(e)).toBe(Math.min(1, Math.max(0, pldDeltaAt(remove, e), pldDeltaAt(add, e))));
          }
          // many queries on one accountant (bounded, then composed once): still the full answer
          for (let k = 0; k <= 8; k++) {
            const e = (k / 4) * eps;
            expect(screened.getDelta(e)).toBe(Math.min(1, Math.max(0, pldDeltaAt(remove, e), pldDeltaAt(add, e))));
          }
        },
      ),
      { seed: 16, numRuns: 25 },
    );
  });

  it('at σ = 0.5, T = 1e5 the remove direction decides, and the add composition is not needed', () => {
    // the add direction's ε there is 8.4 against 13.03: its δ bound at 13.03 is ~3e-13
    const acc = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1e-3, noiseMultiplier: 0.5, steps: 1e5 }));
    const eps = acc.getEpsilon(1e-5);
    expect(eps).toBe(pldEpsilonAt(acc.privacyLossDistribution('remove'), 1e-5));
    expect(pldEpsilonAt(acc.privacyLossDistribution('add'), 1e-5)).toBeLessThan(eps - 4);
  });
});

describe('PLD accountant against the tuned Fourier accountant (fixtures eps/fourier)', () => {
  const cases = casesOf('eps', 'fourier');
  it('has the 9 fixture cases', () => expect(cases.length).toBe(9));
  for (const c of cases) {
    it(c.id, () => {
      // the Fourier references (L tuned, 4e6 points) are accurate to ~1e-4 relative; a grid half
      // the automatic one brings our pessimistic value within that (it converges from above)
      const event = eventOf(c);
      const h = new PldAccountant().compose(event).discretizationInterval / 2;
      const got = new PldAccountant({ valueDiscretizationInterval: h }).compose(event).getEpsilon(c.input.delta as number);
      const tol = c.tolerance.abs as number;
      expect(Math.abs(got - (c.expected.eps as number)), `${got} vs ${c.expected.eps}`).toBeLessThanOrEqual(tol);
    });
  }
});

describe('connect-the-dots dominance under grid refinement (property)', () => {
  it('ε on a grid is at least ε on a 4× finer nested grid, which is at least the rigorous lower bound', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-3, max: 0.2, noNaN: true }),
        fc.double({ min: 0.5, max: 3, noNaN: true }),
        fc.integer({ min: 1, max: 300 }),
        fc.constantFrom<'add-remove' | 'substitution'>('add-remove', 'substitution'),
        (q, sigma, steps, neighbouring) => {
          const event = dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps });
          const h = 2e-3;
          const coarse = new PldAccountant({ neighbouring, valueDiscretizationInterval: h }).compose(event);
          const fine = new PldAccountant({ neighbouring, valueDiscretizationInterval: h / 4 }).compose(event);
          for (const delta of [1e-3, 1e-6]) {
            const e = fine.getEpsilon(delta);
            expect(coarse.getEpsilon(delta)).toBeGreaterThanOrEqual(e - 1e-9);
            expect(fine.getEpsilonBounds(delta).lower).toBeLessThanOrEqual(e + 1e-12);
          }
          expect(coarse.getDelta(0.5)).toBeGreaterThanOrEqual(fine.getDelta(0.5) - 1e-12);
        },
      ),
      { seed: 11, numRuns: 10 },
    );
  });
});

describe('the lower bound from one discretisation pass (property)', () => {
  it('a bounds query first (both ends of each step from one pass) gives exactly the bounds of the two-pass order, and lower ≤ ε', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-3, max: 0.2, noNaN: true }),
        fc.double({ min: 0.5, max: 3, noNaN: true }),
        fc.integer({ min: 1, max: 2000 }),
        fc.constantFrom<'add-remove' | 'substitution'>('add-remove', 'substitution'),
        fc.constantFrom(1e-3, 1e-5, 1e-7),
        (q, sigma, steps, neighbouring, delta) => {
          const event = dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps });
          const h = 1e-3;
          const onePass = new PldAccountant({ neighbouring, valueDiscretizationInterval: h }).compose(event);
          const bounds = onePass.getEpsilonBounds(delta);
          const deltaBounds = onePass.getDeltaBounds(bounds.upper / 2);
          // the pessimistic plans built first (getEpsilon), the optimistic steps discretised afterwards
          const twoPass = new PldAccountant({ neighbouring, valueDiscretizationInterval: h }).compose(event);
          twoPass.getEpsilon(delta);
          expect(twoPass.getEpsilonBounds(delta)).toEqual(bounds);
          expect(twoPass.getDeltaBounds(bounds.upper / 2)).toEqual(deltaBounds);
          // a lower bound: below the upper one, and below ε on a 4× finer grid (closer to the exact ε)
          expect(bounds.lower).toBeLessThanOrEqual(bounds.upper);
          const fine = new PldAccountant({ neighbouring, valueDiscretizationInterval: h / 4 }).compose(event);
          expect(bounds.lower).toBeLessThanOrEqual(fine.getEpsilon(delta) + 1e-12);
          expect(deltaBounds.lower).toBeLessThanOrEqual(fine.getDelta(bounds.upper / 2) + 1e-15);
        },
      ),
      { seed: 20261128, numRuns: 12 },
    );
  }, 120_000);
});

describe('argument validation of the exported building blocks', () => {
  it('throws typed errors naming the parameter', () => {
    expect(() => singleStepHockeyStick('sideways' as never, 0.1, 1, 0)).toThrow(/direction/);
    expect(() => singleStepHockeyStick('remove', 0, 1, 0)).toThrow(/samplingRate/);
    expect(() => singleStepHockeyStick('remove', 0.1, 1, Number.NaN)).toThrow(/epsilon/);
    expect(() => connectTheDotsPld('remove', 0.1, 1, { h: 0 })).toThrow(/h must be/);
    const pld = connectTheDotsPld('remove', 0.1, 1, { h: 0.01 });
    expect(() => pldEpsilonAt(pld, -1)).toThrow(/delta/);
    expect(() => pldDeltaAt(pld, Number.NaN)).toThrow(/epsilon/);
    expect(() => rdpCurveToEpsilon([2, 3], [0.1], 1e-5, 'improved')).toThrow(/rdp/);
    expect(() => rdpCurveToEpsilon([1, 3], [0.1, 0.2], 1e-5, 'improved')).toThrow(/orders\[0\]/);
    expect(() => new PldAccountant({ valueDiscretizationInterval: -1 })).toThrow(/valueDiscretizationInterval/);
  });
});

describe('PLD accountant: a noise multiplier whose one-step loss cannot be gridded is blamed, not the steps', () => {
  for (const sigma of [1e308, 1e-10, 1e-320]) {
    it(`σ = ${sigma}, substitution: the error names noiseMultiplier`, () => {
      const acc = new PldAccountant({ neighbouring: 'substitution' }).compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: sigma, steps: 100 }));
      expect(() => acc.getEpsilon(1e-5)).toThrow(/noiseMultiplier/);
    });
  }
  it('a run that only fails through its length still names steps', () => {
    const acc = new PldAccountant({ neighbouring: 'substitution', maxGridPoints: 2 ** 12 }).compose(dpSgdEvent({ samplingRate: 0.5, noiseMultiplier: 0.5, steps: 100000 }));
    expect(() => acc.getEpsilon(1e-5)).toThrow(/steps/);
  });
});
