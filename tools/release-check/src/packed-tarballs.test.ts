/**
 * Release readiness: `pnpm pack` every published package, install all tarballs into a
 * fresh consumer project outside the workspace with npm, and import each one in plain Node,
 * checking that its named exports are exactly those of the built package and that the
 * `dpbounds` binary runs. Workspace dependencies are rewritten by pnpm pack to versions, which
 * the consumer satisfies from the tarballs themselves (overrides), never from the registry.
 * First, a stale file is planted in the dist/ of a copy of one package and the copy rebuilt with
 * the package's own build script: the build must start from an empty dist/. Then every tarball's files must
 * each come from a source file (nothing stale), carry no source map that points outside the
 * tarball, and include the licence texts; every package loads with require() as well as import.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const published = ['special-functions', 'tradeoff-core', 'accountants', 'attacks', 'audit-one-run', 'sgd-instrumentation'].map(
  (name) => ({ name: `@dpbounds/${name}`, dir: join(root, 'packages', name) }),
);
const cli = { name: '@dpbounds/cli', dir: join(root, 'apps', 'cli') };
const all = [...published, cli];

let work = '';
let consumer = '';
/** Whether the planted stale file survived the rebuild, and whether the build produced output (set in beforeAll). */
let cleanBuild: { staleSurvived: boolean; built: boolean } | undefined;

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesBelow(path).map((f) => join(entry.name, f)) : [entry.name];
  });
}

