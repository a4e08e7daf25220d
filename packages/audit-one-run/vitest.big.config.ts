import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

/** Heavy audit searches (`pnpm test:big`): test/big/*.big-test.ts, one file at a time; the timeout is a safety net, not a limit under test. */
export default defineConfig({
  ...sourceConditions,
  test: {
    ...sourceConditions.test,
    include: ['test/big/**/*.big-test.ts'],
    testTimeout: 300_000,
    fileParallelism: false,
    outputFile: { json: 'test-results/vitest-big.json' },
  },
});
