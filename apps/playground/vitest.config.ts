import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  test: {
    ...sourceConditions.test,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    benchmark: { include: ['bench/**/*.bench.ts'] },
  },
});
