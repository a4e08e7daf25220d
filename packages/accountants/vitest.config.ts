import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

// The sampler compositions (truncated Poisson at two neighbour sizes, calibration by bisection)
// take 10–30 s alone and ran past 60 s on a loaded 2-core machine: 180 s here.
export default defineConfig({ ...sourceConditions, test: { ...sourceConditions.test, testTimeout: 180_000 } });
