/**
 * The balls-in-bins Rényi moments against values computed independently by
 * fixtures/generate_balls_in_bins_fixtures.py: partition enumeration at 50 digits for the removal
 * direction (exact), tensor Gauss–Hermite quadrature for the addition direction (k = 2, 3).
 */
import { describe, expect, it } from 'vitest';
import fixtures from './fixtures/balls-in-bins-fixtures.json' with { type: 'json' };
import { ballsInBinsAddLogMoments } from './balls-in-bins-add-moments.js';
import { ballsInBinsRemoveRdp } from './balls-in-bins-gaussian-rdp.js';

describe('balls-in-bins Rényi moments against the independent generator', () => {
  it('removal: equal to the enumerated moments within 1e-9 relative (or 1e-11), never below', () => {
    for (const f of fixtures.remove) {
      const got = (ballsInBinsRemoveRdp(f.sigma, f.batchesPerEpoch)[f.alpha - 2] as number) * (f.alpha - 1);
      expect(got, JSON.stringify(f)).toBeGreaterThanOrEqual(f.logMoment * (1 - 1e-12));
      expect(got - f.logMoment, JSON.stringify(f)).toBeLessThan(Math.max(1e-9 * f.logMoment, 1e-11));
    }
  });

  it('addition: at least the quadrature value and within 0.5 % of it (the split at a level a and the grid envelopes)', () => {
    for (const f of fixtures.add) {
      const got = ballsInBinsAddLogMoments(f.sigma, f.batchesPerEpoch)[f.m - 1] as number;
      expect(got, JSON.stringify(f)).toBeGreaterThanOrEqual(f.logMoment);
      expect(got - f.logMoment, JSON.stringify(f)).toBeLessThan(5e-3 * Math.max(1, f.logMoment));
    }
  });
});
