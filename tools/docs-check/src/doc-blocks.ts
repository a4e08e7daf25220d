/**
 * The two ways a doc ties its numbers to a command, found in the markdown source.
 *
 * 1. A console transcript: inside a ```console block, a `$ dpbounds <args>` line followed by the
 *    lines the command prints (up to the next `$` line). Text output is compared line by line
 *    (each quoted line must be printed, so a page may quote a subset); JSON output (`--json`) is
 *    compared whole when the quoted JSON parses, and number by number when the page abridged it.
 * 2. A fact block, for numbers in prose and tables:
 *
 *        <!-- dpbounds: dp --sampling-rate 0.004 --noise-multiplier 1.1 --steps 10000 --json
 *        rows[accountant=pld].epsilon = 1.8412
 *        1 - rtm.points[fpr=0.01].fnr = 0.05006
 *        -->
 *        …text that names `dpbounds dp --sampling-rate 0.004 …` and shows 1.8412…
 *        <!-- /dpbounds -->
 *
 *    Each fact line is a JSON path into the command's output (or an arithmetic expression of
 *    paths and numbers, tokens separated by spaces), ` = `, and the number as the text shows it;
 *    the shown number must appear in the block's text and equal the computed value rounded as
 *    written (see format-like.ts). The block's text must name the command (`dpbounds <args>`,
 *    `--json` optional), so a reader sees where the numbers come from.
 */

/** One `$ dpbounds …` line of a console block and the output lines quoted under it. */
export interface ConsoleCommand {
  readonly args: readonly string[];
  /** Lines quoted under the command (empty lines dropped). */
  readonly quoted: readonly string[];
  /** Offsets in the markdown of the quoted output (from the start of the line after `$`, to the line of the next `$` or the fence). */
  readonly outputStart: number;
  readonly outputEnd: number;
  /** The console block this command belongs to (commands of one block share a working directory). */
  readonly block: number;
  /**
   * Where the block runs: a fresh scratch directory, or the repository root when the block is
   * preceded by `<!-- dpbounds-cwd: repo -->` (for commands that read files the repository
   * carries; such blocks must not write files).
   */
  readonly cwd: 'scratch' | 'repo';
}

/** One fact of a fact block: a JSON path (or expression of paths) and the number as the doc writes it. */
export interface Fact {
  readonly path: string;
  readonly literal: string;
}

/** A fact block: the command, its facts, and where the block's text lies in the markdown. */
export interface FactBlock {
  readonly args: readonly string[];
  readonly command: string;
  readonly facts: readonly Fact[];
  readonly headerStart: number;
  readonly headerEnd: number;
  readonly bodyStart: number;
  readonly bodyEnd: number;
}

/** Splits a command line the way docs write them (single spaces, no quoting). */
export function splitArgs(line: string): string[] {
  return line.trim().split(/\s+/).filter((a) => a !== '');
}

/** Every `$ dpbounds …` command of every ```console block of a page. */
export function consoleCommands(markdown: string): ConsoleCommand[] {
  const result: ConsoleCommand[] = [];
  let block = 0;
  for (const fence of markdown.matchAll(/^```console\n([\s\S]*?)^```/gm)) {
    const text = fence[1] as string;
    const base = (fence.index ?? 0) + '```console\n'.length;
    const cwd = /<!-- dpbounds-cwd: repo -->\s*$/.test(markdown.slice(0, fence.index ?? 0)) ? 'repo' : 'scratch';
    const lines = text.split('\n');
    let offset = base;
    let current: { args: string[]; quoted: string[]; outputStart: number } | undefined;
    const close = (end: number): void => {
      if (current !== undefined) result.push({ ...current, outputEnd: end, block, cwd });
      current = undefined;
    };
    for (const line of lines) {
      const lineEnd = offset + line.length + 1;
      if (line.startsWith('$ ')) {
        close(offset);
        if (line.startsWith('$ dpbounds ')) current = { args: splitArgs(line.slice('$ dpbounds '.length)), quoted: [], outputStart: lineEnd };
      } else if (current !== undefined && line.trim() !== '') current.quoted.push(line);
      offset = lineEnd;
    }
    close(base + text.length);
    block += 1;
  }
  return result;
}

/**
 * Every fact block of a page. Headers that follow each other directly (only white space between
 * them) share the text after the last of them, so one paragraph or table can quote several
 * commands. Throws on a block that is not closed or has a malformed fact line.
 */
export function factBlocks(markdown: string): FactBlock[] {
  const result: FactBlock[] = [];
  const headers = [...markdown.matchAll(/<!-- dpbounds: ([^\n]*)\n([\s\S]*?)-->\n?/g)];
  headers.forEach((header, i) => {
    const headerStart = header.index ?? 0;
    const headerEnd = headerStart + header[0].length;
    // the run of adjacent headers this one belongs to ends where the shared text begins
    let runEnd = headerEnd;
    for (let j = i + 1; j < headers.length; j++) {
      const next = headers[j] as RegExpExecArray;
      if (markdown.slice(runEnd, next.index).trim() !== '') break;
      runEnd = (next.index ?? 0) + next[0].length;
    }
    const close = markdown.indexOf('<!-- /dpbounds -->', runEnd);
    const nextOpen = markdown.indexOf('<!-- dpbounds:', runEnd);
    if (close < 0 || (nextOpen >= 0 && nextOpen < close)) throw new Error(`fact block '${header[1]}' has no <!-- /dpbounds --> before the next block`);
    const facts = (header[2] as string).split('\n').map((l) => l.trim()).filter((l) => l !== '').map((line): Fact => {
      const cut = line.lastIndexOf(' = ');
      if (cut < 0) throw new Error(`fact line '${line}' under '${header[1]}': expected '<json path or expression> = <number as shown>'`);
      return { path: line.slice(0, cut).trim(), literal: line.slice(cut + 3).trim() };
    });
    const command = (header[1] as string).trim();
    result.push({ args: splitArgs(command), command, facts, headerStart, headerEnd, bodyStart: runEnd, bodyEnd: close });
  });
  return result;
}
