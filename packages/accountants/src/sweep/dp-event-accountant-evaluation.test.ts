import { describe, expect, it } from 'vitest';
import { dpSgdEvent, dpSgdScheduleEvent } from '../events/mechanism-event.js';
import { dpAccountantEvaluation, dpEventAccountantEvaluation } from './dp-accountant-result.js';

const phase = { samplingRate: 0.02, noiseMultiplier: 1, steps: 50 };
const KINDS = ['rdp', 'pld', 'prv', 'gdp'] as const;

describe('dpEventAccountantEvaluation', () => {
  it('gives the row of dpAccountantEvaluation for the run\'s event, and for a one-phase schedule, field for field', () => {
    for (const kind of KINDS) {
      for (const question of [{ delta: 1e-5 }, { epsilon: 1 }]) {
        const plain = dpAccountantEvaluation(kind, { ...phase, neighbouring: 'add-remove', ...question }).result;
        expect(dpEventAccountantEvaluation(kind, dpSgdEvent(phase), { neighbouring: 'add-remove', ...question }).result).toEqual(plain);
        expect(dpEventAccountantEvaluation(kind, dpSgdScheduleEvent([phase]), { neighbouring: 'add-remove', ...question }).result).toEqual(plain);
      }
    }
  });

  it('prices a two-phase schedule as the accountant composing both phases (above either phase alone)', () => {
    const second = { samplingRate: 0.05, noiseMultiplier: 1.5, steps: 20 };
    for (const kind of ['rdp', 'pld'] as const) {
      const both = dpEventAccountantEvaluation(kind, dpSgdScheduleEvent([phase, second]), { neighbouring: 'add-remove', delta: 1e-5 }).result.epsilon as number;
      const first = dpAccountantEvaluation(kind, { ...phase, neighbouring: 'add-remove', delta: 1e-5 }).result.epsilon as number;
      expect(both).toBeGreaterThan(first);
      expect(dpEventAccountantEvaluation(kind, dpSgdScheduleEvent([second, phase]), { neighbouring: 'add-remove', delta: 1e-5 }).result.epsilon as number).toBeCloseTo(both, 6);
    }
  });

  it('names what it refuses: the accountant, the question, its relation, an event the accountant cannot price', () => {
    expect(() => dpEventAccountantEvaluation('x' as never, dpSgdEvent(phase), { neighbouring: 'add-remove', delta: 1e-5 })).toThrow(/accountant/);
    expect(() => dpEventAccountantEvaluation('pld', dpSgdEvent(phase), undefined as never)).toThrow(/question/);
    expect(() => dpEventAccountantEvaluation('pld', dpSgdEvent(phase), { neighbouring: 'x' as never, delta: 1e-5 })).toThrow(/neighbouring/);
    expect(() => dpEventAccountantEvaluation('rdp', dpSgdEvent(phase), { neighbouring: 'substitution', delta: 1e-5 })).toThrow(/add-remove only/);
  });
});
