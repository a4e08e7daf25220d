import { createRng } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { pldDeltaAt, type DiscretePld } from './discrete-pld.js';
import { pldDeltasAt } from './pld-deltas-at.js';
import { PldAccountant } from './pld-accountant.js';

/** A random discrete PLD: `n` masses on a grid of step h, normalised with m∞ of the total. */
function randomPld(seed: number, n: number, h: number, offset: number, infinityMass: number, lossShift?: number): DiscretePld {
  const rng = createRng(seed);
  const probs = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    // some empty bins, and masses over many orders of magnitude
    const p = rng.uniform() < 0.2 ? 0 : Math.exp(-30 * rng.uniform());
    probs[i] = p;
    total += p;
  }
  for (let i = 0; i < n; i++) probs[i] = ((probs[i] as number) / total) * (1 - infinityMass);
  return lossShift === undefined ? { h, offset, probs, infinityMass } : { h, offset, probs, infinityMass, lossShift };
}

const relative = (a: number, b: number): number => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

describe('pldDeltasAt: δ(ε) of a discrete PLD at many ε in one sweep', () => {
  it('equals pldDeltaAt to 1e-12 relative at every ε, on grids fine and coarse, shifted or not, in any order', () => {
    const cases: [number, number, number, number, number, number | undefined][] = [
      [1, 5000, 1e-3, -2500, 0, undefined],
      [2, 3000, 0.05, -100, 1e-9, undefined],
      [3, 400, 2, -50, 0.01, undefined],
      [4, 20_000, 1e-4, -5000, 0, 0.0123],
      [5, 1, 0.1, 3, 0, undefined],
    ];
    for (const [seed, n, h, offset, inf, shift] of cases) {
      const pld = randomPld(seed, n, h, offset, inf, shift);
      const lo = offset * h - 1;
      const hi = (offset + n) * h + 1;
      const rng = createRng(100 + seed);
      const epsilons = [...Array.from({ length: 200 }, () => lo + (hi - lo) * rng.uniform()), lo, hi, 0, (offset + 7) * h, Infinity, -Infinity];
      const got = pldDeltasAt(pld, epsilons);
      expect(got.length).toBe(epsilons.length);
      epsilons.forEach((e, k) => {
        const want = pldDeltaAt(pld, e);
        expect(relative(got[k] as number, want), `seed ${seed}, ε = ${e}: ${got[k]} vs ${want}`).toBeLessThanOrEqual(1e-12);
      });
    }
  });

  it('keeps tiny tails accurate: δ down to 1e-300 at the top of a wide PLD', () => {
    const n = 4000;
    const h = 0.05;
    const probs = new Float64Array(n);
    // a Gaussian-like loss distribution whose top masses underflow towards 1e-300
    for (let i = 0; i < n; i++) probs[i] = Math.exp(-0.5 * ((i - 400) / 40) ** 2);
    const total = probs.reduce((s, p) => s + p, 0);
    for (let i = 0; i < n; i++) probs[i] = (probs[i] as number) / total;
    const pld: DiscretePld = { h, offset: -400, probs, infinityMass: 0 };
    const epsilons = Array.from({ length: 80 }, (_, k) => k * 0.2);
    const got = pldDeltasAt(pld, epsilons);
    epsilons.forEach((e, k) => {
      const want = pldDeltaAt(pld, e);
      if (want === 0) expect(got[k]).toBe(0);
      else expect(relative(got[k] as number, want), `ε = ${e}: ${got[k]} vs ${want}`).toBeLessThanOrEqual(1e-12);
    });
  });

  it('is non-increasing in ε and at most 1', () => {
    const pld = randomPld(9, 3000, 0.01, -1000, 1e-6);
    const epsilons = Array.from({ length: 300 }, (_, k) => -12 + k * 0.1);
    const got = pldDeltasAt(pld, epsilons);
    for (let k = 1; k < got.length; k++) expect(got[k] as number).toBeLessThanOrEqual((got[k - 1] as number) * (1 + 1e-14));
    for (const d of got) expect(d).toBeLessThanOrEqual(1);
  });

  it('refuses a NaN ε, naming it and its position', () => {
    const pld = randomPld(1, 10, 0.1, 0, 0);
    expect(() => pldDeltasAt(pld, [0, Number.NaN])).toThrow(/epsilons\[1\]/);
  });

  it('gives the δ of a composed DP-SGD run the accountant gives at each ε', () => {
    const accountant = new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 500 }));
    const epsilons = [0, 0.3, 1, 2, 4];
    const remove = accountant.privacyLossDistribution('remove');
    const got = pldDeltasAt(remove, epsilons);
    epsilons.forEach((e, k) => expect(relative(got[k] as number, pldDeltaAt(remove, e))).toBeLessThanOrEqual(1e-12));
  });
});

describe('getDeltas: the privacy profile of an accountant at many ε', () => {
  const epsilons = [0, 0.1, 0.5, 1, 2, 3, 5, 8, Infinity];
  it('equals getDelta at each ε for the PLD accountant, in both relations (1e-12 relative)', () => {
    for (const neighbouring of ['add-remove', 'substitution'] as const) {
      const accountant = new PldAccountant({ neighbouring }).compose(dpSgdEvent({ samplingRate: 0.02, noiseMultiplier: 0.9, steps: 300 }));
      const got = accountant.getDeltas(epsilons);
      epsilons.forEach((e, k) => expect(relative(got[k] as number, accountant.getDelta(e)), `${neighbouring} ε = ${e}`).toBeLessThanOrEqual(1e-12));
    }
  });

  it('falls back to RDP at each ε, as getDelta does, when the budget refuses the grid', () => {
    // σ = 0.2 for 10⁶ steps: no PLD of 4096 points fits, so δ(ε) comes from the RDP accountant
    const accountant = new PldAccountant({ maxGridPoints: 2 ** 12 }).compose(dpSgdEvent({ samplingRate: 0.5, noiseMultiplier: 0.2, steps: 1_000_000 }));
    expect(accountant.getEpsilonBounds(1e-5).method).toBe('rdp-fallback');
    const wide = [0, 1e6, 5.836e6, 5.84e6, 1e7];
    const got = accountant.getDeltas(wide);
    wide.forEach((e, k) => expect(got[k], `ε = ${e}`).toBe(accountant.getDelta(e)));
    expect(got[2] as number).toBeGreaterThan(0);
    expect(got[2] as number).toBeLessThan(1);
  });

  it('answers the trivial ledgers as getDelta does (empty: 0; a step without noise: 1)', () => {
    expect(new PldAccountant().getDeltas([0, 1])).toEqual([0, 0]);
    const open = new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.1, noiseMultiplier: 0, steps: 1 }));
    expect(open.getDeltas([0, 1])).toEqual([1, 1]);
  });

  it('refuses a negative ε, naming it and its position', () => {
    const accountant = new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.02, noiseMultiplier: 1, steps: 10 }));
    expect(() => accountant.getDeltas([1, -0.5])).toThrow(/epsilons\[1\]/);
  });
});
