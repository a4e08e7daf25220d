import { defineConfig } from 'vitest/config';
import { bigTestConfig } from '../../vitest.shared.js';

/** Heavy variants (`pnpm test:big`): test/big/*.big-test.ts. */
export default defineConfig(bigTestConfig(600_000));
