#!/usr/bin/env node
// `pnpm release`: publish the packages, only after everything a user relies on is checked.
//  1. Preflight: no pending changesets (run `pnpm version-packages` and commit first), no
//     published package still at 0.0.0, and a clean git work tree (what is published is a commit).
//  2. The whole test command with turbo's cache off: typecheck, lint (publint, attw), every test,
//     the documentation examples and tools/release-check (packs, installs and imports every
//     tarball).
//  3. `changeset publish` (npm provenance comes from each package's publishConfig).
// `node scripts/release.mjs --preflight [--root DIR]` runs step 1 only (exit 1 with the reasons).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const rootFlag = args.indexOf('--root');
const root = rootFlag >= 0 && args[rootFlag + 1] !== undefined ? resolve(args[rootFlag + 1]) : fileURLToPath(new URL('..', import.meta.url));

/** Reasons not to publish from `root` now; empty when the tree is ready. */
function preflightProblems() {
  const problems = [];
  const pending = readdirSync(join(root, '.changeset')).filter((name) => name.endsWith('.md') && name !== 'README.md');
  if (pending.length > 0) problems.push(`${pending.length} pending changeset(s) (${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', …' : ''}): run \`pnpm version-packages\`, review the CHANGELOGs and commit first`);
  for (const group of ['packages', 'apps']) {
    if (!existsSync(join(root, group))) continue;
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      const path = join(root, group, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(path)) continue;
      const manifest = JSON.parse(readFileSync(path, 'utf8'));
      if (manifest.private !== true && manifest.version === '0.0.0') problems.push(`${manifest.name} is still at version 0.0.0`);
    }
  }
  if (!args.includes('--allow-dirty')) {
    try {
      const status = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });
      if (status.trim() !== '') problems.push('the git work tree has uncommitted changes: publish from a clean commit');
    } catch {
      problems.push(`${root} is not a git work tree`);
    }
  }
  return problems;
}

const problems = preflightProblems();
if (problems.length > 0) {
  for (const problem of problems) console.error(`release: ${problem}`);
  process.exit(1);
}
if (args.includes('--preflight')) {
  console.log('release: preflight passed');
  process.exit(0);
}

function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`release: \`${[command, ...commandArgs].join(' ')}\` failed; nothing was published`);
    process.exit(result.status ?? 1);
  }
}

run('pnpm', ['run', 'test'], { TURBO_FORCE: '1', TURBO_TELEMETRY_DISABLED: '1' });
run('changeset', ['publish']);
