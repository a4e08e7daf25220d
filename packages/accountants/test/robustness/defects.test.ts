/**
 * Regression tests for the robustness defects of the accountants: each input is the exact one
 * reported, and each assertion fails on the code before the fix.
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import type { MechanismEvent, PrivacyAccountant } from '../../src/index.js';
import {
  calibrateNoiseMultiplier, createAccountant, dpSgdEvent, GdpAccountant, noiseMultiplierForTprAtFpr, PldAccountant, PrvAccountant, RdpAccountant, restoreAccountant, validateEvent,
} from '../../src/index.js';
import { validateLedgerEntry } from '../../src/advanced.js';

const makers: Record<string, () => PrivacyAccountant> = {
  rdp: () => new RdpAccountant(),
  pld: () => new PldAccountant(),
  prv: () => new PrvAccountant(),
  gdp: () => new GdpAccountant(),
};

/** Runs `f` and returns the typed error it throws (fails when it returns or throws anything else). */
function typedError(f: () => unknown): { code: string; parameter: string; message: string } {
  try {
    f();
  } catch (error) {
    expect(isDpboundsError(error), String(error)).toBe(true);
    return error as { code: string; parameter: string; message: string };
  }
  return expect.unreachable('no error thrown');
}

const asEvent = (x: unknown): MechanismEvent => x as MechanismEvent;

describe('events are validated at every entry', () => {
  it.each(Object.keys(makers))('%s: an event without a kind is refused, never priced as ε = 0', (name) => {
    const a = (makers[name] as () => PrivacyAccountant)();
    const bare = asEvent({ samplingRate: 0.5, noiseMultiplier: 0.5, steps: 1000 });
    expect(typedError(() => a.compose(bare)).parameter).toBe('event.kind');
    expect(typedError(() => a.supports(bare)).parameter).toBe('event.kind');
    expect(typedError(() => a.compose(asEvent({ kind: 'laplace', scale: 1 }))).message).toContain('gaussian');
    expect(a.ledger).toHaveLength(0);
  });

  it('hand-built events with bad fields are refused naming the field path', () => {
    const count15 = asEvent({ kind: 'self-composed', count: 1.5, event: { kind: 'poisson-sampled', samplingRate: 0.01, event: { kind: 'gaussian', noiseMultiplier: 1 } } });
    expect(typedError(() => new PrvAccountant().compose(count15))).toMatchObject({ parameter: 'event.count', code: 'ERR_NOT_INTEGER' });
    for (const sigma of [-1, '1', Number.NaN, Infinity, null, undefined]) {
      for (const a of [new RdpAccountant(), new GdpAccountant()]) {
        expect(typedError(() => a.compose(asEvent({ kind: 'gaussian', noiseMultiplier: sigma }))).parameter).toBe('event.noiseMultiplier');
      }
    }
    const q5 = asEvent({ kind: 'poisson-sampled', samplingRate: 5, event: { kind: 'gaussian', noiseMultiplier: 1 } });
    expect(typedError(() => new RdpAccountant().compose(q5))).toMatchObject({ parameter: 'event.samplingRate', code: 'ERR_OUT_OF_RANGE' });
    expect(typedError(() => new GdpAccountant().compose(q5)).parameter).toBe('event.samplingRate');
    expect(typedError(() => new PldAccountant().compose(asEvent({ kind: 'gaussian', noiseMultiplier: 1, extra: 2 }))).parameter).toBe('event.extra');
    expect(typedError(() => new PldAccountant().compose(asEvent({ kind: 'composed', events: [{ kind: 'no-op' }, 3] }))).parameter).toBe('event.events[1]');
  });

  it('cyclic and absurdly deep event trees are refused, not a stack overflow', () => {
    const cyclic: { kind: string; events: unknown[] } = { kind: 'composed', events: [] };
    cyclic.events.push(cyclic);
    expect(typedError(() => new RdpAccountant().compose(asEvent(cyclic))).code).toBe('ERR_INVALID_FORMAT');
    let deep: unknown = { kind: 'gaussian', noiseMultiplier: 1 };
    for (let i = 0; i < 10_000; i++) deep = { kind: 'self-composed', count: 1, event: deep };
    expect(typedError(() => new RdpAccountant().compose(asEvent(deep))).code).toBe('ERR_INVALID_FORMAT');
  });
});

