import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casesOf, withinTolerance } from '../contract/test-helpers/fixtures.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { PrvAccountant } from '../prv/prv-accountant.js';
import { RdpAccountant } from '../rdp/rdp-accountant.js';
import { createAccountant, restoreAccountant } from './accountant-factory.js';
import { calibrateNoiseMultiplier, calibrateSamplingRate, calibrateSteps } from './calibrate.js';
import { prvCalibrationStart } from './prv-start.js';

const epsAt = (kind: 'rdp' | 'pld' | 'gdp', q: number, sigma: number, steps: number, delta: number): number =>
  createAccountant(kind).compose(dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps })).getEpsilon(delta);

describe('noise calibration (fixtures calibration)', () => {
  const cases = casesOf('calibration');
  it('has the 12 fixture cases', () => expect(cases.length).toBe(12));
  for (const c of cases) {
    it(c.id, () => {
      const q = c.input.q as number;
      const steps = c.input.steps as number;
      const delta = c.input.delta as number;
      const target = c.input.target_eps as number;
      const accountant = c.accountant === 'rdp' ? () => new RdpAccountant({ orders: 'opacus' }) : c.accountant === 'gdp' ? 'gdp' : 'pld';
      const result = calibrateNoiseMultiplier({ targetEpsilon: target, delta, samplingRate: q, steps, accountant });
      expect(withinTolerance(result.value, c.expected.sigma as number, c.tolerance), `${result.value} vs ${c.expected.sigma}`).toBe(true);
      expect(result.epsilon).toBeLessThanOrEqual(target);
      if (c.accountant === 'rdp') expect(result.epsilon).toBeGreaterThanOrEqual(target - 0.01);
    });
  }
});

describe('calibration never overshoots the budget (property)', () => {
  it('σ from RDP and GDP: ε(σ) ≤ target, and a slightly smaller σ exceeds it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'rdp' | 'gdp'>('rdp', 'gdp'),
        fc.double({ min: 1e-3, max: 0.2, noNaN: true }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.double({ min: 0.3, max: 8, noNaN: true }),
        fc.constantFrom(1e-5, 1e-6, 1e-8),
        (kind, q, steps, target, delta) => {
          const r = calibrateNoiseMultiplier({ targetEpsilon: target, delta, samplingRate: q, steps, accountant: kind });
          const eps = epsAt(kind, q, r.value, steps, delta);
          expect(eps).toBeLessThanOrEqual(target);
          expect(epsAt(kind, q, r.value * (1 - 1e-4), steps, delta)).toBeGreaterThan(target - 1e-6);
        },
      ),
      { seed: 20261122, numRuns: 40 },
    );
  });

  it('σ from PLD meets the budget on a few random configurations', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-3, max: 0.05, noNaN: true }), fc.integer({ min: 10, max: 1000 }), fc.double({ min: 0.5, max: 4, noNaN: true }), (q, steps, target) => {
        const r = calibrateNoiseMultiplier({ targetEpsilon: target, delta: 1e-5, samplingRate: q, steps });
        expect(epsAt('pld', q, r.value, steps, 1e-5)).toBeLessThanOrEqual(target);
      }),
      { seed: 7, numRuns: 3 },
    );
  });

  it('q and T calibrations stay within the budget and are maximal', () => {
    const q = calibrateSamplingRate({ targetEpsilon: 1, delta: 1e-5, noiseMultiplier: 1, steps: 1000, accountant: 'rdp' });
    expect(q.epsilon).toBeLessThanOrEqual(1);
    expect(epsAt('rdp', q.value * 1.001, 1, 1000, 1e-5)).toBeGreaterThan(1);
    const t = calibrateSteps({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, noiseMultiplier: 1.5, accountant: 'rdp' });
    expect(t.epsilon).toBeLessThanOrEqual(1);
    expect(epsAt('rdp', 0.01, 1.5, t.value + 1, 1e-5)).toBeGreaterThan(1);
    expect(calibrateSamplingRate({ targetEpsilon: 100, delta: 1e-5, noiseMultiplier: 1, steps: 10, accountant: 'rdp' }).value).toBe(1);
  });

  it('accepts epochs instead of steps (T = ⌊epochs/q⌋) but not both or neither', () => {
    const a = calibrateNoiseMultiplier({ targetEpsilon: 2, delta: 1e-5, samplingRate: 0.01, epochs: 10, accountant: 'rdp' });
    const b = calibrateNoiseMultiplier({ targetEpsilon: 2, delta: 1e-5, samplingRate: 0.01, steps: 1000, accountant: 'rdp' });
    expect(a.value).toBe(b.value);
    expect(() => calibrateNoiseMultiplier({ targetEpsilon: 2, delta: 1e-5, samplingRate: 0.01, accountant: 'rdp' })).toThrow(/exactly one of steps or epochs/);
    expect(() => calibrateNoiseMultiplier({ targetEpsilon: 2, delta: 1e-5, samplingRate: 0.01, steps: 5, epochs: 1, accountant: 'rdp' })).toThrow(/exactly one/);
  });

  it('rejects unreachable targets with a typed error', () => {
    expect(() => calibrateNoiseMultiplier({ targetEpsilon: 1e-6, delta: 1e-5, samplingRate: 1, steps: 10_000, accountant: 'rdp' })).toThrow(/privacy budget too low/);
    expect(() => calibrateNoiseMultiplier({ targetEpsilon: -1, delta: 1e-5, samplingRate: 0.1, steps: 1 })).toThrow(/targetEpsilon/);
  });
});

