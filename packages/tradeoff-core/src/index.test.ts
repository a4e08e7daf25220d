import { expect, it } from 'vitest';
import * as entry from './index.js';

// The public surface is explicit: a name appearing or disappearing here is an API change.
it('exports exactly the documented runtime API', () => {
  expect(Object.keys(entry).sort()).toEqual(
    [
      'advantage',
      'auc',
      'bayesSecurity',
      'bestAttackAccuracy',
      'cltH',
      'cltHInverse',
      'cltMu',
      'epsilonDeltaTradeOff',
      'gaussianTradeOff',
      'gdpDelta',
      'gdpEpsilon',
      'gdpMuFromEpsilonDelta',
      'identityTradeOff',
      'laplaceTradeOff',
      'lowerConvexHull',
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
