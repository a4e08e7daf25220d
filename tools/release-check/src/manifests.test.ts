/**
 * Workspace manifests agree: one `engines.node` range in the root and every package, and every
 * published package declares the licence, files and scripts a release relies on; and nothing in
 * them makes a clean `pnpm install` print a warning.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

interface Manifest {
  name: string;
  private?: boolean;
  engines?: { node?: string };
  scripts?: Record<string, string>;
  files?: string[];
  bin?: string | Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const read = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
const workspaces = ['packages', 'apps', 'tools']
  .flatMap((group) => readdirSync(join(root, group), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(root, group, e.name)))
  .concat(join(root, 'docs'))
  .filter((dir) => existsSync(join(dir, 'package.json')));

/**
 * The dependencies `manifests` declare on a workspace package whose `bin` target is not a
 * committed file (so, in a fresh clone, not there until that package is built), as
 * "dependant -> dependency (bin target)". pnpm links a dependency's bins at install time, before any
 * build, and prints "WARN Failed to create bin … ENOENT" for each such target.
 */
function dependenciesOnBuiltBins(manifests: readonly { dir: string; manifest: Manifest }[], committed: (path: string) => boolean): string[] {
  const byName = new Map(manifests.map((m) => [m.manifest.name, m]));
  const found: string[] = [];
  for (const { manifest } of manifests) {
    const declared = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies };
    for (const [name, range] of Object.entries(declared)) {
      const target = byName.get(name);
      if (target === undefined || !range.startsWith('workspace:')) continue;
      const { bin } = target.manifest;
      const paths = bin === undefined ? [] : typeof bin === 'string' ? [bin] : Object.values(bin);
      for (const path of paths.map((p) => join(target.dir, p))) {
        if (!committed(path)) found.push(`${manifest.name} -> ${name} (${relative(root, path)})`);
      }
    }
  }
  return found;
}

const committedInGit = (path: string): boolean =>
  execFileSync('git', ['ls-files', '--', relative(root, path)], { cwd: root, encoding: 'utf8' }).trim() !== '';

describe('a clean install prints no warnings', () => {
  it('no workspace package depends on a workspace package whose bin is built (pnpm: "Failed to create bin")', () => {
    const manifests = [root, ...workspaces].map((dir) => ({ dir, manifest: read(dir) }));
    // the CLI's bin is built (dist/), so tools reach the CLI by path and order after its build in turbo.json
    expect(manifests.some(({ manifest }) => manifest.name === '@dpbounds/cli' && manifest.bin !== undefined)).toBe(true);
    expect(dependenciesOnBuiltBins(manifests, committedInGit)).toEqual([]);
  });

  it('the check finds such a dependency (the docs-check regression) and accepts a committed bin', () => {
    const cli = { dir: join(root, 'apps', 'cli'), manifest: { name: '@dpbounds/cli', bin: { dpbounds: './dist/bin.js' } } };
    const tool = { dir: join(root, 'tools', 'docs-check'), manifest: { name: '@dpbounds/docs-check', devDependencies: { '@dpbounds/cli': 'workspace:*' } } };
    expect(dependenciesOnBuiltBins([cli, tool], committedInGit)).toEqual(['@dpbounds/docs-check -> @dpbounds/cli (apps/cli/dist/bin.js)']);
    const script = { dir: root, manifest: { name: 'scripted', bin: './scripts/dpbounds.mjs' } };
    const user = { dir: root, manifest: { name: 'user', dependencies: { scripted: 'workspace:^' } } };
    expect(dependenciesOnBuiltBins([script, user], committedInGit)).toEqual([]);
  });
});

describe('workspace manifests', () => {
  it('every package declares the root engines range', () => {
    const range = read(root).engines?.node;
    expect(range).toBe('^20.19.0 || >=22.12.0');
    expect(workspaces.filter((dir) => read(dir).engines?.node !== range).map((dir) => read(dir).name)).toEqual([]);
  });

  it('every published package builds from an empty dist/ and ships its LICENSE', () => {
    const published = workspaces.filter((dir) => read(dir).private !== true);
    expect(published.length).toBe(7);
    for (const dir of published) {
      const manifest = read(dir);
      expect(manifest.scripts?.build, manifest.name).toMatch(/^node \.\.\/\.\.\/scripts\/clean-dist\.mjs && tsc -p tsconfig\.build\.json/);
      expect(existsSync(join(dir, 'LICENSE')), manifest.name).toBe(true);
    }
  });

  it('a build that skips type checking (--noCheck) is checked by the package\'s typecheck, over its sources, with declarations independent of the checker', () => {
    const base = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')) as { compilerOptions?: { isolatedDeclarations?: boolean } };
    expect(base.compilerOptions?.isolatedDeclarations).toBe(true);
    const noCheck = workspaces.filter((dir) => /tsc [^&]*--noCheck/.test(read(dir).scripts?.build ?? ''));
    expect(noCheck.length).toBe(7);
    for (const dir of noCheck) {
      const manifest = read(dir);
      expect(manifest.scripts?.['typecheck:package'], manifest.name).toBe('tsc -p tsconfig.json --noEmit');
      const config = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')) as { include?: string[] };
      expect(config.include, manifest.name).toContain('src');
    }
  });

  it('one typecheck task checks every workspace with a tsconfig.json (scripts/typecheck-all.mjs: one tsc -b), after the builds it reads', () => {
    const withConfig = [...workspaces, join(root, 'integrations', 'python')].filter((dir) => existsSync(join(dir, 'tsconfig.json')));
    const listed = execFileSync(process.execPath, [join(root, 'scripts', 'typecheck-all.mjs'), '--list'], { cwd: root, encoding: 'utf8' }).trim().split('\n');
    expect(listed.sort()).toEqual(withConfig.map((dir) => relative(root, join(dir, 'tsconfig.json'))).sort());
    // the turbo task is the typecheck workspace's; no other workspace has a `typecheck` task of its own
    const typecheck = read(join(root, 'tools', 'typecheck'));
    expect(typecheck.scripts?.typecheck).toBe('node ../../scripts/typecheck-all.mjs');
    for (const dir of workspaces.filter((d) => !d.endsWith(join('tools', 'typecheck')))) expect(read(dir).scripts?.typecheck, dir).toBeUndefined();
    // ordered after the builds of the libraries the workspaces import (their dist/*.d.ts)
    expect(Object.keys(typecheck.devDependencies ?? {}).sort()).toEqual(['@dpbounds/accountants', '@dpbounds/attacks', '@dpbounds/audit-one-run', '@dpbounds/sgd-instrumentation', '@dpbounds/special-functions', '@dpbounds/tradeoff-core']);
  });

  it('no .npmrc carries pnpm-only settings (npm reads it too and warns)', () => {
    for (const dir of [root, ...workspaces]) {
      const npmrc = join(dir, '.npmrc');
      if (existsSync(npmrc)) expect(readFileSync(npmrc, 'utf8')).not.toMatch(/^\s*(link-workspace-packages|auto-install-peers|shamefully-hoist|strict-peer-dependencies)\s*=/m);
    }
  });
});
