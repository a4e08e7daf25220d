/**
 * Properties every curve this package can build must have (DRS22 Proposition 2.2): convex,
 * non-increasing, f(0) ≤ 1, f(1) = 0, f ≤ 1 − α, never NaN; inverse is an involution; the
 * privacy profile is non-increasing in ε; JSON round-trips.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '@dpbounds/special-functions';
import * as api from './index.js';
import type { TradeOffCurve } from './index.js';
import { expectInvolution, expectTradeOffProperties } from './test-helpers/curve-properties.js';

type Builder = (mu: number, p: number, eps: number, delta: number) => TradeOffCurve;

const coarse = { uniform: 2001, logPerEnd: 200 };

const builders: Record<string, Builder> = {
  gaussian: (mu) => api.gaussianTradeOff(mu),
  laplace: (mu) => api.laplaceTradeOff(mu),
  epsilonDelta: (_mu, _p, eps, delta) => api.epsilonDeltaTradeOff(eps, delta),
  identity: () => api.identityTradeOff(),
  piecewiseLinear: (mu, p) => api.piecewiseLinearTradeOff([p / 2, p, 0.5], [1 - mu / 8, 0.5 * (1 - p), 0.1 / (1 + mu)]),
  fromFunction: (mu) => api.tradeOffFromFunction((a) => api.gaussianTradeOff(mu).evaluate(a), { tolerance: 1e-7 }),
  subsampled: (mu, p) => api.subsample(api.gaussianTradeOff(mu), p),
  inverseOfSubsampled: (mu, p) => api.subsample(api.laplaceTradeOff(mu), p).inverse(),
  subsamplingOperator: (mu, p) => api.subsamplingOperator(api.gaussianTradeOff(mu), p),
  symmetrizedHull: (mu, p) => api.symmetrize(api.subsample(api.laplaceTradeOff(mu), p), { method: 'hull', ...coarse }),
  symmetrizedNumeric: (mu, p) => api.symmetrize(api.subsample(api.piecewiseLinearTradeOff([0.1, 0.4], [0.5 / (1 + mu), 0.05]), p)),
  pointwiseMin: (mu, _p, eps, delta) => api.pointwiseMin(api.gaussianTradeOff(mu), api.epsilonDeltaTradeOff(eps, delta), coarse),
  pointwiseMax: (mu, _p, eps, delta) => api.pointwiseMax(api.gaussianTradeOff(mu), api.epsilonDeltaTradeOff(eps, delta)),
  composed: (mu) => api.composeTradeOffs([api.gaussianTradeOff(mu), api.gaussianTradeOff(mu / 2)]),
  composedNumeric: (mu, p) => api.composeNumeric(api.subsample(api.laplaceTradeOff(mu), p), api.gaussianTradeOff(mu / 2), { maxKnots: 200 }),
  fromProfile: (mu) => api.tradeOffFromPrivacyProfile((e) => api.gdpDelta(mu, e), { symmetric: true }),
  fromPairs: (_mu, _p, eps, delta) => api.tradeOffFromEpsilonDeltaPairs([eps, eps / 2], [delta, Math.min(1, 2 * delta)]),
  empirical: (mu, p) => {
    const rng = createRng(Math.round(p * 1e6));
    const members = Float64Array.from({ length: 400 }, () => Math.round((rng.normal() + mu) * 10) / 10);
    const nonMembers = Float64Array.from({ length: 300 }, () => Math.round(rng.normal() * 10) / 10);
    return api.empiricalTradeOff(members, nonMembers).curve;
  },
  defined: (mu) => api.defineTradeOff({ kind: 'laplaceCopy', evaluate: (a) => api.laplaceTradeOff(mu).evaluate(a) }),
};

const args = fc.tuple(
  fc.double({ min: 0.05, max: 5, noNaN: true }),
  fc.double({ min: 0.01, max: 1, noNaN: true }),
  fc.double({ min: 0, max: 4, noNaN: true }),
  fc.double({ min: 0, max: 0.5, noNaN: true }),
);

describe('every curve the package can build', () => {
  for (const [name, build] of Object.entries(builders)) {
    it(`${name}: is a trade-off function, inverts as an involution, has a non-increasing profile, round-trips through JSON`, () => {
      fc.assert(
        fc.property(args, ([mu, p, eps, delta]) => {
          const curve = build(mu, p, eps, delta);
          expectTradeOffProperties(curve, 1e-9, name);
          expectInvolution(curve, 1e-9, name);
          let last = Infinity;
          for (let e = -4; e <= 6; e += 0.5) {
            const d = api.privacyProfile(curve, e);
            expect(Number.isNaN(d), `${name}: δ(${e})`).toBe(false);
            expect(d, `${name}: δ non-increasing at ${e}`).toBeLessThanOrEqual(last + 1e-12);
            last = d;
          }
          const back = api.tradeOffFromJSON(JSON.parse(JSON.stringify(curve)));
          for (const a of [0, 1e-6, 0.01, 0.3, 0.77, 1]) expect(Math.abs(back.evaluate(a) - curve.evaluate(a)), `${name}: JSON at ${a}`).toBeLessThan(1e-8);
        }),
        { seed: 314, numRuns: 3 },
      );
    });
  }
});