describe('PLD calibration against dp_accounting (test/fixtures/dp-accounting-pld-calibration.json)', () => {
  // σ from dp_accounting's own PLD calibration at its defaults (commit and call in the file)
  const fixture = JSON.parse(readFileSync(new URL('../../test/fixtures/dp-accounting-pld-calibration.json', import.meta.url), 'utf8')) as {
    cases: { targetEpsilon: number; delta: number; samplingRate: number; steps: number; sigma: number }[];
  };
  it('has the 2 fixture cases', () => expect(fixture.cases.length).toBe(2));
  for (const c of fixture.cases) {
    it(`target ε = ${c.targetEpsilon}, q = ${c.samplingRate}, T = ${c.steps}: σ ≤ dp_accounting's ${c.sigma}, certified by our accountant`, () => {
      const r = calibrateNoiseMultiplier({ targetEpsilon: c.targetEpsilon, delta: c.delta, samplingRate: c.samplingRate, steps: c.steps });
      expect(r.value).toBeLessThanOrEqual(c.sigma);
      expect(r.epsilon).toBeLessThanOrEqual(c.targetEpsilon);
      expect(epsAt('pld', c.samplingRate, r.value, c.steps, c.delta)).toBe(r.epsilon);
      // the default tolerance (1e-6) costs no more evaluations than 1e-5 did
      expect(r.evaluations).toBeLessThanOrEqual(7);
    }, 60_000);
  }
});

describe('accountant factory and checkpoints', () => {
  it('restores every accountant from JSON with the same ε', () => {
    for (const kind of ['rdp', 'pld', 'prv', 'gdp'] as const) {
      const a = createAccountant(kind).compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1.2, steps: 300 }));
      const b = restoreAccountant(JSON.parse(JSON.stringify(a)));
      expect(b.kind).toBe(kind);
      expect(b.getEpsilon(1e-5)).toBe(a.getEpsilon(1e-5));
    }
  });

  it('rejects malformed states naming the field', () => {
    expect(() => restoreAccountant({ accountant: 'xyz' })).toThrow(/state.accountant/);
    const good = JSON.parse(JSON.stringify(createAccountant('pld').compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 3 }))));
    expect(() => restoreAccountant({ ...good, ledger: [{ samplingRate: 2, noiseMultiplier: 1, count: 3 }] })).toThrow(/state.ledger\[0\].samplingRate/);
    expect(() => restoreAccountant({ ...good, format: 'v0' })).toThrow(/state.format/);
    expect(() => restoreAccountant({ ...good, ledger: [{ samplingRate: 0.1, noiseMultiplier: 1, count: 1.5 }] })).toThrow(/count/);
  });
});

describe('PRV calibration starts next to the answer (coarse PRV estimates first)', () => {
  const prvEps = (sigma: number): number => createAccountant('prv').compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: sigma, steps: 1000 })).getEpsilon(1e-5);
  it('returns a σ whose guarantee meets the target, a σ 0.2 % smaller exceeds it, with ≤ 4 accountant evaluations', () => {
    const r = calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 1000, accountant: 'prv', tolerance: 1e-3 });
    expect(r.epsilon).toBeLessThanOrEqual(1);
    expect(prvEps(r.value)).toBe(r.epsilon);
    expect(prvEps(r.value * (1 - 2e-3))).toBeGreaterThan(1);
    expect(r.evaluations).toBeLessThanOrEqual(4);
    // the tight σ (PLD fixture 1.4146277) lies below: the PRV guarantee is within 0.1 % of the tight ε
    expect(r.value).toBeGreaterThan(1.4146277 * (1 - 1e-3));
    expect(r.value).toBeLessThan(1.4146277 * 1.003);
  }, 60_000);
  it('at the default tolerance (1e-5) the σ is within Brent’s 2.5e-5 of the smallest feasible one, in ≤ 4 evaluations', () => {
    const r = calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 1000, accountant: 'prv' });
    expect(r.epsilon).toBeLessThanOrEqual(1);
    expect(prvEps(r.value)).toBe(r.epsilon);
    expect(prvEps(r.value * (1 - 3e-5))).toBeGreaterThan(1);
    expect(r.evaluations).toBeLessThanOrEqual(4);
  }, 60_000);
  it('with an absolute ε_err (Opacus: 0.01) the σ meets that accountant and lies below Opacus’ answer 1.42578', () => {
    const make = (): PrvAccountant => new PrvAccountant({ epsError: 0.01 });
    const r = calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 1000, accountant: make, tolerance: 1e-3 });
    const e = make().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: r.value, steps: 1000 })).getEpsilon(1e-5);
    expect(e).toBe(r.epsilon);
    expect(e).toBeLessThanOrEqual(1);
    expect(r.value).toBeLessThan(1.42578);
    expect(r.evaluations).toBeLessThanOrEqual(4);
  }, 60_000);
  it('prvCalibrationStart ignores other accountants and lands within 0.2 % of the calibrated σ', () => {
    expect(prvCalibrationStart(new RdpAccountant(), 0.01, 1000, 1e-5, 1, 1.4)).toBeUndefined();
    const s = prvCalibrationStart(new PrvAccountant(), 0.01, 1000, 1e-5, 1, 1.2);
    expect(s).toBeDefined();
    expect(Math.abs((s?.sigma ?? 0) / 1.4154 - 1)).toBeLessThan(2e-3);
    expect(s?.step).toBeGreaterThan(0);
  }, 60_000);
});
