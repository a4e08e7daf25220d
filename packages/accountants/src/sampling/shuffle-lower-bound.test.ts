import { describe, expect, it } from 'vitest';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { dpSgdEvent, gaussianEvent, selfComposedEvent } from '../events/mechanism-event.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { maxTestEpsilonLowerBound } from './balls-in-bins-lower-bound.js';
import { shuffleEpsilonLowerBound } from './shuffle-lower-bound.js';
import fixtures from './fixtures/shuffle-fixtures.json' with { type: 'json' };

const DELTA = 1e-5;
/** The no-amplification guarantee: one Gaussian release per epoch (sensitivity 1, or 2 for substitution). */
function noAmplification(sigma: number, epochs: number, neighbouring: NeighbouringRelation): number {
  return new PldAccountant({ neighbouring }).compose(selfComposedEvent(gaussianEvent(sigma), epochs)).getEpsilon(DELTA);
}

describe('shuffleEpsilonLowerBound', () => {
  it('one epoch: at most 0.02 below, and never above, the max test integrated independently (fixtures/generate_shuffle_fixtures.py)', () => {
    for (const c of fixtures.single_epoch_max_test) {
      // base 1, shift 1: the zero-out pair (2 against 1); base 0, shift 2: the substitution pair (2 against 0)
      const neighbouring = c.shift === 2 && c.base === 0 ? 'substitution' : 'add-remove';
      expect(c.base + c.shift).toBe(2);
      const lb = shuffleEpsilonLowerBound({ datasetSize: 10 * c.batchesPerEpoch, batchSize: 10, noiseMultiplier: c.sigma, steps: c.batchesPerEpoch, neighbouring }, c.delta);
      expect(lb.epochs).toBe(1);
      expect(lb.value).toBeLessThanOrEqual(c.epsilon + 1e-9);
      expect(lb.value).toBeGreaterThan(c.epsilon - 0.02);
    }
  });

  it('with one batch per epoch (b = N) is the Gaussian mechanism over E epochs: at most 0.03 below its exact ε, never above', () => {
    for (const neighbouring of ['add-remove', 'substitution'] as const) {
      for (const [sigma, epochs] of [[1, 1], [2, 4], [3, 10]] as const) {
        const exact = new PldAccountant({ neighbouring, valueDiscretizationInterval: 1e-4 }).compose(selfComposedEvent(gaussianEvent(sigma), epochs)).getEpsilon(DELTA);
        const lb = shuffleEpsilonLowerBound({ datasetSize: 50, batchSize: 50, noiseMultiplier: sigma, steps: epochs, neighbouring }, DELTA);
        expect(lb.kind).toBe('lower-bound');
        expect(lb.value).toBeLessThanOrEqual(exact);
        expect(lb.value).toBeGreaterThan(exact - 0.03);
      }
    }
  });

  it('never exceeds the no-amplification guarantee (Gaussian composed over the epochs), for both relations and both shuffles', () => {
    for (const neighbouring of ['add-remove', 'substitution'] as const) {
      for (const shuffle of ['dynamic', 'persistent'] as const) {
        for (const [n, b, sigma, steps] of [[1000, 10, 0.6, 300], [1000, 100, 1, 50], [10_000, 100, 2, 500]] as const) {
          const lb = shuffleEpsilonLowerBound({ datasetSize: n, batchSize: b, noiseMultiplier: sigma, steps, shuffle, neighbouring }, DELTA);
          expect(lb.value).toBeGreaterThan(0);
          expect(lb.value).toBeLessThan(noAmplification(sigma, lb.epochs, neighbouring));
        }
      }
    }
  });

  it('decreases as σ grows', () => {
    let previous = Infinity;
    for (const sigma of [0.5, 0.7, 1, 1.5, 2, 3]) {
      const v = shuffleEpsilonLowerBound({ datasetSize: 10_000, batchSize: 100, noiseMultiplier: sigma, steps: 300 }, DELTA).value;
      expect(v).toBeLessThan(previous);
      previous = v;
    }
  });

  it('substitution: above the Poisson ε at the same σ and q = b/N for σ in [0.8, 1.5], k in {100, 1000} (a gap like the one Chua et al. report; a numerical fact, zero tolerance)', () => {
    for (const [k, sigma, epochs] of [[100, 0.8, 1], [100, 1, 5], [100, 1.5, 1], [1000, 1, 1], [1000, 1.5, 5]] as const) {
      const run = { datasetSize: 10 * k, batchSize: 10, noiseMultiplier: sigma, steps: k * epochs };
      const poisson = new PldAccountant({ neighbouring: 'substitution' }).compose(dpSgdEvent({ samplingRate: run.batchSize / run.datasetSize, noiseMultiplier: sigma, steps: run.steps })).getEpsilon(DELTA);
      expect(shuffleEpsilonLowerBound({ ...run, neighbouring: 'substitution' }, DELTA).value).toBeGreaterThan(poisson);
    }
  });

  it('add-remove (the zero-out pair of Chua et al.): above the Poisson ε at q = b/N for σ ≤ 2, below it at σ = 3 where the max test is weak (numerical facts, zero tolerance)', () => {
    const poissonAt = (run: { datasetSize: number; batchSize: number; noiseMultiplier: number; steps: number }): number =>
      new PldAccountant().compose(dpSgdEvent({ samplingRate: run.batchSize / run.datasetSize, noiseMultiplier: run.noiseMultiplier, steps: run.steps })).getEpsilon(DELTA);
    for (const [k, sigma, epochs] of [[100, 0.5, 1], [100, 1, 5], [1000, 0.8, 1], [1000, 1.5, 5], [100, 2, 1]] as const) {
      const run = { datasetSize: 10 * k, batchSize: 10, noiseMultiplier: sigma, steps: k * epochs };
      expect(shuffleEpsilonLowerBound(run, DELTA).value, `k = ${k}, σ = ${sigma}, E = ${epochs}`).toBeGreaterThan(poissonAt(run));
    }
    for (const [k, sigma, epochs] of [[100, 3, 1], [1000, 3, 10], [10, 0.3, 5]] as const) {
      const run = { datasetSize: 10 * k, batchSize: 10, noiseMultiplier: sigma, steps: k * epochs };
      expect(shuffleEpsilonLowerBound(run, DELTA).value, `k = ${k}, σ = ${sigma}, E = ${epochs}`).toBeLessThan(poissonAt(run));
    }
  });

  it('add-remove: the zero-out pair of Chua et al. (target batch at 2 against 1) is never below the pair with the target\'s batch at 1 against 0 used before, and far above it at k = 1000, σ = 0.8 (0.26 before, 5.23 now)', () => {
    for (const [k, sigma, epochs, presence] of [[2, 0.6, 1, 1], [10, 1, 3, 1], [100, 2, 1, 0.9], [1000, 0.8, 1, 1], [1000, 0.3, 2, 1]] as const) {
      const before = maxTestEpsilonLowerBound({ batchesPerEpoch: k, presence, epochs, noiseMultiplier: sigma }, DELTA);
      const now = maxTestEpsilonLowerBound({ batchesPerEpoch: k, presence, epochs, noiseMultiplier: sigma, baseShift: 1 }, DELTA);
      expect(now, `k = ${k}, σ = ${sigma}, E = ${epochs}, p = ${presence}`).toBeGreaterThanOrEqual(before);
    }
    const run = { datasetSize: 10_000, batchSize: 10, noiseMultiplier: 0.8, steps: 1000 };
    expect(maxTestEpsilonLowerBound({ batchesPerEpoch: 1000, presence: 1, epochs: 1, noiseMultiplier: 0.8 }, DELTA)).toBeLessThan(0.3);
    expect(shuffleEpsilonLowerBound(run, DELTA).value).toBeGreaterThan(5.2);
  });

  it('persistent shuffling: the same as dynamic for one epoch, larger for several', () => {
    const run = { datasetSize: 1000, batchSize: 10, noiseMultiplier: 1 };
    expect(shuffleEpsilonLowerBound({ ...run, steps: 100, shuffle: 'persistent' }, DELTA).value).toBe(shuffleEpsilonLowerBound({ ...run, steps: 100 }, DELTA).value);
    expect(shuffleEpsilonLowerBound({ ...run, steps: 500, shuffle: 'persistent' }, DELTA).value).toBeGreaterThan(shuffleEpsilonLowerBound({ ...run, steps: 500 }, DELTA).value + 0.5);
  });

  it('counts only full epochs: 0 before the first one ends, unchanged by a partial one', () => {
    const run = { datasetSize: 1000, batchSize: 10, noiseMultiplier: 1 };
    const none = shuffleEpsilonLowerBound({ ...run, steps: 99 }, DELTA);
    expect(none.value).toBe(0);
    expect(none.epochs).toBe(0);
    const two = shuffleEpsilonLowerBound({ ...run, steps: 200 }, DELTA);
    expect(shuffleEpsilonLowerBound({ ...run, steps: 299 }, DELTA)).toEqual(two);
    expect(two.epochs).toBe(2);
    expect(two.batchesPerEpoch).toBe(100);
    // a last partial batch is a batch: N = 1005 gives k = 101
    expect(shuffleEpsilonLowerBound({ ...run, datasetSize: 1005, steps: 101 }, DELTA).batchesPerEpoch).toBe(101);
  });

  it('takes the loop\'s batches per epoch: with drop_last (k = ⌊N/b⌋) the leftover records sit an epoch out, and only full epochs of k count', () => {
    const run = { datasetSize: 1000, batchSize: 400, noiseMultiplier: 0.5, steps: 4 };
    const kept = shuffleEpsilonLowerBound(run, DELTA);
    expect(kept.batchesPerEpoch).toBe(3);
    expect(kept.presence).toBe(1);
    expect(kept.epochs).toBe(1);
    const dropped = shuffleEpsilonLowerBound({ ...run, batchesPerEpoch: 2 }, DELTA);
    expect(dropped.batchesPerEpoch).toBe(2);
    expect(dropped.presence).toBe(0.8);
    expect(dropped.epochs).toBe(2);
    expect(dropped.method).toMatch(/with probability kb\/N = 0\.8/);
    for (const neighbouring of ['add-remove', 'substitution'] as const) {
      for (const shuffle of ['dynamic', 'persistent'] as const) {
        const lb = shuffleEpsilonLowerBound({ ...run, batchesPerEpoch: 2, neighbouring, shuffle }, DELTA);
        expect(lb.value).toBeGreaterThan(0);
        expect(lb.value).toBeLessThan(noAmplification(run.noiseMultiplier, 2, neighbouring));
      }
    }
    // k = ⌈N/b⌉ given explicitly is the default
    expect(shuffleEpsilonLowerBound({ ...run, batchesPerEpoch: 3 }, DELTA)).toEqual(kept);
    // b divides N: dropping the last batch drops nothing
    expect(shuffleEpsilonLowerBound({ ...run, batchSize: 250, batchesPerEpoch: 4 }, DELTA).presence).toBe(1);
  });

  it('refuses batches per epoch outside [1, ⌈N/b⌉], naming the field, range and value', () => {
    const run = { datasetSize: 1000, batchSize: 400, noiseMultiplier: 0.5, steps: 4 };
    expect(() => shuffleEpsilonLowerBound({ ...run, batchesPerEpoch: 4 }, DELTA)).toThrow('batchesPerEpoch must be an integer in [1, ⌈datasetSize/batchSize⌉ = 3]; found 4');
    expect(() => shuffleEpsilonLowerBound({ ...run, batchesPerEpoch: 0 }, DELTA)).toThrow(/batchesPerEpoch must be an integer in \[1, ∞\); found 0/);
    expect(() => shuffleEpsilonLowerBound({ ...run, batchesPerEpoch: 2.5 }, DELTA)).toThrow(/batchesPerEpoch/);
  });

  it('refuses bad input naming the parameter', () => {
    const ok = { datasetSize: 100, batchSize: 10, noiseMultiplier: 1, steps: 10 };
    expect(() => shuffleEpsilonLowerBound({ ...ok, batchSize: 200 }, DELTA)).toThrow(/batchSize/);
    expect(() => shuffleEpsilonLowerBound({ ...ok, noiseMultiplier: -1 }, DELTA)).toThrow(/noiseMultiplier/);
    expect(() => shuffleEpsilonLowerBound({ ...ok, steps: 0 }, DELTA)).toThrow(/steps/);
    expect(() => shuffleEpsilonLowerBound({ ...ok, shuffle: 'once' as never }, DELTA)).toThrow(/shuffle/);
    expect(() => shuffleEpsilonLowerBound({ ...ok, neighbouring: 'zero-out' as never }, DELTA)).toThrow(/neighbouring/);
    expect(() => shuffleEpsilonLowerBound(ok, 1)).toThrow(/delta/);
    expect(() => shuffleEpsilonLowerBound(null as never, DELTA)).toThrow(/run/);
  });
});
