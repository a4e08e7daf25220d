/**
 * Statistical soundness: on a mechanism that truly is μ-GDP (a Gaussian mechanism with known
 * noise), an audit at confidence 1 − τ may reject the true guarantee in at most a fraction τ of
 * runs (plus sampling error). Seeded, 1200 simulated one-run audits per check.
 */
import { createRng, type Rng } from '@dpbounds/special-functions';
import { gdpEpsilon } from '@dpbounds/tradeoff-core';
import { describe, expect, it } from 'vitest';
import { auditOneRun } from './audit/audit-one-run.js';
import { fdpTest } from './fdp/fdp-test.js';
import { blowUpInverseFromCurve, gaussianBlowUpInverse } from './fdp/blow-up-inverse.js';
import { subsampledGaussianCurve } from './fdp/subsampled-gaussian-family.js';
import { observationFromRanking, rankCanaries } from './guesses/membership-guesses.js';
import { observationFromConfidence, rankConfidentGuesses } from './guesses/reconstruction-guesses.js';
import type { OneRunObservation } from './observation/observation.js';

const AUDITS = 1200;
const TAU = 0.05;
const DELTA = 1e-5;
/** Allowed rejection rate: τ plus three binomial standard errors at rate τ. */
const ALLOWED = TAU + 3 * Math.sqrt((TAU * (1 - TAU)) / AUDITS);

/**
 * One run of the membership game against the Gaussian mechanism with sensitivity 1 and noise
 * `sigma` (μ = 1/σ-GDP for each canary): canary i is included with probability ½, the attacker
 * sees y_i = s_i + σZ_i and guesses "in" on the `guesses/2` largest and "out" on the smallest —
 * a guess count fixed before the run, as the guarantee requires.
 */
function playGame(rng: Rng, sigma: number, canaries: number, guesses: number): OneRunObservation {
  const scores = new Float64Array(canaries);
  const members = new Uint8Array(canaries);
  for (let i = 0; i < canaries; i++) {
    const member = rng.bernoulli(0.5) ? 1 : 0;
    members[i] = member;
    scores[i] = member + sigma * rng.normal();
  }
  const ranked = rankCanaries({ scores, members });
  return observationFromRanking(ranked, { inGuesses: Math.ceil(guesses / 2), outGuesses: Math.floor(guesses / 2) });
}

function simulate(seed: number, sigma: number, canaries: number, guesses: number): OneRunObservation[] {
  const root = createRng(seed);
  return Array.from({ length: AUDITS }, (_, run) => playGame(root.fork(run), sigma, canaries, guesses));
}

