import { describe, expect, it } from 'vitest';
import { createAccountant, restoreAccountant } from '../calibration/accountant-factory.js';
import { flattenEvent, UnsupportedEventError } from './ledger.js';
import { composedEvent, describeEvent, dpSgdEvent, gaussianEvent, nonPrivateEvent, noOpEvent, selfComposedEvent } from './mechanism-event.js';
import { ballsInBinsEvent, binsPerEpoch, fixedSizeSampledEvent, truncatedPoissonSampledEvent } from './sampler-events.js';
import { validateEvent } from './validate-event.js';

const fixed = fixedSizeSampledEvent({ batchSize: 100, datasetSize: 10_000, event: gaussianEvent(2) });
const truncated = truncatedPoissonSampledEvent({ samplingRate: 0.01, maxBatchSize: 120, datasetSize: 10_000, event: gaussianEvent(2) });
const bins = ballsInBinsEvent({ datasetSize: 10_000, batchSize: 100, epochs: 3, noiseMultiplier: 2 });

describe('sampler events', () => {
  it('are frozen, validated data with readable names', () => {
    expect(Object.isFrozen(fixed)).toBe(true);
    expect(describeEvent(fixed)).toBe('fixed-size-sampled(gaussian(σ=2), b=100, N=10000)');
    expect(describeEvent(truncated)).toBe('truncated-poisson-sampled(gaussian(σ=2), q=0.01, max=120, N=10000)');
    expect(describeEvent(bins)).toBe('balls-in-bins(σ=2, b=100, N=10000, epochs=3)');
    expect(binsPerEpoch(10_001, 100)).toBe(101);
    expect(describeEvent(ballsInBinsEvent({ datasetSize: 10_000, batchSize: 100, batchesPerEpoch: 99, epochs: 3, noiseMultiplier: 2 }))).toBe('balls-in-bins(σ=2, b=100, N=10000, epochs=3, k=99)');
    // an event without batchesPerEpoch has no such key (events built before it compare equal)
    expect(Object.keys(bins)).not.toContain('batchesPerEpoch');
  });

  it('binsPerEpoch: ⌈N/b⌉ for a loop that keeps the last, smaller batch, ⌊N/b⌋ with dropLast', () => {
    expect(binsPerEpoch(1000, 400)).toBe(3);
    expect(binsPerEpoch(1000, 400, { dropLast: true })).toBe(2);
    expect(binsPerEpoch(1000, 400, { dropLast: false })).toBe(3);
    expect(binsPerEpoch(1000, 250, { dropLast: true })).toBe(4);
    expect(binsPerEpoch(7, 7, { dropLast: true })).toBe(1);
    expect(() => binsPerEpoch(1000, 400, { dropLast: 'yes' as never })).toThrow(/options\.dropLast must be a boolean/);
    expect(() => binsPerEpoch(1000, 400, { drop: true } as never)).toThrow(/options\.drop/);
  });

  it('balls-in-bins records the loop\'s batches per epoch, validated, and prices the same for any k', () => {
    const k = ballsInBinsEvent({ datasetSize: 10_000, batchSize: 100, batchesPerEpoch: 50, epochs: 3, noiseMultiplier: 2 });
    expect(k.batchesPerEpoch).toBe(50);
    expect(flattenEvent(k, { accountant: 'test', check: () => undefined, neighbouring: 'add-remove' })).toEqual(flattenEvent(bins, { accountant: 'test', check: () => undefined, neighbouring: 'add-remove' }));
    for (const bad of [0, 1.5, 10_001, Number.NaN]) {
      expect(() => ballsInBinsEvent({ datasetSize: 10_000, batchSize: 100, batchesPerEpoch: bad, epochs: 3, noiseMultiplier: 2 })).toThrow(/event\.batchesPerEpoch must be an integer in \[1, /);
    }
    expect(() => ballsInBinsEvent({ datasetSize: 10_000, batchSize: 100, batchesPerEpoch: 10_001, epochs: 3, noiseMultiplier: 2 })).toThrow('event.batchesPerEpoch must be an integer in [1, datasetSize = 10000]; found 10001');
  });

  it('refuse bad fields naming them, also in hand-built literals', () => {
    expect(() => fixedSizeSampledEvent({ batchSize: 200, datasetSize: 100, event: gaussianEvent(1) })).toThrow(/batchSize must be an integer in \[1, datasetSize = 100\]; found 200/);
    expect(() => fixedSizeSampledEvent({ batchSize: 1.5, datasetSize: 100, event: gaussianEvent(1) })).toThrow(/batchSize/);
    expect(() => truncatedPoissonSampledEvent({ samplingRate: 1.2, maxBatchSize: 5, datasetSize: 100, event: gaussianEvent(1) })).toThrow(/samplingRate/);
    expect(() => truncatedPoissonSampledEvent({ samplingRate: 0.1, maxBatchSize: 0, datasetSize: 100, event: gaussianEvent(1) })).toThrow(/maxBatchSize/);
    expect(() => ballsInBinsEvent({ datasetSize: 100, batchSize: 10, epochs: -1, noiseMultiplier: 1 })).toThrow(/epochs/);
    expect(() => ballsInBinsEvent({ datasetSize: 100, batchSize: 10, epochs: 1, noiseMultiplier: Number.NaN })).toThrow(/noiseMultiplier/);
    expect(() => validateEvent('event', { kind: 'balls-in-bins', datasetSize: 10, batchSize: 1, epochs: 1, noiseMultiplier: 1, extra: 1 })).toThrow(/event\.extra/);
    expect(() => validateEvent('event', { kind: 'fixed-size-sampled', datasetSize: 10, batchSize: 1, event: { kind: 'laplace' } })).toThrow(/event\.event\.kind/);
  });

  it('fixed-size flattens to the Poisson add-remove step (b/N, σ/2) and only into add-remove accountants', () => {
    expect(flattenEvent(selfComposedEvent(fixed, 5), { count: 2, accountant: 'test', check: () => undefined, neighbouring: 'add-remove' })).toEqual([{ samplingRate: 0.01, noiseMultiplier: 1, count: 10 }]);
    expect(() => flattenEvent(fixed, { accountant: 'test', check: () => undefined, neighbouring: 'substitution' })).toThrow(UnsupportedEventError);
    expect(() => flattenEvent(fixed, { accountant: 'test', check: () => undefined })).toThrow(/only for add-remove.*fixedSizeSubstitutionEpsilon/);
    expect(flattenEvent(fixedSizeSampledEvent({ batchSize: 1, datasetSize: 2, event: noOpEvent() }), { accountant: 't', check: () => undefined, neighbouring: 'add-remove' })).toEqual([]);
    expect(flattenEvent(fixedSizeSampledEvent({ batchSize: 1, datasetSize: 2, event: nonPrivateEvent() }), { accountant: 't', check: () => undefined, neighbouring: 'add-remove' })).toEqual([{ samplingRate: 0.5, noiseMultiplier: 0, count: 1 }]);
    expect(() => flattenEvent(fixedSizeSampledEvent({ batchSize: 1, datasetSize: 2, event: dpSgdEvent({ samplingRate: 0.1, noiseMultiplier: 1, steps: 1 }) }), { accountant: 't', check: () => undefined, neighbouring: 'add-remove' })).toThrow(/Gaussian/);
  });

  it('balls-in-bins flattens to one Gaussian step per epoch (no amplification) for both relations', () => {
    for (const relation of ['add-remove', 'substitution'] as const) {
      expect(flattenEvent(bins, { count: 2, accountant: 'test', check: () => undefined, neighbouring: relation })).toEqual([{ samplingRate: 1, noiseMultiplier: 2, count: 6 }]);
    }
    expect(flattenEvent(ballsInBinsEvent({ datasetSize: 10, batchSize: 1, epochs: 0, noiseMultiplier: 1 }), { accountant: 't', check: () => undefined, neighbouring: 'add-remove' })).toEqual([]);
  });

  it('every accountant reports truthfully what it prices', () => {
    for (const kind of ['rdp', 'pld', 'prv', 'gdp'] as const) {
      const addRemove = createAccountant(kind, { neighbouring: 'add-remove' });
      expect(addRemove.supports(fixed)).toBe(true);
      expect(addRemove.supports(bins)).toBe(true);
      expect(addRemove.supports(truncated)).toBe(false);
      expect(() => addRemove.compose(truncated)).toThrow(/truncatedPoissonEpsilon/);
      if (kind === 'prv') continue; // PRV has no substitution relation
      const substitution = createAccountant(kind, { neighbouring: 'substitution' });
      expect(substitution.supports(fixed)).toBe(false);
      expect(substitution.supports(bins)).toBe(true);
    }
  });

  it('compose like the other events and survive a saved state', () => {
    const event = composedEvent([selfComposedEvent(fixed, 50), bins, dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 10 })]);
    const acc = createAccountant('pld').compose(event);
    const expected = createAccountant('pld').compose(composedEvent([dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 50 }), selfComposedEvent(gaussianEvent(2), 3), dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 10 })]));
    expect(acc.getEpsilon(1e-5)).toBe(expected.getEpsilon(1e-5));
    const restored = restoreAccountant(JSON.parse(JSON.stringify(acc.toJSON())));
    expect(restored.getEpsilon(1e-5)).toBe(acc.getEpsilon(1e-5));
  });
});
