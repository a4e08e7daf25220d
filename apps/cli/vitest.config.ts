import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

/**
 * Files that measure their own process run isolated, each in a fresh worker: the big-file tests
 * (test/big) bound the memory a command takes, and output-plan counts the file-system calls a
 * module makes through spies on `node:fs`. Every other file shares its worker's module graph
 * (`isolate: false` in vitest.shared.ts), which saves re-importing the packages for each file.
 */
const ISOLATED = ['test/big/**/*.test.ts', 'src/io/output-plan.test.ts'];
const { reporters, outputFile, maxWorkers, ...shared } = sourceConditions.test ?? {};
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
