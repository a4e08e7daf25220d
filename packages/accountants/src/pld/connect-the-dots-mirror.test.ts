import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { connectTheDotsPld, connectTheDotsPldOfPair, connectTheDotsPldWithOptimistic, optimisticPld, psgLossPair } from './connect-the-dots.js';
import type { DiscretePld } from './discrete-pld.js';
import type { PsgDirection } from './psg-privacy-loss.js';

/** Bit-for-bit equality of two discrete PLDs. */
function expectSamePld(got: DiscretePld, want: DiscretePld): void {
  expect(got.offset).toBe(want.offset);
  expect(Object.is(got.infinityMass, want.infinityMass)).toBe(true);
  expect(got.probs.length).toBe(want.probs.length);
  for (let i = 0; i < want.probs.length; i++) if (!Object.is(got.probs[i], want.probs[i])) expect([i, got.probs[i]]).toEqual([i, want.probs[i]]);
}

/** Calls of the elementary functions behind the inverse loss and the normal tails made by `f`. */
function countTranscendentals(f: () => void): number {
  const names = ['exp', 'expm1', 'log', 'log1p'] as const;
  const originals = names.map((n) => Math[n]);
  let calls = 0;
  names.forEach((n, i) => {
    const original = originals[i] as (x: number) => number;
    (Math as unknown as Record<string, (x: number) => number>)[n] = (x: number) => {
      calls += 1;
      return original(x);
    };
  });
  try {
    f();
  } finally {
    names.forEach((n, i) => {
      (Math as unknown as Record<string, (x: number) => number>)[n] = originals[i] as (x: number) => number;
    });
  }
  return calls;
}

const other: Record<'remove' | 'add', PsgDirection> = { remove: 'add', add: 'remove' };

describe('connect-the-dots: one direction\'s cell masses mirrored from the other\'s', () => {
  it('gives the same PLDs bit for bit as computing every cell (random q, σ, h, truncation; both orders; both modes)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-5, max: 1, noNaN: true }),
        fc.double({ min: 0.5, max: 20, noNaN: true }),
        fc.constantFrom(7e-4, 2e-3, 2e-2),
        fc.constantFrom(-50, -30),
        fc.constantFrom<'remove' | 'add'>('remove', 'add'),
        (q, sigma, h, logMassTruncation, first) => {
          const options = { h, logMassTruncation };
          const second = other[first];
          connectTheDotsPld(first, q, sigma, options); // leaves its cell masses for the mirror
          const mirrored = connectTheDotsPldWithOptimistic(second, q, sigma, options);
          const again = optimisticPld(first, q, sigma, options); // the same direction's cached masses
          // the reference: the generic pair entry, which always computes every cell
          expectSamePld(mirrored.pessimistic, connectTheDotsPldOfPair(psgLossPair(second, q, sigma), options));
          expectSamePld(mirrored.optimistic.pld, connectTheDotsPldOfPair(psgLossPair(second, q, sigma), { ...options, mode: 'optimistic' }));
          expectSamePld(again.pld, connectTheDotsPldOfPair(psgLossPair(first, q, sigma), { ...options, mode: 'optimistic' }));
        },
      ),
      { seed: 20261129, numRuns: 60 },
    );
  });
  it('gives the same PLDs bit for bit at the default grid of the benchmark steps', () => {
    for (const [q, sigma] of [[0.004, 1.1], [0.01, 1], [1, 2]] as const) {
      for (const first of ['remove', 'add'] as const) {
        const options = { h: 0.98e-4 };
        connectTheDotsPld(first, q, sigma, options);
        expectSamePld(connectTheDotsPld(other[first], q, sigma, options), connectTheDotsPldOfPair(psgLossPair(other[first], q, sigma), options));
      }
    }
  });
  it('costs the second direction about one exponential per cell instead of the inverse loss and the tails', () => {
    const options = { h: 1e-4 };
    connectTheDotsPld('remove', 0.02, 1.3, options);
    const cells = connectTheDotsPld('add', 0.02, 1.3, options).probs.length;
    connectTheDotsPld('remove', 0.03, 1.3, options); // another step: nothing to mirror
    const fresh = countTranscendentals(() => connectTheDotsPld('add', 0.02, 1.3, options));
    connectTheDotsPld('remove', 0.02, 1.3, options);
    const mirrored = countTranscendentals(() => connectTheDotsPld('add', 0.02, 1.3, options));
    expect(fresh).toBeGreaterThan(3 * cells);
    expect(mirrored).toBeLessThan(1.1 * cells + 100);
  });
});
