import { describe, expect, it } from 'vitest';
import { bandedWork, MAX_BANDED_LEDGER_STEPS, MAX_BANDED_OPERATIONS, requireBandedWork } from './banded-work.js';

describe('bandedWork', () => {
  it('counts n·b for the norms, plus one inner product per close pair (b operations from diagonals, 1 from norms)', () => {
    expect(bandedWork({ steps: 1000, bands: 10, minSeparation: 10, participation: 'cyclic', byDiagonals: true })).toEqual({ cells: 10_000, operations: 10_000, ledgerSteps: 100 });
    // k = 3 < b = 10: each step pairs with ⌈10/3⌉ = 4 later steps of its residue, 10 operations each; one ledger step (σ/Δ)
    expect(bandedWork({ steps: 1000, bands: 10, minSeparation: 3, participation: 'cyclic', byDiagonals: true })).toEqual({ cells: 10_000, operations: 10_000 + 1000 * 4 * 10, ledgerSteps: 1 });
    expect(bandedWork({ steps: 1000, bands: 10, minSeparation: 10, participation: 'balls-in-bins', byDiagonals: true }).operations).toBe(10_000 + 1000 * 10 * 10);
    expect(bandedWork({ steps: 1000, bands: 10, minSeparation: 10, participation: 'balls-in-bins', byDiagonals: false })).toEqual({ cells: 1000, operations: 10_000 + 1000 * 10, ledgerSteps: 1 });
    expect(bandedWork({ steps: 1000, bands: 10, minSeparation: 10, participation: 'poisson-in-group', byDiagonals: true }).operations).toBe(10_000);
  });

  it('refuses past the operation budget only, naming --steps and --bands', () => {
    // balls-in-bins from diagonals costs n·b + n·b²: b = 100 and n just inside / outside the budget
    const inside = Math.floor(MAX_BANDED_OPERATIONS / (100 + 100 * 100));
    expect(() => requireBandedWork({ steps: inside, bands: 100, minSeparation: 100, participation: 'balls-in-bins', byDiagonals: true })).not.toThrow();
    expect(() => requireBandedWork({ steps: inside + 1, bands: 100, minSeparation: 100, participation: 'balls-in-bins', byDiagonals: true })).toThrow(`--steps ${inside + 1} with --bands 100: the worst-pattern sensitivity search`);
    // the same run from column norms is n·b + n·b: allowed
    expect(() => requireBandedWork({ steps: inside + 1, bands: 100, minSeparation: 100, participation: 'balls-in-bins', byDiagonals: false })).not.toThrow();
  });

  it('refuses more cyclic participations than ledger steps it holds, naming --steps and --min-separation', () => {
    expect(() => requireBandedWork({ steps: MAX_BANDED_LEDGER_STEPS, bands: 1, minSeparation: 1, participation: 'cyclic', byDiagonals: true })).not.toThrow();
    expect(() => requireBandedWork({ steps: MAX_BANDED_LEDGER_STEPS + 1, bands: 1, minSeparation: 1, participation: 'cyclic', byDiagonals: true })).toThrow(`--steps ${MAX_BANDED_LEDGER_STEPS + 1} with --min-separation 1: the worst record's ⌈n/k⌉ = ${MAX_BANDED_LEDGER_STEPS + 1} participations`);
    // k = 2 halves them
    expect(() => requireBandedWork({ steps: MAX_BANDED_LEDGER_STEPS + 1, bands: 1, minSeparation: 2, participation: 'cyclic', byDiagonals: true })).not.toThrow();
  });
});
