import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  // Building the TypeScript program of all six packages takes ~10–30 s on a loaded machine.
  test: { ...sourceConditions.test, testTimeout: 300_000, hookTimeout: 300_000 },
});
