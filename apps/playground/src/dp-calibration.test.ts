import { bandedBallsInBinsGuarantee, bandedBallsInBinsNoiseMultiplier, bandedMatrixEvent } from '@dpbounds/accountants';
import { calibrateEventEpsilon } from '@dpbounds/accountants/advanced';
import { describe, expect, it, vi } from 'vitest';
import { bandedTargetRefusal } from './banded-targets.js';
import { calibrateDp, calibrateRun } from './dp-calibration.js';
import { dpRun, lowFprPower } from './dp-run.js';
import { configOf, expectAchievedIsTheSmallerGuarantee, pageEpsilonAt } from './test-helpers/calibration-checks.js';

// pass-through spies on the library's two BandMF calibrations: the balls-in-bins tests read the
// library's answers to the page's own calls instead of running both searches again
vi.mock('@dpbounds/accountants', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@dpbounds/accountants')>();
  return { ...actual, bandedBallsInBinsNoiseMultiplier: vi.fn(actual.bandedBallsInBinsNoiseMultiplier) };
});
vi.mock('@dpbounds/accountants/advanced', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@dpbounds/accountants/advanced')>();
  return { ...actual, calibrateEventEpsilon: vi.fn(actual.calibrateEventEpsilon) };
});

const run = { samplingRate: 0.02, noiseMultiplier: 1, steps: 200, delta: 1e-5 };

describe('noise calibration for DP targets', () => {
  it('meets a TPR@1%FPR target, and a 2 % smaller σ would not', () => {
    const target = 0.05;
    const { noiseMultiplier, achieved } = calibrateDp(run, 'tprAt1', target);
    expect(achieved).toBeLessThanOrEqual(target);
    expect(lowFprPower(dpRun({ ...run, noiseMultiplier }).curve).tprAt1).toBe(achieved);
    expect(lowFprPower(dpRun({ ...run, noiseMultiplier: noiseMultiplier * 0.98 }).curve).tprAt1).toBeGreaterThan(target);
  });

  it('meets an ε target with the PLD accountant without overshooting', () => {
    const { noiseMultiplier, achieved } = calibrateDp(run, 'epsilon', 1);
    expect(achieved).toBeLessThanOrEqual(1);
    expect(dpRun({ ...run, noiseMultiplier: noiseMultiplier * 0.98 }).epsilon).toBeGreaterThan(1);
  });

  it('rejects an impossible TPR target', () => {
    expect(() => calibrateDp(run, 'tprAt1', 0.005)).toThrow(expect.objectContaining({ code: 'ERR_OUT_OF_RANGE', parameter: 'targetValue', found: 0.005 }));
  });
});