describe('the ledger cannot be changed from outside', () => {
  it('mutating the returned ledger throws and leaves ε and toJSON() in agreement', () => {
    const a = new RdpAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 }));
    const before = a.getEpsilon(1e-5);
    const ledger = a.ledger as unknown as { count: number }[];
    expect(() => ledger.push({ count: 1 })).toThrow(TypeError);
    expect(() => {
      (ledger[0] as { count: number }).count = 1;
    }).toThrow(TypeError);
    expect(a.getEpsilon(1e-5)).toBe(before);
    expect(restoreAccountant(JSON.parse(JSON.stringify(a))).getEpsilon(1e-5)).toBe(before);
    expect(a.toJSON().ledger).toEqual([{ samplingRate: 0.01, noiseMultiplier: 1, count: 1000 }]);
  });
});

describe('options and bare arguments', () => {
  it('unknown option keys are refused, naming the key', () => {
    expect(typedError(() => new PldAccountant({ foo: 1 } as never)).parameter).toBe('options.foo');
    expect(typedError(() => createAccountant('pld', { batchSampling: 'uniform' } as never)).parameter).toBe('options.batchSampling');
    expect(typedError(() => new PrvAccountant({ epsError: 0.01, relativeError: 0.01 })).parameter).toBe('relativeError');
    expect(createAccountant('gdp', { batchSampling: 'uniform' }).toJSON().options).toEqual({ batchSampling: 'uniform' });
    const state = JSON.parse(JSON.stringify(new GdpAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 3 })))) as { options: Record<string, unknown> };
    expect(typedError(() => restoreAccountant({ ...state, options: { ...state.options, bogus: 1 } })).parameter).toBe('state.options.bogus');
  });

  it('null and undefined arguments give typed errors, not a plain TypeError', () => {
    const nul = null as never;
    const und = undefined as never;
    for (const make of [() => new PldAccountant(nul), () => new RdpAccountant(nul), () => new PrvAccountant(nul), () => new GdpAccountant(nul)]) typedError(make);
    for (const name of Object.keys(makers)) {
      const a = (makers[name] as () => PrivacyAccountant)();
      typedError(() => a.compose(nul));
      typedError(() => a.compose(und));
      typedError(() => a.supports(nul));
      typedError(() => a.getEpsilon(nul));
      typedError(() => a.getDelta(und));
    }
    typedError(() => calibrateNoiseMultiplier(nul));
    typedError(() => restoreAccountant(nul));
    typedError(() => dpSgdEvent(nul));
  });

  it('library fuzz: a callback that is not a function and an unprintable error-path name are typed errors', () => {
    expect(typedError(() => noiseMultiplierForTprAtFpr({ targetTpr: 0.2, fpr: 0.1, samplingRate: 0.01, steps: 100, onEvaluation: 1e308 as never })).parameter).toBe('onEvaluation');
    const name = Object.create(null) as never;
    expect(typedError(() => validateEvent(name, { kind: 'gaussian', noiseMultiplier: 1 })).parameter).toBe('parameter');
    expect(typedError(() => validateLedgerEntry(name, { samplingRate: 1, noiseMultiplier: 1, count: 1 })).parameter).toBe('parameter');
  });
});

