/**
 * The training-loop convenience `accountant.step({ noiseMultiplier, samplingRate })` and the
 * merged `history`: they compose into the same ledger as events do, so a loop that calls `step()`
 * once per batch gets bit-for-bit the ε of one `dpSgdEvent` with the same total.
 */
import { readFileSync } from 'node:fs';
import { isDpboundsError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import type { PrivacyAccountant } from './accountant.js';
import { createAccountant, restoreAccountant } from './calibration/accountant-factory.js';
import { dpSgdEvent, gaussianEvent } from './events/mechanism-event.js';
import { GdpAccountant } from './gdp/gdp-accountant.js';
import { PldAccountant } from './pld/pld-accountant.js';
import { PrvAccountant } from './prv/prv-accountant.js';
import { RdpAccountant } from './rdp/rdp-accountant.js';

const kinds: ReadonlyArray<{ name: string; make: () => PrivacyAccountant }> = [
  { name: 'rdp', make: () => new RdpAccountant() },
  { name: 'pld', make: () => new PldAccountant() },
  { name: 'prv', make: () => new PrvAccountant() },
];

describe('step(): one DP-SGD step per call, into the same ledger', () => {
  it.each(kinds)('$name: 1000 step() calls give bit-identical ε and δ to one dpSgdEvent with steps 1000', ({ make }) => {
    const looped = make();
    for (let i = 0; i < 1000; i++) looped.step({ noiseMultiplier: 1.1, samplingRate: 0.01 });
    const once = make().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1.1, steps: 1000 }));
    const epsilon = looped.getEpsilon(1e-5);
    expect(Number.isFinite(epsilon) && epsilon > 0).toBe(true);
    expect(Object.is(epsilon, once.getEpsilon(1e-5))).toBe(true);
    expect(Object.is(looped.getDelta(1), once.getDelta(1))).toBe(true);
    expect(looped.ledger).toEqual(once.ledger);
  });

  it('returns the accountant for chaining, and { steps } counts several identical steps', () => {
    const a = new RdpAccountant();
    expect(a.step({ noiseMultiplier: 1, samplingRate: 0.02 })).toBe(a);
    const chained = new RdpAccountant().step({ noiseMultiplier: 1, samplingRate: 0.02, steps: 250 }).step({ noiseMultiplier: 1, samplingRate: 0.02, steps: 750 });
    const once = new RdpAccountant().compose(dpSgdEvent({ samplingRate: 0.02, noiseMultiplier: 1, steps: 1000 }));
    expect(Object.is(chained.getEpsilon(1e-6), once.getEpsilon(1e-6))).toBe(true);
    expect(chained.totalSteps).toBe(1000);
  });

  it('mixes with compose(): a step after an event of the same (σ, q) merges into one history entry', () => {
    const a = new GdpAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 2, steps: 10 })).step({ noiseMultiplier: 2, samplingRate: 0.01 });
    expect(a.history).toEqual([{ noiseMultiplier: 2, samplingRate: 0.01, count: 11 }]);
  });

  it('refuses bad options with a typed error naming the field', () => {
    const a = new RdpAccountant();
    const refusal = (options: unknown): string => {
      try {
        a.step(options as { noiseMultiplier: number; samplingRate: number });
      } catch (error) {
        expect(isDpboundsError(error)).toBe(true);
        return (error as { parameter: string }).parameter;
      }
      return 'accepted';
    };
    expect(refusal(undefined)).toBe('step');
    expect(refusal({ noiseMultiplier: 1 })).toBe('step.samplingRate');
    expect(refusal({ samplingRate: 0.1 })).toBe('step.noiseMultiplier');
    expect(refusal({ noiseMultiplier: 1, samplingRate: 1.5 })).toBe('step.samplingRate');
    expect(refusal({ noiseMultiplier: Number.NaN, samplingRate: 0.1 })).toBe('step.noiseMultiplier');
    expect(refusal({ noiseMultiplier: 1, samplingRate: 0.1, steps: 2.5 })).toBe('step.steps');
    expect(refusal({ noiseMultiplier: 1, samplingRate: 0.1, sigma: 1 })).toBe('step.sigma');
    expect(a.ledger).toEqual([]);
  });
});

