/**
 * A fresh directory per run under a parent (`dpbounds-report/2026-11-25T04-20-13Z/`), so that
 * running a command twice never meets the first run's files, and a `latest` pointer in the
 * parent that names the newest finished run: a relative symbolic link `latest → <run>`, or,
 * where links cannot be made (Windows without the privilege), a `latest.txt` holding the run's
 * name.
 */
import { lstat, mkdir, rename, rmdir, symlink, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UsageError } from '../usage-error.js';
import { fileSystemReason, makeDirectories } from './make-directories.js';

/** A run directory created by {@link createRunDirectory}. */
export interface RunDirectory {
  /** The directory as the user sees it, relative to the working directory (`dpbounds-report/2026-11-25T04-20-13Z`). */
  readonly display: string;
  /** Its name inside the parent (`2026-11-25T04-20-13Z`, or with `-2`, `-3`, … when that exists). */
  readonly name: string;
  /** Points the parent's `latest` at this run (after its outputs are written). */
  markLatest(): Promise<void>;
  /** Removes the directory if it is still empty (a run that failed before writing). */
  discardIfEmpty(): Promise<void>;
}

/** The UTC time as a file name that sorts in time order and is valid everywhere: `2026-11-25T04-20-13Z`. */
export function runStamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
}

/**
 * Creates `<parent>/<UTC time>` (or `<UTC time>-2`, … when that name is taken, so two runs in the
 * same second get two directories; creation is atomic, so concurrent runs never share one).
 *
 * @throws UsageError naming `parent` when it is a file or cannot be created.
 * @example
 * const run = await createRunDirectory(io.cwd, 'dpbounds-report');
 * // ... write into run.display ...; then await run.markLatest();
 */
export async function createRunDirectory(cwd: string, parent: string, now: Date = new Date()): Promise<RunDirectory> {
  const root = resolve(cwd, parent);
  try {
    await makeDirectories(root);
  } catch (error) {
    throw new UsageError(`${parent}: cannot create the report directory (${fileSystemReason(error)}); give another place with --out DIR`);
  }
  const stamp = runStamp(now);
  for (let attempt = 1; ; attempt++) {
    const name = attempt === 1 ? stamp : `${stamp}-${attempt}`;
    const absolute = join(root, name);
    try {
      await mkdir(absolute);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'EEXIST' && attempt < 1000) continue;
      throw new UsageError(`${parent}: cannot create a run directory there (${fileSystemReason(error)}); give another place with --out DIR`);
    }
    return {
      display: join(parent, name),
      name,
      markLatest: () => pointLatestAt(root, name),
      discardIfEmpty: () => rmdir(absolute).catch(() => undefined),
    };
  }
}

/** Replaces `<root>/latest` by a link to `name` (atomically, by rename), or writes `latest.txt` where links fail. */
async function pointLatestAt(root: string, name: string): Promise<void> {
  const latest = join(root, 'latest');
  const existing = await lstat(latest).catch(() => undefined);
  // Never replace something the user made: only an absent `latest` or our own link.
  if (existing === undefined || existing.isSymbolicLink()) {
    const temp = join(root, `.latest.${process.pid}.tmp`);
    try {
      await unlink(temp).catch(() => undefined);
      await symlink(name, temp, 'dir');
      await rename(temp, latest);
      return;
    } catch {
      await unlink(temp).catch(() => undefined);
    }
  }
  await writeFile(join(root, 'latest.txt'), `${name}\n`);
}
