/**
 * A calibration's accountant factory is checked at every call: a factory returning undefined or
 * some other non-accountant is refused naming the option, with what it returned (the library
 * fuzz found `() => undefined` failing as a plain TypeError reading `kind`).
 */
import { DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { bandedMatrixEvent } from '../sampling/banded-matrix/banded-matrix-event.js';
import { calibrateEpsilon, calibrateEventEpsilon } from '../sweep/calibration-result.js';
import { createAccountant } from './accountant-factory.js';
import { accountantFactory } from './accountant-choice.js';
import { calibrateEventNoiseMultiplier, calibrateNoiseMultiplier } from './calibrate.js';

function refusal(call: () => unknown): DpboundsTypeError {
  try {
    call();
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(DpboundsTypeError);
    return error as DpboundsTypeError;
  }
  throw new Error('expected a typed refusal, got an answer');
}

const query = { targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 1000, neighbouring: 'add-remove' as const };
const event = (s: number) => bandedMatrixEvent({ strategy: { bands: [[1], [0.5]] }, bands: 2, steps: 1000, noiseMultiplier: s, participation: 'cyclic', minSeparation: 100 });

describe('a calibration refuses a factory that returns no accountant', () => {
  const returning = [undefined, Number.NaN, null, {}, { kind: 'rdp' }, 'rdp'];
  it.each(returning.map((value) => [value]))('calibrateEpsilon(factory = () => %s) names factory', (value) => {
    const error = refusal(() => calibrateEpsilon(query, 'rdp', (() => value) as never));
    expect(error.parameter).toBe('factory');
    expect(error.found).toBe(value);
  });
  it('calibrateEventEpsilon(factory = () => undefined) names factory', () => {
    expect(refusal(() => calibrateEventEpsilon({ targetEpsilon: 2, delta: 1e-5, neighbouring: 'add-remove', event }, 'rdp', (() => undefined) as never)).parameter).toBe('factory');
  });
  it('calibrateNoiseMultiplier and calibrateEventNoiseMultiplier(accountant = () => undefined) name accountant', () => {
    const { neighbouring: _, ...target } = query;
    expect(refusal(() => calibrateNoiseMultiplier({ ...target, accountant: (() => undefined) as never })).parameter).toBe('accountant');
    expect(refusal(() => calibrateEventNoiseMultiplier({ targetEpsilon: 2, delta: 1e-5, event, accountant: (() => Number.NaN) as never })).parameter).toBe('accountant');
  });
  it('a factory that turns bad after its first accountant is refused too (not read as ε = +∞)', () => {
    let calls = 0;
    const flaky = (): ReturnType<typeof createAccountant> => (calls++ === 0 ? createAccountant('rdp') : (undefined as never));
    const { neighbouring: _, ...target } = query;
    expect(refusal(() => calibrateNoiseMultiplier({ ...target, accountant: flaky })).parameter).toBe('accountant');
  });
  it('a valid factory gives the kind\'s answer', () => {
    const { neighbouring: _, ...target } = query;
    const byKind = calibrateNoiseMultiplier({ ...target, accountant: 'rdp' });
    expect(calibrateNoiseMultiplier({ ...target, accountant: () => createAccountant('rdp') }).value).toBe(byKind.value);
    expect(calibrateEpsilon(query, 'rdp', () => createAccountant('rdp')).noiseMultiplier).toBe(byKind.value);
    expect(accountantFactory('accountant', 'rdp', 'substitution')().neighbouring).toBe('substitution');
    expect(refusal(() => accountantFactory('accountant', 'bogus', undefined)).parameter).toBe('accountant');
  });
});
