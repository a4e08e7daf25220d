#!/usr/bin/env node
// `pnpm release`: publish the packages, only after everything a user relies on is checked.
//  1. Preflight: no pending changesets (run `pnpm version-packages` and commit first), no
//     published package still at 0.0.0, and a clean git work tree (what is published is a commit).
//  2. The whole test command with turbo's cache off: typecheck, lint (publint, attw), every test,
//     the documentation examples and tools/release-check (packs, installs and imports every
//     tarball).
//  3. `changeset publish` with npm provenance on (NPM_CONFIG_PROVENANCE=true, besides each
//     package's publishConfig.provenance): npm signs a statement linking each tarball to the
//     commit and CI workflow that built it. That needs a CI provider npm supports; before the
//     tests, the script refuses to start where npm could not sign (outside GitHub Actions or
//     GitLab CI, or a GitHub workflow without `permissions: id-token: write`).
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

/** Why npm cannot attach provenance in this environment, or undefined when it can. */
function provenanceProblem(env) {
  if (env.GITHUB_ACTIONS === 'true') {
    return env.ACTIONS_ID_TOKEN_REQUEST_URL ? undefined : 'npm provenance needs an OIDC token: give the workflow `permissions: id-token: write` (see CONTRIBUTING.md, "Changesets and releases")';
  }
  if (env.GITLAB_CI === 'true') {
    return env.SIGSTORE_ID_TOKEN ? undefined : 'npm provenance needs an OIDC token: declare `id_tokens: SIGSTORE_ID_TOKEN: { aud: sigstore }` in the GitLab job';
  }
  return 'npm provenance is signed only in GitHub Actions or GitLab CI: publish from CI (see CONTRIBUTING.md, "Changesets and releases")';
}

const provenance = provenanceProblem(process.env);
if (provenance !== undefined) {
  console.error(`release: ${provenance}; nothing was run or published`);
  process.exit(1);
}

run('pnpm', ['run', 'test'], { TURBO_FORCE: '1', TURBO_TELEMETRY_DISABLED: '1' });
run('changeset', ['publish'], { NPM_CONFIG_PROVENANCE: 'true' });
