import { expect, it } from 'vitest';
import * as advancedEntry from './advanced.js';
import * as entry from './index.js';

// The public surface: every runtime export is a function documented in README.md; adding or
// removing one must be deliberate.
it('exports exactly the documented functions', () => {
  expect(Object.keys(entry).sort()).toEqual(
    [
      'compareAttackToCurve',
      'diracCanaryScores',
      'evaluateAttack',
      'exclusionTest',
      'glirAttack',
      'dotProductScores',
      'fitGradientDistribution',
      'gradientDistribution',
      'liraOffline',
      'liraOnline',
      'lossThresholdScores',
      'matrixFromRows',
      'shadowScoresFromMatrix',
      'shadowScoresFromRows',
      'simulateGaussianMechanism',
      'simulateGradientGame',
      'simulateShadowScores',
    ].sort(),
  );
  for (const value of Object.values(entry)) expect(typeof value).toBe('function');
});

// The building blocks live behind `@dpbounds/attacks/advanced`, never in both places.
it('exports the building blocks from /advanced only', () => {
  expect(Object.keys(advancedEntry).sort()).toEqual(['fitShadowGaussians', 'membershipLabels', 'requireLabelledScores', 'requireMatrix', 'requireShadowScores', 'selectCoordinates', 'sumStepLogPValues']);
  for (const name of Object.keys(advancedEntry)) expect(Object.keys(entry)).not.toContain(name);
});
