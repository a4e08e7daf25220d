import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

/**
 * `pnpm test:big`: the soundness properties at their full default case counts (`SOUNDNESS_BIG=1`,
 * see `casesFor` in src/run-check.ts), and the full products of the library entry fuzz and of
 * the capped library fuzz (`LIBRARY_FUZZ_BIG=1`: every hostile value in every argument position
 * and every option key); the default `vitest run` runs a seeded part of each.
 * The timeout is a safety net against a hang, not a measure of speed.
 */
export default defineConfig({
  ...sourceConditions,
  test: {
    ...sourceConditions.test,
    include: ['src/soundness.test.ts', 'src/library-entry-fuzz.test.ts', 'src/library-fuzz.test.ts'],
    env: { SOUNDNESS_BIG: '1', LIBRARY_FUZZ_BIG: '1' },
    testTimeout: 3_600_000,
    fileParallelism: false,
    outputFile: { json: 'test-results/vitest-big.json' },
  },
});
