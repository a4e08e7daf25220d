import { expect, it } from 'vitest';
import * as advancedEntry from './advanced.js';
import * as entry from './index.js';

// The public surface is explicit: a name appearing or disappearing here is an API change.
it('exports exactly the documented runtime API', () => {
  expect(Object.keys(entry).sort()).toEqual(
    [
      'NEIGHBOURING_RELATIONS',
      'RESULT_KINDS',
      'advantage',
      'combineWithDp',
      'isNeighbouringRelation',
      'isResultKind',
      'auc',
      'bayesSecurity',
      'bestAttackAccuracy',
      'cltMu',
      'epsilonDeltaTradeOff',
      'gaussianTradeOff',
      'gdpDelta',
      'gdpEpsilon',
      'gdpMuFromEpsilonDelta',
      'identityTradeOff',
      'laplaceTradeOff',
      'piecewiseLinearTradeOff',
      'privacyProfile',
      'totalVariation',
      'tprAtFpr',
      'tprBoundFromBayesSecurity',
      'tradeOffFromFunction',
      'composeNumeric',
      'clopperPearson',
      'empiricalTradeOff',
      'epsilonFromTradeOff',
      'tradeOffFromEpsilonDeltaPairs',
      'tradeOffFromPrivacyProfile',
      'tradeOffFromJSON',
      'composeGdp',
      'composeTradeOffs',
      'defineTradeOff',
      'dominates',
      'inverseTradeOff',
      'pointwiseMax',
      'pointwiseMin',
      'subsample',
      'subsamplingOperator',
      'symmetrize',
    ].sort(),
  );
});

// The building blocks live behind `@dpbounds/tradeoff-core/advanced`, never in both places.
it('exports the building blocks from /advanced only', () => {
  expect(Object.keys(advancedEntry).sort()).toEqual(['cltH', 'cltHInverse', 'lowerConvexHull', 'requireNeighbouringRelation', 'requireResultKind', 'requireTradeOffCurve']);
  for (const name of Object.keys(advancedEntry)) expect(Object.keys(entry)).not.toContain(name);
});
