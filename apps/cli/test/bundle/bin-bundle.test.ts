/**
 * The bundled executable (scripts/bundle-bin.mjs, what `dist/bin.js` is after a build) behaves as
 * the in-process CLI: same version, same JSON, the bundled Adult data found from a chunk, and a
 * typed error thrown inside a package still maps to the user's flag (one copy of each error class).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCaptured } from '../../src/test-helpers/capture-io.js';

const cliRoot = fileURLToPath(new URL('../..', import.meta.url));
const outDir = `.bin-bundle-test-${process.pid}`;
const bin = join(cliRoot, outDir, 'bin.js');
const run = (argv: readonly string[], cwd = cliRoot): { code: number | null; stdout: string; stderr: string } => {
  const out = spawnSync(process.execPath, [bin, ...argv], { cwd, encoding: 'utf8' });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
};

describe('the bundled dpbounds executable', () => {
  it('ends quietly when the reader of its output goes away, and says in one line when the output cannot be written', async () => {
    // a closed pipe (`dpbounds sweep … --json | head -c 20`): no stack trace, no message
    const child = spawn(process.execPath, [bin, 'sweep', '--sampling-rate', '0.01,0.02,0.03', '--noise-multiplier', '1:5:0.01', '--steps', '50', '--delta', '1e-5', '--accountant', 'rdp', '--workers', '1', '--json'], { cwd: cliRoot });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // a full device: one line on stderr, exit code 1
    const device = openSync('/dev/full', 'w');
    const full = spawnSync(process.execPath, [bin, 'dp', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100', '--delta', '1e-5', '--json'], { cwd: cliRoot, encoding: 'utf8', stdio: ['ignore', device, 'pipe'] });
    closeSync(device);
    expect(full.stderr).toMatch(/^dpbounds: cannot write the output: no space left on the device \(ENOSPC\)\n$/);
    expect(full.status).toBe(1);
  });

  it("reads standard input for a file flag given '-': piped, or redirected from a file, the same JSON as the file itself", () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-bin-dash-'));
    try {
      const scores = `score,member\n${Array.from({ length: 60 }, (_, i) => `${((i * 37) % 100) / 100 + (i % 2 === 0 ? 0.4 : 0)},${i % 2 === 0 ? 1 : 0}`).join('\n')}\n`;
      writeFileSync(join(dir, 'scores.csv'), scores);
      const fromFile = run(['audit', '--scores', 'scores.csv', '--json'], dir);
      expect(fromFile.stderr).toBe('');
      expect(fromFile.code).toBe(0);
      // a temporary directory of its own, to see the spooled copy of standard input go
      const env = { ...process.env, TMPDIR: join(dir, 'tmp') };
      mkdirSync(env.TMPDIR);
      const piped = spawnSync(process.execPath, [bin, 'audit', '--scores', '-', '--json'], { cwd: dir, env, encoding: 'utf8', input: gzipSync(scores) });
      expect(piped.stderr).toBe('');
      expect(piped.status).toBe(0);
      expect(piped.stdout).toBe(fromFile.stdout);
      const input = openSync(join(dir, 'scores.csv'), 'r');
      const redirected = spawnSync(process.execPath, [bin, 'audit', '--scores', '-', '--json'], { cwd: dir, env, encoding: 'utf8', stdio: [input, 'pipe', 'pipe'] });
      closeSync(input);
      expect(redirected.stderr).toBe('');
      expect(redirected.stdout).toBe(fromFile.stdout);
      // the spooled copy is removed when the command ends
      expect(readdirSync(env.TMPDIR)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  beforeAll(() => {
    execFileSync(process.execPath, [join(cliRoot, 'scripts', 'bundle-bin.mjs'), '--out-dir', outDir], { cwd: cliRoot, stdio: 'pipe' });
  }, 120_000);
  afterAll(() => rmSync(join(cliRoot, outDir), { recursive: true, force: true }));

  it('loads each command as its own chunk, each package as one shared chunk; dp reads only the accounting packages', () => {
    const files = readdirSync(join(cliRoot, outDir));
    for (const command of ['dp', 'calibrate', 'bayes-security', 'train', 'demo']) expect(files.some((f) => f.startsWith(`bin-${command}-`))).toBe(true);
    const packages = ['special-functions', 'tradeoff-core', 'accountants', 'attacks', 'audit-one-run', 'sgd-instrumentation'];
    for (const name of packages) expect(files.filter((f) => new RegExp(`^bin-${name}-[\\w-]{8}\\.js$`).test(f)), name).toHaveLength(1);
    // the entry itself holds no package code: --help and --version load almost nothing
    expect(readFileSync(bin, 'utf8').length).toBeLessThan(60_000);
    // the chunks `dp` loads, followed through their static imports: no attacks, audits or trainer, no node:zlib
    const loaded = new Set<string>();
    const visit = (file: string): void => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const [, dep] of readFileSync(join(cliRoot, outDir, file), 'utf8').matchAll(/^import [^;]*? from "\.\/([^"]+)";$/gm)) if (dep !== undefined) visit(dep);
    };
    visit('bin.js');
    visit(files.find((f) => /^bin-dp-[\w-]{8}\.js$/.test(f)) ?? 'missing');
    const packagesLoaded = packages.filter((name) => [...loaded].some((f) => f.startsWith(`bin-${name}-`)));
    expect(packagesLoaded).toEqual(['special-functions', 'tradeoff-core', 'accountants']);
    const source = [...loaded].map((f) => readFileSync(join(cliRoot, outDir, f), 'utf8')).join('\n');
    // no static import of a Node builtin at all: an ES import of one builds a facade of all its
    // exports (node:fs's getters load its stream classes: 1.5–2 ms of CPU), so
    // --version has the version written in by the bundler rather than read from package.json
    expect(source).not.toMatch(/from "node:/);
    // escaped to ASCII (one-byte source strings) and without doc comments, still unminified
    expect(source).toMatch(/^[\x00-\x7f]*$/);
    expect(source).not.toMatch(/^\s*\/\*\*$/m);
  });

  it('prints the package version and the same JSON as the in-process CLI', async () => {
    const version = (JSON.parse(readFileSync(join(cliRoot, 'package.json'), 'utf8')) as { version: string }).version;
    expect(run(['--version']).stdout.trim()).toBe(version);
    const argv = ['dp', '--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '1000', '--delta', '1e-5', '--accountant', 'rdp', '--json'];
    const bundled = run(argv);
    expect(bundled.code).toBe(0);
    expect(JSON.parse(bundled.stdout)).toEqual(JSON.parse((await runCaptured(argv)).stdout));
  }, 60_000);

  it('runs a sweep on worker threads from the bundle (the worker script is found next to the chunks)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'dpbounds-bundle-sweep-')), 's.jsonl');
    const sweep = run(['sweep', '--sampling-rate', '0.004', '--noise-multiplier', '0.8:1.3:0.1', '--steps', '1000', '--delta', '1e-5', '--accountant', 'rdp', '--workers', '2', '--out', out, '--json']);
    expect(sweep.code).toBe(0);
    expect(JSON.parse(sweep.stdout)).toMatchObject({ workers: 2, evaluated: 6 });
  }, 60_000);

  it('finds the bundled Adult data and maps a package error to the flag, exit 2 with one line', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-bundle-'));
    const trained = run(['train', '--epochs', '0.01', '--instrument', 'none', '--out', 'run', '--json'], cwd);
    expect(trained.stderr).toBe('');
    expect(trained.code).toBe(0);
    expect(JSON.parse(trained.stdout).dataset).toBe('adult');
    const diverged = run(['train', '--epochs', '0.01', '--instrument', 'none', '--noise-multiplier', '1e308', '--out', 'run2'], cwd);
    expect(diverged.code).toBe(2);
    expect(diverged.stderr).toMatch(/^dpbounds train: --noise-multiplier[^\n]*\n$/);
  }, 120_000);
});
