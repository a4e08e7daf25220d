/**
 * The text of `dpbounds --help` and `dpbounds <command> --help`, wrapped to the terminal's
 * width (100 columns when stdout is not a terminal): prose is reflowed, each flag's description
 * stands beside it (or under it, when the flag is long or the terminal narrow) with a hanging
 * indent, and each example is on its own line, broken between words with a `\` continuation
 * so that it can still be pasted into a shell. Only a single word longer than the width (a long
 * URL or quoted string) makes a line wider than the width.
 */
import type { CommandDefinition, CommandEntry, FlagSpec } from './command.js';

/** Width of help when stdout is not a terminal (or the terminal's width is unknown), in columns. */
export const DEFAULT_HELP_WIDTH = 100;

/** Narrowest width help is laid out for; narrower terminals get this width. */
const MIN_HELP_WIDTH = 40;

/** Columns a string takes (code points; the help text uses no wide or combining characters). */
function columns(text: string): number {
  return [...text].length;
}

/**
 * `text` broken into lines of at most `width` columns between words; the first line starts with
 * `first`, the others with `rest` (both counted in the width). A word longer than the room left
 * stands alone on its line.
 *
 * @example wrapWords('a b c', 3, '', '') // ['a b', 'c']
 */
export function wrapWords(text: string, width: number, first: string = '', rest: string = first): string[] {
  return fillLines(text.split(/\s+/).filter((w) => w.length > 0), width, first, rest).map((l) => l.trimEnd());
}

/** `words` joined by spaces into lines of at most `width` columns, the first starting with `first`, the others with `rest`. */
function fillLines(words: readonly string[], width: number, first: string, rest: string): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    if (!empty && columns(line) + 1 + columns(word) > width) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/**
 * Prose reflowed to `width`: paragraphs are separated by blank lines; inside a paragraph a line
 * that starts with spaces, `-` or `*` starts a new item whose continuation lines are indented
 * under its text.
 */
function reflow(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    if (out.length > 0) out.push('');
    const items: { indent: string; text: string }[] = [];
    for (const line of paragraph.split('\n')) {
      const item = /^(\s*(?:[-*•]\s+)?)(.*)$/.exec(line);
      const lead = item?.[1] ?? '';
      const body = item?.[2] ?? line;
      if (items.length === 0 || lead.length > 0) items.push({ indent: lead, text: body });
      else items[items.length - 1]!.text += ` ${body}`;
    }
    for (const { indent, text: body } of items) out.push(...wrapWords(body, width, indent, ' '.repeat(columns(indent))));
  }
  return out;
}

