// Labels, drawing, δ = 0 and bounded work of the one-run audits.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gaussianTradeOff } from '@dpbounds/tradeoff-core';
import { epsilonDeltaBlowUpInverse } from '../fdp/blow-up-inverse.js';
import { fdpRejectsUnchecked } from '../fdp/fdp-test.js';
import { idealizedAudit } from '../idealized/idealized-audit.js';
import { auditOneRun } from './audit-one-run.js';
import { auditScores } from './audit-scores.js';
import { auditDrawing, auditLabels } from './audit-view.js';

const params = { seed: 20261125, numRuns: 60 };

describe('audit labels', () => {
  it('auditLabels refuses a confidence, game size or ε outside its domain, naming it (library fuzz: a Symbol confidence threw a plain TypeError)', () => {
    for (const confidence of [Symbol('c'), 10n, Object.create(null), Number.NaN, 0, 1, 1.5]) {
      expect(() => auditLabels('lower-bound', confidence as never, 2)).toThrow(expect.objectContaining({ parameter: 'confidence' }));
    }
    for (const bucketSize of [1, 2.5, Number.NaN, '2']) expect(() => auditLabels('lower-bound', 0.95, bucketSize as never)).toThrow(expect.objectContaining({ parameter: 'bucketSize' }));
    for (const epsilon of [Symbol('e'), Number.NaN, -1]) expect(() => auditLabels('lower-bound', 0.95, 2, epsilon as never)).toThrow(expect.objectContaining({ parameter: 'empiricalEpsilon' }));
    expect(auditLabels('lower-bound', 0.95, 2, Number.POSITIVE_INFINITY).meaning).toMatch(/not private at the tested level/);
  });

  it('one observation: a lower bound at the confidence; membership is add/remove, reconstruction substitution', () => {
    const a = auditOneRun({ canaries: 100000, guesses: 1500, correct: 1429 });
    expect(a.kind).toBe('lower-bound');
    expect(a.neighbouring).toBe('add-remove');
    expect(a.meaning).toMatch(/95 % confidence/);
    expect(a.epsilonFrom).toBe('gaussian-conversion');
    expect(auditOneRun({ canaries: 1000, guesses: 100, correct: 80 }, { bucketSize: 3 }).neighbouring).toBe('substitution');
    expect(auditOneRun({ canaries: 1000, guesses: 10, correct: 10 }, { method: 'steinke' }).kind).toBe('lower-bound');
  });

  it('an audit proving ε = 0 says it proves nothing on this run (not "not private at the tested level")', () => {
    const none = auditOneRun({ canaries: 1000, guesses: 100, correct: 50 });
    expect(none.empiricalEpsilon).toBe(0);
    expect(none.meaning).toMatch(/^Proves nothing on this run/);
    expect(none.meaning).not.toMatch(/not private/);
    expect(auditOneRun({ canaries: 10, guesses: 0, correct: 0 }, { method: 'steinke' }).meaning).toMatch(/^Proves nothing on this run/);
    const scores = Array.from({ length: 200 }, (_, i) => i);
    const members = scores.map((i) => (i % 2 === 0 ? 1 : 0));
    const chance = auditScores({ scores, members });
    expect(chance.empiricalEpsilon).toBe(0);
    expect(chance.meaning).toMatch(/^Proves nothing on this run/);
    expect(auditOneRun({ canaries: 100000, guesses: 1500, correct: 1429 }).meaning).toMatch(/not private at the tested level/);
  });

  it('best of several guess counts is empirical unless Bonferroni-corrected; the idealised attacker is an estimate', () => {
    const scores = Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? 1 : -1) * (1 + (i % 7)));
    const members = scores.map((s) => (s > 0 ? 1 : 0));
    expect(auditScores({ scores, members }).kind).toBe('empirical');
    expect(auditScores({ scores, members }, { bonferroni: true }).kind).toBe('lower-bound');
    expect(auditScores({ scores, members }, { guessCounts: [100] }).kind).toBe('lower-bound');
    expect(idealizedAudit({ noiseMultiplier: 1, canaries: 1000, guesses: 100 }).kind).toBe('estimate');
  });
});

describe('drawing an audit', () => {
  it('Gaussian family: its G_μ* curve, unless it crosses below the guarantee; Steinke: a number', () => {
    const a = auditOneRun({ canaries: 100000, guesses: 1500, correct: 1429 });
    const mu = a.empiricalMu ?? 0;
    const plain = auditDrawing(a);
    expect(plain.draw).toBe('gaussian-curve');
    if (plain.draw === 'gaussian-curve') expect(plain.curve.evaluate(0.1)).toBeCloseTo(gaussianTradeOff(mu).evaluate(0.1), 14);
    // a guarantee less private than the audit: G_μ* lies above it, drawn as a curve
    expect(auditDrawing(a, gaussianTradeOff(2 * mu)).draw).toBe('gaussian-curve');
    // a (hypothetical) guarantee more private than G_μ*: the curve would cross below it, so only the number
    const crossing = auditDrawing(a, gaussianTradeOff(mu / 2));
    expect(crossing).toMatchObject({ draw: 'epsilon-delta', epsilon: a.empiricalEpsilon, delta: a.delta });
    expect(auditDrawing(auditOneRun({ canaries: 1000, guesses: 10, correct: 10 }, { method: 'steinke' })).draw).toBe('epsilon-delta');
    expect(auditDrawing(auditOneRun({ canaries: 1000, guesses: 100, correct: 50 })).draw).toBe('epsilon-delta');
  });
});

describe('δ = 0 (pure ε-DP audits)', () => {
  it('the f-DP audit’s pure ε is the boundary of the (ε, 0)-DP family: rejected at ε*, not just above', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 5000 }), fc.double({ min: 0.05, max: 1, noNaN: true }), fc.double({ min: 0.5, max: 1, noNaN: true }), (m, guessFraction, accuracy) => {
        const guesses = Math.max(1, Math.floor(m * guessFraction));
        const correct = Math.floor(guesses * accuracy);
        const a = auditOneRun({ canaries: m, guesses, correct }, { delta: 0 });
        expect(Number.isFinite(a.empiricalEpsilon)).toBe(true);
        if (a.empiricalEpsilon > 0 && !a.saturated) {
          expect(fdpRejectsUnchecked(epsilonDeltaBlowUpInverse(a.empiricalEpsilon, 0), m, correct, guesses, 2, 0.05 + 1e-16)).toBe(true);
          expect(fdpRejectsUnchecked(epsilonDeltaBlowUpInverse(a.empiricalEpsilon * (1 + 1e-9) + 1e-9, 0), m, correct, guesses, 2, 0.05)).toBe(false);
        }
      }),
      params,
    );
  });
});

describe('bounded work', () => {
  it('Steinke refuses more than 10⁸ guesses before doing any work, naming guesses', () => {
    expect(() => auditOneRun({ canaries: 1e15, guesses: 1e15, correct: 9e14 }, { method: 'steinke' })).toThrow(/guesses.*at most 100000000/);
  });

  it('a tiny sampling rate saturates after one test (every member is (0, Tq)-DP)', () => {
    const a = auditOneRun({ canaries: 1000, guesses: 100, correct: 90 }, { family: { kind: 'subsampled-gaussian', samplingRate: 1e-320, steps: 1000 } });
    expect(a.saturated).toBe(true);
    expect(a.empiricalEpsilon).toBe(0);
    expect(a.empiricalNoise).toBeCloseTo(0.1, 12);
  });
});
