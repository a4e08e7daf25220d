// Bundles the `dpbounds` executable (dist/bin.js) so that start-up loads a few files instead of
// the ~150 modules of the analysis packages (dp alone): each command becomes its own chunk (loaded only
// when it runs), and the packages' code (from their TypeScript sources) is inlined and
// tree-shaken per command, one copy of each module for the whole bundle (so the typed error
// classes stay one class). The one module that finds a file next to itself,
// sgd-instrumentation's bundled Adult data, is pointed at the installed package instead.
// Runs after `tsc`, which writes only the declarations: the library entry (dist/index.js, `runCli`)
// is an entry of the same bundle, so the package ships its code once.
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

//   node scripts/bundle-bin.mjs [--out-dir dist]
// The output directory may be anywhere under apps/cli (the version is written into the bundle).
const root = fileURLToPath(new URL('..', import.meta.url));
const at = process.argv.indexOf('--out-dir');
const outDir = at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : 'dist';
const dist = join(root, outDir);
mkdirSync(dist, { recursive: true });
// A rebuild leaves no chunk of the previous one behind, nor tsc's map of the unbundled bin.js.
for (const name of readdirSync(dist)) if (/^bin-.*\.js$|^bin\.js\.map$/.test(name)) rmSync(join(dist, name));
const conditions = ['@dpbounds/source', 'node', 'import', 'module', 'default'];

const external = (id) => /^node:/.test(id);
/** The workspace packages the executable bundles, one chunk each. */
const PACKAGES = ['special-functions', 'tradeoff-core', 'accountants', 'attacks', 'audit-one-run', 'sgd-instrumentation'];

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

/**
 * src/version.ts reads ../package.json when it is imported, through an ES import of node:fs: Node
 * builds that import's facade from every export of fs, lazy getters included (fs.ReadStream loads
 * internal/fs/streams): 1.5–2 ms of CPU in a fresh process, for every command, `--version`
 * included. The bundle has the version written in instead; a build runs after every version
 * bump (`changeset version`, then the release build), and scripts/dpbounds.mjs rebuilds when
 * package.json changes.
 */
const inlineVersion = {
  name: 'dpbounds-inline-version',
  enforce: 'pre',
  transform(code, id) {
    if (!/apps[\\/]cli[\\/]src[\\/]version\.ts$/.test(id)) return null;
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    if (typeof version !== 'string') throw new Error(`${join(root, 'package.json')}: no version string`);
    return `export const version = ${JSON.stringify(version)};\n`;
  },
};

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [packageData, inlineVersion],
  resolve: { conditions },
  ssr: { noExternal: true, resolve: { conditions, externalConditions: ['node'] } },
  build: {
    // the executable, the library entry, and the sweep's worker-thread script (found next to the chunks at run time)
    ssr: true,
    outDir: dist,
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      external,
      input: { bin: 'src/bin.ts', index: 'src/index.ts', 'sweep-worker': 'src/sweep/sweep-worker.ts' },
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'bin-[name]-[hash].js',
        // Each package's code goes into a chunk of its own (bin-<package>-<hash>.js): a few files
        // to open instead of a hundred modules, and a command reads only the packages it imports
        // (`dp`: special-functions, tradeoff-core and accountants, not the attacks, the audits or
        // the trainer; with one chunk for all packages it compiled 0.8 MB to run 0.58 MB).
        codeSplitting: { groups: PACKAGES.map((name) => ({ name, test: new RegExp(`[\\\\/]packages[\\\\/]${name}[\\\\/]`) })) },
        // Start-up reads and compiles every chunk a command imports: the doc comments (a third of
        // the packages' bytes; they stay in the packages' own dist/) are left out, and non-ASCII
        // characters are escaped so that V8 keeps the sources as one-byte strings (no UTF-8
        // decoding into two-byte strings). The code itself stays unminified.
        comments: { legal: true, annotation: true, jsdoc: false },
        charset: 'ascii',
      },
    },
  },
});
