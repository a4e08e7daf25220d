import { DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { steinkeEmpiricalEpsilon } from '../steinke/steinke-empirical-epsilon.js';
import { auditOneRun } from './audit-one-run.js';
import { auditConfidentGuesses, auditScores } from './audit-scores.js';

const observation = { canaries: 1000, guesses: 100, correct: 90 };

describe('audit options: an unknown or misspelt key is refused, never ignored', () => {
  it('auditOneRun({ delta_ }) names delta_ and suggests delta instead of auditing at the default δ', () => {
    expect(() => auditOneRun(observation, { delta_: 0.01 } as never)).toThrow(DpboundsTypeError);
    expect(() => auditOneRun(observation, { delta_: 0.01 } as never)).toThrow(/^options\.delta_ must be absent: say delta \(known keys: method, bucketSize, confidence, delta, family\); found 0\.01$/);
    // the intended spelling still audits at the δ asked for (and differs from the default δ)
    const intended = auditOneRun(observation, { delta: 0.01 }).empiricalEpsilon;
    expect(intended).toBeCloseTo(1.179, 3);
    expect(auditOneRun(observation).empiricalEpsilon).toBeCloseTo(2.456, 3);
    expect(() => auditOneRun(observation, { methd: 'steinke' } as never)).toThrow('options.methd must be absent: say method (');
    expect(() => auditOneRun(observation, null as never)).toThrow(DpboundsTypeError);
  });

  it('steinkeEmpiricalEpsilon, auditScores and auditConfidentGuesses refuse unknown keys', () => {
    expect(() => steinkeEmpiricalEpsilon(observation, { confidance: 0.9 } as never)).toThrow('options.confidance must be absent: say confidence (');
    const canaries = { scores: [0.9, 0.8, 0.1, 0.2], members: [1, 1, 0, 0] };
    expect(() => auditScores(canaries, { delta_: 0.01 } as never)).toThrow('options.delta_ must be absent: say delta (');
    expect(() => auditScores(canaries, { guess_counts: [2] } as never)).toThrow('options.guess_counts must be absent: say guessCounts (');
    expect(() => auditConfidentGuesses({ confidences: [0.9, 0.1], correct: [1, 0] }, { bucket_size: 3 } as never)).toThrow('options.bucket_size must be absent: say bucketSize (');
    // every documented key is still accepted
    expect(auditScores(canaries, { method: 'fdp', confidence: 0.9, delta: 1e-5, bonferroni: true, guessCounts: [2], split: 'both', onProgress: () => undefined }).empiricalEpsilon).toBeGreaterThanOrEqual(0);
  });

  it('a progress callback that is not a function is refused naming it, before any audit (not a TypeError mid-audit)', () => {
    const canaries = { scores: [0.9, 0.8, 0.1, 0.2], members: [1, 1, 0, 0] };
    expect(() => auditScores(canaries, { onProgress: 1 } as never)).toThrow(/^options\.onProgress must be a function; found 1$/);
    expect(() => auditConfidentGuesses({ confidences: [0.9, 0.1], correct: [1, 0] }, { onProgress: 'x' } as never)).toThrow(DpboundsTypeError);
  });
});