describe('history: (noiseMultiplier, samplingRate, count), consecutive equal steps merged', () => {
  it('merges consecutive equal steps and keeps changes of σ or q in order', () => {
    const a = new RdpAccountant();
    for (let i = 0; i < 3; i++) a.step({ noiseMultiplier: 1, samplingRate: 0.01 });
    a.step({ noiseMultiplier: 0.8, samplingRate: 0.01, steps: 2 });
    a.step({ noiseMultiplier: 1, samplingRate: 0.01 });
    a.compose(gaussianEvent(3));
    expect(a.history).toEqual([
      { noiseMultiplier: 1, samplingRate: 0.01, count: 3 },
      { noiseMultiplier: 0.8, samplingRate: 0.01, count: 2 },
      { noiseMultiplier: 1, samplingRate: 0.01, count: 1 },
      { noiseMultiplier: 3, samplingRate: 1, count: 1 },
    ]);
  });

  it('is read-only: a caller cannot change ε through it', () => {
    const a = new RdpAccountant().step({ noiseMultiplier: 1, samplingRate: 0.01, steps: 100 });
    const before = a.getEpsilon(1e-5);
    const history = a.history;
    expect(Object.isFrozen(history)).toBe(true);
    expect(Object.isFrozen(history[0])).toBe(true);
    expect(() => (history as unknown as unknown[]).push({ noiseMultiplier: 0, samplingRate: 1, count: 1 })).toThrow(TypeError);
    expect(() => {
      (history[0] as { count: number }).count = 1;
    }).toThrow(TypeError);
    expect(a.getEpsilon(1e-5)).toBe(before);
  });

  it('is empty for a new accountant', () => {
    expect(new PldAccountant().history).toEqual([]);
  });
});

describe('state JSON round-trips after step()', () => {
  it.each(['rdp', 'pld', 'prv', 'gdp'] as const)('%s: restoreAccountant(JSON) has the same history and ε, and keeps stepping', (kind) => {
    const a = createAccountant(kind);
    for (let i = 0; i < 40; i++) a.step({ noiseMultiplier: 1.2, samplingRate: 0.02 });
    a.step({ noiseMultiplier: 0.9, samplingRate: 0.05, steps: 10 });
    const restored = restoreAccountant(JSON.parse(JSON.stringify(a)));
    expect(restored.kind).toBe(kind);
    expect(restored.history).toEqual(a.history);
    expect(Object.is(restored.getEpsilon(1e-5), a.getEpsilon(1e-5))).toBe(true);
    restored.step({ noiseMultiplier: 0.9, samplingRate: 0.05 });
    a.step({ noiseMultiplier: 0.9, samplingRate: 0.05 });
    expect(restored.history).toEqual(a.history);
    expect(restored.history.at(-1)).toEqual({ noiseMultiplier: 0.9, samplingRate: 0.05, count: 11 });
  });
});

describe('the README training-loop example', () => {
  it('prints what the code returns, and its lines are in README.md', () => {
    const accountant = new RdpAccountant();
    for (let step = 0; step < 1000; step++) {
      accountant.step({ noiseMultiplier: 1.1, samplingRate: 256 / 60_000 });
    }
    const once = new RdpAccountant().compose(dpSgdEvent({ samplingRate: 256 / 60_000, noiseMultiplier: 1.1, steps: 1000 }));
    expect(Object.is(accountant.getEpsilon(1e-5), once.getEpsilon(1e-5))).toBe(true);
    expect(accountant.getEpsilon(1e-5)).toBeCloseTo(0.8895, 4);
    expect(accountant.history).toEqual([{ noiseMultiplier: 1.1, samplingRate: 0.004266666666666667, count: 1000 }]);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('  accountant.step({ noiseMultiplier: 1.1, samplingRate: 256 / 60_000 });');
    expect(readme).toContain('accountant.getEpsilon(1e-5); // 0.8895:');
    expect(readme).toContain('accountant.history; // [{ noiseMultiplier: 1.1, samplingRate: 0.004266666666666667, count: 1000 }]');
  });
});
