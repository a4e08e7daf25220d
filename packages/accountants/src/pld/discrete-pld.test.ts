import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pldEpsilonAt, type DiscretePld } from './discrete-pld.js';

/**
 * The ε search as written before the check at each support point skipped its exponential while
 * the mass walked so far is at most δ: the oracle the faster walk must match bit for bit.
 */
function referenceEpsilon(pld: DiscretePld, delta: number): number {
  if (pld.infinityMass > delta) return Infinity;
  const { probs, h, offset } = pld;
  const shift = pld.lossShift ?? 0;
  let u = pld.infinityMass;
  let ws = 0;
  let ref = 0;
  let i = probs.length - 1;
  while (i >= 0 && !((probs[i] as number) > 0)) i--;
  if (i >= 0) ref = (offset + i) * h + shift;
  while (i >= 0) {
    const p = probs[i] as number;
    const loss = (offset + i) * h + shift;
    u += p;
    if (ref - loss > 600) {
      ws *= Math.exp(loss - ref);
      ref = loss;
    }
    ws += p * Math.exp(ref - loss);
    let j = i - 1;
    while (j >= 0 && !((probs[j] as number) > 0)) j--;
    if (j < 0) break;
    const nextLoss = (offset + j) * h + shift;
    if (u - ws * Math.exp(nextLoss - ref) > delta) return Math.log(u - delta) - Math.log(ws) + ref;
    i = j;
  }
  if (u <= delta) return -Infinity;
  return Math.log(u - delta) - Math.log(ws) + ref;
}

/** Counts Math.exp calls made by `f` (restored afterwards). */
function countExp<T>(f: () => T): { value: T; calls: number } {
  const original = Math.exp;
  let calls = 0;
  Math.exp = (x: number): number => {
    calls += 1;
    return original(x);
  };
  try {
    return { value: f(), calls };
  } finally {
    Math.exp = original;
  }
}

describe('pldEpsilonAt: the walk from the top', () => {
  it('equals the unshortened walk bit for bit on random PLDs (zeros, shifts, huge losses, every δ regime)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.double({ min: 1e-300, max: 1, noNaN: true })), { minLength: 0, maxLength: 400 }),
        fc.integer({ min: -200_000, max: 200_000 }),
        fc.constantFrom(1e-4, 1e-2, 0.5, 7),
        fc.constantFrom(0, 1e-12, 1e-6, 0.3),
        fc.constantFrom(undefined, -0.37, 12.5),
        fc.constantFrom(0, 1e-300, 1e-12, 1e-5, 0.01, 0.5, 0.999),
        (weights, offset, h, infinityMass, lossShift, delta) => {
          const total = weights.reduce((s, w) => s + w, 0) || 1;
          const probs = Float64Array.from(weights, (w) => ((1 - infinityMass) * w) / total);
          const pld: DiscretePld = { h, offset, probs, infinityMass, ...(lossShift === undefined ? {} : { lossShift }) };
          expect(Object.is(pldEpsilonAt(pld, delta), referenceEpsilon(pld, delta))).toBe(true);
        },
      ),
      { seed: 20261129, numRuns: 400 },
    );
  });
  it('computes one exponential per support point walked while the mass above stays ≤ δ (was two)', () => {
    // 1000 equal masses of 1e-3: the walk crosses δ = 0.1 after about 100 points
    const probs = new Float64Array(1000).fill(1e-3);
    const pld: DiscretePld = { h: 0.01, offset: 0, probs, infinityMass: 0 };
    const { value, calls } = countExp(() => pldEpsilonAt(pld, 0.1));
    expect(Object.is(value, referenceEpsilon(pld, 0.1))).toBe(true);
    const walked = countExp(() => referenceEpsilon(pld, 0.1)).calls / 2; // the reference: two per point
    expect(walked).toBeGreaterThan(100);
    // one per point for the ~100 points with u ≤ δ, two for the rest of the walk
    expect(calls).toBeLessThanOrEqual(walked + (walked - 99));
  });
});
