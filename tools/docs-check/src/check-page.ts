/**
 * Checks one doc page against the commands it quotes and, on request, rewrites it with what the
 * commands print now. The page format is described in doc-blocks.ts.
 *
 * Exempt from the check (say so on the page instead): measurements (timings, memory in
 * docs/benchmarks.md and "CPU" columns), numbers quoted from papers or from other tools'
 * outputs, and fixture values (those are checked by the packages' fixture tests).
 */
import { consoleCommands, factBlocks } from './doc-blocks.js';
import { formatLike } from './format-like.js';
import { evaluate } from './json-path.js';
import type { CommandRun } from './run-command.js';

/**
 * Runs a command for a page; `group` names the working directory: commands of one console block
 * share one, and the group `repo` is the repository root.
 */
export type PageRunner = (args: readonly string[], group: string) => Promise<CommandRun>;

/** The outcome for one page: every mismatch in words, and the page as the commands print it now. */
export interface PageCheck {
  readonly problems: readonly string[];
  readonly rewritten: string;
  /** How many commands and facts were compared (a page with markers but nothing compared is a bug). */
  readonly compared: number;
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const wholeNumber = (literal: string): RegExp => new RegExp(`(?<![\\d.])${literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d])`, 'g');

/** Lines a command printed (stdout then stderr), trailing spaces kept as printed. */
function printedLines(run: CommandRun): string[] {
  return `${run.stdout}${run.stderr}`.split('\n');
}

function numbersOf(jsonText: string): string[] {
  return [...jsonText.matchAll(/"[A-Za-z]+": (-?[0-9][0-9.e+-]*)/g)].map((m) => m[1] as string);
}

/**
 * Compares every console transcript and fact block of `markdown` with a fresh run of its command.
 *
 * @example const { problems } = await checkPage(text, (args, group) => runCommand(args, dirFor(group)));
 */
export async function checkPage(markdown: string, run: PageRunner): Promise<PageCheck> {
  const problems: string[] = [];
  const edits: Edit[] = [];
  let compared = 0;

  for (const command of consoleCommands(markdown)) {
    const label = `$ dpbounds ${command.args.join(' ')}`;
    const result = await run(command.args, command.cwd === 'repo' ? 'repo' : `console-${command.block}`);
    compared += 1;
    if (result.code !== 0) {
      problems.push(`${label}: exit code ${result.code}: ${result.stderr.trim()}`);
      continue;
    }
    if (command.quoted.length === 0) continue;
    const quotedText = command.quoted.join('\n');
    const fresh = `${result.stdout.replace(/\n+$/, '')}\n${result.stderr === '' ? '' : `\n${result.stderr.replace(/\n+$/, '')}\n`}`;
    if (command.args.includes('--json')) {
      let quotedJson: unknown;
      try {
        quotedJson = JSON.parse(quotedText);
      } catch {
        // abridged JSON (…): every number the page quotes must be printed
        for (const n of numbersOf(quotedText)) if (!result.stdout.includes(n)) problems.push(`${label}: the page quotes ${n}, the command does not print it`);
        continue;
      }
      if (JSON.stringify(quotedJson) !== JSON.stringify(JSON.parse(result.stdout))) {
        problems.push(`${label}: quoted JSON differs from the output`);
        edits.push({ start: command.outputStart, end: command.outputEnd, text: fresh });
      }
      continue;
    }
    const printed = new Set(printedLines(result));
    const missing = command.quoted.filter((line) => !printed.has(line));
    if (missing.length > 0) {
      problems.push(`${label}: quoted lines not printed:\n    ${missing.join('\n    ')}`);
      edits.push({ start: command.outputStart, end: command.outputEnd, text: fresh });
    }
  }

  // blocks that share a text (adjacent headers) rewrite it one after the other
  const bodies = new Map<number, { end: number; text: string }>();
  for (const block of factBlocks(markdown)) {
    const label = `<!-- dpbounds: ${block.command} -->`;
    const body = markdown.slice(block.bodyStart, block.bodyEnd);
    const shared = bodies.get(block.bodyStart) ?? { end: block.bodyEnd, text: body };
    bodies.set(block.bodyStart, shared);
    const shown = block.command.replace(/\s+--json\b/, '');
    if (!body.replace(/\s+/g, " ").includes(`dpbounds ${shown}`)) problems.push(`${label}: the block's text does not name the command (\`dpbounds ${shown}\`)`);
    if (block.facts.length === 0) problems.push(`${label}: no facts`);
    const result = await run(block.args, `facts ${block.command}`);
    if (result.code !== 0) {
      problems.push(`${label}: exit code ${result.code}: ${result.stderr.trim()}`);
      continue;
    }
    const output: unknown = JSON.parse(result.stdout);
    let header = markdown.slice(block.headerStart, block.headerEnd);
    for (const fact of block.facts) {
      compared += 1;
      if (body.match(wholeNumber(fact.literal)) === null) problems.push(`${label}: ${fact.literal} (${fact.path}) does not appear in the block's text`);
      let value: unknown;
      try {
        value = evaluate(output, fact.path);
      } catch (error) {
        problems.push(`${label}: ${(error as Error).message}`);
        continue;
      }
      if (typeof value !== 'number') {
        problems.push(`${label}: ${fact.path} is ${JSON.stringify(value)}, not a number`);
        continue;
      }
      const now = formatLike(value, fact.literal);
      if (now === fact.literal) continue;
      problems.push(`${label}: ${fact.path} is ${value}, shown as ${fact.literal} (now ${now})`);
      header = header.replace(`${fact.path} = ${fact.literal}`, `${fact.path} = ${now}`);
      shared.text = shared.text.replace(wholeNumber(fact.literal), now);
    }
    if (header !== markdown.slice(block.headerStart, block.headerEnd)) edits.push({ start: block.headerStart, end: block.headerEnd, text: header });
  }
  for (const [start, { end, text }] of bodies) if (text !== markdown.slice(start, end)) edits.push({ start, end, text });

  let rewritten = markdown;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) rewritten = rewritten.slice(0, edit.start) + edit.text + rewritten.slice(edit.end);
  return { problems, rewritten, compared };
}