/** A shell command broken between words into lines of at most `width` columns, continued with ` \`. */
function wrapCommand(example: string, width: number, indent: string): string[] {
  if (columns(indent) + columns(example) <= width) return [`${indent}${example}`];
  // a trailing comment goes on its own lines above the command (a `\` inside a comment would not continue it)
  const comment = /^((?:'[^']*'|"(?:\\.|[^"\\])*"|[^'"#])*?)\s+#\s+(.*)$/.exec(example);
  if (comment !== null) return [...wrapWords(comment[2]!, width, `${indent}# `), ...wrapCommand(comment[1]!, width, indent)];
  const command = example;
  // words, keeping quoted strings whole
  const tokens = command.match(/(?:'[^']*'|"(?:\\.|[^"\\])*"|[^\s'"])+/g) ?? [command];
  // a flag stays with its value, a redirection with its file
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const word = tokens[i]!;
    const next = tokens[i + 1];
    const joins = next !== undefined && (word === '>' || (word.startsWith('--') && !next.startsWith('-') && !['&&', ';', '>', '|'].includes(next)));
    words.push(joins ? `${word} ${next}` : word);
    if (joins) i += 1;
  }
  // two columns kept for the ` \` that continues every line but the last
  const lines = fillLines(words, width - 2, indent, `${indent}    `);
  return lines.map((line, i) => (i < lines.length - 1 ? `${line} \\` : line));
}

/**
 * The width help is laid out for: the terminal's columns when known (at least 40), else
 * {@link DEFAULT_HELP_WIDTH}.
 *
 * @example helpWidth(undefined) // 100 (not a terminal)
 */
export function helpWidth(stdoutColumns: number | undefined): number {
  return stdoutColumns !== undefined && Number.isFinite(stdoutColumns) && stdoutColumns > 0 ? Math.max(MIN_HELP_WIDTH, Math.floor(stdoutColumns)) : DEFAULT_HELP_WIDTH;
}

/**
 * `dpbounds --help`: the commands and their summaries, wrapped to `width` columns.
 *
 * @example globalHelp(commands, helpWidth(io.stdoutColumns))
 */
export function globalHelp(commands: readonly CommandEntry[], width: number = DEFAULT_HELP_WIDTH): string {
  const nameWidth = Math.max(0, ...commands.map((c) => columns(c.name)));
  const column = 2 + nameWidth + 2;
  const besides = width - column >= 30;
  return [
    ...wrapWords('dpbounds: how private is a DP-SGD model, against which attacker, checked empirically.', width),
    '',
    'Usage: dpbounds <command> [flags]',
    '',
    'Commands:',
    ...commands.flatMap((c) =>
      besides
        ? wrapWords(c.summary, width, `  ${c.name.padEnd(nameWidth)}  `, ' '.repeat(column))
        : [`  ${c.name}`, ...wrapWords(c.summary, width, '      ')],
    ),
    '',
    ...reflow(
      'Global flags: --help (-h), --version (-v, -V); every command takes --json, --help and --version.\n' +
        "Run `dpbounds <command> --help` (or `dpbounds help <command>`) for a command's flags.",
      width,
    ),
  ].join('\n');
}

/** `  --flag a|b|c` on one line, or broken after a `|` of its value names when wider than `width`. */
function wrapFlag(left: string, width: number): string[] {
  if (columns(left) <= width) return [left];
  const lines: string[] = [];
  let line = '';
  for (const part of left.split(/(?<=[| ])/)) {
    if (line.trim().length > 0 && columns(line) + columns(part) > width) {
      lines.push(line.trimEnd());
      line = '      ';
    }
    line += part;
  }
  lines.push(line.trimEnd());
  return lines;
}

/** Column of flag descriptions: beside flags up to this many columns; longer flags put theirs under. */
const MAX_FLAG_COLUMN = 30;

/**
 * `dpbounds <command> --help`: usage, summary, description, flags and examples, wrapped to
 * `width` columns. `extraFlags` are the global flags every command takes (`--json`, `--help`).
 *
 * @example commandHelp(dpCommand, { json: jsonFlag, help: helpFlag }, 100)
 */
export function commandHelp(command: CommandDefinition, extraFlags: Readonly<Record<string, FlagSpec>>, width: number = DEFAULT_HELP_WIDTH): string {
  const all: Record<string, FlagSpec> = { ...command.flags, ...extraFlags };
  const rows = Object.entries(all).map(([name, spec]) => {
    const value = spec.type === 'string' ? ` ${spec.valueName ?? 'value'}` : '';
    const fallback = spec.defaultText !== undefined ? ` (default: ${spec.defaultText})` : '';
    return [`  --${name}${value}`, `${spec.description}${fallback}`] as const;
  });
  const fitting = rows.map(([left]) => columns(left)).filter((w) => w <= MAX_FLAG_COLUMN);
  const column = Math.max(0, ...fitting) + 2;
  const besides = width - column >= 40;
  const under = ' '.repeat(besides ? column : 6);
  const flagLines = rows.flatMap(([left, right]) =>
    besides && columns(left) + 2 <= column
      ? wrapWords(right, width, left.padEnd(column), under)
      : [...wrapFlag(left, width), ...wrapWords(right, width, under)],
  );
  const usage = `Usage: dpbounds ${command.name}${command.positionals !== undefined ? ` ${command.positionals.valueName}` : ''} [flags]`;
  const examples = command.examples ?? [];
  return [
    ...wrapWords(usage, width),
    '',
    ...wrapWords(command.summary, width),
    ...(command.positionals !== undefined ? ['', ...wrapWords(`${command.positionals.valueName}: ${command.positionals.description}`, width, '', '  ')] : []),
    '',
    ...reflow(command.description, width),
    '',
    'Flags:',
    ...flagLines,
    ...(examples.length > 0 ? ['', 'Examples:', ...examples.flatMap((e) => wrapCommand(e, width, '  '))] : []),
  ].join('\n');
}
