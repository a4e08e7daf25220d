/**
 * Shared Vitest settings: resolve workspace packages to their TypeScript sources through the
 * `@dpbounds/source` export condition, so tests run without a build.
 */
import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import type { ViteUserConfig } from 'vitest/config';

export const sourceConditions: ViteUserConfig = {
  resolve: { conditions: ['@dpbounds/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@dpbounds/source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    benchmark: { include: ['src/**/*.bench.ts', 'bench/**/*.bench.ts'] },
    testTimeout: 60_000,
    // One module graph per worker, reused by every test file it runs: importing the packages'
    // sources anew for each file cost more CPU than many files' tests (accountants 175 → 140 s,
    // the CLI 303 → 256 s). Tests must therefore not leave state behind (spies restored, no
    // module-level mutation); a file that measures its own process (memory, call counts on a
    // module) runs isolated through its package's config (apps/cli).
    isolate: false,
    // At least two workers per package: vitest's default (cores − 1) gives one on a 2-core
    // machine, so the longest package (the CLI, ~250 s of CPU) would run on one core alone
    // after the others finished.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A JSON report per package lets scripts/summarize-tests.mjs print one closing line for CI.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
};

/**
 * The `pnpm test:big` config of a package whose heavy variants sit in test/big/*.big-test.ts: one
 * file at a time, its own JSON report, and a timeout that is a safety net against a hang, not a
 * limit under test.
 */
export function bigTestConfig(testTimeout: number): ViteUserConfig {
  return {
    ...sourceConditions,
    test: {
      ...sourceConditions.test,
      include: ['test/big/**/*.big-test.ts'],
      testTimeout,
      fileParallelism: false,
      outputFile: { json: 'test-results/vitest-big.json' },
    },
  };
}

