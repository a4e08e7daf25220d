import { expect, it } from 'vitest';
import * as entry from './index.js';

// The public surface, by explicit name: adding or removing an export is a deliberate change.
it('exports exactly the documented runtime API', () => {
  expect(Object.keys(entry).sort()).toEqual(
    [
      'MAX_EMPIRICAL_MU',
      'auditConfidentGuesses',
      'auditOneRun',
      'auditScores',
      'blowUpInverseFromCurve',
      'defaultGuessCounts',
      'fdpEmpiricalGaussianGrid',
      'fdpEmpiricalMu',
      'fdpEmpiricalPrivacy',
      'fdpTest',
      'gaussianBlowUpInverse',
      'idealizedAudit',
      'idealizedExpectedCorrect',
      'idealizedReconstructionMonteCarlo',
      'observationFromConfidence',
      'observationFromRanking',
      'rankCanaries',
      'rankConfidentGuesses',
      'selectMembershipGuesses',
      'significanceFromConfidence',
      'steinkeEmpiricalEpsilon',
      'steinkePValue',
      'subsampledGaussianCurve',
      'validateBucketSize',
      'validateObservation',
      'validateSignificance',
    ].sort(),
  );
  for (const [name, value] of Object.entries(entry)) {
    if (name !== 'MAX_EMPIRICAL_MU') expect(typeof value, name).toBe('function');
  }
});
