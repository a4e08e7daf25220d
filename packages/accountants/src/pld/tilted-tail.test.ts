import { describe, expect, it } from 'vitest';
import { logNormalCdf, logSubExp } from '@dpbounds/special-functions';
import { dpSgdEvent } from '../events/mechanism-event.js';
import { connectTheDotsPld } from './connect-the-dots.js';
import { PldAccountant } from './pld-accountant.js';
import { chernoffEpsilon, tiltedEpsilon } from './tilted-tail.js';
import { epsilonOfLogDelta, exactPairLogDelta } from './test-helpers/exact-pair-delta.js';

// Exact references, computed here independently of the accountant, in log space.

/** log δ(ε) of the Gaussian mechanism of parameter μ: Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2). */
const gaussianLogDelta = (mu: number, eps: number): number => logSubExp(logNormalCdf(-eps / mu + mu / 2), eps + logNormalCdf(-eps / mu - mu / 2));




const TINY = [1e-12, 1e-30, 1e-100, 1e-300];

describe('tiltedEpsilon: ε(δ) of a composed discrete PLD at tiny δ (exact references)', () => {
  it('single Gaussian mechanism (σ = 10): ≥ the exact ε and within 1e-6 of it, δ down to 1e-300', () => {
    const pld = connectTheDotsPld('remove', 1, 10, { h: 1e-4, logMassTruncation: -700 });
    for (const delta of TINY) {
      const exact = epsilonOfLogDelta((e) => gaussianLogDelta(0.1, e), delta);
      const got = tiltedEpsilon([{ pld, count: 1 }], delta, 2 ** 22) as number;
      expect(got, `δ = ${delta}`).toBeGreaterThanOrEqual(exact);
      expect(got / exact - 1, `δ = ${delta}`).toBeLessThanOrEqual(1e-6);
    }
  });

  it('T-fold Gaussian by FFT (σ = 3, T = 3, exact μ = √3/3): ≥ exact, within 1e-6', () => {
    const pld = connectTheDotsPld('remove', 1, 3, { h: 3e-4, logMassTruncation: -700 });
    for (const delta of TINY) {
      const exact = epsilonOfLogDelta((e) => gaussianLogDelta(Math.sqrt(3) / 3, e), delta);
      const got = tiltedEpsilon([{ pld, count: 3 }], delta, 2 ** 22) as number;
      expect(got, `δ = ${delta}`).toBeGreaterThanOrEqual(exact);
      expect(got / exact - 1, `δ = ${delta}`).toBeLessThanOrEqual(1e-6);
    }
  });

  it('Poisson-subsampled Gaussian, T = 1 (q = 0.1, σ = 1): ≥ the exact ε, within 1e-4', () => {
    const pld = connectTheDotsPld('remove', 0.1, 1, { h: 1e-3, logMassTruncation: -700 });
    for (const delta of TINY) {
      const exact = epsilonOfLogDelta((e) => exactPairLogDelta('remove', 0.1, 1, e), delta);
      const got = tiltedEpsilon([{ pld, count: 1 }], delta, 2 ** 22) as number;
      expect(got, `δ = ${delta}`).toBeGreaterThanOrEqual(exact);
      expect(got / exact - 1, `δ = ${delta}`).toBeLessThanOrEqual(1e-4);
    }
  });

  it('is undefined when δ is not above the mass at +∞ (the caller then falls back)', () => {
    const pld = connectTheDotsPld('remove', 1, 3, { h: 1e-3 });
    expect(tiltedEpsilon([{ pld, count: 3 }], pld.infinityMass, 2 ** 22)).toBeUndefined();
  });
});

describe('PldAccountant below the FFT noise floor (issue #27)', () => {
  it('q = 1, σ = 10, T = 1, δ = 1e-12: the PLD answers (no RDP fallback), ≥ the exact ε and within 5 % (was +4.3 %)', () => {
    const acc = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: 10, steps: 1 }));
    const exact = epsilonOfLogDelta((e) => gaussianLogDelta(0.1, e), 1e-12);
    const b = acc.getEpsilonBounds(1e-12);
    expect(b.method).toBe('pld');
    expect(b.kind).toBe('guarantee');
    expect(b.upper).toBeGreaterThanOrEqual(exact);
    expect(b.upper / exact - 1).toBeLessThanOrEqual(1e-4);
    expect(b.lower).toBeLessThanOrEqual(exact);
    expect(b.note).toMatch(/exponentially tilted PLD/);
  });

  it('q = 2.866e-5, σ = 1.393, T = 94, δ = 1.29e-12: no fallback; the rigorous lower bound certifies the ε within 5 % of the tight one (was 238×)', () => {
    const acc = new PldAccountant().compose(dpSgdEvent({ samplingRate: 2.866e-5, noiseMultiplier: 1.393, steps: 94 }));
    const b = acc.getEpsilonBounds(1.29e-12);
    expect(b.method).toBe('pld');
    // the true ε lies in [lower, upper] (lower: the optimistic discretisation, tilted, every error
    // subtracted, plus the Hoeffding shift), so upper is within upper/lower − 1 of it
    expect(b.lower).toBeGreaterThan(0);
    expect(b.upper / b.lower).toBeLessThanOrEqual(1.05);
    expect(acc.getEpsilon(1.29e-12)).toBe(b.upper);
  });

  it('is non-increasing in δ across the old floor and far below it', () => {
    const acc = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: 10, steps: 1 }));
    const deltas = [1e-10, 1e-11, 5e-12, 4e-12, 1e-12, 1e-20, 1e-30, 1e-100, 1e-300];
    const eps = deltas.map((d) => acc.getEpsilon(d));
    for (let k = 1; k < eps.length; k++) expect(eps[k] as number, `δ = ${deltas[k]}`).toBeGreaterThanOrEqual(eps[k - 1] as number);
    deltas.forEach((d, k) => expect(eps[k] as number, `δ = ${d}`).toBeGreaterThanOrEqual(epsilonOfLogDelta((e) => gaussianLogDelta(0.1, e), d)));
  });

  it('leaves δ above the floor to the untilted composition (byte-identical results there)', () => {
    const acc = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: 10, steps: 1 }));
    const b = acc.getEpsilonBounds(1e-5);
    expect(b.note).toBeUndefined();
    expect(b.upper).toBe(acc.getEpsilon(1e-5));
  });
});

describe('chernoffEpsilon: the Chernoff bound of the same groups, which tiltedEpsilon never exceeds', () => {
  it('is above the tilted ε, and undefined at δ at or below the mass at +∞', () => {
    const pld = connectTheDotsPld('remove', 0.01, 1, { h: 1e-3, logMassTruncation: -700 });
    const groups = [{ pld, count: 100 }];
    for (const delta of [1e-20, 1e-100, 1e-250]) {
      const tilted = tiltedEpsilon(groups, delta, 2 ** 22, true) as number;
      const chernoff = chernoffEpsilon(groups, delta) as number;
      expect(Number.isFinite(tilted)).toBe(true);
      expect(tilted).toBeLessThanOrEqual(chernoff);
    }
    const heavy = [{ pld: { ...pld, infinityMass: 1e-10 }, count: 100 }];
    expect(chernoffEpsilon(heavy, 1e-9)).toBeUndefined();
  });
});

