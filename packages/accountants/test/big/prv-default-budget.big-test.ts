/**
 * The default PRV guarantee against Opacus' at ε ≈ 13 (q = 0.001, σ = 0.5, T = 10⁵), where the
 * budget's clamp at ε = 10 keeps it tighter (`pnpm test:big`; ~1–3 s with the PLD check); the
 * default suite (src/prv/prv-default-budget.test.ts) checks the other benchmark configurations.
 */
import { describe, it } from 'vitest';
import { assertDefaultPrvAgainstOpacus, OPACUS_PRV_CASES } from '../../src/prv/test-helpers/opacus-prv-anchor.js';

describe('default PRV budget at ε ≈ 13: never looser than Opacus', () => {
  it('q = 0.001, σ = 0.5, T = 1e5, δ = 1e-5', () => assertDefaultPrvAgainstOpacus(OPACUS_PRV_CASES[2] as (typeof OPACUS_PRV_CASES)[number]));
});
