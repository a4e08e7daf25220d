import { describe, expect, it } from 'vitest';
import { flattenEvent, groupLedger, UnsupportedEventError } from './ledger.js';
import {
  composedEvent,
  describeEvent,
  dpSgdEvent,
  dpSgdScheduleEvent,
  gaussianEvent,
  noOpEvent,
  poissonSampledEvent,
  selfComposedEvent,
  unsupportedEvent,
} from './mechanism-event.js';

describe('mechanism events', () => {
  it('are frozen data with readable names', () => {
    const e = dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 10 });
    expect(Object.isFrozen(e)).toBe(true);
    expect(describeEvent(e)).toBe('self-composed(poisson-sampled(gaussian(σ=1), q=0.01), 10)');
    expect(() => {
      (e as { count: number }).count = 5;
    }).toThrow(TypeError);
    const schedule = dpSgdScheduleEvent([
      { samplingRate: 0.01, noiseMultiplier: 1, steps: 10 },
      { samplingRate: 0.02, noiseMultiplier: 2, steps: 5 },
    ]);
    expect(Object.isFrozen(schedule.events)).toBe(true);
    expect(describeEvent(schedule)).toBe('composed([2 events])');
  });

  it('validate their parameters, naming them', () => {
    expect(() => gaussianEvent(-1)).toThrow(/noiseMultiplier/);
    expect(() => poissonSampledEvent(1.5, gaussianEvent(1))).toThrow(/samplingRate must be in \[0, 1\]; found 1.5/);
    expect(() => selfComposedEvent(gaussianEvent(1), 2.5)).toThrow(/count/);
    expect(() => composedEvent([{ kind: 'laplace' } as never])).toThrow(/events\[0\]/);
    expect(() => unsupportedEvent('')).toThrow(/name/);
    expect(() => dpSgdEvent({ samplingRate: 0.1, noiseMultiplier: Number.NaN, steps: 1 })).toThrow(/noiseMultiplier/);
  });

  it('flatten into (q, σ, count) runs: nested counts multiply, q = 0 and no-ops vanish', () => {
    const event = composedEvent([
      selfComposedEvent(dpSgdEvent({ samplingRate: 0.1, noiseMultiplier: 1, steps: 3 }), 2),
      noOpEvent(),
      dpSgdEvent({ samplingRate: 0, noiseMultiplier: 1, steps: 100 }),
      dpSgdEvent({ samplingRate: 0.1, noiseMultiplier: 1, steps: 4 }),
      gaussianEvent(2),
    ]);
    const entries = flattenEvent(event, { count: 3, accountant: 'test', check: () => undefined });
    expect(entries).toEqual([
      { samplingRate: 0.1, noiseMultiplier: 1, count: 30 },
      { samplingRate: 1, noiseMultiplier: 2, count: 3 },
    ]);
    expect(groupLedger([...entries, { samplingRate: 0.1, noiseMultiplier: 1, count: 1 }])[0]?.count).toBe(31);
  });

  it('groupLedger refuses the holes of a sparse array, naming the entry (library fuzz: a TypeError reading samplingRate)', () => {
    const sparse = new Array<never>(3);
    expect(() => groupLedger(sparse)).toThrow(expect.objectContaining({ name: 'DpboundsTypeError', parameter: 'entries[0]' }));
  });

  it('report the refused sub-event in a typed error', () => {
    try {
      flattenEvent(composedEvent([gaussianEvent(1), unsupportedEvent('sketch')]), { accountant: 'test', check: () => undefined });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UnsupportedEventError);
      expect((error as UnsupportedEventError).subEvent).toBe('unsupported(sketch)');
      expect((error as UnsupportedEventError).code).toBe('ERR_UNSUPPORTED_EVENT');
    }
    expect(() => flattenEvent(gaussianEvent(1), { accountant: 'picky', check: () => 'no Gaussians here' })).toThrow(/picky accountant does not support the sub-event gaussian\(σ=1\): no Gaussians here/);
  });

  it('take count, accountant, check and neighbouring in one options object, refusing unknown keys by name', () => {
    const check = (): undefined => undefined;
    expect(flattenEvent(gaussianEvent(1), { accountant: 'test', check })).toEqual([{ samplingRate: 1, noiseMultiplier: 1, count: 1 }]);
    expect(() => flattenEvent(gaussianEvent(1), { accountant: 'test', check, times: 2 } as never)).toThrow(/options\.times/);
    expect(() => flattenEvent(gaussianEvent(1), { accountant: 'test', check, count: -1 })).toThrow(/options\.count/);
    expect(() => flattenEvent(gaussianEvent(1), { check } as never)).toThrow(/options\.accountant/);
    expect(() => flattenEvent(gaussianEvent(1), { accountant: 'test' } as never)).toThrow(/options\.check/);
  });
});
