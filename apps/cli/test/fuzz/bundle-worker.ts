/**
 * Bundles the fuzz worker entry with the CLI and the packages' TypeScript sources into one ES
 * module that plain Node worker threads can load, so the fuzz suite needs no prior build (the
 * bundling itself is `bundleScript`, shared with the sweep's worker tests).
 */
import { bundleScript } from '../../src/test-helpers/bundle-script.js';

/** Builds the worker bundle; returns its path and a function that deletes it. */
export function bundleWorker(): Promise<{ readonly script: string; readonly remove: () => void }> {
  return bundleScript('../test/fuzz/worker-entry.ts', 'cli-fuzz-worker');
}
