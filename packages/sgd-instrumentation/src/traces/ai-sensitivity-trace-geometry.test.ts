import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SubstitutedGradients } from '../models/model.js';
import { centroidBound, clippedDiameter } from '../instruments/attribute-sensitivity.js';

/** Explicit points as the instruments' SubstitutedGradients (gram in plain loops). */
function explicitPoints(points: readonly (readonly number[])[]): SubstitutedGradients {
  const k = points.length;
  const dot = (a: readonly number[], b: readonly number[]): number => a.reduce((s, x, i) => s + x * (b[i] as number), 0);
  return {
    count: k,
    normsSquared: () => Float64Array.from(points, (p) => dot(p, p)),
    gram: () => Float64Array.from({ length: k * k }, (_, i) => dot(points[Math.floor(i / k)] as number[], points[i % k] as number[])),
    innerWithWeightedSum: (w: Float64Array) => {
      const v = (points[0] as number[]).map((_, j) => points.reduce((s, p, a) => s + (w[a] as number) * (p[j] as number), 0));
      return Float64Array.from(points, (p) => dot(p, v));
    },
  } as SubstitutedGradients;
}

describe('R_t geometry written into the attribute-sensitivity trace', () => {
  // Fixture case bayes.pointSetDiameter.4 of tradeoff-and-threat-models.json (the project's
  // specification fixtures, copied 2026-11-22): exact diameter 5 and the 2×centroid bound 5.852349955359813 (rel 1e-10).
  it('instrument geometry reproduces the spec fixture bayes.pointSetDiameter.4', () => {
    const points = explicitPoints([[0, 0], [3, 0], [0, 4], [1, 1]]);
    expect(Math.abs(clippedDiameter(points, 100) - 5)).toBeLessThanOrEqual(1e-12 + 1e-10 * 5);
    expect(Math.abs(centroidBound(points, 100) - 5.852349955359813)).toBeLessThanOrEqual(1e-12 + 1e-10 * 5.86);
  });

  it('the centroid bound is never below the exact diameter (so β* from it is conservative)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 3, maxLength: 3 }), { minLength: 2, maxLength: 6 }), (pts) => {
        const g = explicitPoints(pts);
        return centroidBound(g, 1) >= clippedDiameter(g, 1) - 1e-12;
      }),
      { seed: 5, numRuns: 200 },
    );
  });
});
