import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logShiftedMgfUpperBound } from './log-mgf-bound.js';

/** log Σ p_i e^{s(i − a)} by one exp per term (max-shifted, two passes): the reference. */
function exactLogShiftedMgf(p: Float64Array, lo: number, hi: number, s: number): number {
  const anchor = s >= 0 ? hi : lo;
  let max = -Infinity;
  for (let i = lo; i <= hi; i++) if ((p[i] as number) > 0) max = Math.max(max, Math.log(p[i] as number) + s * (i - anchor));
  if (max === -Infinity) return -Infinity;
  let sum = 0;
  for (let i = lo; i <= hi; i++) if ((p[i] as number) > 0) sum += Math.exp(Math.log(p[i] as number) + s * (i - anchor) - max);
  return max + Math.log(sum);
}

describe('logShiftedMgfUpperBound (one exp, factors by repeated multiplication)', () => {
  it('is never below the exact value and within 1e-9 above it, for random laws and slopes of both signs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3000 }),
        fc.double({ min: -30, max: 30, noNaN: true }),
        fc.nat(),
        (weights, s, cut) => {
          const total = weights.reduce((a, w) => a + w, 0) || 1;
          const p = Float64Array.from(weights, (w) => w / total);
          const lo = cut % p.length;
          const hi = p.length - 1;
          // the anchor carries mass, as for the callers (trimmed supports)
          if (!((p[s >= 0 ? hi : lo] as number) > 0)) p[s >= 0 ? hi : lo] = 1e-3;
          const exact = exactLogShiftedMgf(p, lo, hi, s);
          const bound = logShiftedMgfUpperBound(p, lo, hi, s);
          expect(bound).toBeGreaterThanOrEqual(exact);
          expect(bound - exact).toBeLessThan(1e-9);
        },
      ),
      { seed: 20261129, numRuns: 300 },
    );
  });

  it('stays an upper bound where the far factors underflow (steep slopes, a tiny anchor)', () => {
    const n = 50_000;
    const p = new Float64Array(n).fill(1 / n);
    for (const s of [0.02, 0.5, 3, 800]) {
      for (const anchorMass of [1 / n, 1e-200, 1e-300]) {
        p[n - 1] = anchorMass;
        p[0] = anchorMass;
        for (const sign of [1, -1]) {
          const exact = exactLogShiftedMgf(p, 0, n - 1, sign * s);
          const bound = logShiftedMgfUpperBound(p, 0, n - 1, sign * s);
          expect(bound, `s = ${sign * s}, anchor ${anchorMass}`).toBeGreaterThanOrEqual(exact);
          // terms below 2^-600 of the anchor's factor are bounded, not dropped: loose only there
          expect(bound - exact, `s = ${sign * s}, anchor ${anchorMass}`).toBeLessThan(anchorMass >= 1e-170 ? 1e-9 : 300);
        }
      }
    }
  });

  it('gives the plain log-sum at slope 0, −∞ for an empty law, and log p at a single bin', () => {
    const p = new Float64Array([0.25, 0.25, 0.5]);
    expect(logShiftedMgfUpperBound(p, 0, 2, 0)).toBeCloseTo(0, 14);
    expect(logShiftedMgfUpperBound(new Float64Array(4), 0, 3, 1)).toBe(-Infinity);
    expect(logShiftedMgfUpperBound(p, 2, 2, 5)).toBeCloseTo(Math.log(0.5), 14);
  });
});
