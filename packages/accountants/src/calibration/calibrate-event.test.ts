import { describe, expect, it } from 'vitest';
import { dpSgdEvent, gaussianEvent } from '../events/mechanism-event.js';
import type { MechanismEvent } from '../events/mechanism-event.js';
import { bandedMatrixEvent } from '../sampling/banded-matrix/banded-matrix-event.js';
import type { BandedMatrixOptions } from '../sampling/banded-matrix/banded-matrix-event.js';
import { calibrateEventEpsilon } from '../sweep/calibration-result.js';
import { createAccountant } from './accountant-factory.js';
import { calibrateEventNoiseMultiplier, calibrateNoiseMultiplier } from './calibrate.js';

const DELTA = 1e-5;
const eps = (kind: 'rdp' | 'pld' | 'prv' | 'gdp', event: MechanismEvent, neighbouring: 'add-remove' | 'substitution' = 'add-remove'): number =>
  createAccountant(kind, { neighbouring }).compose(event).getEpsilon(DELTA);
const banded = (options: Partial<BandedMatrixOptions>) => (noiseMultiplier: number) =>
  bandedMatrixEvent({ strategy: { bands: [[1], [0.5], [0.25]] }, bands: 3, steps: 600, noiseMultiplier, participation: 'cyclic', minSeparation: 50, ...options });

describe('calibrateEventNoiseMultiplier: the smallest σ of any event family that meets a target ε', () => {
  it('is calibrateNoiseMultiplier, bit for bit, for the DP-SGD family', () => {
    for (const accountant of ['pld', 'rdp', 'gdp'] as const) {
      const sgd = calibrateNoiseMultiplier({ targetEpsilon: 1.5, delta: DELTA, samplingRate: 0.02, steps: 300, accountant });
      const event = calibrateEventNoiseMultiplier({ targetEpsilon: 1.5, delta: DELTA, event: (s) => dpSgdEvent({ samplingRate: 0.02, noiseMultiplier: s, steps: 300 }), accountant });
      expect(event).toEqual(sgd);
    }
  });

  it.each([
    ['cyclic', {}],
    ['cyclic, k < b', { minSeparation: 2 }],
    ['balls-in-bins', { participation: 'balls-in-bins' as const }],
    ['poisson-in-group', { participation: 'poisson-in-group' as const, minSeparation: 4, datasetSize: 10_000, batchSize: 100 }],
  ])('banded matrix, %s: ε(σ) ≤ target and ε(σ·(1 − 1e-3)) > target (PLD)', (_name, options) => {
    const family = banded(options);
    const r = calibrateEventNoiseMultiplier({ targetEpsilon: 2, delta: DELTA, event: family });
    expect(r.epsilon).toBeLessThanOrEqual(2);
    expect(eps('pld', family(r.value))).toBe(r.epsilon);
    expect(eps('pld', family(r.value * (1 - 1e-3)))).toBeGreaterThan(2);
  });

  it('starts at the exact Gaussian calibration for unsampled releases: a handful of evaluations', () => {
    const r = calibrateEventNoiseMultiplier({ targetEpsilon: 2, delta: DELTA, event: banded({ participation: 'balls-in-bins' }) });
    expect(r.evaluations).toBeLessThanOrEqual(6);
  });

  it('prices substitution and every accountant kind', () => {
    const family = banded({});
    for (const accountant of ['rdp', 'prv', 'gdp'] as const) {
      const r = calibrateEventNoiseMultiplier({ targetEpsilon: 2, delta: DELTA, event: family, accountant });
      expect(r.epsilon).toBeLessThanOrEqual(2);
      expect(eps(accountant, family(r.value))).toBe(r.epsilon);
      expect(eps(accountant, family(r.value * (1 - 1e-3)))).toBeGreaterThan(2);
    }
    const sub = calibrateEventNoiseMultiplier({ targetEpsilon: 2, delta: DELTA, event: family, neighbouring: 'substitution' });
    expect(eps('pld', family(sub.value), 'substitution')).toBe(sub.epsilon);
    expect(eps('pld', family(sub.value * (1 - 1e-3)), 'substitution')).toBeGreaterThan(2);
  });

  it('scales with the mechanism: a Gaussian of sensitivity Δ needs Δ times the σ of sensitivity 1', () => {
    const one = calibrateEventNoiseMultiplier({ targetEpsilon: 1, delta: DELTA, event: (s) => gaussianEvent(s) });
    // the ceiling of the search is 1e6 in the noise of the mechanism, not in σ: Δ = 1e7 still calibrates
    const large = calibrateEventNoiseMultiplier({ targetEpsilon: 1, delta: DELTA, event: (s) => gaussianEvent(s / 1e7) });
    expect(large.value / 1e7).toBeCloseTo(one.value, 5);
  });

  it('refuses what it cannot calibrate with typed errors naming the parameter', () => {
    expect(() => calibrateEventNoiseMultiplier({ targetEpsilon: 1, delta: DELTA, event: 3 as unknown as () => MechanismEvent })).toThrow(expect.objectContaining({ parameter: 'event' }));
    expect(() => calibrateEventNoiseMultiplier({ targetEpsilon: 0, delta: DELTA, event: (s) => gaussianEvent(s) })).toThrow(expect.objectContaining({ parameter: 'targetEpsilon' }));
    expect(() => calibrateEventNoiseMultiplier({ targetEpsilon: 1, delta: 1, event: (s) => gaussianEvent(s) })).toThrow(expect.objectContaining({ parameter: 'delta' }));
    // a record in 3 steps sampled at q = 1e-9: δ = 1e-5 holds without noise, so there is no smallest σ
    const rare = banded({ participation: 'poisson-in-group', minSeparation: 200, datasetSize: 1e11, batchSize: 50 });
    expect(() => calibrateEventNoiseMultiplier({ targetEpsilon: 1, delta: DELTA, event: rare })).toThrow(expect.objectContaining({ parameter: 'delta' }));
    // an event the family cannot build: the library's own error, not "target unreachable"
    expect(() => calibrateEventNoiseMultiplier({ targetEpsilon: 1, delta: DELTA, event: banded({ minSeparation: 0 }) })).toThrow(expect.objectContaining({ parameter: 'minSeparation' }));
    // 10⁴ releases of the identity strategy: even a noise of 1e6 leaves ε above 1e-6 (as for DP-SGD at q = 1)
    const everyStep = banded({ strategy: { bands: [[1]] }, bands: 1, steps: 10_000, minSeparation: 1 });
    expect(() => calibrateEventNoiseMultiplier({ targetEpsilon: 1e-6, delta: DELTA, event: everyStep, accountant: 'rdp' })).toThrow(expect.objectContaining({ parameter: 'targetEpsilon', message: expect.stringMatching(/privacy budget too low/) }));
  });
});

