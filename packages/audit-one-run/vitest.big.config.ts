import { defineConfig } from 'vitest/config';
import { bigTestConfig } from '../../vitest.shared.js';

/** Heavy audit searches (`pnpm test:big`): test/big/*.big-test.ts. */
export default defineConfig(bigTestConfig(300_000));
