import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { composedEvent, dpSgdEvent, dpSgdScheduleEvent, gaussianEvent, MAX_SCHEDULE_PHASES } from './mechanism-event.js';

describe('schedules longer than the cap, or with holes, are refused before the array is walked', () => {
  it('dpSgdScheduleEvent(new Array(2 ** 31)) is a typed error naming phases (it ran past 70 s)', () => {
    // no clock: a walk over 2³¹ slots would not finish within the test's timeout; the refusal reads only the length
    expect(() => dpSgdScheduleEvent(new Array(2 ** 31))).toThrow(DpboundsRangeError);
    expect(() => dpSgdScheduleEvent(new Array(2 ** 31))).toThrow(`phases must be at most ${MAX_SCHEDULE_PHASES} phases`);
    expect(() => composedEvent(new Array(2 ** 31))).toThrow('events must be at most 1000000 events');
  });

  it('a hole is a missing phase or event, named by index', () => {
    const phase = { samplingRate: 0.01, noiseMultiplier: 1, steps: 10 };
    const holey = [phase, , phase] as never;
    expect(() => dpSgdScheduleEvent(holey)).toThrow(DpboundsTypeError);
    expect(() => dpSgdScheduleEvent(holey)).toThrow(/^phases\[1\]/);
    expect(() => composedEvent([gaussianEvent(1), , gaussianEvent(2)] as never)).toThrow(/^events\[1\]/);
  });

  it('an ordinary schedule is still built phase by phase', () => {
    const phases = Array.from({ length: 3 }, (_, i) => ({ samplingRate: 0.01, noiseMultiplier: 1 + i, steps: 10 }));
    const event = dpSgdScheduleEvent(phases);
    expect(event.events).toHaveLength(3);
    expect(event.events[0]).toEqual(dpSgdEvent(phases[0] as never));
  });
});
