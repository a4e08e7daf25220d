/**
 * Writing output files safely: an existing file is never overwritten unless the user passed
 * `--force` or answered yes to the confirmation (`io.confirm`, only offered on a terminal).
 * Also formats per-row tables as CSV, JSON or JSON Lines by the output file's extension.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import type { CommandIo } from '../command.js';
import { UsageError } from '../usage-error.js';
import { csvCell } from './csv.js';

/** Options of {@link writeOutputFile}. */
export interface WriteOptions {
  /** Overwrite an existing file without asking (the `--force` flag). */
  readonly force?: boolean;
  /** The flag that named the file, for messages (default `out`). */
  readonly flag?: string;
}

function writeError(path: string, error: unknown): UsageError {
  const code = (error as { code?: unknown }).code;
  if (code === 'EACCES' || code === 'EPERM') return new UsageError(`${path}: permission denied`);
  if (code === 'EISDIR') return new UsageError(`${path}: is a directory, expected a file name`);
  return new UsageError(`${path}: cannot write the file (${(error as Error).message})`);
}

/**
 * Writes `content` to `path` (resolved against `io.cwd`; missing parent directories are
 * created). When the file exists: overwrites with `force`, otherwise asks `io.confirm` if
 * available, otherwise refuses.
 *
 * @throws UsageError when the file exists and overwriting was not confirmed, or on a write error.
 * @example await writeOutputFile('scores.csv', 'id,score\n', io, { force: hasFlag(flags, 'force') })
 */
export async function writeOutputFile(path: string, content: string | Uint8Array, io: CommandIo, options: WriteOptions = {}): Promise<void> {
  const target = resolve(io.cwd, path);
  try {
    await mkdir(dirname(target), { recursive: true });
  } catch (error) {
    throw writeError(path, error);
  }
  try {
    await writeFile(target, content, { flag: options.force === true ? 'w' : 'wx' });
    return;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw writeError(path, error);
  }
  const confirmed = io.confirm !== undefined && (await io.confirm(`${path} exists. Overwrite it?`));
  if (!confirmed) throw new UsageError(`${path} already exists; pass --force to overwrite it`);
  try {
    await writeFile(target, content, { flag: 'w' });
  } catch (error) {
    throw writeError(path, error);
  }
}

/** A column of an output table: numbers are written in shortest round-trip form. */
export type OutputColumn = ArrayLike<number> | readonly string[];

function cellText(column: OutputColumn, row: number): string | number {
  const value = column[row];
  return typeof value === 'number' ? value : (value ?? '');
}

/**
 * Formats equal-length columns for the output file `path` by its extension: `.csv` (header
 * row), `.json` (an array of objects), `.jsonl` (one object per line). Non-finite numbers are
 * refused (they would not be valid JSON and no reader accepts them).
 *
 * @throws UsageError for another extension, unequal lengths or a non-finite number.
 * @example formatTableFile('out.csv', { id: ['a'], score: [0.5] }) // "id,score\na,0.5\n"
 */
export function formatTableFile(path: string, columns: Readonly<Record<string, OutputColumn>>): string {
  const names = Object.keys(columns);
  const rows = names.length === 0 ? 0 : (columns[names[0] as string] as OutputColumn).length;
  for (const name of names) {
    const column = columns[name] as OutputColumn;
    if (column.length !== rows) throw new UsageError(`internal: output column "${name}" has ${column.length} rows, expected ${rows}`);
    for (let i = 0; i < column.length; i++) {
      const v = column[i];
      if (typeof v === 'number' && !Number.isFinite(v)) throw new UsageError(`${path}: cannot write column "${name}", row ${i + 1}: value ${v} is not finite`);
    }
  }
  const extension = extname(path).toLowerCase();
  const record = (row: number): Record<string, string | number> => Object.fromEntries(names.map((name) => [name, cellText(columns[name] as OutputColumn, row)]));
  if (extension === '.csv') {
    const lines = [names.map(csvCell).join(',')];
    for (let row = 0; row < rows; row++) lines.push(names.map((name) => csvCell(String(cellText(columns[name] as OutputColumn, row)))).join(','));
    return `${lines.join('\n')}\n`;
  }
  if (extension === '.jsonl' || extension === '.ndjson') {
    const lines: string[] = [];
    for (let row = 0; row < rows; row++) lines.push(JSON.stringify(record(row)));
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  }
  if (extension === '.json') {
    const records: Record<string, string | number>[] = [];
    for (let row = 0; row < rows; row++) records.push(record(row));
    return `${JSON.stringify(records)}\n`;
  }
  throw new UsageError(`${path}: unsupported output file type ${JSON.stringify(extension || '(none)')}; use .csv, .json or .jsonl`);
}
