import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

// The timeout is a safety net against a hang, not a measure of speed: the default run takes a
// few seconds per test, but `pnpm soundness --runs 100000` runs minutes per property.
export default defineConfig({
  ...sourceConditions,
  test: { ...sourceConditions.test, testTimeout: 3_600_000 },
});