function pnpm(args: string[], cwd: string): string {
  return execFileSync('pnpm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

beforeAll(() => {
  // A deleted source file's output must not survive a build: plant one in a copy of a package
  // (same layout, so its build script runs unchanged; a copy, since other tasks read the real
  // dist/ meanwhile), run the package's build script there, look.
  const copyRoot = mkdtempSync(join(tmpdir(), 'dpbounds-clean-build-'));
  try {
    const source = join(root, 'packages', 'special-functions');
    const copy = join(copyRoot, 'packages', 'special-functions');
    for (const entry of ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json']) cpSync(join(source, entry), join(copy, entry), { recursive: true });
    cpSync(join(root, 'scripts'), join(copyRoot, 'scripts'), { recursive: true });
    cpSync(join(root, 'tsconfig.base.json'), join(copyRoot, 'tsconfig.base.json'));
    mkdirSync(join(copy, 'dist'));
    writeFileSync(join(copy, 'dist', 'deleted-source-file.js'), 'export const stale = true;\n');
    const { scripts } = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as { scripts: { build: string } };
    execFileSync('sh', ['-c', scripts.build], {
      cwd: copy,
      stdio: 'pipe',
      env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}` },
    });
    cleanBuild = { staleSurvived: existsSync(join(copy, 'dist', 'deleted-source-file.js')), built: existsSync(join(copy, 'dist', 'index.js')) };
  } finally {
    rmSync(copyRoot, { recursive: true, force: true });
  }
  work = mkdtempSync(join(tmpdir(), 'dpbounds-pack-'));
  const tarballs = join(work, 'tarballs');
  for (const pkg of all) pnpm(['pack', '--pack-destination', tarballs], pkg.dir);
  const files = readdirSync(tarballs);
  const tarballOf = (name: string): string => {
    const prefix = `${name.replace('@', '').replace('/', '-')}-`;
    const file = files.find((f) => f.startsWith(prefix) && /^\d/.test(f.slice(prefix.length)));
    if (file === undefined) throw new Error(`no tarball for ${name} in ${files.join(', ')}`);
    return `file:${join(tarballs, file)}`;
  };
  consumer = join(work, 'consumer');
  execFileSync('mkdir', ['-p', consumer]);
  const deps = Object.fromEntries(all.map((pkg) => [pkg.name, tarballOf(pkg.name)]));
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: deps, overrides: deps }, null, 2),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: consumer, stdio: 'pipe' });
});

afterAll(() => {
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

const rootLicense = readFileSync(join(root, 'LICENSE'), 'utf8');
const rootEngines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

describe('packed tarballs', () => {
  it('a package build starts from an empty dist/: a planted stale file is gone after the build', () => {
    expect(cleanBuild).toEqual({ staleSurvived: false, built: true });
  });

  it.each(all)('$name: every shipped dist file comes from a source file of the package', (pkg) => {
    const installed = join(consumer, 'node_modules', pkg.name);
    const orphans = filesBelow(join(installed, 'dist')).filter((file) => {
      // the CLI's executable is bundled (apps/cli/scripts/bundle-bin.mjs): its bin-*.js chunks come
      // from apps/cli/src/bin.ts, and the sweep's bundled worker (dist/sweep-worker.js) from
      // apps/cli/src/sweep/sweep-worker.ts
      const base = file.replace(/(\.d)?\.(js|ts|mjs|cjs|mts|cts)(\.map)?$/, '');
      const stem = pkg !== cli ? base : /^bin-[\w-]+$/.test(base) ? 'bin' : base === 'sweep-worker' ? 'sweep/sweep-worker' : base;
      return !['.ts', '.mts', '.cts', '.tsx'].some((ext) => existsSync(join(pkg.dir, 'src', `${stem}${ext}`)));
    });
    expect(orphans).toEqual([]);
  });

  it.each(all)('$name: no source map or sourceMappingURL points at a file missing from the tarball', (pkg) => {
    const installed = join(consumer, 'node_modules', pkg.name);
    const problems: string[] = [];
    for (const file of filesBelow(installed)) {
      const path = join(installed, file);
      if (file.endsWith('.map')) {
        const map = JSON.parse(readFileSync(path, 'utf8')) as { sources?: string[]; sourceRoot?: string; sourcesContent?: (string | null)[] };
        (map.sources ?? []).forEach((source, i) => {
          const target = join(dirname(path), map.sourceRoot ?? '', source);
          const inside = !relative(installed, target).startsWith('..');
          if (!(inside && existsSync(target)) && typeof map.sourcesContent?.[i] !== 'string') problems.push(`${file} -> ${source}`);
        });
      } else if (/\.(js|mjs|cjs|ts)$/.test(file) && statSync(path).size > 0) {
        for (const [, url] of readFileSync(path, 'utf8').matchAll(/[#@] sourceMappingURL=(\S+)/g)) {
          if (url !== undefined && !url.startsWith('data:') && !existsSync(join(dirname(path), url))) problems.push(`${file} -> ${url}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(all)('$name ships the MIT LICENSE, declares the root engines range and publishes with provenance', (pkg) => {
    const installed = join(consumer, 'node_modules', pkg.name);
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toBe(rootLicense);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { engines: { node: string }; license: string; publishConfig?: { provenance?: boolean } };
    expect(manifest.engines.node).toBe(rootEngines);
    expect(manifest.publishConfig?.provenance).toBe(true);
    expect(manifest.license).toBe(pkg.name === '@dpbounds/sgd-instrumentation' ? 'MIT AND CC-BY-4.0' : 'MIT');
  });

  it('@dpbounds/sgd-instrumentation ships a NOTICE naming the Adult data, its source and its CC BY 4.0 licence', () => {
    const notice = readFileSync(join(consumer, 'node_modules', '@dpbounds/sgd-instrumentation', 'NOTICE'), 'utf8');
    for (const needle of ['data/adult.csv.gz', '10.24432/C5XW20', 'CC BY 4.0', 'Changes:']) expect(notice).toContain(needle);
  });

  it.each(published)('$name loads with require() from CommonJS, with the same named exports as import', (pkg) => {
    const script = `const m = require(${JSON.stringify(pkg.name)}); console.log(JSON.stringify(Object.keys(m).filter((k) => k !== '__esModule' && k !== 'module.exports').sort()));`;
    const required = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: consumer, encoding: 'utf8' })) as string[];
    const importScript = `const m = await import(${JSON.stringify(pkg.name)}); console.log(JSON.stringify(Object.keys(m).sort()));`;
    const imported = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', importScript], { cwd: consumer, encoding: 'utf8' })) as string[];
    expect(required).toEqual(imported);
  });

  it.each(published)('$name ships only its declared files (no sources) and imports in Node with the named exports of every entry point', async (pkg) => {
    const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules', pkg.name, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
      dependencies?: Record<string, string>;
      files: string[];
    };
    expect(JSON.stringify(manifest.exports)).not.toContain('@dpbounds/source');
    for (const range of Object.values(manifest.dependencies ?? {})) expect(range).not.toMatch(/^workspace:/);
    const shipped = readdirSync(join(consumer, 'node_modules', pkg.name)).sort();
    const declared = manifest.files.filter((f) => !f.startsWith('!')).map((f) => f.split('/')[0] as string);
    expect(shipped.filter((f) => ![...declared, 'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'].includes(f))).toEqual([]);
    expect(shipped).not.toContain('src');
    // Every public entry point (the root and its subpaths, e.g. `/advanced`, `/node`) imports from
    // the tarball with exactly the named exports of the built file it maps to.
    const entryPoints = Object.entries(manifest.exports).filter(([subpath]) => subpath !== './package.json');
    expect(entryPoints.map(([subpath]) => subpath)).toContain('./advanced');
    for (const [subpath, target] of entryPoints) {
      const specifier = `${pkg.name}${subpath.slice(1)}`;
      const script = `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m).sort()));`;
      const packedExports = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer, encoding: 'utf8' })) as string[];
      const file = (target as { default: string }).default;
      const built = (await import(join(pkg.dir, file))) as Record<string, unknown>;
      expect(packedExports, specifier).toEqual(Object.keys(built).sort());
      expect(packedExports.length, specifier).toBeGreaterThan(0);
    }
  });

  it('@dpbounds/sgd-instrumentation/node loads the bundled Adult data from the tarball', () => {
    const script = `const { loadBundledAdult } = await import('@dpbounds/sgd-instrumentation/node');
      const data = loadBundledAdult();
      console.log(JSON.stringify({ features: data.train.featureCount, rows: data.train.size + data.test.size }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer, encoding: 'utf8' });
    const parsed = JSON.parse(out) as { features: number; rows: number };
    expect(parsed.features).toBe(108);
    expect(parsed.rows).toBe(32561);
  });

  it('installs a working dpbounds binary', () => {
    const out = execFileSync(join(consumer, 'node_modules', '.bin', 'dpbounds'), ['--version'], { encoding: 'utf8' });
    const version = (JSON.parse(readFileSync(join(cli.dir, 'package.json'), 'utf8')) as { version: string }).version;
    expect(out.trim()).toBe(version);
  });

  it('@dpbounds/cli ships its code once: its JavaScript is the bundle (bin.js, index.js, sweep-worker.js, bin-*.js chunks), and the library entry runs from it', () => {
    const installed = join(consumer, 'node_modules', cli.name);
    const scripts = filesBelow(join(installed, 'dist')).filter((file) => /\.(js|mjs|cjs)$/.test(file));
    expect(scripts.filter((file) => !/^(bin|index|sweep-worker|bin-[\w-]+)\.js$/.test(file))).toEqual([]);
    const script = `import { runCli } from '@dpbounds/cli';
      let out = '';
      const code = await runCli(['dp', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5', '--accountant', 'rdp', '--json'], { stdout: (t) => { out += t; }, stderr: () => undefined, stderrIsTTY: false, cwd: process.cwd() });
      console.log(JSON.stringify({ code, accountant: JSON.parse(out).accountant }));`;
    const result = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer, encoding: 'utf8' })) as { code: number; accountant: string };
    expect(result).toEqual({ code: 0, accountant: 'rdp' });
  });
});
