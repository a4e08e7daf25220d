/**
 * `-` for standard input on every file input flag. Standard input is read once, streamed into a
 * private temporary file under the same input budget as any file (refused as soon as it passes
 * it), and its format is recognised from its content: gzip and NumPy `.npy` by their magic bytes,
 * JSON by a first non-space character `[` or `{` (a first line that is a whole JSON object of
 * non-array values, with more lines after it, is JSON Lines), anything else CSV. The flag's value
 * then names that file, so every reader (tables, matrices, traces, histories, strategies, run
 * files, datasets) applies the same validation to standard input as to a file; messages name the
 * flag and say `standard input`.
 */
import { dirname } from 'node:path';
import type { FlagSpec } from '../command.js';
import { UsageError } from '../usage-error.js';
import { inputBudget } from './input-budget.js';
import { openInput } from './input-chunks.js';
import type { TableFormat } from './read-file.js';

/** The value that means standard input. */
export const STDIN_PATH = '-';

/** Where standard input may come from: chunks of bytes (or text), read once. */
export type StdinSource = AsyncIterable<Uint8Array | string>;

/** Spooled files of the runs in progress, each the `-` it stands for. */
const spooledFiles = new Set<string>();

/**
 * How a file written by a command should name an input: `-` for the file standard input was
 * spooled into, `path` itself otherwise.
 *
 * @example inputName('adult.csv') // 'adult.csv'
 */
export function inputName(path: string): string {
  return spooledFiles.has(path) ? STDIN_PATH : path;
}

/** Bytes looked at to recognise the format (the first line of JSON Lines must fit). */
const SNIFF_BYTES = 1024 * 1024;

/**
 * Whether `name` is a file input flag: a string flag whose value names a file (`FILE` in its
 * placeholder), other than the output flag `--out`.
 *
 * @example isInputFileFlag('targets', { type: 'string', valueName: 'FILE', description: '' }) // true
 */
export function isInputFileFlag(name: string, spec: FlagSpec): boolean {
  return spec.type === 'string' && name !== 'out' && /FILE/.test(spec.valueName ?? '');
}

/** Flag values as parsed: strings, booleans, or absent. */
type Values = Readonly<Record<string, string | boolean | undefined>>;

/** The positional input of a command (its values joined by newlines), if it has one. */
interface Positional {
  readonly name: string;
  readonly valueName: string;
}

/**
 * The one file input flag given `-` (or the positional input, when one of its files is `-`),
 * or undefined when none is.
 *
 * @throws UsageError naming them when more than one input is `-`: standard input is read once.
 * @example stdinInput({ targets: '-' }, { targets: { type: 'string', valueName: 'FILE', description: '' } }) // 'targets'
 */
export function stdinInput(values: Values, specs: Readonly<Record<string, FlagSpec>>, positional?: Positional): string | undefined {
  const names = Object.keys(specs).filter((name) => values[name] === STDIN_PATH && isInputFileFlag(name, specs[name] as FlagSpec));
  const shown = names.map((name) => `--${name}`);
  const given = positional === undefined ? undefined : values[positional.name];
  if (positional !== undefined && typeof given === 'string') {
    for (const file of given.split('\n')) {
      if (file === STDIN_PATH) {
        names.push(positional.name);
        shown.push(`${positional.valueName} -`);
      }
    }
  }
  if (names.length > 1 && names.every((name) => name === positional?.name)) {
    throw new UsageError(`${(positional as Positional).valueName} has - (standard input) ${names.length} times, which can be read only once; give all but one as a file`);
  }
  if (names.length > 1) {
    throw new UsageError(`${shown.join(' and ')} are ${names.length === 2 ? 'both' : 'all'} - (standard input), which can be read only once; give ${names.length === 2 ? 'one of them' : 'all but one'} as a file`);
  }
  return names[0];
}

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The table format of content starting with `head` (already decompressed): `.npy` by its magic
 * bytes, JSON by a first non-space `[` or `{`, JSON Lines when the first line is a whole JSON
 * object whose values are not all arrays (an object of columns is JSON) and more lines follow
 * (one object alone is a JSON document), otherwise CSV.
 *
 * @example sniffFormat(new TextEncoder().encode('{"score":0.5}\n{"score":0.7}\n')) // 'jsonl'
 */
export function sniffFormat(head: Uint8Array): TableFormat {
  if (head.length >= 6 && head[0] === 0x93 && String.fromCharCode(...head.subarray(1, 6)) === 'NUMPY') return 'npy';
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && isWhitespace(head[i] as number)) i++;
  if (head[i] === 0x5b) return 'json';
  if (head[i] !== 0x7b) return 'csv';
  const end = head.indexOf(0x0a, i);
  if (end < 0) return 'json';
  let next = end;
  while (next < head.length && isWhitespace(head[next] as number)) next++;
  if (next === head.length) return 'json';
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(head.subarray(i, end)));
    if (isPlainObject(value) && !(Object.keys(value).length > 0 && Object.values(value).every(Array.isArray))) return 'jsonl';
  } catch {
    // not a whole object on the first line: one JSON document
  }
  return 'json';
}

/** A spooled standard input: the file that holds it, and its removal. */
export interface SpooledStdin {
  /** Absolute path of the temporary file (extension from the content: `.csv`, `.json`, `.jsonl`, `.npy`, plus `.gz`). */
  readonly path: string;
  /** Removes the temporary file and its directory. */
  readonly remove: () => Promise<void>;
}

