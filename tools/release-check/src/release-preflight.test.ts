/**
 * `pnpm release` refuses to start unless the tree is ready: no pending changesets, no published
 * package at 0.0.0, a clean git work tree. Checked on scratch trees through the script's
 * `--preflight` mode. It publishes with npm provenance, and refuses to start where npm cannot
 * sign it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/release.mjs', import.meta.url));
const scratch: string[] = [];

function tree(options: { pending: boolean; version: string }): string {
  const dir = mkdtempSync(join(tmpdir(), 'dpbounds-release-preflight-'));
  scratch.push(dir);
  mkdirSync(join(dir, '.changeset'));
  writeFileSync(join(dir, '.changeset', 'README.md'), '# Changesets\n');
  if (options.pending) writeFileSync(join(dir, '.changeset', 'new-thing.md'), '---\n"@dpbounds/a": minor\n---\n\nAdds a thing.\n');
  for (const [name, manifest] of [
    ['a', { name: '@dpbounds/a', version: options.version }],
    ['site', { name: '@dpbounds/site', private: true, version: '0.0.0' }],
  ] as const) {
    mkdirSync(join(dir, 'packages', name), { recursive: true });
    writeFileSync(join(dir, 'packages', name, 'package.json'), JSON.stringify(manifest));
  }
  return dir;
}

function preflight(dir: string, ...extra: string[]): { status: number | null; stderr: string; stdout: string } {
  const run = spawnSync(process.execPath, [script, '--preflight', '--root', dir, ...extra], { encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('release preflight', () => {
  it('refuses pending changesets and unversioned packages, naming each', () => {
    const run = preflight(tree({ pending: true, version: '0.0.0' }), '--allow-dirty');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('1 pending changeset(s) (new-thing.md)');
    expect(run.stderr).toContain('@dpbounds/a is still at version 0.0.0');
    expect(run.stderr).not.toContain('@dpbounds/site');
  });

  it('passes a versioned tree with no pending changesets (private packages may stay at 0.0.0)', () => {
    const run = preflight(tree({ pending: false, version: '0.1.0' }), '--allow-dirty');
    expect(run).toEqual({ status: 0, stderr: '', stdout: 'release: preflight passed\n' });
  });

  it('refuses a dirty git work tree and passes the same tree once committed', () => {
    const dir = tree({ pending: false, version: '0.1.0' });
    const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    expect(preflight(dir).stderr).toContain('uncommitted changes');
    git('add', '-A');
    git('commit', '-q', '-m', 'release: version packages');
    expect(preflight(dir).status).toBe(0);
  });
});

describe('release publishes with npm provenance', () => {
  // A full run (no --preflight) on a ready scratch tree, with only these environment variables:
  // the provenance check comes before the tests, so these runs stop at once.
  const release = (env: Record<string, string>): { status: number | null; stderr: string } => {
    const run = spawnSync(process.execPath, [script, '--root', tree({ pending: false, version: '0.1.0' }), '--allow-dirty'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 30_000,
    });
    return { status: run.status, stderr: run.stderr };
  };

  it('turns provenance on for changeset publish', () => {
    expect(readFileSync(script, 'utf8')).toContain("run('changeset', ['publish'], { NPM_CONFIG_PROVENANCE: 'true' });");
  });

  it('refuses to start outside a CI provider that npm provenance supports', () => {
    const run = release({});
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('npm provenance is signed only in GitHub Actions or GitLab CI');
  });

  it('refuses a GitHub workflow without the id-token: write permission', () => {
    const run = release({ GITHUB_ACTIONS: 'true' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('permissions: id-token: write');
  });
});
