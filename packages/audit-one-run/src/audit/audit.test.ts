import { createRng } from '@dpbounds/special-functions';
import { gdpEpsilon } from '@dpbounds/tradeoff-core';
import { expectComposedGaussianFamily } from './test-helpers/composed-gaussian-family.js';
import { describe, expect, it } from 'vitest';
import { fdpEmpiricalMu } from '../fdp/empirical-gaussian.js';
import { subsampledGaussianCurve } from '../fdp/subsampled-gaussian-family.js';
import { steinkeEmpiricalEpsilon } from '../steinke/steinke-empirical-epsilon.js';
import { auditOneRun } from './audit-one-run.js';
import { auditConfidentGuesses, auditScores } from './audit-scores.js';

describe('auditOneRun', () => {
  const observation = { canaries: 100000, guesses: 1500, correct: 1429 };

  it('f-DP (default): ε is the GDP conversion of the empirical μ', () => {
    const result = auditOneRun(observation, { delta: 1e-5 });
    const mu = fdpEmpiricalMu(observation).mu;
    expect(result).toMatchObject({ method: 'fdp', family: 'gaussian', empiricalMu: mu, empiricalNoise: 1 / mu, bucketSize: 2, saturated: false });
    expect(result.empiricalEpsilon).toBe(gdpEpsilon(mu, 1e-5));
  });

  it('Steinke: same value as steinkeEmpiricalEpsilon, below the f-DP value for this Gaussian-like observation', () => {
    const result = auditOneRun(observation, { method: 'steinke', delta: 1e-5 });
    expect(result.empiricalEpsilon).toBe(steinkeEmpiricalEpsilon(observation, { delta: 1e-5 }).epsilon);
    expect(result.empiricalEpsilon).toBeLessThan(auditOneRun(observation, { delta: 1e-5 }).empiricalEpsilon);
    expect(result.family).toBe('epsilon-delta');
  });

  it('ε decreases as δ grows and as the confidence grows', () => {
    const a = auditOneRun(observation, { delta: 1e-6 }).empiricalEpsilon;
    const b = auditOneRun(observation, { delta: 1e-4 }).empiricalEpsilon;
    const c = auditOneRun(observation, { delta: 1e-4, confidence: 0.99 }).empiricalEpsilon;
    expect(a).toBeGreaterThan(b);
    expect(b).toBeGreaterThan(c);
  });

  it('reconstruction (k > 2) proves more from the same accuracy', () => {
    // 50 % accuracy is chance level for membership (nothing proven) but far above 1/k = 10 %.
    const obs = { canaries: 1000, guesses: 100, correct: 50 };
    expect(auditOneRun(obs, { bucketSize: 2 }).empiricalEpsilon).toBe(0);
    expect(auditOneRun(obs, { bucketSize: 10 }).empiricalEpsilon).toBeGreaterThan(0.5);
    expect(auditOneRun({ ...obs, correct: 60 }, { bucketSize: 2 }).empiricalEpsilon).toBeLessThan(auditOneRun({ ...obs, correct: 60 }, { bucketSize: 10 }).empiricalEpsilon);
  });
});

