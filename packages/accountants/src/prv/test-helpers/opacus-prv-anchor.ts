/**
 * Opacus' PRV guarantee at its defaults at the benchmark configurations, the anchor of the PRV
 * default budget, and the check that our default is a guarantee never looser than it; shared by
 * the default suite (src/prv/prv-default-budget.test.ts: the first two configurations) and
 * `pnpm test:big` (test/big/prv-default-budget.big-test.ts: ε ≈ 13).
 */
import { expect } from 'vitest';
import { dpSgdEvent } from '../../events/mechanism-event.js';
import { PldAccountant } from '../../pld/pld-accountant.js';
import { PrvAccountant } from '../prv-accountant.js';

/** A benchmark configuration with Opacus' PRV guarantee there. */
export interface OpacusPrvCase {
  readonly q: number;
  readonly sigma: number;
  readonly steps: number;
  readonly delta: number;
  /** Opacus' ε guarantee. */
  readonly opacus: number;
}

/**
 * Values from pytorch/opacus 4d0ebc84613d214fbfd37fbfd1390e3747a625ce (2025-09-16),
 * `PRVAccountant.get_epsilon(delta)` at its defaults (eps_error = 0.01, delta_error = δ/1000) with
 * `history = [(sigma, q, steps)]`, run through tools/bench-anchors/anchors.py (`opacus_prv_eps`)
 * on 2026-11-29.
 */
export const OPACUS_PRV_CASES: readonly OpacusPrvCase[] = [
  { q: 0.004, sigma: 1.1, steps: 10000, delta: 1e-5, opacus: 1.85107985716743 },
  { q: 0.0001, sigma: 2, steps: 500000, delta: 1e-7, opacus: 0.1699585965698908 },
  { q: 0.001, sigma: 0.5, steps: 100000, delta: 1e-5, opacus: 13.03940181347736 },
];

/**
 * Asserts that the default PRV guarantee is at least the PLD's lower bound (so it can be a
 * guarantee), at most Opacus' value, and, for ε ≤ 10, within 0.1 % of the PLD's upper bound.
 */
export function assertDefaultPrvAgainstOpacus(c: OpacusPrvCase): void {
  const event = dpSgdEvent({ samplingRate: c.q, noiseMultiplier: c.sigma, steps: c.steps });
  const prv = new PrvAccountant().compose(event).getEpsilonBounds(c.delta);
  // the PLD's pessimistic/optimistic pair (its automatic grid, ~1e-4 relative) brackets the tight ε
  const pld = new PldAccountant().compose(event).getEpsilonBounds(c.delta);
  expect(prv.method).toBe('prv');
  expect(prv.upper).toBeGreaterThanOrEqual(pld.lower);
  expect(prv.upper).toBeLessThanOrEqual(c.opacus);
  if (pld.upper <= 10) expect(prv.upper).toBeLessThanOrEqual(1.001 * pld.upper);
}
