/**
 * Workspace manifests agree: one `engines.node` range in the root and every package, and every
 * published package declares the licence, files and scripts a release relies on.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

interface Manifest {
  name: string;
  private?: boolean;
  engines?: { node?: string };
  scripts?: Record<string, string>;
  files?: string[];
}

const read = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
const workspaces = ['packages', 'apps', 'tools']
  .flatMap((group) => readdirSync(join(root, group), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(root, group, e.name)))
  .concat(join(root, 'docs'))
  .filter((dir) => existsSync(join(dir, 'package.json')));

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

  it('no .npmrc carries pnpm-only settings (npm reads it too and warns)', () => {
    for (const dir of [root, ...workspaces]) {
      const npmrc = join(dir, '.npmrc');
      if (existsSync(npmrc)) expect(readFileSync(npmrc, 'utf8')).not.toMatch(/^\s*(link-workspace-packages|auto-install-peers|shamefully-hoist|strict-peer-dependencies)\s*=/m);
    }
  });
});
