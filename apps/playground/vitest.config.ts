import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  test: {
    ...sourceConditions.test,
    // safety nets only, never a measure of speed: a test asserts no time (it counts work, or
    // uses fake timers as src/budgeted-worker.test.ts does)
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // a page under a loaded CI machine can take seconds to draw; a poll's default 1 s made the e2e
    // tests fail on load, not on a fault (a poll's timeout, here or at the call, is a safety net)
    expect: { poll: { timeout: 30_000, interval: 50 } },
    benchmark: { include: ['bench/**/*.bench.ts'] },
  },
});
