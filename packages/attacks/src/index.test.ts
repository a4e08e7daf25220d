import { expect, it } from 'vitest';
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
      'fitShadowGaussians',
      'gradientDistribution',
      'liraOffline',
      'liraOnline',
      'lossThresholdScores',
      'matrixFromRows',
      'membershipLabels',
      'requireLabelledScores',
      'requireMatrix',
      'requireShadowScores',
      'selectCoordinates',
      'shadowScoresFromMatrix',
      'shadowScoresFromRows',
      'simulateGaussianMechanism',
      'simulateGradientGame',
      'simulateShadowScores',
      'sumStepLogPValues',
    ].sort(),
  );
  for (const value of Object.values(entry)) expect(typeof value).toBe('function');
});
