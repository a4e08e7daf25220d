/**
 * Bundles worker-entry.ts with the packages' TypeScript sources (the `@dpbounds/source`
 * condition) into one ES module that a plain Node worker thread can load, so the fuzz needs no
 * prior build and fuzzes the sources under test. Written into `tools/soundness/.vite/` (ignored
 * by git).
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const conditions = ['@dpbounds/source', 'node', 'import', 'module', 'default'];

/** Builds the worker bundle; returns its path and a function that deletes it. */
export async function bundleWorker(): Promise<{ readonly script: string; readonly remove: () => void }> {
  const name = `library-fuzz-worker-${process.pid}-${Date.now()}.mjs`;
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    resolve: { conditions },
    ssr: { noExternal: true, resolve: { conditions, externalConditions: ['node'] } },
    build: {
      ssr: fileURLToPath(new URL('./worker-entry.ts', import.meta.url)),
      outDir: `${root}.vite`,
      emptyOutDir: false,
      write: true,
      minify: false,
      sourcemap: false,
      rollupOptions: { output: { format: 'esm', entryFileNames: name, codeSplitting: false } },
    },
  });
  const script = `${root}.vite/${name}`;
  return { script, remove: () => rmSync(script, { force: true }) };
}
