import { defineConfig } from 'vitest/config';

// No source condition: the snippets are checked against the built packages, as a user gets them.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
