/**
 * Extreme calibration targets answer or refuse with a bounded number of accountant evaluations
 * (the library fuzz's calibrateNoiseMultiplier(targetEpsilon = 1e15 … MAX_VALUE) walked down to
 * the σ floor through costly evaluations, and steps = 1e15 searched; both took over 10 s on a
 * loaded machine). Work is counted (evaluations, grid points), never timed.
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { calibrateEventNoiseMultiplier, calibrateNoiseMultiplier } from './calibrate.js';
import { DEFAULT_CALIBRATION_MAX_WORK } from './calibration-work.js';

const example = { targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 1000 };

describe('a target far above what the start gives', () => {
  it.each([[1e15], [2 ** 53 + 1], [1e308], [Number.MAX_VALUE]])('targetEpsilon %s is met at the σ floor 0.01 after two evaluations (rdp)', (targetEpsilon) => {
    const r = calibrateNoiseMultiplier({ ...example, targetEpsilon, accountant: 'rdp' });
    expect(r.value).toBe(0.01);
    expect(r.epsilon).toBeLessThanOrEqual(targetEpsilon);
    expect(r.evaluations).toBe(2);
  });
  it('the fuzz input (the example with targetEpsilon 1e15, PLD) too', () => {
    const r = calibrateNoiseMultiplier({ ...example, targetEpsilon: 1e15 });
    expect(r).toMatchObject({ value: 0.01, evaluations: 2 });
    expect(r.epsilon).toBeLessThanOrEqual(1e15);
  });
  it('a target between, above ε(start) but not enough to jump, walks down as before and still never overshoots', () => {
    const r = calibrateNoiseMultiplier({ ...example, targetEpsilon: 50, accountant: 'rdp' });
    expect(r.value).toBeGreaterThan(0.01);
    expect(r.epsilon).toBeLessThanOrEqual(50);
  });
  it('an ordinary target never prices the floor (the same search as calibrateNoiseMultiplier, σ recorded)', () => {
    const priced: number[] = [];
    const event = (noiseMultiplier: number) => {
      priced.push(noiseMultiplier);
      return dpSgdEvent({ samplingRate: 0.01, noiseMultiplier, steps: 1000 });
    };
    const r = calibrateEventNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, event, accountant: 'rdp' });
    expect(r.value).toBe(calibrateNoiseMultiplier({ ...example, accountant: 'rdp' }).value);
    expect(Math.min(...priced)).toBeGreaterThan(0.5); // event(1) is the probe; the answer is ≈ 1.4
  });
});

describe('a start below the σ floor (the exact Gaussian start for a huge target)', () => {
  // the CLI fuzz's calibrate --mechanism banded-matrix --target-epsilon 1e308: the start σ ≈ 2.5e-154
  // priced ε = +∞ and the upward walk doubled from there, 517 evaluations (past the work budget)
  it.each([['pld'], ['rdp']] as const)('targetEpsilon 1e308 for ten Gaussian releases is met at the floor in one evaluation (%s)', (accountant) => {
    const priced: number[] = [];
    const event = (noiseMultiplier: number) => {
      priced.push(noiseMultiplier);
      return dpSgdEvent({ samplingRate: 1, noiseMultiplier, steps: 10 });
    };
    const r = calibrateEventNoiseMultiplier({ targetEpsilon: 1e308, delta: 1e-5, event, accountant });
    expect(r.value).toBe(0.01);
    expect(r.epsilon).toBeLessThanOrEqual(1e308);
    expect(r.evaluations).toBe(1);
    expect(Math.min(...priced)).toBe(0.01);
  });
  it('an ordinary Gaussian target is unchanged: its exact start lies above the floor', () => {
    const r = calibrateEventNoiseMultiplier({ targetEpsilon: 2, delta: 1e-5, event: (s) => dpSgdEvent({ samplingRate: 1, noiseMultiplier: s, steps: 10 }), accountant: 'pld' });
    expect(r.value).toBeGreaterThan(1);
    expect(r.epsilon).toBeLessThanOrEqual(2);
  });
});

describe('steps = 1e15 (the fuzz input)', () => {
  it('is refused naming steps within the work budget', () => {
    let error: unknown;
    try {
      calibrateNoiseMultiplier({ ...example, steps: 1e15 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DpboundsRangeError);
    expect((error as DpboundsRangeError).parameter).toBe('steps');
    expect((error as DpboundsRangeError).message).toContain(String(DEFAULT_CALIBRATION_MAX_WORK));
  });
});
