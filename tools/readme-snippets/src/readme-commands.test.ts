/**
 * The README command lines run as pasted: every `dpbounds …` line of a ```sh block in the root
 * README and the package READMEs runs with the built CLI (apps/cli/dist/bin.js) and exits 0,
 * and the root's `./dpbounds` launcher runs the built CLI without printing anything of its own.
 * Lines read their input files from a scratch directory holding what the READMEs say they are.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeBlocks } from './markdown-blocks.js';
import { dpboundsCommandLines, type CommandLine } from './readme-command-lines.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const bin = join(root, 'apps', 'cli', 'dist', 'bin.js');

function readmes(): string[] {
  const nested = ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, group, entry.name, 'README.md')),
  );
  return [join(root, 'README.md'), ...nested].filter((path) => existsSync(path));
}

const commands: CommandLine[] = readmes().flatMap((path) => dpboundsCommandLines(codeBlocks(readFileSync(path, 'utf8'), relative(root, path))));

/** scores.csv as packages/attacks/README.md describes it: id,loss,member; members have lower loss. */
function scoresCsv(): string {
  let state = 12345;
  const uniform = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state + 0.5) / 2 ** 32;
  };
  const rows = ['id,loss,member'];
  for (let i = 0; i < 400; i++) {
    const member = i % 2;
    rows.push(`${i},${(uniform() * 2 + (member === 1 ? 0 : 0.5)).toFixed(6)},${member}`);
  }
  return `${rows.join('\n')}\n`;
}

let cwd = '';
beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'dpbounds-readme-commands-'));
  writeFileSync(join(cwd, 'scores.csv'), scoresCsv());
  // run.json as the root README describes it: a run file (docs/run-file.md) of an Opacus run
  writeFileSync(join(cwd, 'run.json'), `${JSON.stringify({ format: 'dpbounds.run', version: 1, samplingRate: 1 / 103, noiseMultiplier: 1, steps: 309, delta: 1e-5 })}\n`);
});
afterAll(() => {
  if (cwd !== '') rmSync(cwd, { recursive: true, force: true });
});

describe('README command lines', () => {
  it('the root README shows at least three copy-pasteable ./dpbounds examples', () => {
    expect(commands.filter((c) => c.where.startsWith('README.md:') && c.text.startsWith('./dpbounds ')).length).toBeGreaterThanOrEqual(3);
  });

  it.each(commands.map((c) => [c.where, c.text, c] as const))('%s: %s exits 0', (_where, _text, command) => {
    const run = spawnSync(process.execPath, [bin, ...command.args], { cwd, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr === '' || run.status === 0 ? '' : run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).not.toBe('');
  });

  it('./dpbounds at the repository root runs the built CLI: one line on stderr at most when it has to build, nothing once built', () => {
    const launcher = join(root, 'dpbounds');
    const version = (JSON.parse(readFileSync(join(root, 'apps', 'cli', 'package.json'), 'utf8')) as { version: string }).version;
    const first = spawnSync(launcher, ['--version'], { cwd, encoding: 'utf8', timeout: 600_000 });
    expect(first.stderr.split('\n').filter((line) => line !== '')).toEqual(
      first.stderr === '' ? [] : ['dpbounds: building the command line from the sources (first run, or sources changed)...'],
    );
    expect(first.stdout.trim()).toBe(version);
    const second = spawnSync(launcher, ['--version'], { cwd, encoding: 'utf8', timeout: 120_000 });
    expect(second.stderr).toBe('');
    expect(second.stdout.trim()).toBe(version);
    expect(second.status).toBe(0);
  }, 600_000);
});