describe('noise calibration for a BandMF run (target ε, PLD)', () => {
  const base = 'mech=bandmf&bandValues=1,0.5,0.25&B=100&N=10000&T=600&sigma=3&delta=0.00001';

  it.each([
    ['cyclic', 50, 'add-remove'],
    ['cyclic', 2, 'substitution'],
    ['poisson-in-group', 4, 'add-remove'],
  ] as const)('%s (k = %i, %s): the page’s ε at σ is the achieved ε ≤ target, at σ·(1 − 1e-3) above it, and σ is the library’s', (participation, k, relation) => {
    const config = configOf(`?${base}&participation=${participation}&k=${k}&rel=${relation}`);
    const { noiseMultiplier, achieved } = calibrateRun(config, 'epsilon', 2);
    expect(achieved).toBeLessThanOrEqual(2);
    expect(pageEpsilonAt(config, noiseMultiplier)).toBe(achieved);
    expect(pageEpsilonAt(config, noiseMultiplier * (1 - 1e-3))).toBeGreaterThan(2);
    // the library's calibration of the same event family, with the page's relation
    const sizes = participation === 'poisson-in-group' ? { datasetSize: 10_000, batchSize: 100 } : {};
    const library = calibrateEventEpsilon(
      {
        targetEpsilon: 2,
        delta: 1e-5,
        neighbouring: relation,
        event: (s) => bandedMatrixEvent({ strategy: { bands: [[1], [0.5], [0.25]] }, bands: 3, steps: 600, noiseMultiplier: s, participation, minSeparation: k, ...sizes }),
      },
      'pld',
    );
    expect(noiseMultiplier).toBe(library.noiseMultiplier);
  });

  // The library's answers to the page's own calls (pass-through spies, see the vi.mock calls
  // above): the test checks that the page asks the library about its own event family and keeps
  // the smaller σ, without running both searches a second time. At 100 steps (2 epochs of
  // k = 50; the loose target at 50 steps, one epoch, where the PLD search at little noise is
  // cheaper); test/big/dp-calibration.big-test.ts runs 600 steps with the searches repeated.
  const baseAt = (steps: number): string => base.replace('T=600', `T=${steps}`);
  const familyAt =
    (steps: number) =>
    (s: number): ReturnType<typeof bandedMatrixEvent> =>
      bandedMatrixEvent({ strategy: { bands: [[1], [0.5], [0.25]] }, bands: 3, steps, noiseMultiplier: s, participation: 'balls-in-bins', minSeparation: 50 });
  /** σ of the library's PLD and amplified calibrations in the page's call, after checking it priced the test's family. */
  const libraryAnswers = (relation: 'add-remove' | 'substitution', target: number, steps: number): { unamplified: number; amplified: number | undefined } => {
    const family = familyAt(steps);
    const pldCall = vi.mocked(calibrateEventEpsilon).mock.calls.at(-1);
    const ampCall = vi.mocked(bandedBallsInBinsNoiseMultiplier).mock.calls.at(-1);
    for (const options of [pldCall?.[0], ampCall?.[0]]) {
      expect(options).toMatchObject({ targetEpsilon: target, delta: 1e-5, neighbouring: relation });
      for (const s of [0.3, 1, 3]) expect((options as { event: (s: number) => unknown }).event(s)).toEqual(family(s));
    }
    expect(pldCall?.[1]).toBe('pld');
    const pld = vi.mocked(calibrateEventEpsilon).mock.results.at(-1);
    const amp = vi.mocked(bandedBallsInBinsNoiseMultiplier).mock.results.at(-1);
    expect(pld?.type).toBe('return');
    expect(amp?.type).toBe('return');
    return { unamplified: (pld?.value as { noiseMultiplier: number }).noiseMultiplier, amplified: (amp?.value as { noiseMultiplier: number } | undefined)?.noiseMultiplier };
  };

  it.each(['add-remove', 'substitution'] as const)(
    'balls-in-bins (%s): σ is the smaller of the PLD’s σ and the amplified guarantee’s, the page’s ε at σ is the achieved ε ≤ target, at σ·(1 − 1e-3) above it',
    (relation) => {
      const config = configOf(`?${baseAt(100)}&participation=balls-in-bins&k=50&rel=${relation}`);
      const family = familyAt(100);
      vi.mocked(calibrateEventEpsilon).mockClear();
      vi.mocked(bandedBallsInBinsNoiseMultiplier).mockClear();
      const { noiseMultiplier, achieved, binds } = calibrateRun(config, 'epsilon', 2);
      expect(vi.mocked(bandedBallsInBinsNoiseMultiplier).mock.calls).toHaveLength(1);
      const { unamplified, amplified } = libraryAnswers(relation, 2, 100);
      // the amplified search was limited to σ below the PLD's
      expect(vi.mocked(bandedBallsInBinsNoiseMultiplier).mock.calls[0]?.[0].below).toBe(unamplified);
      expect(noiseMultiplier).toBe(Math.min(unamplified, amplified as number));
      // amplification needs far less noise here
      expect(amplified).toBeLessThan(unamplified / 2);
      expect(binds).toBe('amplified');
      // achieved = min(PLD, amplified) at σ: the page's ε, never above the target
      expectAchievedIsTheSmallerGuarantee(config, family, relation, { noiseMultiplier, achieved }, 2);
    },
  );

  it('balls-in-bins where the amplified guarantee needs more noise (a loose target, ε = 10): the PLD’s σ, as before', () => {
    // at little noise the RDP conversion of the random-allocation bound is looser than the exact PLD
    const config = configOf(`?${baseAt(50)}&participation=balls-in-bins&k=50`);
    const family = familyAt(50);
    vi.mocked(calibrateEventEpsilon).mockClear();
    vi.mocked(bandedBallsInBinsNoiseMultiplier).mockClear();
    const { noiseMultiplier, achieved, binds } = calibrateRun(config, 'epsilon', 10);
    const { unamplified, amplified } = libraryAnswers('add-remove', 10, 50);
    // the amplified search stopped at once: its guarantee misses the target at the PLD's σ
    expect(amplified).toBeUndefined();
    expect(noiseMultiplier).toBe(unamplified);
    // the amplified guarantee misses the target at that σ, so its own σ (it falls as σ grows) is larger
    expect(bandedBallsInBinsGuarantee(family(noiseMultiplier), 1e-5)?.epsilon).toBeGreaterThan(10);
    expect(achieved).toBe((vi.mocked(calibrateEventEpsilon).mock.results.at(-1)?.value as { achieved: number }).achieved);
    expect(binds).toBe('unamplified');
    expect(pageEpsilonAt(config, noiseMultiplier)).toBe(achieved);
    expect(pageEpsilonAt(config, noiseMultiplier * (1 - 1e-3))).toBeGreaterThan(10);
  });

  it('refuses the DP-SGD targets (β*, TPR at 1 % FPR) for BandMF, with a message for the control and a typed error in the worker', () => {
    expect(bandedTargetRefusal('epsilon')).toBeUndefined();
    expect(bandedTargetRefusal('bayesSecurity')).toMatch(/^For a BandMF run only a target ε can be calibrated: Bayes security β\* .*DP-SGD/);
    expect(bandedTargetRefusal('tprAt1')).toMatch(/^For a BandMF run only a target ε can be calibrated: .*DP-SGD/);
    const config = configOf(`?${base}&participation=cyclic&k=50`);
    expect(() => calibrateRun(config, 'tprAt1', 0.05)).toThrow(expect.objectContaining({ parameter: 'targetKind', message: expect.stringMatching(/BandMF/) }));
  });

  it('calibrates a DP-SGD configuration as calibrateDp does', () => {
    const config = configOf('?q=0.02&sigma=1&T=200&delta=0.00001');
    expect(calibrateRun(config, 'epsilon', 1)).toEqual(calibrateDp(config, 'epsilon', 1));
  });
});
