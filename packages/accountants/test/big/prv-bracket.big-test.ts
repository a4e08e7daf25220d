/**
 * The PRV-brackets-PLD property on all 12 seeded configurations (`pnpm test:big`); the default
 * suite (src/prv/prv-accountant.test.ts) checks the first 4 of the same seed.
 */
import { describe, it } from 'vitest';
import { assertPrvBracketsPld } from '../../src/prv/test-helpers/prv-bracket-property.js';

describe('PRV bounds bracket the PLD bounds on random configurations (property, both budgets, full count)', () => {
  it('lower ≤ estimate ≤ upper, upper ≥ the PLD lower bound, lower ≤ the PLD guarantee (12 configurations)', () => {
    assertPrvBracketsPld(12);
  });
});
