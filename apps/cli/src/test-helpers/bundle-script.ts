/**
 * Bundles a TypeScript entry of the CLI (with the packages' sources, the `@dpbounds/source`
 * condition) into one ES module that plain Node can run as a worker thread or a child process,
 * so tests of worker threads and of killed processes need no prior build. Written into
 * `apps/cli/.vite/` (ignored by git), below the CLI's package.json, where `version.ts` looks.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const cliRoot = fileURLToPath(new URL('../..', import.meta.url));
const conditions = ['@dpbounds/source', 'node', 'import', 'module', 'default'];

/** Bundles `entry` (a path relative to `apps/cli/src`, e.g. `bin.ts`); returns the script and a function that deletes it. */
export async function bundleScript(entry: string, label: string): Promise<{ readonly script: string; readonly remove: () => void }> {
  const name = `${label}-${process.pid}-${Date.now()}.mjs`;
  await build({
    configFile: false,
    logLevel: 'warn',
    root: cliRoot,
    resolve: { conditions },
    ssr: { noExternal: true, resolve: { conditions, externalConditions: ['node'] } },
    build: {
      ssr: fileURLToPath(new URL(`../${entry}`, import.meta.url)),
      outDir: `${cliRoot}.vite`,
      emptyOutDir: false,
      write: true,
      minify: false,
      sourcemap: false,
      rollupOptions: { output: { format: 'esm', entryFileNames: name, codeSplitting: false } },
    },
  });
  const script = `${cliRoot}.vite/${name}`;
  return { script, remove: () => rmSync(script, { force: true }) };
}
