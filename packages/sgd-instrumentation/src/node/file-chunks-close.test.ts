import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileChunks } from './file-chunks.js';

/** Whether this process holds `path` open (Linux: /proc/self/fd). */
function isOpen(path: string): boolean {
  return readdirSync('/proc/self/fd').some((fd) => {
    try {
      return readlinkSync(join('/proc/self/fd', fd)) === path;
    } catch {
      return false;
    }
  });
}

describe('openFileChunks closes its file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dpbounds-chunks-'));
  const path = join(dir, 'a.csv');
  writeFileSync(path, 'x\n1\n');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('when its chunks are never read, through close() (idempotent)', async () => {
    const file = await openFileChunks(path);
    expect(isOpen(path)).toBe(true);
    await file.close();
    await file.close();
    expect(isOpen(path)).toBe(false);
  });

  it('after the chunks were read to the end or broken out of, close() is harmless and the file is closed', async () => {
    // (the reading itself closes the file; close() returns that same closing, so awaiting it
    // cannot race with it on a busy machine)
    const whole = await openFileChunks(path);
    let bytes = 0;
    for await (const chunk of whole.chunks) bytes += chunk.length;
    expect(bytes).toBe(4);
    await whole.close();
    expect(isOpen(path)).toBe(false);
    const broken = await openFileChunks(path);
    for await (const _ of broken.chunks) break;
    await broken.close();
    expect(isOpen(path)).toBe(false);
  });
});
