import { existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { CommandIo } from '../command.js';
import { planOutputs } from './output-plan.js';

/** The directory calls planOutputs makes (counted, to check that creating a directory is bounded work). */
const fsCalls = vi.hoisted(() => ({ mkdir: [] as { path: string; recursive: boolean }[], lstat: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const counted = {
    ...actual,
    mkdir: ((path: string, options?: { recursive?: boolean }) => {
      fsCalls.mkdir.push({ path: String(path), recursive: options?.recursive === true });
      return actual.mkdir(path, options);
    }) as typeof actual.mkdir,
    lstat: ((...args: Parameters<typeof actual.lstat>) => {
      fsCalls.lstat++;
      return actual.lstat(...args);
    }) as typeof actual.lstat,
  };
  return { ...counted, default: counted };
});

function ioIn(cwd: string, confirm?: (q: string) => Promise<boolean>): CommandIo & { errors: string[] } {
  const errors: string[] = [];
  return { stdout: () => undefined, stderr: (t) => void errors.push(t), stderrIsTTY: false, cwd, errors, ...(confirm !== undefined ? { confirm } : {}) };
}
const fresh = (): string => mkdtempSync(join(tmpdir(), 'dpbounds-plan-'));
const listAll = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).sort();

describe('planOutputs: a directory set', () => {
  it('writes every file, creates sub-directories, and leaves no lock or temporary file', async () => {
    const cwd = fresh();
    const plan = await planOutputs(ioIn(cwd), { flag: 'out', force: false, directory: 'run', files: ['a.json', 'traces/b.csv'] });
    expect(plan.paths).toEqual(['run/a.json', 'run/traces/b.csv']);
    expect(existsSync(join(cwd, 'run/.dpbounds.lock'))).toBe(true);
    await plan.commit({ 'a.json': '{}\n', 'traces/b.csv': (function* () { yield 'x\n'; yield new TextEncoder().encode('1\n'); })() });
    expect(listAll(join(cwd, 'run'))).toEqual(['a.json', 'traces', 'traces/b.csv']);
    expect(readFileSync(join(cwd, 'run/traces/b.csv'), 'utf8')).toBe('x\n1\n');
  });

  it('refuses existing outputs before any work, unless forced or confirmed, and never truncates in place', async () => {
    const cwd = fresh();
    mkdirSync(join(cwd, 'run'));
    writeFileSync(join(cwd, 'run/a.json'), 'old');
    linkSync(join(cwd, 'run/a.json'), join(cwd, 'old-inode'));
    await expect(planOutputs(ioIn(cwd), { flag: 'out', force: false, directory: 'run', files: ['a.json', 'b.json'] })).rejects.toThrow('run/a.json already exists; pass --force to overwrite it');
    const asked: string[] = [];
    await expect(planOutputs(ioIn(cwd, async (q) => (asked.push(q), false)), { flag: 'out', force: false, directory: 'run', files: ['a.json'] })).rejects.toThrow('already exists');
    expect(asked).toEqual(['run/a.json exists. Overwrite it?']);
    expect(existsSync(join(cwd, 'run/.dpbounds.lock'))).toBe(false);
    const plan = await planOutputs(ioIn(cwd), { flag: 'out', force: true, directory: 'run', files: ['a.json'] });
    await plan.commit({ 'a.json': 'new' });
    expect(readFileSync(join(cwd, 'run/a.json'), 'utf8')).toBe('new');
    // The old file was replaced by rename, not rewritten: its inode still holds the old bytes.
    expect(readFileSync(join(cwd, 'old-inode'), 'utf8')).toBe('old');
  });

  it('removes planned files the run did not produce, so the directory holds one run', async () => {
    const cwd = fresh();
    mkdirSync(join(cwd, 'run'));
    writeFileSync(join(cwd, 'run/a.json'), 'old a');
    writeFileSync(join(cwd, 'run/per-instance.json'), 'old trace');
    writeFileSync(join(cwd, 'run/notes.txt'), 'mine');
    const plan = await planOutputs(ioIn(cwd), { flag: 'out', force: true, directory: 'run', files: ['a.json', 'per-instance.json'] });
    await plan.commit({ 'a.json': 'new a' });
    expect(listAll(join(cwd, 'run'))).toEqual(['a.json', 'notes.txt']);
  });

  it('never writes through a symbolic link, even with --force', async () => {
    const cwd = fresh();
    writeFileSync(join(cwd, 'precious'), 'keep');
    mkdirSync(join(cwd, 'run'));
    symlinkSync(join(cwd, 'precious'), join(cwd, 'run/a.json'));
    await expect(planOutputs(ioIn(cwd), { flag: 'out', force: true, directory: 'run', files: ['a.json'] })).rejects.toThrow('run/a.json: is a symbolic link; dpbounds never writes through links');
    symlinkSync(cwd, join(cwd, 'run/traces'));
    await expect(planOutputs(ioIn(cwd), { flag: 'out', force: true, directory: 'run', files: ['traces/b.csv'] })).rejects.toThrow('run/traces: is a symbolic link');
    expect(readFileSync(join(cwd, 'precious'), 'utf8')).toBe('keep');
    expect(lstatSync(join(cwd, 'run/a.json')).isSymbolicLink()).toBe(true);
  });

  it('refuses directories and devices where a file goes, and a file where the directory goes', async () => {
    const cwd = fresh();
    mkdirSync(join(cwd, 'run/a.json'), { recursive: true });
    await expect(planOutputs(ioIn(cwd), { flag: 'out', force: true, directory: 'run', files: ['a.json'] })).rejects.toThrow('run/a.json: is a directory, expected a file name');
    await expect(planOutputs(ioIn(cwd), { flag: 'out', force: true, files: ['/dev/null'] })).rejects.toThrow('/dev/null: is not a regular file');
    writeFileSync(join(cwd, 'plain'), 'x');
    await expect(planOutputs(ioIn(cwd), { flag: 'out', force: true, directory: 'plain', files: ['a.json'] })).rejects.toThrow('--out plain: is a file, expected a directory');
    await expect(planOutputs(ioIn(cwd), { flag: 'out', force: false, files: ['plain/x.csv'] })).rejects.toThrow(/plain\/x\.csv: a part of the path is a file/);
  });

  it('fails fast, without looping, under /proc (bounded work: one mkdir, a few lstat calls, never a recursive mkdir)', async () => {
    // Node's mkdir(path, { recursive: true }) retries forever under /proc; planOutputs must walk
    // the path itself, so the work is counted in file-system calls, not seconds.
    fsCalls.mkdir.length = 0;
    fsCalls.lstat = 0;
    await expect(planOutputs(ioIn(fresh()), { flag: 'out', force: true, files: ['/proc/dpbounds-test/out.json'] })).rejects.toThrow(/^--out \/proc\/dpbounds-test\/out\.json: cannot create the directory/);
    expect(fsCalls.mkdir).toEqual([{ path: '/proc/dpbounds-test', recursive: false }]);
    expect(fsCalls.lstat).toBeGreaterThan(0);
    expect(fsCalls.lstat).toBeLessThanOrEqual(10);
    fsCalls.mkdir.length = 0;
    fsCalls.lstat = 0;
    await expect(planOutputs(ioIn(fresh()), { flag: 'out', force: true, files: ['/proc/dpbounds-test.json'] })).rejects.toThrow(/^--out \/proc\/dpbounds-test\.json: cannot write there/);
    expect(fsCalls.mkdir.filter((call) => call.recursive)).toEqual([]);
    expect(fsCalls.mkdir.length + fsCalls.lstat).toBeLessThanOrEqual(10);
  });
});

describe('planOutputs: concurrency and crashes', () => {
  it('a second run on the same output is refused while the first holds it, and allowed after', async () => {
    const cwd = fresh();
    const first = await planOutputs(ioIn(cwd), { flag: 'out', force: true, directory: 'run', files: ['a.json'] });
    await expect(planOutputs(ioIn(cwd), { flag: 'out', force: true, directory: 'run', files: ['a.json'] })).rejects.toThrow(
      `--out run: another dpbounds run (pid ${process.pid}) is writing there; wait for it to finish or choose another --out`,
    );
    await first.release();
    const second = await planOutputs(ioIn(cwd), { flag: 'out', force: true, directory: 'run', files: ['a.json'] });
    await second.commit({ 'a.json': '2' });
    expect(readFileSync(join(cwd, 'run/a.json'), 'utf8')).toBe('2');
  });

  it('a failed commit replaces nothing and removes its temporary files', async () => {
    const cwd = fresh();
    mkdirSync(join(cwd, 'run'));
    writeFileSync(join(cwd, 'run/a.json'), 'old a');
    const plan = await planOutputs(ioIn(cwd), { flag: 'out', force: true, directory: 'run', files: ['a.json', 'b.json'] });
    async function* failing(): AsyncGenerator<string> {
      yield 'partial';
      throw new Error('disk on fire');
    }
    await expect(plan.commit({ 'a.json': 'new a', 'b.json': failing() })).rejects.toThrow('run/b.json: cannot write the file (disk on fire)');
    await plan.release();
    expect(listAll(join(cwd, 'run'))).toEqual(['a.json']);
    expect(readFileSync(join(cwd, 'run/a.json'), 'utf8')).toBe('old a');
  });

  it('a released plan that wrote nothing removes the directory it created', async () => {
    const cwd = fresh();
    const plan = await planOutputs(ioIn(cwd), { flag: 'out', force: false, directory: 'new/run', files: ['a.json'] });
    await plan.release();
    expect(existsSync(join(cwd, 'new'))).toBe(false);
  });

  it('takes over the lock of a dead run: completes its journal and removes its temporary files', async () => {
    const cwd = fresh();
    const run = join(cwd, 'run');
    mkdirSync(run);
    const dead = 2 ** 22 + 12345; // above Linux's default pid_max, so no such process
    writeFileSync(join(run, 'a.json'), 'old a');
    writeFileSync(join(run, 'b.json'), 'old b');
    writeFileSync(join(run, `.a.json.${dead}-00.dpbounds-tmp`), 'new a');
    writeFileSync(join(run, `.c.json.${dead}-00.dpbounds-tmp`), 'half');
    const { hostname } = await import('node:os');
    const journal = { pid: dead, host: hostname(), started: '', commit: { renames: [[join(run, `.a.json.${dead}-00.dpbounds-tmp`), join(run, 'a.json')]], removals: [join(run, 'b.json')] } };
    writeFileSync(join(run, '.dpbounds.lock'), JSON.stringify(journal));
    const io = ioIn(cwd);
    const plan = await planOutputs(io, { flag: 'out', force: true, directory: 'run', files: ['z.json'] });
    expect(io.errors.join('')).toContain(`completed the interrupted output of an earlier run (pid ${dead}) in run`);
    expect(readFileSync(join(run, 'a.json'), 'utf8')).toBe('new a');
    expect(existsSync(join(run, 'b.json'))).toBe(false);
    await plan.commit({ 'z.json': 'z' });
    expect(listAll(run)).toEqual(['a.json', 'z.json']);
  });
});
