import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

/** Heavy variants (`pnpm test:big`): test/big/*.big-test.ts, one file at a time; the timeout is a safety net. */
export default defineConfig({
  ...sourceConditions,
  test: {
    ...sourceConditions.test,
    include: ['test/big/**/*.big-test.ts'],
    testTimeout: 600_000,
    fileParallelism: false,
    outputFile: { json: 'test-results/vitest-big.json' },
  },
});
