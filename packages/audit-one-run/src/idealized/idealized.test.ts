import { createRng } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { fixtureCases, num } from '../../test/load-fixtures.js';
import { auditOneRun } from '../audit/audit-one-run.js';
import { idealizedAudit } from './idealized-audit.js';
import { idealizedExpectedCorrect } from './idealized-membership.js';
import { idealizedReconstructionMonteCarlo } from './idealized-reconstruction.js';

describe('idealizedExpectedCorrect: Algorithm 4, k = 2, exact (docs/math/audit-one-run.md)', () => {
  for (const fixture of fixtureCases('idealized.expectedCorrect')) {
    it(`${fixture.id}: rel 1e-7 and the integer observation`, () => {
      const i = fixture.input;
      const got = idealizedExpectedCorrect({ noiseMultiplier: num(i.sigma), canaries: num(i.m), guesses: num(i.cPrime) });
      const want = num(fixture.expected.expectedCorrect);
      expect(Math.abs(got.expectedCorrect - want)).toBeLessThanOrEqual(1e-7 * want);
      const fraction = want - Math.floor(want);
      const slack = Math.abs(fraction - 0.5) < 1e-6 ? 1 : 0;
      expect(Math.abs(got.correct - num(fixture.expected.c))).toBeLessThanOrEqual(slack);
    });
  }

  it('agrees with a direct simulation of the top-K attacker (seeded, statistical)', () => {
    // m = 400 canaries, c′ = 60 guesses, σ = 1: simulate the game 400 times.
    const sigma = 1;
    const m = 400;
    const cPrime = 60;
    const K = cPrime / 2;
    const rng = createRng(2024);
    const runs = 400;
    let total = 0;
    let totalSq = 0;
    for (let run = 0; run < runs; run++) {
      const canaries = Array.from({ length: m }, () => {
        const s = rng.bernoulli(0.5) ? 1 : -1;
        return { s, x: s + 2 * sigma * rng.normal() };
      }).sort((a, b) => b.x - a.x);
      let correct = 0;
      for (let j = 0; j < K; j++) if ((canaries[j] as { s: number }).s === 1) correct++;
      for (let j = m - K; j < m; j++) if ((canaries[j] as { s: number }).s === -1) correct++;
      total += correct;
      totalSq += correct * correct;
    }
    const mean = total / runs;
    const se = Math.sqrt((totalSq / runs - mean * mean) / runs);
    const exact = idealizedExpectedCorrect({ noiseMultiplier: sigma, canaries: m, guesses: cPrime }).expectedCorrect;
    expect(Math.abs(mean - exact)).toBeLessThan(4 * se);
  });

  it('grows as the noise shrinks and stays between c′/2 and c′', () => {
    let previous = Infinity;
    for (const sigma of [0.25, 0.5, 1, 2, 4, 8]) {
      const { expectedCorrect } = idealizedExpectedCorrect({ noiseMultiplier: sigma, canaries: 10000, guesses: 1000 });
      expect(expectedCorrect).toBeLessThan(previous);
      expect(expectedCorrect).toBeGreaterThan(500);
      expect(expectedCorrect).toBeLessThanOrEqual(1000);
      previous = expectedCorrect;
    }
  });
});

describe('idealizedReconstructionMonteCarlo: Algorithm 4, k > 2 (docs/math/audit-one-run.md)', () => {
  for (const fixture of fixtureCases('idealized.reconstructionMC')) {
    const i = fixture.input;
    // Large cases (up to 10⁸ normal draws at 100 runs) use fewer runs (about 2·10⁶ draws, at
    // least 5 runs) to keep the suite fast; the acceptance rule scales with the runs actually made.
    const runs = Math.min(num(i.runs), Math.max(5, Math.floor(2e6 / (num(i.m) * num(i.k)))));
    it(`${fixture.id}: ${runs}-run mean within 4·sd/√runs + 1 of the reference mean`, () => {
      const got = idealizedReconstructionMonteCarlo({
        noiseMultiplier: num(i.sigma),
        canaries: num(i.m),
        guesses: num(i.cPrime),
        bucketSize: num(i.k),
        runs,
        seed: 17,
      });
      const sd = num(fixture.expected.sdPerRun);
      expect(Math.abs(got.meanCorrect - num(fixture.expected.mean))).toBeLessThanOrEqual((4 * sd) / Math.sqrt(runs) + 1);
      expect(got.sdPerRun).toBeGreaterThan(sd / 3);
      expect(got.sdPerRun).toBeLessThan(sd * 3);
      expect(got.correct).toBe(Math.trunc(got.meanCorrect));
    });
  }

  it('is reproducible from its seed', () => {
    const input = { noiseMultiplier: 1, canaries: 300, guesses: 50, bucketSize: 5, runs: 5 };
    expect(idealizedReconstructionMonteCarlo({ ...input, seed: 9 })).toEqual(idealizedReconstructionMonteCarlo({ ...input, seed: 9 }));
  });
});

describe('idealizedAudit: what a perfect attacker proves (docs/math/audit-one-run.md)', () => {
  it('audits the paper ablation point σ = 1, m = 10⁵, c′ = 1500 (c = 1429)', () => {
    const result = idealizedAudit({ noiseMultiplier: 1, canaries: 100000, guesses: 1500, delta: 1e-5 });
    expect(result.correct).toBe(1429);
    expect(result.expectedCorrect).toBeCloseTo(1428.672128, 5);
    expect(result.empiricalEpsilon).toBe(auditOneRun({ canaries: 100000, guesses: 1500, correct: 1429 }, { delta: 1e-5 }).empiricalEpsilon);
    const steinke = idealizedAudit({ noiseMultiplier: 1, canaries: 100000, guesses: 1500, delta: 1e-5, method: 'steinke' });
    expect(steinke.empiricalEpsilon).toBeLessThan(result.empiricalEpsilon);
  });

  it('less noise lets the perfect attacker prove more (k = 2 and k = 10)', () => {
    expect(idealizedAudit({ noiseMultiplier: 0.5, canaries: 10000, guesses: 500 }).empiricalEpsilon).toBeGreaterThan(idealizedAudit({ noiseMultiplier: 1, canaries: 10000, guesses: 500 }).empiricalEpsilon);
    const rec = (sigma: number): number => idealizedAudit({ noiseMultiplier: sigma, canaries: 1000, guesses: 100, bucketSize: 10, runs: 20, seed: 3 }).empiricalEpsilon;
    expect(rec(0.6)).toBeGreaterThan(rec(1));
  });
});
