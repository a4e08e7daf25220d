/**
 * The contract every accountant satisfies (dp_accounting's privacy_accountant_test pattern):
 * one suite, run by RDP, PLD, PRV and GDP.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrivacyAccountant } from '../accountant.js';
import { restoreAccountant } from '../calibration/accountant-factory.js';
import { UnsupportedEventError } from '../events/ledger.js';
import {
  composedEvent,
  dpSgdEvent,
  dpSgdScheduleEvent,
  gaussianEvent,
  noOpEvent,
  nonPrivateEvent,
  poissonSampledEvent,
  selfComposedEvent,
  unsupportedEvent,
} from '../events/mechanism-event.js';
import { GdpAccountant } from '../gdp/gdp-accountant.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { PrvAccountant } from '../prv/prv-accountant.js';
import { RdpAccountant } from '../rdp/rdp-accountant.js';

interface Subject {
  readonly name: string;
  readonly make: () => PrivacyAccountant;
}

const subjects: readonly Subject[] = [
  { name: 'rdp', make: () => new RdpAccountant() },
  { name: 'pld', make: () => new PldAccountant() },
  { name: 'pld (substitution)', make: () => new PldAccountant({ neighbouring: 'substitution' }) },
  { name: 'prv', make: () => new PrvAccountant({ epsError: 0.05 }) },
  { name: 'gdp', make: () => new GdpAccountant() },
];

const eps = (make: () => PrivacyAccountant, q: number, sigma: number, steps: number, delta = 1e-5): number =>
  make().compose(dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps })).getEpsilon(delta);

describe.each(subjects)('accountant contract: $name', ({ make }) => {
  it('an empty ledger gives ε = 0 and δ = 0', () => {
    const a = make();
    expect(a.getEpsilon(1e-5)).toBe(0);
    expect(a.getDelta(0)).toBe(0);
    expect(a.compose(noOpEvent()).getEpsilon(1e-9)).toBe(0);
    expect(a.compose(dpSgdEvent({ samplingRate: 0, noiseMultiplier: 1, steps: 100 })).getEpsilon(1e-9)).toBe(0); // q = 0
  });

  it('refuses unsupported events by naming the sub-event, leaving the ledger unchanged', () => {
    const a = make().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: 2, steps: 1 }));
    const before = a.getEpsilon(1e-5);
    const bad = composedEvent([gaussianEvent(1), unsupportedEvent('my-sketch')]);
    expect(a.supports(bad)).toBe(false);
    expect(() => a.compose(bad)).toThrow(UnsupportedEventError);
    expect(() => a.compose(bad)).toThrow(/unsupported\(my-sketch\)/);
    const nested = poissonSampledEvent(0.1, selfComposedEvent(gaussianEvent(1), 2));
    expect(a.supports(nested)).toBe(false);
    expect(() => a.compose(nested)).toThrow(/poisson-sampled/);
    expect(a.ledger).toHaveLength(1);
    expect(a.getEpsilon(1e-5)).toBe(before);
  });

  it('compose(e, n) equals n single compositions', () => {
    const event = dpSgdEvent({ samplingRate: 1, noiseMultiplier: 3, steps: 2 });
    const once = make().compose(event, 5);
    const many = make();
    for (let i = 0; i < 5; i++) many.compose(event);
    expect(many.ledger).toEqual(once.ledger);
    expect(many.getEpsilon(1e-5)).toBe(once.getEpsilon(1e-5));
    expect(many.getDelta(0.5)).toBe(once.getDelta(0.5));
  });

  it('ε decreases in σ and increases in T and q; δ(ε) decreases in ε', () => {
    const q = 0.02;
    const subject = make();
    const supportsPsg = subject.supports(dpSgdEvent({ samplingRate: q, noiseMultiplier: 1, steps: 1 }));
    const qq = supportsPsg ? q : 1;
    const base = eps(make, qq, 2, 200);
    expect(eps(make, qq, 2.5, 200)).toBeLessThanOrEqual(base);
    expect(eps(make, qq, 2, 400)).toBeGreaterThanOrEqual(base);
    if (supportsPsg) expect(eps(make, 0.04, 2, 200)).toBeGreaterThanOrEqual(base);
    const a = make().compose(dpSgdEvent({ samplingRate: qq, noiseMultiplier: 2, steps: 200 }));
    expect(a.getDelta(0.5)).toBeLessThanOrEqual(a.getDelta(0.2));
    expect(a.getEpsilon(1e-6)).toBeGreaterThanOrEqual(a.getEpsilon(1e-4));
  });

  it('edge cases return documented values, never NaN', () => {
    const supportsPsg = make().supports(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1 }));
    const q = supportsPsg ? 0.01 : 1;
    const values: number[] = [];
    // q = 1 (plain Gaussian), σ = 0.3, δ = 1e-12, ε = ∞, δ = 0, δ ≥ 1
    const g = make().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: 0.3, steps: 10 }));
    values.push(g.getEpsilon(1e-5), g.getEpsilon(1e-12), g.getDelta(Infinity), g.getDelta(0));
    expect(g.getEpsilon(0)).toBe(Infinity);
    expect(g.getEpsilon(1)).toBe(0);
    expect(g.getDelta(Infinity)).toBeLessThanOrEqual(1e-9);
    const small = make().compose(dpSgdEvent({ samplingRate: q, noiseMultiplier: 0.3, steps: 100 }));
    values.push(small.getEpsilon(1e-5), small.getEpsilon(1e-12));
    expect(small.getEpsilon(1e-12)).toBeGreaterThanOrEqual(small.getEpsilon(1e-5));
    // a long run: T = 1e6
    const long = make().compose(dpSgdEvent({ samplingRate: supportsPsg ? 1e-4 : 1, noiseMultiplier: supportsPsg ? 2 : 2000, steps: 1_000_000 }));
    values.push(long.getEpsilon(1e-5));
    for (const v of values) {
      expect(Number.isNaN(v)).toBe(false);
      expect(v).toBeGreaterThanOrEqual(0);
    }
    expect(Number.isFinite(long.getEpsilon(1e-5))).toBe(true);
    // a non-private step: ε = ∞, δ = 1 (pessimistic)
    const np = make().compose(nonPrivateEvent());
    expect(np.getEpsilon(1e-5)).toBe(Infinity);
    expect(np.getDelta(10)).toBe(1);
    // invalid arguments throw typed errors naming the parameter
    expect(() => g.getEpsilon(-1)).toThrow(/delta/);
    expect(() => g.getEpsilon(Number.NaN)).toThrow(/delta/);
    expect(() => g.getDelta(-0.5)).toThrow(/epsilon/);
    expect(() => g.compose(gaussianEvent(1), 1.5)).toThrow(/count/);
  });

  it('heterogeneous schedules compose like their phases', () => {
    const subject = make();
    const q = subject.supports(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1 })) ? 0.01 : 1;
    const schedule = make().compose(dpSgdScheduleEvent([
      { samplingRate: q, noiseMultiplier: 1.5, steps: 100 },
      { samplingRate: q, noiseMultiplier: 3, steps: 100 },
    ]));
    const low = eps(make, q, 3, 200);
    const high = eps(make, q, 1.5, 200);
    const mixed = schedule.getEpsilon(1e-5);
    expect(mixed).toBeGreaterThanOrEqual(low);
    expect(mixed).toBeLessThanOrEqual(high);
  });

  it('survives a checkpoint: JSON state restores the same accountant', () => {
    const a = make().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: 2, steps: 30 }));
    const b = restoreAccountant(JSON.parse(JSON.stringify(a.toJSON())));
    expect(b.neighbouring).toBe(a.neighbouring);
    expect(b.ledger).toEqual(a.ledger);
    expect(b.getEpsilon(1e-6)).toBe(a.getEpsilon(1e-6));
  });
});

describe('relations between accountants', () => {
  it('substitution is at least add-remove; RDP bounds PLD; PLD and PRV bounds are ordered', () => {
    const event = dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 300 });
    const ar = new PldAccountant().compose(event);
    const sub = new PldAccountant({ neighbouring: 'substitution' }).compose(event);
    expect(sub.getEpsilon(1e-5)).toBeGreaterThanOrEqual(ar.getEpsilon(1e-5));
    expect(new RdpAccountant().compose(event).getEpsilon(1e-5)).toBeGreaterThanOrEqual(ar.getEpsilon(1e-5));
    const b = ar.getEpsilonBounds(1e-5);
    expect(b.lower).toBeLessThanOrEqual(b.estimate);
    expect(b.estimate).toBeLessThanOrEqual(b.upper);
    const p = new PrvAccountant().compose(event).getEpsilonBounds(1e-5);
    expect(p.lower).toBeLessThanOrEqual(p.estimate);
    expect(p.estimate).toBeLessThanOrEqual(p.upper);
    expect(p.lower).toBeLessThanOrEqual(b.upper);
    expect(p.upper).toBeGreaterThanOrEqual(b.lower);
  });
});

describe('monotonicity (property tests)', () => {
  const kinds: readonly Subject[] = [subjects[0] as Subject, subjects[1] as Subject, subjects[4] as Subject];
  it.each(kinds)('$name: ε is non-increasing in σ and δ, non-decreasing in q and T', ({ make }) => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-3, max: 0.1, noNaN: true }),
        fc.double({ min: 0.6, max: 3, noNaN: true }),
        fc.integer({ min: 1, max: 400 }),
        fc.double({ min: 0.1, max: 1, noNaN: true }),
        (q, sigma, steps, bump) => {
          const e = eps(make, q, sigma, steps);
          expect(eps(make, q, sigma * (1 + bump), steps)).toBeLessThanOrEqual(e + 1e-9);
          expect(eps(make, Math.min(1, q * (1 + bump)), sigma, steps)).toBeGreaterThanOrEqual(e - 1e-9);
          expect(eps(make, q, sigma, steps + Math.ceil(bump * steps))).toBeGreaterThanOrEqual(e - 1e-9);
          expect(eps(make, q, sigma, steps, 1e-7)).toBeGreaterThanOrEqual(e - 1e-9);
        },
      ),
      { seed: 42, numRuns: 8 },
    );
  });
});
