/**
 * The sampling-rate search starts from the CLT q and prices q = 1 only when the answer is near
 * it (the library fuzz's calibrateSamplingRate(options.accountant = undefined) on its @example,
 * i.e. the PLD accountant, priced q = 1 and 0.5 first, whose one-step losses are wide: over 10 s
 * in one loaded full run). Work is counted (the q priced), never timed.
 */
import { describe, expect, it } from 'vitest';
import type { PrivacyAccountant } from '../accountant.js';
import { createAccountant } from './accountant-factory.js';
import { calibrateSamplingRate } from './calibrate.js';

/** A PLD (or other) factory recording the sampling rate of every event it prices. */
function recording(kind: 'pld' | 'rdp', priced: number[]): () => PrivacyAccountant {
  return () => {
    const accountant = createAccountant(kind);
    const compose = accountant.compose.bind(accountant);
    return Object.assign(accountant, {
      compose: (event: Parameters<PrivacyAccountant['compose']>[0], count?: number) => {
        priced.push((event as unknown as { event: { samplingRate: number } }).event.samplingRate);
        return compose(event, count);
      },
    });
  };
}

const example = { targetEpsilon: 1, delta: 1e-5, noiseMultiplier: 1, steps: 1000 };

describe('calibrateSamplingRate searches from the CLT start', () => {
  it('the fuzz input (the example with the default PLD accountant): few evaluations, none at q near 1, each q priced once', () => {
    const priced: number[] = [];
    const r = calibrateSamplingRate({ ...example, accountant: recording('pld', priced) });
    expect(r.epsilon).toBeLessThanOrEqual(1);
    expect(r.value).toBeGreaterThan(0.005);
    expect(r.value).toBeLessThan(0.0065);
    expect(Math.max(...priced)).toBeLessThan(0.05);
    expect(new Set(priced).size).toBe(priced.length);
    expect(r.evaluations).toBe(priced.length);
    expect(r.evaluations).toBeLessThanOrEqual(8);
  });
  it('q = 1 is still returned when it meets the target, and an unreachable target is still refused', () => {
    const r = calibrateSamplingRate({ ...example, noiseMultiplier: 1000, accountant: 'rdp' });
    expect(r.value).toBe(1);
    expect(r.epsilon).toBeLessThanOrEqual(1);
    expect(() => calibrateSamplingRate({ ...example, noiseMultiplier: 0.01, targetEpsilon: 1e-9, accountant: 'rdp' })).toThrow(expect.objectContaining({ parameter: 'targetEpsilon' }));
  });
});
