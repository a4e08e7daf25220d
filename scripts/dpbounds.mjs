#!/usr/bin/env node
// Runs the dpbounds command line from a checkout: `./dpbounds <args>` or `pnpm -s dpbounds <args>`.
// It builds the CLI and the workspace packages it imports only when their build output is
// missing or older than their sources, quietly (one line on stderr; turbo's own output only if
// the build fails), then runs apps/cli/dist/bin.js in this process. stdout carries only the
// command's output, so `--json` stays one JSON document.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'apps', 'cli', 'dist', 'bin.js');

/** Workspace package directories by name (packages/* and apps/*). */
function workspacePackages() {
  const dirs = new Map();
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      const manifest = join(root, group, entry.name, 'package.json');
      if (entry.isDirectory() && existsSync(manifest)) dirs.set(JSON.parse(readFileSync(manifest, 'utf8')).name, join(root, group, entry.name));
    }
  }
  return dirs;
}

/** The CLI's directory and those of every workspace package it depends on, transitively. */
function buildClosure() {
  const dirs = workspacePackages();
  const seen = new Set();
  const queue = ['@dpbounds/cli'];
  while (queue.length > 0) {
    const name = queue.pop();
    const dir = dirs.get(name);
    if (dir === undefined || seen.has(dir)) continue;
    seen.add(dir);
    const { dependencies = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    for (const [dep, range] of Object.entries(dependencies)) if (String(range).startsWith('workspace:')) queue.push(dep);
  }
  return [...seen];
}

function newestMtime(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * Written after each successful build by this script. Staleness is judged against it, not
 * against dist/ itself: turbo restores an unchanged package from its cache without rewriting
 * dist/, so a touched-but-unchanged source would otherwise look stale forever.
 */
const stamp = join(root, 'node_modules', '.cache', 'dpbounds-launcher', 'built');

/** True when a package's build output is missing or its sources or build config changed since the last build here. */
function isStale() {
  if (!existsSync(bin) || !existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  if (statSync(join(root, 'tsconfig.base.json')).mtimeMs > builtAt) return true;
  for (const dir of buildClosure()) {
    if (!existsSync(join(dir, 'dist', 'index.js'))) return true;
    const inputs = ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'].map((f) => join(dir, f)).filter((f) => existsSync(f));
    if (inputs.some((input) => newestMtime(input) > builtAt)) return true;
  }
  return false;
}

if (isStale()) {
  process.stderr.write('dpbounds: building the command line from the sources (first run, or sources changed)...\n');
  const startedAt = new Date(); // a source saved during the build must count as newer than it
  const turbo = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo');
  const build = spawnSync(turbo, ['run', 'build', '--filter=@dpbounds/cli...', '--output-logs=errors-only', '--log-prefix=none'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
    // turbo runs each package's build through pnpm, which is a dev dependency: put it on PATH.
    env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}${build.error?.message ?? ''}\n`);
    process.stderr.write('dpbounds: building the command line failed (see above); did `npx -y pnpm@10.34.8 install` run?\n');
    process.exit(build.status ?? 1);
  }
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${startedAt.toISOString()}\n`);
  utimesSync(stamp, startedAt, startedAt);
}

// `pnpm dpbounds` runs scripts from the workspace root; the user's directory is INIT_CWD.
if (process.env.npm_lifecycle_event === 'dpbounds' && process.env.INIT_CWD !== undefined) process.chdir(process.env.INIT_CWD);
await import(pathToFileURL(bin).href);
