/**
 * The balls-in-bins BandMF calibrations of src/dp-calibration.test.ts at full size, each checked
 * against the library's calibrations run again by the test (independent of the page's calls):
 * 600 steps, and the loose target ε = 100 whose PLD search runs at little noise (the slowest
 * PLD calibration: 10–40 s). `pnpm test:big` runs them; the default suite checks the same
 * properties at 100 steps and, for the loose target, 50 steps and ε = 10, with the library's answers to the page's own calls.
 */
import { bandedBallsInBinsGuarantee, bandedBallsInBinsNoiseMultiplier, bandedMatrixEvent } from '@dpbounds/accountants';
import { calibrateEventEpsilon } from '@dpbounds/accountants/advanced';
import { describe, expect, it } from 'vitest';
import { calibrateRun } from '../../src/dp-calibration.js';
import { configOf, expectAchievedIsTheSmallerGuarantee, pageEpsilonAt } from '../../src/test-helpers/calibration-checks.js';

describe('noise calibration for a BandMF run with balls-in-bins participation, at full size', () => {
  const base = 'mech=bandmf&bandValues=1,0.5,0.25&B=100&N=10000&T=600&sigma=3&delta=0.00001';

  it.each(['add-remove', 'substitution'] as const)(
    'balls-in-bins (%s): σ is the smaller of the PLD’s σ and the amplified guarantee’s, the page’s ε at σ is the achieved ε ≤ target, at σ·(1 − 1e-3) above it',
    (relation) => {
      const config = configOf(`?${base}&participation=balls-in-bins&k=50&rel=${relation}`);
      const family = (s: number): ReturnType<typeof bandedMatrixEvent> =>
        bandedMatrixEvent({ strategy: { bands: [[1], [0.5], [0.25]] }, bands: 3, steps: 600, noiseMultiplier: s, participation: 'balls-in-bins', minSeparation: 50 });
      const { noiseMultiplier, achieved, binds } = calibrateRun(config, 'epsilon', 2);
      const unamplified = calibrateEventEpsilon({ targetEpsilon: 2, delta: 1e-5, neighbouring: relation, event: family }, 'pld').noiseMultiplier;
      const amplified = bandedBallsInBinsNoiseMultiplier({ targetEpsilon: 2, delta: 1e-5, neighbouring: relation, event: family })?.noiseMultiplier as number;
      expect(noiseMultiplier).toBe(Math.min(unamplified, amplified));
      // amplification needs far less noise here
      expect(amplified).toBeLessThan(unamplified / 2);
      expect(binds).toBe('amplified');
      // achieved = min(PLD, amplified) at σ: the page's ε, never above the target
      expectAchievedIsTheSmallerGuarantee(config, family, relation, { noiseMultiplier, achieved }, 2);
    },
    60_000,
  );

  it('balls-in-bins where the amplified guarantee needs more noise (a loose target, ε = 100): the PLD’s σ, as before', () => {
    // at little noise the RDP conversion of the random-allocation bound is looser than the exact PLD
    const config = configOf(`?${base}&participation=balls-in-bins&k=50`);
    const family = (s: number): ReturnType<typeof bandedMatrixEvent> =>
      bandedMatrixEvent({ strategy: { bands: [[1], [0.5], [0.25]] }, bands: 3, steps: 600, noiseMultiplier: s, participation: 'balls-in-bins', minSeparation: 50 });
    const unamplified = calibrateEventEpsilon({ targetEpsilon: 100, delta: 1e-5, neighbouring: 'add-remove', event: family }, 'pld');
    const { noiseMultiplier, achieved, binds } = calibrateRun(config, 'epsilon', 100);
    expect(noiseMultiplier).toBe(unamplified.noiseMultiplier);
    // the amplified guarantee misses the target at that σ, so its own σ (it falls as σ grows) is larger:
    // the library's bandedBallsInBinsNoiseMultiplier gives 0.518 here, against the PLD's 0.456
    expect(bandedBallsInBinsGuarantee(family(noiseMultiplier), 1e-5)?.epsilon).toBeGreaterThan(100);
    expect(achieved).toBe(unamplified.achieved);
    expect(binds).toBe('unamplified');
    expect(pageEpsilonAt(config, noiseMultiplier)).toBe(achieved);
    expect(pageEpsilonAt(config, noiseMultiplier * (1 - 1e-3))).toBeGreaterThan(100);
  }, 60_000);

});
