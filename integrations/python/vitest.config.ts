import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  // generous safety nets, not speed limits: importing torch takes seconds on a loaded machine
  test: { ...sourceConditions.test, testTimeout: 120_000, hookTimeout: 120_000 },
});