describe('calibrateEventEpsilon: the calibrate --json row of an event family', () => {
  it('reports the σ of calibrateEventNoiseMultiplier with the ε it achieves, and says GDP is an estimate', () => {
    const family = banded({ participation: 'balls-in-bins' });
    for (const accountant of ['pld', 'gdp'] as const) {
      const row = calibrateEventEpsilon({ targetEpsilon: 3, delta: DELTA, neighbouring: 'substitution', event: family }, accountant);
      const direct = calibrateEventNoiseMultiplier({ targetEpsilon: 3, delta: DELTA, event: family, accountant, neighbouring: 'substitution' });
      expect(row).toEqual({
        noiseMultiplier: direct.value,
        target: 3,
        achieved: direct.epsilon,
        targetKind: 'epsilon',
        delta: DELTA,
        accountant,
        neighbouring: 'substitution',
        kind: accountant === 'gdp' ? 'estimate' : 'guarantee',
        approximation: accountant === 'gdp',
        evaluations: direct.evaluations,
      });
    }
  });

  it('names query and accountant when they are not what it takes', () => {
    expect(() => calibrateEventEpsilon(undefined as never, 'pld')).toThrow(expect.objectContaining({ parameter: 'query' }));
    expect(() => calibrateEventEpsilon({ targetEpsilon: 1, delta: DELTA, neighbouring: 'add-remove', event: banded({}) }, 'x' as never)).toThrow(expect.objectContaining({ parameter: 'accountant' }));
  });
});