describe('finite ε is reported finite, however large', () => {
  // An RDP accountant reported 1070.1 and dp_accounting 1043.6 here; our PLD at h = 2e-4 brackets the true ε
  // in [1044.4488, 1044.5014] (rigorous lower bound, pessimistic upper bound).
  const big = dpSgdEvent({ samplingRate: 0.222, noiseMultiplier: 0.501, steps: 3980 });
  const delta = 9.27e-7;

  it('PLD (both relations) is finite above 709 and its lower bound is not above the truth', () => {
    const b = new PldAccountant().compose(big).getEpsilonBounds(delta);
    expect(b.upper).toBeGreaterThanOrEqual(1044.4488);
    expect(b.upper).toBeLessThan(1044.6);
    expect(b.lower).toBeLessThanOrEqual(1044.5014);
    expect(b.lower).toBeGreaterThan(1044);
    expect(b).toMatchObject({ kind: 'guarantee', neighbouring: 'add-remove', method: 'pld' });
    const sub = new PldAccountant({ neighbouring: 'substitution' }).compose(big).getEpsilonBounds(delta);
    expect(Number.isFinite(sub.upper)).toBe(true);
    expect(sub.upper).toBeGreaterThanOrEqual(b.upper);
  });

  it('GDP and RDP are finite there too', () => {
    const rdp = new RdpAccountant().compose(big).getEpsilon(delta);
    expect(rdp).toBeGreaterThan(1044.4488);
    expect(rdp).toBeLessThan(1.01 * 1070.1);
    expect(Number.isFinite(new GdpAccountant().compose(big).getEpsilon(delta))).toBe(true);
  });

  it('δ = 1e-300: the PLD answers by tilting (finite, at most the RDP bound, with a lower bound), the PRV reports the tilted PLD bounds and says so; GDP stays finite', () => {
    const run = dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 });
    const rdp = new RdpAccountant().compose(run).getEpsilon(1e-300);
    expect(Number.isFinite(rdp)).toBe(true);
    const pld = new PldAccountant().compose(run);
    const tilted = pld.getEpsilonBounds(1e-300);
    expect(tilted).toMatchObject({ method: 'pld', kind: 'guarantee' });
    expect(tilted.note).toMatch(/exponentially tilted PLD/);
    expect(Number.isFinite(tilted.upper)).toBe(true);
    expect(tilted.upper).toBeLessThanOrEqual(rdp);
    expect(tilted.lower).toBeGreaterThan(0);
    expect(tilted.lower).toBeLessThanOrEqual(tilted.upper);
    expect(pld.getEpsilon(1e-300)).toBe(tilted.upper);
    const prv = new PrvAccountant().compose(run);
    // the PRV cannot resolve 1e-300 either: it reports the PLD's tilted bounds, not RDP's
    const b = prv.getEpsilonBounds(1e-300);
    expect(b).toMatchObject({ upper: tilted.upper, lower: tilted.lower, method: 'pld-fallback', kind: 'guarantee' });
    expect(b.note).toMatch(/exponential tilting/);
    expect(prv.getEpsilon(1e-300)).toBe(tilted.upper);
    expect(Number.isFinite(new GdpAccountant().compose(run).getEpsilon(1e-300))).toBe(true);
  });

  it('PRV at δ = 1e-320 answers at once with the RDP fallback', () => {
    const b = new PrvAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })).getEpsilonBounds(1e-320);
    expect(b.method).toBe('rdp-fallback');
    expect(Number.isFinite(b.upper)).toBe(true);
    expect(new PrvAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })).getEpsilonError(1e-320)).toBe(b.upper);
  });
});

describe('bounded work', () => {
  it('q = 1e-320 terminates with ε ≈ 0 (no endless Chernoff loop)', () => {
    const a = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1e-320, noiseMultiplier: 1, steps: 1000 }));
    const eps = a.getEpsilon(1e-5);
    expect(eps).toBeGreaterThanOrEqual(0);
    expect(eps).toBeLessThan(1e-6);
  });

  it('σ = 0.05 gets a coarser pessimistic grid within the budget and says so', () => {
    const a = new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 0.05, steps: 1000 }));
    const b = a.getEpsilonBounds(1e-5);
    expect(Number.isFinite(b.upper)).toBe(true);
    expect(b.lower).toBeLessThanOrEqual(b.upper);
    expect(b.method).toBe('pld-coarsened');
    expect(b.note).toMatch(/coarsened/);
    // RDP is a valid bound too; the pessimistic PLD never goes below the tight value, which is ≤ RDP
    const rdp = new RdpAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 0.05, steps: 1000 })).getEpsilon(1e-5);
    expect(b.lower).toBeLessThanOrEqual(rdp);
  });

  it('a small maxGridPoints coarsens the grid but keeps ε an upper bound of the fine one', () => {
    const run = dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 });
    const fine = new PldAccountant().compose(run).getEpsilon(1e-5);
    const coarse = new PldAccountant({ maxGridPoints: 4096 }).compose(run);
    expect(coarse.getEpsilon(1e-5)).toBeGreaterThanOrEqual(fine);
    expect(coarse.getEpsilonBounds(1e-5).method).toBe('pld-coarsened');
    expect(typedError(() => new PldAccountant({ maxGridPoints: 10 }))).toMatchObject({ parameter: 'maxGridPoints' });
  });

  it('calibration at q = 1e-9 with δ ≥ 1 − (1 − q)^T says no noise is needed instead of hanging', () => {
    expect(typedError(() => calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 1e-9, steps: 1000 }))).toMatchObject({ parameter: 'delta', code: 'ERR_OUT_OF_RANGE' });
    expect(typedError(() => calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 10, foo: 1 } as never)).parameter).toBe('options.foo');
  });
});