describe('soundness on truly private Gaussian mechanisms', () => {
  // Small games are where the audits are closest to tight relative to their sampling noise.
  const settings = [
    { sigma: 0.5, canaries: 200, guesses: 20 },
    { sigma: 1, canaries: 400, guesses: 60 },
  ];
  for (const { sigma, canaries, guesses } of settings) {
    const observations = simulate(1000 + canaries, sigma, canaries, guesses);
    const trueMu = 1 / sigma;
    const trueEpsilon = gdpEpsilon(trueMu, DELTA);

    it(`σ = ${sigma}, m = ${canaries}, r = ${guesses}: the f-DP test rejects the true μ-GDP in ≤ τ of runs`, () => {
      const oracle = gaussianBlowUpInverse(trueMu);
      const rejections = observations.filter((o) => fdpTest(oracle, { ...o, significance: TAU }).rejected).length;
      expect(rejections / AUDITS).toBeLessThanOrEqual(ALLOWED);
    });

    it(`σ = ${sigma}, m = ${canaries}, r = ${guesses}: neither audit's empirical ε exceeds the true ε in more than τ of runs`, () => {
      let fdpAbove = 0;
      let steinkeAbove = 0;
      let fdpPositive = 0;
      for (const observation of observations) {
        const fdp = auditOneRun(observation, { delta: DELTA, confidence: 1 - TAU });
        const steinke = auditOneRun(observation, { method: 'steinke', delta: DELTA, confidence: 1 - TAU });
        if (fdp.empiricalEpsilon > trueEpsilon) fdpAbove++;
        if (steinke.empiricalEpsilon > trueEpsilon) steinkeAbove++;
        if (fdp.empiricalEpsilon > 0) fdpPositive++;
      }
      expect(fdpAbove / AUDITS).toBeLessThanOrEqual(ALLOWED);
      expect(steinkeAbove / AUDITS).toBeLessThanOrEqual(ALLOWED);
      // Not vacuous: the audit does find privacy loss in most runs.
      expect(fdpPositive / AUDITS).toBeGreaterThan(0.5);
    });
  }

  it('reconstruction (k = 5, σ = 1, m = 200, r = 40): the f-DP test rejects the true μ-GDP in ≤ τ of runs', () => {
    // Secret u uniform on 5 options, observation y = e_u + √2σZ (options √2 apart: μ = 1/σ per
    // canary); the attacker keeps its 40 most confident argmax guesses (posterior of the argmax).
    const sigma = 1;
    const k = 5;
    const root = createRng(555);
    const oracle = gaussianBlowUpInverse(1 / sigma);
    let rejections = 0;
    let positive = 0;
    for (let run = 0; run < AUDITS; run++) {
      const rng = root.fork(run);
      const confidences = new Float64Array(200);
      const correct = new Uint8Array(200);
      for (let i = 0; i < 200; i++) {
        const secret = rng.integer(k);
        let best = 0;
        let top = -Infinity;
        const y: number[] = [];
        for (let j = 0; j < k; j++) {
          const value = (j === secret ? 1 : 0) + Math.SQRT2 * sigma * rng.normal();
          y.push(value);
          if (value > top) {
            top = value;
            best = j;
          }
        }
        confidences[i] = 1 / y.reduce((sum, value) => sum + Math.exp((value - top) / (2 * sigma * sigma)), 0);
        correct[i] = best === secret ? 1 : 0;
      }
      const observation = observationFromConfidence(rankConfidentGuesses({ confidences, correct }), 40);
      if (fdpTest(oracle, { ...observation, bucketSize: k, significance: TAU }).rejected) rejections++;
      if (fdpTest(gaussianBlowUpInverse(0), { ...observation, bucketSize: k, significance: TAU }).rejected) positive++;
    }
    expect(rejections / AUDITS).toBeLessThanOrEqual(ALLOWED);
    expect(positive / AUDITS).toBeGreaterThan(0.5); // the game does detect some leakage
  });

  it('Poisson-subsampled Gaussian (q = 0.5, σ = 0.5, one step): the test of the true C_q(G_{1/σ}) curve rejects it in ≤ τ of runs', () => {
    // Each canary is a member with probability ½; a member is sampled with probability q; the
    // attacker sees (sampled ? 1 : 0) + σZ. Per canary this is one step of DP-SGD's mechanism.
    const q = 0.5;
    const sigma = 0.5;
    const root = createRng(31337);
    const oracle = blowUpInverseFromCurve(subsampledGaussianCurve(1 / sigma, q));
    const overclaim = blowUpInverseFromCurve(subsampledGaussianCurve(1 / (5 * sigma), q)); // claims 5× the noise
    let rejections = 0;
    let caught = 0;
    for (let run = 0; run < AUDITS; run++) {
      const rng = root.fork(run);
      const scores = new Float64Array(400);
      const members = new Uint8Array(400);
      for (let i = 0; i < 400; i++) {
        const member = rng.bernoulli(0.5) ? 1 : 0;
        members[i] = member;
        scores[i] = (member === 1 && rng.bernoulli(q) ? 1 : 0) + sigma * rng.normal();
      }
      const observation = observationFromRanking(rankCanaries({ scores, members }), { inGuesses: 30, outGuesses: 30 });
      if (fdpTest(oracle, { ...observation, significance: TAU }).rejected) rejections++;
      if (fdpTest(overclaim, { ...observation, significance: TAU }).rejected) caught++;
    }
    expect(rejections / AUDITS).toBeLessThanOrEqual(ALLOWED);
    expect(caught / AUDITS).toBeGreaterThan(0.5); // not vacuous: a false claim of 5× the noise is caught
  });

  it('randomised response (where the tests are nearly exact): rejection rates stay at most τ, and near it', () => {
    // ε-randomised response on each of m = r = 100 canaries: v ~ Bin(100, e^ε/(1+e^ε)). The pure
    // (δ = 0) Steinke test is the exact binomial tail here, so its rejection rate sits just below τ.
    const epsilon = 1;
    const q = Math.exp(epsilon) / (1 + Math.exp(epsilon));
    const rng = createRng(4242);
    let steinkeAbove = 0;
    let fdpRejects = 0;
    const oracle = (y: number): number => Math.max(0, y * Math.exp(-epsilon)); // f̄⁻¹ of (ε, 0)-DP
    for (let run = 0; run < 2000; run++) {
      let correct = 0;
      for (let i = 0; i < 100; i++) if (rng.bernoulli(q)) correct++;
      const observation = { canaries: 100, guesses: 100, correct };
      if (auditOneRun(observation, { method: 'steinke', delta: 1e-12, confidence: 1 - TAU }).empiricalEpsilon > epsilon) steinkeAbove++;
      if (fdpTest(oracle, { ...observation, significance: TAU }).rejected) fdpRejects++;
    }
    const allowed = TAU + 3 * Math.sqrt((TAU * (1 - TAU)) / 2000);
    expect(steinkeAbove / 2000).toBeLessThanOrEqual(allowed);
    expect(steinkeAbove / 2000).toBeGreaterThan(TAU / 4);
    expect(fdpRejects / 2000).toBeLessThanOrEqual(allowed);
  });

  it('has power: a mechanism with half the claimed noise is caught in most runs', () => {
    const claimedSigma = 2;
    const observations = simulate(77, claimedSigma / 2, 400, 60);
    const oracle = gaussianBlowUpInverse(1 / claimedSigma);
    const rejections = observations.filter((o) => fdpTest(oracle, { ...o, significance: TAU }).rejected).length;
    expect(rejections / AUDITS).toBeGreaterThan(0.5);
  });
});
