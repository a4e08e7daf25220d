// Bundles the `dpbounds` executable (dist/bin.js) so that start-up loads a few files instead of
// the ~150 modules of the analysis packages (dp alone): each command becomes its own chunk (loaded only
// when it runs), and the packages' code (from their TypeScript sources) is inlined and
// tree-shaken per command, one copy of each module for the whole bundle (so the typed error
// classes stay one class). The one module that finds a file next to itself,
// sgd-instrumentation's bundled Adult data, is pointed at the installed package instead.
// Runs after `tsc`, which still writes the library entry (dist/index.js) and the declarations.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

//   node scripts/bundle-bin.mjs [--out-dir dist]
// The output directory must sit directly in apps/cli: the bundle finds ../package.json (its version).
const root = fileURLToPath(new URL('..', import.meta.url));
const at = process.argv.indexOf('--out-dir');
const outDir = at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : 'dist';
const dist = join(root, outDir);
mkdirSync(dist, { recursive: true });
// A rebuild leaves no chunk of the previous one behind, nor tsc's map of the unbundled bin.js.
for (const name of readdirSync(dist)) if (/^bin-.*\.js$|^bin\.js\.map$/.test(name)) rmSync(join(dist, name));
const conditions = ['@dpbounds/source', 'node', 'import', 'module', 'default'];

const external = (id) => /^node:/.test(id);

/** `new URL('../../data/…', import.meta.url)` in sgd-instrumentation's Node entry, resolved against the installed package instead of the bundle. */
const packageData = {
  name: 'dpbounds-package-data',
  enforce: 'pre',
  transform(code, id) {
    if (!/sgd-instrumentation[\\/]src[\\/]node[\\/]read-data\.ts$/.test(id)) return null;
    const pattern = /new URL\('\.\.\/\.\.\/(data\/[^']+)', import\.meta\.url\)/g;
    if (!pattern.test(code)) throw new Error(`${id}: the bundled-data URL moved; update scripts/bundle-bin.mjs`);
    return code.replace(pattern, (_, path) => `new URL('${path}', import.meta.resolve('@dpbounds/sgd-instrumentation/package.json'))`);
  },
};

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [packageData],
  resolve: { conditions },
  ssr: { noExternal: true, resolve: { conditions, externalConditions: ['node'] } },
  build: {
    // the executable, and the sweep's worker-thread script (found next to the chunks at run time)
    ssr: true,
    outDir: dist,
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      external,
      input: { bin: 'src/bin.ts', 'sweep-worker': 'src/sweep/sweep-worker.ts' },
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'bin-[name]-[hash].js',
        // The packages' code shared by several commands goes into one chunk: one file to open
        // instead of twenty, and V8 only pre-parses the functions a command does not call.
        codeSplitting: { groups: [{ name: 'packages', test: /[\\/]packages[\\/]/ }] },
      },
    },
  },
});
