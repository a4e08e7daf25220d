import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

// A safety net, not a limit under test: every test here takes at most ~3 s of CPU alone (the
// heavier sampler calibrations run under test:big), but a loaded 2-core machine has stretched a
// few seconds of CPU tenfold in wall time.
export default defineConfig({ ...sourceConditions, test: { ...sourceConditions.test, testTimeout: 180_000 } });