describe('Poisson-subsampled Gaussian family (docs/math/audit-one-run.md)', () => {
  it('uses the C_q curve of the spec sanity values', () => {
    expect(subsampledGaussianCurve(1, 0.5).evaluate(0.1)).toBeCloseTo(0.755428154177, 9);
    expect(subsampledGaussianCurve(1, 0.5).evaluate(0.5)).toBeCloseTo(0.308537538726, 9);
    expect(subsampledGaussianCurve(1, 0.5).evaluate(0.8)).toBeCloseTo(0.073561479097, 9);
    expect(subsampledGaussianCurve(2, 0.2).evaluate(0.01)).toBeCloseTo(0.917583882913, 9);
  });

  it('with q = 1 reduces to the Gaussian family', () => {
    const obs = { canaries: 1000, guesses: 100, correct: 95 };
    const gaussian = auditOneRun(obs);
    const subsampled = auditOneRun(obs, { family: { kind: 'subsampled-gaussian', samplingRate: 1, steps: 1 } });
    expect(subsampled.empiricalNoise as number).toBeCloseTo(gaussian.empiricalNoise as number, 6);
    expect(subsampled.empiricalEpsilon).toBeCloseTo(gaussian.empiricalEpsilon, 5);
    expect(subsampled.empiricalEpsilon).toBeGreaterThanOrEqual(gaussian.empiricalEpsilon - 1e-6);
  });

  it('a smaller sampling rate needs less noise to explain the same observation', () => {
    const obs = { canaries: 1000, guesses: 100, correct: 80 };
    const full = auditOneRun(obs, { family: { kind: 'subsampled-gaussian', samplingRate: 1, steps: 1 } });
    const half = auditOneRun(obs, { family: { kind: 'subsampled-gaussian', samplingRate: 0.5, steps: 1 } });
    expect(half.empiricalNoise as number).toBeLessThan(full.empiricalNoise as number);
  });

  // 80 of 100 correct: σ* ≈ 5.5 keeps each probe's PLD grid small (about 1 s of CPU for the search);
  // the sharper 95 of 100 (σ* ≈ 2.5, 2.5 s) is test/big/audit.big-test.ts
  it('T > 1 through the PLD privacy profile: with q = 1, T Gaussian steps are the Gaussian family at μ = √T/σ', () => {
    expectComposedGaussianFamily(80);
  }, 120_000); // a safety net for a loaded machine (about 1 s of CPU alone), not a limit under test
});

describe('auditScores', () => {
  const rng = createRng(5);
  const m = 3000;
  const members = Array.from({ length: m }, () => (rng.bernoulli(0.5) ? 1 : 0));
  const scores = members.map((s) => s + 0.7 * rng.normal());

  it('reports the best configuration and its counts', () => {
    const result = auditScores({ scores, members }, { delta: 1e-5 });
    expect(result.canaries).toBe(m);
    expect(result.inGuesses + result.outGuesses).toBe(result.guesses);
    expect(result.configurationsTried).toBe(12); // 1, 2, 5, … 2000, and 3000
    const direct = auditOneRun({ canaries: m, guesses: result.guesses, correct: result.correct }, { delta: 1e-5 });
    expect(result.empiricalEpsilon).toBe(direct.empiricalEpsilon);
    expect(result.empiricalEpsilon).toBeGreaterThan(0);
  });

  it('Bonferroni correction lowers (never raises) the reported ε and reports the per-test confidence', () => {
    const plain = auditScores({ scores, members }, { delta: 1e-5 });
    const corrected = auditScores({ scores, members }, { delta: 1e-5, bonferroni: true });
    expect(corrected.empiricalEpsilon).toBeLessThanOrEqual(plain.empiricalEpsilon);
    expect(corrected.testConfidence).toBeCloseTo(1 - 0.05 / 12, 12);
    expect(corrected.confidence).toBe(0.95);
  });

  it('reports progress once per configuration', () => {
    const calls: number[] = [];
    auditScores({ scores, members }, { guessCounts: [10, 100, 1000], onProgress: (done, total) => calls.push(done / total) });
    expect(calls).toEqual([1 / 3, 2 / 3, 1]);
  });
});

describe('auditConfidentGuesses (reconstruction, k > 2)', () => {
  it('audits the most confident guesses with the bucket size and reports the kept count', () => {
    const rng = createRng(8);
    const m = 1000;
    const confidences = Array.from({ length: m }, () => rng.uniform());
    // Guesses right with probability 0.1 + 0.8·confidence: far above 1/k = 0.1 when confident.
    const correct = confidences.map((c) => (rng.uniform() < 0.1 + 0.8 * c ? 1 : 0));
    const result = auditConfidentGuesses({ confidences, correct }, { bucketSize: 10, delta: 1e-5 });
    expect(result.bucketSize).toBe(10);
    expect(result.outGuesses).toBe(0);
    expect(result.inGuesses).toBe(result.guesses);
    const direct = auditOneRun({ canaries: m, guesses: result.guesses, correct: result.correct }, { bucketSize: 10, delta: 1e-5 });
    expect(result.empiricalEpsilon).toBe(direct.empiricalEpsilon);
    expect(result.empiricalEpsilon).toBeGreaterThan(auditConfidentGuesses({ confidences, correct }, { bucketSize: 2, delta: 1e-5 }).empiricalEpsilon);
  });
});
