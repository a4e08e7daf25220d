/**
 * The numbers quoted in `@example` doc comments, checked (a doc example that lies is a bug).
 */
import { expect, it } from 'vitest';
import * as advanced from './advanced.js';
import * as root from './index.js';

const api = { ...root, ...advanced };

it('doc comment examples print what they say', () => {
  expect(api.gaussianTradeOff(1).evaluate(0.01)).toBeCloseTo(0.9076, 4);
  expect(api.tprAtFpr(api.gaussianTradeOff(1), [0.01])[0]?.tpr).toBeCloseTo(0.0923622, 7);
  expect(api.laplaceTradeOff(1).evaluate(0.5)).toBeCloseTo(Math.exp(-1) / 2, 15);
  expect(api.epsilonDeltaTradeOff(1, 1e-5).evaluate(0.01)).toBeCloseTo(0.97280718, 8);
  expect(api.identityTradeOff().evaluate(0.3)).toBeCloseTo(0.7, 15);
  expect(api.piecewiseLinearTradeOff([0.1, 0.5], [0.5, 0.1]).evaluate(0.3)).toBeCloseTo(0.3, 15);
  expect(api.tradeOffFromFunction((a) => api.gaussianTradeOff(1).evaluate(a)).evaluate(0.3)).toBeCloseTo(0.31718, 5);
  expect(api.gdpDelta(1, 1)).toBeCloseTo(0.126936737506644, 14);
  expect(api.gdpEpsilon(1, 1e-5)).toBeCloseTo(4.377178095681, 11);
  expect(api.gdpMuFromEpsilonDelta(1, 1e-5)).toBeCloseTo(0.268051123211, 11);
  expect(api.cltHInverse(1)).toBeCloseTo(0.7090457803847, 12);
  expect(api.cltMu({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })).toBeCloseTo(0.414521631336, 11);
  expect(api.privacyProfile(api.gaussianTradeOff(1), 1)).toBeCloseTo(0.126936737506644, 14);
  expect(api.totalVariation(api.gaussianTradeOff(1))).toBeCloseTo(0.382924922548026, 14);
  expect(api.bayesSecurity(api.gaussianTradeOff(1))).toBeCloseTo(0.617075077451974, 14);
  expect(api.bestAttackAccuracy(api.gaussianTradeOff(1))).toBeCloseTo(0.691462, 6);
  expect(api.auc(api.gaussianTradeOff(1))).toBeCloseTo(0.76025, 5);
  expect(api.subsample(api.gaussianTradeOff(1), 0.3).evaluate(0.5)).toBeCloseTo(0.397597, 6);
  const c = api.symmetrize(api.subsample(api.gaussianTradeOff(2), 0.05));
  expect(c.bridges[0]?.from).toBeCloseTo(0.158655, 6);
  expect(c.bridges[0]?.to).toBeCloseTo(0.80721, 5);
  expect(api.subsamplingOperator(api.gaussianTradeOff(2), 0.05).tangentPoint?.y).toBeCloseTo(0.80721, 5);
  expect(api.composeGdp([0.5, 1, 2])).toBeCloseTo(2.29128784747792, 14);
  expect(api.composeNumeric(api.laplaceTradeOff(1), api.laplaceTradeOff(1)).evaluate(0.1)).toBeLessThanOrEqual(api.laplaceTradeOff(1).evaluate(0.1));
  expect(api.composeTradeOffs([api.gaussianTradeOff(0.6), api.gaussianTradeOff(0.8)]).mu).toBeCloseTo(1, 15);
  expect(api.dominates(api.gaussianTradeOff(1), api.gaussianTradeOff(2)).dominates).toBe(true);
  expect(api.epsilonFromTradeOff(api.gaussianTradeOff(1), 1e-5)).toBeCloseTo(4.37717809568, 10);
  expect(api.tradeOffFromJSON({ kind: 'gaussian', mu: 1 }).evaluate(0.5)).toBeCloseTo(0.158655, 6);
  expect(api.tprBoundFromBayesSecurity(0.9, [0.01])[0]?.tpr).toBeCloseTo(0.11, 15);
  const cp = api.clopperPearson(5, 100);
  expect(cp.lower).toBeCloseTo(0.01643, 5);
  expect(cp.upper).toBeCloseTo(0.11283, 5);
  const e = api.empiricalTradeOff([3, 2.5, 0.1], [0.2, -1, 0.4]);
  const [row] = e.tprAtFpr([0]);
  expect(row?.tpr).toBeCloseTo(2 / 3, 15);
  expect(row?.tprLower).toBeCloseTo(0.094, 3);
  expect(row?.tprUpper).toBeCloseTo(0.9916, 4);
  expect(api.tradeOffFromEpsilonDeltaPairs([1], [1e-5]).evaluate(0.01)).toBeCloseTo(api.epsilonDeltaTradeOff(1, 1e-5).evaluate(0.01), 14);
  expect(api.tradeOffFromPrivacyProfile((x) => api.gdpDelta(1, x), { symmetric: true }).evaluate(0.1)).toBeLessThanOrEqual(api.gaussianTradeOff(1).evaluate(0.1));
  expect(api.inverseTradeOff(api.subsample(api.gaussianTradeOff(1), 0.5)).evaluate(0.3)).toBeGreaterThan(0);
  expect(api.defineTradeOff({ kind: 'myGaussian', evaluate: (a) => api.gaussianTradeOff(1).evaluate(a), symmetric: true }).evaluate(0.5)).toBeCloseTo(0.158655, 6);
});
