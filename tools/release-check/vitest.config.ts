import { defineConfig } from 'vitest/config';

// No source condition here: this project checks the built, packed packages as users get them.
export default defineConfig({ test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  }, });
