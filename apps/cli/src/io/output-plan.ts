/**
 * All-or-nothing output. A command declares its output set before any work
 * ({@link planOutputs}): every target is checked then (existing files need `--force` or a
 * confirmation; symbolic links, directories and devices are refused; the directory is
 * created and must be writable) and a lock is taken so that a concurrent run cannot mix its
 * files in. After the work, {@link OutputPlan.commit} writes each file to a temporary file in
 * its own directory, syncs it, records a journal in the lock, and only then renames every
 * file into place (and removes planned files this run did not produce, so the directory holds
 * one run's set). A run killed before the journal leaves the old files untouched; one killed
 * during the renames is completed by the next run that takes the lock. `--force` replaces
 * files by rename: it never truncates a file in place and never writes through a link.
 */
import { lstat, open, rmdir, unlink, rename } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { CommandIo } from '../command.js';
import { UsageError } from '../usage-error.js';
import { fileSystemReason, makeDirectories } from './make-directories.js';
import { TEMP_SUFFIX, acquireLock, releaseLock, writeJournal } from './output-lock.js';

/** What a file's content can be: text, bytes, or chunks produced while writing (bounded memory). */
export type OutputContent = string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

/** The output set of a run. */
export interface OutputPlanOptions {
  /** The flag that named the output (`out`), for messages. */
  readonly flag: string;
  /** Replace existing files (the `--force` flag). */
  readonly force: boolean;
  /** An output directory (train, demo); `files` are then relative to it. */
  readonly directory?: string;
  /** Every file the run may write (relative to `directory`, or to the working directory). */
  readonly files: readonly string[];
}

/** A checked, locked output set waiting for its content. */
export interface OutputPlan {
  /** The planned files as the user sees them (`run1/model.json`). */
  readonly paths: readonly string[];
  /**
   * Writes the set: `contents` maps planned names to content; planned files left out are
   * removed if present. Every file is complete on disk before the first rename.
   *
   * @throws UsageError naming the file when it cannot be written (nothing is replaced then).
   */
  commit(contents: Readonly<Record<string, OutputContent>>): Promise<void>;
  /** Releases the lock and removes temporary files and directories this plan created but did not fill. Idempotent. */
  release(): Promise<void>;
}

interface Target {
  readonly name: string;
  readonly display: string;
  readonly absolute: string;
  readonly exists: boolean;
}

const CHUNK = 1 << 20;

async function writeContent(handle: FileHandle, content: OutputContent): Promise<void> {
  if (typeof content === 'string' || content instanceof Uint8Array) {
    await handle.writeFile(content);
    return;
  }
  let parts: (string | Uint8Array)[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    if (parts.length === 0) return;
    const buffer = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));
    parts = [];
    size = 0;
    await handle.write(buffer);
  };
  for await (const part of content) {
    parts.push(part);
    size += part.length;
    if (size >= CHUNK) await flush();
  }
  await flush();
}

async function kindOf(path: string): Promise<'missing' | 'file' | 'directory' | 'link' | 'special'> {
  try {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) return 'link';
    if (stats.isDirectory()) return 'directory';
    return stats.isFile() ? 'file' : 'special';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') return 'missing';
    if (code === 'ENOTDIR') throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    throw error;
  }
}

function refuse(display: string, reason: string): UsageError {
  return new UsageError(`${display}: ${reason}`);
}

/**
 * Checks and locks an output set before any work (see the module comment).
 *
 * @throws UsageError naming `--flag` or the file: an existing file without `--force` (after
 *   asking `io.confirm` when available), a symbolic link, a directory or device where a file
 *   goes, an unwritable location, or another run holding the lock.
 * @example
 * const outputs = await planOutputs(io, { flag: 'out', force, directory: 'run1', files: ['model.json', 'summary.json'] });
 * try { ...work...; await outputs.commit({ 'model.json': model, 'summary.json': summary }); } finally { await outputs.release(); }
 */
