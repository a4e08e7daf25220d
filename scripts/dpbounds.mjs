#!/usr/bin/env node
// `pnpm dpbounds <args>`: builds the CLI and what it depends on (quietly, via turbo's cache),
// then runs it. Build output goes to stderr so `--json` output on stdout stays clean.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const turbo = process.platform === 'win32' ? 'turbo.cmd' : 'turbo';
const build = spawnSync(turbo, ['run', 'build', '--filter=@dpbounds/cli...', '--output-logs=errors-only', '--log-prefix=none'], {
  cwd: root,
  stdio: ['ignore', process.stderr, process.stderr],
  env: { ...process.env, PATH: `${root}node_modules/.bin:${process.env.PATH ?? ''}` },
});
if (build.status !== 0) {
  console.error('dpbounds: building the CLI failed (see above)');
  process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, [`${root}apps/cli/dist/bin.js`, ...process.argv.slice(2)], { stdio: 'inherit', cwd: process.env.INIT_CWD ?? process.cwd() });
process.exit(run.status ?? 1);
