import { expect, it } from 'vitest';
import * as advancedEntry from './advanced.js';
import * as entry from './index.js';

// The public surface, by explicit name: adding or removing an export is a deliberate change.
it('exports exactly the documented runtime API', () => {
  expect(Object.keys(entry).sort()).toEqual(
    [
      'MAX_EMPIRICAL_MU',
      'MAX_STEINKE_GUESSES',
      'auditConfidentGuesses',
      'auditDrawing',
      'auditOneRun',
      'auditScores',
      'defaultGuessCounts',
      'fdpEmpiricalGaussianGrid',
      'fdpEmpiricalMu',
      'fdpEmpiricalPrivacy',
      'idealizedAudit',
      'idealizedExpectedCorrect',
      'idealizedReconstructionMonteCarlo',
      'observationFromConfidence',
      'observationFromRanking',
      'rankCanaries',
      'rankConfidentGuesses',
      'selectMembershipGuesses',
      'steinkeEmpiricalEpsilon',
      'subsampledGaussianCurve',
    ].sort(),
  );
  for (const [name, value] of Object.entries(entry)) {
    if (name !== 'MAX_EMPIRICAL_MU' && name !== 'MAX_STEINKE_GUESSES') expect(typeof value, name).toBe('function');
  }
});

// The building blocks live behind `@dpbounds/audit-one-run/advanced`, never in both places.
it('exports the building blocks from /advanced only', () => {
  expect(Object.keys(advancedEntry).sort()).toEqual(['auditLabels', 'blowUpInverseFromCurve', 'epsilonDeltaBlowUpInverse', 'fdpTest', 'gaussianBlowUpInverse', 'requireSteinkeWorkBounded', 'significanceFromConfidence', 'steinkePValue', 'validateBucketSize', 'validateObservation', 'validateSignificance']);
  for (const name of Object.keys(advancedEntry)) expect(Object.keys(entry)).not.toContain(name);
});
