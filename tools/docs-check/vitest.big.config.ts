import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

/**
 * `pnpm test:big`: the demo pages against a live `dpbounds demo --json` run (`DOCS_LIVE=1`; about
 * 11 s of CPU) and the recording in test/fixtures/demo-report.json against the same run. The
 * default `vitest run` checks the pages against the recording. The timeout is a safety net.
 */
export default defineConfig({
  ...sourceConditions,
  test: {
    ...sourceConditions.test,
    include: ['src/docs-numbers-demo.test.ts'],
    env: { DOCS_LIVE: '1' },
    testTimeout: 600_000,
    outputFile: { json: 'test-results/vitest-big.json' },
  },
});
