/**
 * autoDiscretizationInterval validates its ledger entry by entry, holes included (the library
 * fuzz found a sparse ledger reaching `entry.noiseMultiplier` of a hole as a plain TypeError).
 */
import { describe, expect, it } from 'vitest';
import { autoDiscretizationInterval } from './pld-accountant.js';
import { parseAccountantState } from '../accountant.js';
import { refusedParameter } from '../test-helpers/refused-parameter.js';

const entry = { samplingRate: 0.004, noiseMultiplier: 1.1, count: 10000 };

describe('autoDiscretizationInterval validates the ledger', () => {
  it('refuses a hole of a sparse ledger naming ledger[i] (the fuzz input: a sparse array of length 10⁶)', () => {
    expect(refusedParameter(() => autoDiscretizationInterval(new Array(1e6) as never, 'add-remove'))).toBe('ledger[0]');
    const holed = [entry, , entry] as never; // eslint-disable-line no-sparse-arrays
    expect(refusedParameter(() => autoDiscretizationInterval(holed, 'add-remove'))).toBe('ledger[1]');
  });
  it('names the bad field, a non-array ledger and an unknown relation', () => {
    expect(refusedParameter(() => autoDiscretizationInterval([{ ...entry, noiseMultiplier: Number.NaN }], 'add-remove'))).toBe('ledger[0].noiseMultiplier');
    expect(refusedParameter(() => autoDiscretizationInterval({ length: 1e15 } as never, 'add-remove'))).toBe('ledger');
    expect(refusedParameter(() => autoDiscretizationInterval([entry], 'bogus' as never))).toBe('neighbouring');
  });
  it('answers a dense ledger as before (its @example: the 0.98e-4 cap)', () => {
    expect(autoDiscretizationInterval([entry], 'add-remove')).toBeCloseTo(9.8e-5, 12);
  });
  it('a saved state with a sparse ledger is refused the same way (one validation)', () => {
    const state = { format: 'dpbounds-accountant/v1', accountant: 'pld', neighbouring: 'add-remove', options: {}, ledger: [entry, , entry] }; // eslint-disable-line no-sparse-arrays
    expect(refusedParameter(() => parseAccountantState(state, 'pld'))).toBe('state.ledger[1]');
  });
});
