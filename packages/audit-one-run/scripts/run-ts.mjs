#!/usr/bin/env node
// Runs a TypeScript script of this package against the workspace sources (no build needed):
// `node scripts/run-ts.mjs scripts/comparison-plot.ts`. Uses Vite's module runner with the
// `@dpbounds/source` export condition, like the tests do.
import { resolve } from 'node:path';
import { defaultServerConditions, runnerImport } from 'vite';

const script = process.argv[2];
if (script === undefined) {
  console.error('usage: node scripts/run-ts.mjs <script.ts> [args...]');
  process.exit(2);
}
const conditions = ['@dpbounds/source', ...defaultServerConditions];
const { module } = await runnerImport(resolve(script), {
  configFile: false,
  logLevel: 'error',
  resolve: { conditions },
  ssr: { noExternal: [/^@dpbounds\//], resolve: { conditions, externalConditions: conditions } },
});
if (typeof module.main === 'function') await module.main(process.argv.slice(3));
