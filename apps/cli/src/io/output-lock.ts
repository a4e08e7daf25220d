/**
 * The lock of an output set: a small JSON file created with O_EXCL beside the outputs, holding
 * the writer's pid and host, and, while the set is being renamed into place, the commit journal
 * (temporary file → final file, files to remove). A second run finds the lock and refuses; a
 * lock left by a run that died (kill -9, power loss) is recognised by its dead pid, its journal
 * is rolled forward (every temporary file was complete and synced before the journal was
 * written), its half-written temporary files are removed, and the lock is taken over.
 */
import { hostname } from 'node:os';
import { readdir, readFile, rename, stat, unlink, writeFile, link } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** What a lock file holds. */
export interface LockInfo {
  readonly pid: number;
  readonly host: string;
  readonly started: string;
  /** Present between "all temporary files synced" and "all renamed": the commit journal. */
  readonly commit?: { readonly renames: readonly (readonly [string, string])[]; readonly removals: readonly string[] };
}

/** Suffix of every temporary output file: `.<name>.<pid>-<random>.dpbounds-tmp`. */
export const TEMP_SUFFIX = '.dpbounds-tmp';

/** Outcome of {@link acquireLock}: taken, or held by a live run (its pid). */
export type LockOutcome = { readonly taken: true; readonly recovered?: LockInfo } | { readonly taken: false; readonly holder: number | undefined };

function isAlive(info: LockInfo): boolean {
  if (info.host !== hostname()) return true; // another machine (network file system): assume alive
  try {
    process.kill(info.pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

async function readLock(path: string): Promise<{ text: string; info: LockInfo | undefined; ageMs: number } | undefined> {
  try {
    const [text, stats] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    let info: LockInfo | undefined;
    try {
      const value = JSON.parse(text) as Partial<LockInfo>;
      if (typeof value.pid === 'number' && typeof value.host === 'string') info = value as LockInfo;
    } catch {
      info = undefined;
    }
    return { text, info, ageMs: Date.now() - stats.mtimeMs };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Reads a lock, waiting briefly while it is one being written right now: `writeFile(…, 'wx')`
 * creates the file before it fills it, so a run that loses the race can find it empty. Up to 50
 * re-reads 20 ms apart (about 1 s) let the winner's pid appear, so the refusal names it; a lock
 * still unreadable after that is returned as it is (and judged by its age).
 */
async function readSettledLock(path: string): Promise<Awaited<ReturnType<typeof readLock>>> {
  let held = await readLock(path);
  for (let reread = 0; reread < 50 && held !== undefined && held.info === undefined && held.ageMs < 10_000; reread++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    held = await readLock(path);
  }
  return held;
}

/** Finishes the commit recorded in a dead run's journal and removes its temporary files. */
async function recover(info: LockInfo, directories: readonly string[]): Promise<void> {
  for (const [temp, final] of info.commit?.renames ?? []) {
    try {
      await rename(temp, final);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
    }
  }
  for (const path of info.commit?.removals ?? []) await unlink(path).catch(() => undefined);
  const marker = `.${info.pid}-`;
  for (const directory of new Set(directories)) {
    let names: string[];
    try {
      names = await readdir(directory);
    } catch {
      continue;
    }
    for (const name of names) {
      if (name.startsWith('.') && name.endsWith(TEMP_SUFFIX) && name.includes(marker)) await unlink(join(directory, name)).catch(() => undefined);
    }
  }
}

/**
 * Creates the lock at `path` for this process. A lock whose owner is dead is recovered
 * (journal rolled forward, temporary files in `directories` removed) and taken over.
 *
 * @throws the file-system error when the lock cannot be created (e.g. permission denied).
 * @example const outcome = await acquireLock('/tmp/run1/.dpbounds.lock', ['/tmp/run1']);
 */
export async function acquireLock(path: string, directories: readonly string[]): Promise<LockOutcome> {
  const mine: LockInfo = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  let recovered: LockInfo | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(path, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      return recovered === undefined ? { taken: true } : { taken: true, recovered };
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
    const held = await readSettledLock(path);
    if (held === undefined) continue; // released meanwhile
    // An unreadable lock younger than 10 s may be one being written right now.
    if (held.info === undefined ? held.ageMs < 10_000 : isAlive(held.info)) return { taken: false, holder: held.info?.pid };
    // Take the stale lock aside atomically; only the process whose rename moved *that* lock recovers it.
    const aside = `${path}.${process.pid}.stale`;
    try {
      await rename(path, aside);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') continue;
      throw error;
    }
    const moved = await readFile(aside, 'utf8').catch(() => '');
    if (moved !== held.text) {
      // Another run replaced the stale lock between our read and our rename: give it back.
      await link(aside, path).catch(() => undefined);
      await unlink(aside).catch(() => undefined);
      return { taken: false, holder: undefined };
    }
    if (held.info !== undefined) {
      await recover(held.info, directories);
      recovered = held.info;
    }
    await unlink(aside).catch(() => undefined);
  }
  return { taken: false, holder: undefined };
}

/**
 * Rewrites the lock with the commit journal (atomically: a temporary file renamed over it).
 *
 * @example await writeJournal(lockPath, { renames: [[temp, final]], removals: [] });
 */
export async function writeJournal(path: string, commit: NonNullable<LockInfo['commit']>): Promise<void> {
  const info: LockInfo = { pid: process.pid, host: hostname(), started: new Date().toISOString(), commit };
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-journal${TEMP_SUFFIX}`);
  await writeFile(temp, `${JSON.stringify(info)}\n`, { flag: 'w', flush: true });
  await rename(temp, path);
}

/** Removes the lock (ignoring one that is already gone). */
export async function releaseLock(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}