/**
 * Reads standard input once into a private temporary file, refusing it as soon as it passes
 * the input budget, and names the file by the content's format.
 *
 * @param label how messages name the input, e.g. `--targets - (standard input)`.
 * @throws UsageError naming `label` when there is no standard input (a terminal), it is empty,
 *   or it is over the input budget.
 * @example const spooled = await spoolStdin(process.stdin, '--targets - (standard input)');
 */
export async function spoolStdin(stdin: StdinSource | undefined, label: string): Promise<SpooledStdin> {
  if (stdin === undefined) throw new UsageError(`${label}: standard input is a terminal; pipe the file into it (dpbounds … ${label.split(' ')[0] ?? ''} - < FILE)`);
  const budget = inputBudget();
  const { mkdtemp, open, rename, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const directory = await mkdtemp(join(tmpdir(), 'dpbounds-stdin-'));
  const remove = (): Promise<void> => rm(directory, { recursive: true, force: true });
  try {
    const raw = join(directory, 'stdin');
    const handle = await open(raw, 'wx', 0o600);
    let total = 0;
    try {
      for await (const piece of stdin) {
        const chunk = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
        total += chunk.length;
        if (total > budget.maxBytes) {
          throw new UsageError(`${label}: over the input budget of ${(budget.maxBytes / 1024 / 1024).toFixed(1)} MiB (${budget.budgetHint})`);
        }
        await handle.write(chunk);
      }
    } finally {
      await handle.close();
    }
    if (total === 0) throw new UsageError(`${label}: standard input is empty`);
    const input = await openInput(raw, directory);
    const parts: Uint8Array[] = [];
    let length = 0;
    try {
      for await (const chunk of input.chunks) {
        parts.push(chunk);
        length += chunk.length;
        if (length >= SNIFF_BYTES) break;
      }
    } catch {
      // corrupt gzip: the reader that opens the file says so, naming the flag
    }
    const format = sniffFormat(Buffer.concat(parts, length).subarray(0, SNIFF_BYTES));
    const path = join(directory, `stdin.${format}${input.gzip ? '.gz' : ''}`);
    await rename(raw, path);
    return { path, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * Rewrites a message about the spooled file so that it names the flag and standard input:
 * `--targets /tmp/…/stdin.csv: …` and `/tmp/…/stdin.csv: …` both become `--targets - (standard input): …`;
 * a file named after it (a sidecar `/tmp/…/stdin.json`) becomes `<standard input>.json`.
 *
 * @example namedStdin('/tmp/d/stdin.csv: no rows', '/tmp/d/stdin.csv', '--targets') // '--targets - (standard input): no rows'
 */
export function namedStdin(message: string, path: string, flag: string): string {
  const label = `${flag} - (standard input)`;
  // a file found by a name made from the input's (a sidecar): standard input has no such name
  const stem = path.replace(/stdin\.[a-z.]+$/, 'stdin');
  return message.replaceAll(`${flag} ${path}`, label).replaceAll(path, label).replaceAll(stem, '<standard input>').replaceAll(dirname(path), '<standard input>');
}

/**
 * `text` with `path` written back as `-`; where spaces follow it (a column of a text table) the
 * `-` is padded to the path's width, so the columns after it stay aligned.
 *
 * @example dashFor('/tmp/d/stdin.jsonl  1 rows', '/tmp/d/stdin.jsonl') // '-                   1 rows'
 */
export function dashFor(text: string, path: string): string {
  return text.split(path).reduce((out, rest) => `${out}${/^ +/.test(rest) ? STDIN_PATH.padEnd(path.length) : STDIN_PATH}${rest}`);
}

/** Standard input prepared for a command run: the values to run with and how to speak of the file. */
export interface StdinRun {
  /** The flag values, the `-` replaced by the spooled file's path. */
  readonly values: Values;
  /** A message about the run with the spooled file named as the flag and standard input. */
  readonly message: (text: string) => string;
  /** Output text with the spooled file's path written back as `-`. */
  readonly output: (text: string) => string;
  /** Removes the spooled file (call when the command has finished). */
  readonly remove: () => Promise<void>;
}

/**
 * Reads standard input for the one input given `-`, if any (see {@link stdinInput} and
 * {@link spoolStdin}); without one, the values unchanged.
 *
 * @throws UsageError as {@link stdinInput} and {@link spoolStdin} do.
 * @example const run = await prepareStdin(values, specs, command.positionals, io.stdin);
 */
export async function prepareStdin(values: Values, specs: Readonly<Record<string, FlagSpec>>, positional: Positional | undefined, stdin: StdinSource | undefined): Promise<StdinRun> {
  const name = stdinInput(values, specs, positional);
  if (name === undefined) return { values, message: (text) => text, output: (text) => text, remove: async () => {} };
  const flag = positional !== undefined && name === positional.name && specs[name] === undefined ? positional.valueName : `--${name}`;
  const spooled = await spoolStdin(stdin, `${flag} - (standard input)`);
  spooledFiles.add(spooled.path);
  const value = values[name] as string;
  const replaced = value === STDIN_PATH ? spooled.path : value.split('\n').map((file) => (file === STDIN_PATH ? spooled.path : file)).join('\n');
  return {
    values: { ...values, [name]: replaced },
    message: (text) => namedStdin(text, spooled.path, flag),
    output: (text) => dashFor(text, spooled.path),
    remove: async () => {
      spooledFiles.delete(spooled.path);
      await spooled.remove();
    },
  };
}
