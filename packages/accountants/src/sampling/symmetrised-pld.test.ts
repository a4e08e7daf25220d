import { describe, expect, it } from 'vitest';
import { gaussianEvent, selfComposedEvent } from '../events/mechanism-event.js';
import { connectTheDotsPld } from '../pld/connect-the-dots.js';
import { pldDeltaAt, pldTotalMass } from '../pld/discrete-pld.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { fixedSizeSubstitutionEpsilon } from './fixed-size-substitution.js';
import { symmetrisedPld } from './symmetrised-pld.js';

describe('symmetrised PLD', () => {
  it('is symmetric, has mass 1, and keeps the remove profile for ε ≥ 0 (above the add profile)', () => {
    for (const [q, sigma] of [[0.01, 0.5], [0.1, 1], [0.5, 0.55], [0.9, 2], [1, 0.75]] as const) {
      const remove = connectTheDotsPld('remove', q, sigma, { h: 1e-3 });
      const add = connectTheDotsPld('add', q, sigma, { h: 1e-3 });
      const sym = symmetrisedPld(remove, add);
      expect(Math.abs(pldTotalMass(sym) - 1)).toBeLessThan(1e-12);
      for (const eps of [0, 0.1, 0.5, 1, 2]) {
        const d = pldDeltaAt(sym, eps);
        expect(Math.abs(d - pldDeltaAt(remove, eps))).toBeLessThan(1e-14);
        expect(d).toBeGreaterThanOrEqual(pldDeltaAt(add, eps) - 1e-15);
        // symmetry: δ(−ε) = 1 − e^{−ε} + e^{−ε} δ(ε)
        expect(Math.abs(pldDeltaAt(sym, -eps) - (1 - Math.exp(-eps) + Math.exp(-eps) * d))).toBeLessThan(1e-12);
      }
    }
  });

  it('makes fixed-size substitution at b = N the Gaussian mechanism of sensitivity 2', () => {
    const exact = new PldAccountant({ neighbouring: 'add-remove', valueDiscretizationInterval: 1e-4 }).compose(selfComposedEvent(gaussianEvent(0.5), 10)).getEpsilon(1e-5);
    const eps = fixedSizeSubstitutionEpsilon({ datasetSize: 100, batchSize: 100, noiseMultiplier: 1, steps: 10 }, 1e-5, { valueDiscretizationInterval: 1e-4 });
    expect(Math.abs(eps - exact)).toBeLessThan(1e-6);
  });

  it('composes to at least the worse direction composed alone (steps may meet either direction)', () => {
    const run = { datasetSize: 10_000, batchSize: 100, noiseMultiplier: 1.5, steps: 500 };
    const addRemove = new PldAccountant().compose(selfComposedEvent({ kind: 'fixed-size-sampled', batchSize: 100, datasetSize: 10_000, event: gaussianEvent(1.5) }, 500)).getEpsilon(1e-5);
    expect(fixedSizeSubstitutionEpsilon(run, 1e-5)).toBeGreaterThanOrEqual(addRemove * (1 - 1e-3));
  });

  it('refuses PLDs on different grids', () => {
    expect(() => symmetrisedPld(connectTheDotsPld('remove', 0.1, 1, { h: 1e-3 }), connectTheDotsPld('add', 0.1, 1, { h: 2e-3 }))).toThrow(/add\.h/);
  });
});
