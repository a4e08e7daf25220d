import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { fixtureCases, withinTolerance } from '../../test/fixtures/load-fixtures.js';
import { matrixFromRows } from '../matrix/matrix.js';
import { gradientDistribution } from './gradient-distribution.js';
import { glirAttack } from './glir.js';

const scoreCases = fixtureCases('glir.score');
const logPCases = fixtureCases('glir.logPValue');

describe('glirAttack on the spec fixtures', () => {
  it('has the fixture cases it should (1 glir.score, 2 glir.logPValue)', () => {
    expect(scoreCases.length).toBe(1);
    expect(logPCases.length).toBe(2);
  });

  for (const c of scoreCases) {
    it(`${c.id}: K, quad, S, nc, d and both log p-values`, () => {
      const inputs = c.inputs as { n: number; Sigma: number[][]; mean: number[]; x: number[]; mbar: number[] };
      const expected = c.expected as Record<string, number>;
      const tol = c.tolerance as { rel: number; abs: number };
      const distribution = gradientDistribution(inputs.mean, matrixFromRows(inputs.Sigma));
      const common = { updates: matrixFromRows([inputs.mbar]), targetGradients: matrixFromRows([inputs.x]), batchSize: inputs.n, distribution };
      const r = glirAttack(common);
      const got: Record<string, number> = {
        K: r.susceptibility[0] as number,
        quad: (r.statistic[0] as number) / inputs.n,
        S: r.statistic[0] as number,
        nc: inputs.n * (r.susceptibility[0] as number),
        d: r.degreesOfFreedom,
        logPValue: r.logPValues[0] as number,
        logPValueFactorNMinus1: glirAttack({ ...common, statisticFactor: 'n-1' }).logPValues[0] as number,
      };
      for (const key of Object.keys(expected)) {
        expect(withinTolerance(got[key] as number, expected[key] as number, tol), `${key}: got ${got[key]}, expected ${expected[key]}`).toBe(true);
      }
      expect(r.scores[0]).toBe(-(r.logPValues[0] as number));
    });
  }

  for (const c of logPCases) {
    it(`${c.id}: deep lower tail through the whole attack`, () => {
      const { S, d, nc } = c.inputs as { S: number; d: number; nc: number };
      // Identity covariance, μ = 0, n = 1: K = ‖x‖² = nc and S = ‖m̄ − x‖².
      const x = new Float64Array(d);
      x[0] = Math.sqrt(nc);
      const mbar = Float64Array.from(x);
      mbar[1] = Math.sqrt(S);
      const eye = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? 1 : 0)));
      const r = glirAttack({ updates: matrixFromRows([mbar]), targetGradients: matrixFromRows([x]), batchSize: 1, distribution: gradientDistribution(new Float64Array(d), matrixFromRows(eye)) });
      expect(r.statistic[0]).toBeCloseTo(S, 9);
      const tol = c.tolerance as { rel: number; abs: number };
      expect(withinTolerance(r.logPValues[0] as number, c.expected as number, tol), `got ${r.logPValues[0]}, expected ${String(c.expected)}`).toBe(true);
    });
  }
});

describe('glirAttack behaviour', () => {
  const distribution = gradientDistribution([0, 0], matrixFromRows([[1, 0], [0, 4]]));

  it('gives the same result with a shared update as with that update repeated per target', () => {
    const targets = matrixFromRows([[0.5, 1], [-1, 0.2], [2, -3], [0, 0], [1, 1]]);
    const shared = glirAttack({ updates: matrixFromRows([[0.3, -0.1]]), targetGradients: targets, batchSize: 10, distribution });
    const repeated = glirAttack({ updates: matrixFromRows(Array.from({ length: 5 }, () => [0.3, -0.1])), targetGradients: targets, batchSize: 10, distribution });
    expect([...shared.logPValues]).toEqual([...repeated.logPValues]);
  });

  it('scores a target whose gradient equals the update as the most likely member', () => {
    const targets = matrixFromRows([[0.3, -0.1], [1, 1], [-2, 0.5]]);
    const r = glirAttack({ updates: matrixFromRows([[0.3, -0.1]]), targetGradients: targets, batchSize: 1, distribution });
    expect(r.statistic[0]).toBe(0);
    expect(r.logPValues[0]).toBe(-Infinity);
    expect(r.scores[0]).toBe(Infinity);
    expect(Math.max(r.scores[1] as number, r.scores[2] as number)).toBeLessThan(Infinity);
  });

  it('validates shapes and the batch size', () => {
    const one = matrixFromRows([[1, 2]]);
    expect(() => glirAttack({ updates: one, targetGradients: matrixFromRows([[1, 2, 3]]), batchSize: 2, distribution })).toThrow(DpboundsTypeError);
    expect(() => glirAttack({ updates: matrixFromRows([[1, 2], [3, 4]]), targetGradients: matrixFromRows([[1, 2], [1, 2], [1, 2]]), batchSize: 2, distribution })).toThrow(
      'updates.rows must be 1 (a shared update) or 3 (one per target); found 2',
    );
    expect(() => glirAttack({ updates: one, targetGradients: one, batchSize: 0, distribution })).toThrow(DpboundsRangeError);
    expect(() => glirAttack({ updates: one, targetGradients: one, batchSize: 2.5, distribution })).toThrow(DpboundsRangeError);
  });
});
