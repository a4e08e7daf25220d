import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

/**
 * Files that measure their own process run isolated, each in a fresh worker: the big-file tests
 * (test/big) bound the memory a command takes, and output-plan counts the file-system calls a
 * module makes through spies on `node:fs`. Every other file shares its worker's module graph
 * (`isolate: false` in vitest.shared.ts), which saves re-importing the packages for each file.
 */
const ISOLATED = ['test/big/**/*.test.ts', 'src/io/output-plan.test.ts'];
const { reporters, outputFile, maxWorkers: sharedWorkers, ...shared } = sourceConditions.test ?? {};
/**
 * One worker more than the cores (3 on a 2-core machine): the CLI is the package with the most
 * test CPU (~250 s), and `pnpm test` runs every package's tests at once, so with the shared two
 * workers it got the same share of the machine as packages a fifth its size and finished last,
 * alone, for the final ~50 s. A third worker gives it a larger share while the others run.
 */
const maxWorkers = Math.max(3, availableParallelism(), typeof sharedWorkers === 'number' ? sharedWorkers : 0);
const project = { resolve: sourceConditions.resolve, ssr: sourceConditions.ssr };

export default defineConfig({
  ...project,
  test: {
    reporters,
    outputFile,
    maxWorkers,
    projects: [
      { ...project, test: { ...shared, name: 'shared', exclude: ['**/node_modules/**', ...ISOLATED] } },
      { ...project, test: { ...shared, name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
