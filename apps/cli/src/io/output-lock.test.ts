import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock } from './output-lock.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('acquireLock', () => {
  it('names the holder of a lock that is still being written when it is found (created empty, filled a moment later)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-lock-'));
    made.push(dir);
    const path = join(dir, '.dpbounds.lock');
    writeFileSync(path, '', { flag: 'wx' });
    // The winner fills its lock after the loser has read it empty; this process is alive, so it holds.
    setTimeout(() => writeFileSync(path, `${JSON.stringify({ pid: process.pid, host: hostname(), started: new Date().toISOString() })}\n`), 60);
    const outcome = await acquireLock(path, [dir]);
    expect(outcome).toEqual({ taken: false, holder: process.pid });
  });

  it('takes over a lock whose holder is dead, and refuses one held by a live process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dpbounds-lock-'));
    made.push(dir);
    const path = join(dir, '.dpbounds.lock');
    // pid 2^22 + 1 is above Linux's pid_max ceiling (2^22): no live process has it.
    writeFileSync(path, `${JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), started: '2026-01-01T00:00:00Z' })}\n`);
    const taken = await acquireLock(path, [dir]);
    expect(taken.taken).toBe(true);
    expect(await acquireLock(path, [dir])).toEqual({ taken: false, holder: process.pid });
  });
});