export async function planOutputs(io: CommandIo, options: OutputPlanOptions): Promise<OutputPlan> {
  const { flag, directory } = options;
  // an empty --out resolves to the working directory: never write there by accident
  if (directory === '') throw new UsageError(`--${flag} must name a directory; found ${JSON.stringify(directory)}`);
  const root = directory === undefined ? undefined : resolve(io.cwd, directory);
  const show = (name: string): string => (directory === undefined ? name : join(directory, name));
  if (root !== undefined) {
    const kind = await kindOf(root).catch((error: unknown) => {
      throw new UsageError(`--${flag} ${directory}: ${fileSystemReason(error)}`);
    });
    if (kind === 'file' || kind === 'special') throw new UsageError(`--${flag} ${directory}: is a file, expected a directory`);
  }
  const targets: Target[] = [];
  for (const name of options.files) {
    const absolute = root === undefined ? resolve(io.cwd, name) : resolve(root, name);
    const display = show(name);
    if (root !== undefined && !absolute.startsWith(root + sep)) throw new UsageError(`internal: output ${name} is outside --${flag} ${directory}`);
    // Components between the output directory and the file (e.g. traces/) must be real directories.
    if (root !== undefined) {
      for (let parent = dirname(absolute); parent.startsWith(root + sep); parent = dirname(parent)) {
        const kind = await kindOf(parent).catch(() => 'special' as const);
        if (kind === 'link') throw refuse(show(parent.slice(root.length + 1)), 'is a symbolic link; dpbounds never writes through links (remove it or choose another --' + flag + ')');
        if (kind === 'file' || kind === 'special') throw refuse(show(parent.slice(root.length + 1)), 'is a file, expected a directory');
      }
    }
    let kind: Awaited<ReturnType<typeof kindOf>>;
    try {
      kind = await kindOf(absolute);
    } catch (error) {
      throw refuse(display, fileSystemReason(error));
    }
    if (kind === 'link') throw refuse(display, 'is a symbolic link; dpbounds never writes through links (remove the link or give the real path)');
    if (kind === 'directory') throw refuse(display, 'is a directory, expected a file name');
    if (kind === 'special') throw refuse(display, 'is not a regular file (a device, pipe or socket); give a file name');
    targets.push({ name, display, absolute, exists: kind === 'file' });
  }
  const existing = targets.filter((t) => t.exists);
  if (existing.length > 0 && !options.force) {
    const first = (existing[0] as Target).display;
    const what = existing.length === 1 ? `${first} exists` : `${existing.length} files exist (${existing.slice(0, 3).map((t) => t.display).join(', ')}${existing.length > 3 ? ', ...' : ''})`;
    const confirmed = io.confirm !== undefined && (await io.confirm(`${what}. Overwrite ${existing.length === 1 ? 'it' : 'them'}?`));
    if (!confirmed) {
      const more = existing.length - 1;
      throw new UsageError(
        more === 0
          ? `${first} already exists; pass --force to overwrite it`
          : `${first} already exists (and ${more} more file${more === 1 ? '' : 's'}${directory !== undefined ? ` in --${flag} ${directory}` : ''}); pass --force to replace them`,
      );
    }
  }

  // Create the directories and take the lock now, so an unwritable place fails before the work.
  const created: string[] = [];
  const lockDirectory = root ?? dirname((targets[0] as Target).absolute);
  const lockPath = root !== undefined ? join(root, '.dpbounds.lock') : join(lockDirectory, `.${basename((targets[0] as Target).absolute)}.dpbounds.lock`);
  const lockDisplay = directory ?? (targets[0] as Target).display;
  try {
    const made = await makeDirectories(lockDirectory);
    if (made !== undefined) created.push(made);
  } catch (error) {
    throw new UsageError(`--${flag} ${lockDisplay}: cannot create the directory (${fileSystemReason(error)})`);
  }
  const directories = [...new Set(targets.map((t) => dirname(t.absolute)))];
  let outcome: Awaited<ReturnType<typeof acquireLock>>;
  try {
    outcome = await acquireLock(lockPath, directories);
  } catch (error) {
    for (const dir of created) await rmdir(dir).catch(() => undefined);
    throw new UsageError(`--${flag} ${lockDisplay}: cannot write there (${fileSystemReason(error)})`);
  }
  if (!outcome.taken) {
    throw new UsageError(
      `--${flag} ${lockDisplay}: another dpbounds run${outcome.holder !== undefined ? ` (pid ${outcome.holder})` : ''} is writing there; wait for it to finish or choose another --${flag}`,
    );
  }
  if (outcome.recovered?.commit !== undefined) {
    io.stderr(`dpbounds: completed the interrupted output of an earlier run (pid ${outcome.recovered.pid}) in ${lockDisplay}\n`);
  }

  const temps = new Set<string>();
  let released = false;
  let committed = false;
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    for (const temp of temps) await unlink(temp).catch(() => undefined);
    temps.clear();
    await releaseLock(lockPath);
    if (!committed) {
      for (const target of targets) {
        for (let dir = dirname(target.absolute); dir !== lockDirectory && dir.startsWith(lockDirectory); dir = dirname(dir)) await rmdir(dir).catch(() => undefined);
      }
      for (const dir of created) {
        for (let d = lockDirectory; d.startsWith(dir); d = dirname(d)) await rmdir(d).catch(() => undefined);
      }
    }
  };

  const commit = async (contents: Readonly<Record<string, OutputContent>>): Promise<void> => {
    if (released) throw new Error('internal: output plan already released');
    const byName = new Map(targets.map((t) => [t.name, t]));
    for (const name of Object.keys(contents)) if (!byName.has(name)) throw new Error(`internal: ${name} is not a planned output`);
    const renames: [string, string][] = [];
    const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
    for (const target of targets) {
      const content = contents[target.name];
      if (content === undefined) continue;
      const dir = dirname(target.absolute);
      const temp = join(dir, `.${basename(target.absolute)}.${tag}${TEMP_SUFFIX}`);
      let handle: FileHandle | undefined;
      try {
        await makeDirectories(dir);
        handle = await open(temp, 'wx', 0o666);
        temps.add(temp);
        await writeContent(handle, content);
        await handle.sync();
      } catch (error) {
        await handle?.close().catch(() => undefined);
        handle = undefined;
        for (const t of temps) await unlink(t).catch(() => undefined);
        temps.clear();
        if (error instanceof UsageError) throw error;
        throw refuse(target.display, `cannot write the file (${fileSystemReason(error)})`);
      } finally {
        await handle?.close();
      }
      renames.push([temp, target.absolute]);
    }
    const removals = targets.filter((t) => contents[t.name] === undefined && t.exists).map((t) => t.absolute);
    try {
      await writeJournal(lockPath, { renames, removals });
    } catch (error) {
      for (const t of temps) await unlink(t).catch(() => undefined);
      temps.clear();
      throw new UsageError(`--${flag} ${lockDisplay}: cannot write there (${fileSystemReason(error)})`);
    }
    // From here on the new set is durable: a crash is completed by the next run.
    for (const [temp, final] of renames) {
      await rename(temp, final);
      temps.delete(temp);
    }
    for (const path of removals) await unlink(path).catch(() => undefined);
    await syncDirectories(directories);
    committed = true;
    await release();
  };

  return { paths: targets.map((t) => t.display), commit, release };
}

async function syncDirectories(directories: readonly string[]): Promise<void> {
  for (const directory of directories) {
    const handle = await open(directory, 'r').catch(() => undefined);
    if (handle === undefined) continue;
    await handle.sync().catch(() => undefined);
    await handle.close();
  }
}
