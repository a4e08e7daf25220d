/**
 * Audits are sound: on a mechanism that truly is μ-GDP, a one-run audit at confidence 1 − τ
 * claims more than the truth in at most a fraction τ of runs. Each case is one simulated
 * membership game against a Gaussian mechanism (sensitivity 1, noise σ, so μ = 1/σ); the
 * rejection rate is checked over all cases together (each case rejects with probability ≤ τ, so
 * their average does too), allowing three binomial standard errors.
 */
import { auditOneRun, observationFromRanking, rankCanaries } from '@dpbounds/audit-one-run';
import { createRng } from '@dpbounds/special-functions';
import { gdpEpsilon } from '@dpbounds/tradeoff-core';

/** One simulated audit: noise σ, m canaries, r guesses, confidence, audit method. */
export interface AuditCase {
  readonly sigma: number;
  readonly canaries: number;
  readonly guesses: number;
  readonly seed: number;
  readonly method: 'fdp' | 'steinke';
}

const CONFIDENCE = 0.95;
const DELTA = 1e-5;

/** True when the audit's empirical ε exceeds the mechanism's true ε (a false claim). */
export function auditOverclaims(c: AuditCase): boolean {
  const rng = createRng(c.seed);
  const scores = new Float64Array(c.canaries);
  const members = new Uint8Array(c.canaries);
  for (let i = 0; i < c.canaries; i++) {
    const member = rng.bernoulli(0.5) ? 1 : 0;
    members[i] = member;
    scores[i] = member + c.sigma * rng.normal();
  }
  const guesses = Math.min(c.guesses, c.canaries);
  const observation = observationFromRanking(rankCanaries({ scores, members }), { inGuesses: Math.ceil(guesses / 2), outGuesses: Math.floor(guesses / 2) });
  const result = auditOneRun(observation, { method: c.method, delta: DELTA, confidence: CONFIDENCE });
  return result.empiricalEpsilon > gdpEpsilon(1 / c.sigma, DELTA);
}

/** The largest over-claim rate consistent with soundness over `cases` independent audits. */
export function allowedOverclaimRate(cases: number): number {
  const tau = 1 - CONFIDENCE;
  return tau + 3 * Math.sqrt((tau * (1 - tau)) / cases);
}
