import { mkdtempSync, readFileSync, readdirSync, readlinkSync, writeFileSync, mkdirSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../usage-error.js';
import { createRunDirectory, runStamp } from './run-directory.js';

describe('createRunDirectory', () => {
  const at = new Date(Date.UTC(2026, 10, 25, 4, 20, 13, 500));

  it('names runs by UTC time, valid on every file system, in time order', () => {
    expect(runStamp(at)).toBe('2026-11-25T04-20-13Z');
    expect(runStamp(new Date(Date.UTC(2026, 10, 25, 4, 20, 14))) > runStamp(at)).toBe(true);
  });

  it('gives two runs in the same second two directories and points latest at the newest finished', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-runs-'));
    const first = await createRunDirectory(cwd, 'reports', at);
    const second = await createRunDirectory(cwd, 'reports', at);
    expect(first.display).toBe(join('reports', '2026-11-25T04-20-13Z'));
    expect(second.name).toBe('2026-11-25T04-20-13Z-2');
    await first.markLatest();
    expect(readlinkSync(join(cwd, 'reports', 'latest'))).toBe(first.name);
    await second.markLatest();
    expect(readlinkSync(join(cwd, 'reports', 'latest'))).toBe(second.name);
    expect(readdirSync(join(cwd, 'reports')).sort()).toEqual([first.name, second.name, 'latest']);
  });

  it('leaves a latest the user made alone (writes latest.txt instead), and removes a run directory left empty', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-runs-'));
    mkdirSync(join(cwd, 'reports', 'latest'), { recursive: true });
    writeFileSync(join(cwd, 'reports', 'latest', 'mine.txt'), 'keep');
    const run = await createRunDirectory(cwd, 'reports', at);
    await run.markLatest();
    expect(lstatSync(join(cwd, 'reports', 'latest')).isDirectory()).toBe(true);
    expect(readFileSync(join(cwd, 'reports', 'latest.txt'), 'utf8')).toBe(`${run.name}\n`);
    const failed = await createRunDirectory(cwd, 'reports', at);
    await failed.discardIfEmpty();
    expect(readdirSync(join(cwd, 'reports'))).not.toContain(failed.name);
  });

  it('refuses a parent that is a file, naming it and the way out', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'dpbounds-runs-'));
    writeFileSync(join(cwd, 'reports'), 'not a directory');
    await expect(createRunDirectory(cwd, 'reports', at)).rejects.toThrow(UsageError);
    await expect(createRunDirectory(cwd, 'reports', at)).rejects.toThrow(/^reports: cannot create the report directory .*--out DIR$/);
  });
});
