/**
 * The `dpbounds` command lines of a Markdown file's ```sh blocks, as argument vectors, so a test
 * can run each one exactly as a reader would paste it.
 */
import type { CodeBlock } from './markdown-blocks.js';

/** One command line: where it is, the text as written, and the arguments after `dpbounds`. */
export interface CommandLine {
  /** `file:line` in the Markdown source. */
  readonly where: string;
  /** The line as written (without a trailing `# comment`). */
  readonly text: string;
  /** The arguments passed to the `dpbounds` binary. */
  readonly args: readonly string[];
}

/** How a line may invoke the CLI: on PATH, through the repository's launcher, or through npx. */
const launchers: readonly (readonly string[])[] = [['dpbounds'], ['./dpbounds'], ['npx', 'dpbounds']];

/**
 * Splits a shell line into words: whitespace separates, '…' and "…" quote (no expansions), and
 * an unquoted `#` at the start of a word starts a comment.
 *
 * @example shellWords(`dpbounds dp --x 'a b'  # note`) // ['dpbounds', 'dp', '--x', 'a b']
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const ch of line) {
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
      else word = (word ?? '') + ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= '';
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (ch === '#' && word === undefined) {
      break;
    } else {
      word = (word ?? '') + ch;
    }
  }
  if (quote !== undefined) throw new Error(`unclosed ${quote} in: ${line}`);
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * Every line of the `sh`/`bash`/`shell` blocks that starts with `dpbounds`, `./dpbounds` or
 * `npx dpbounds`. Lines that do something else first (`npx pnpm install && ./dpbounds demo`)
 * are not commands of the CLI alone and are left out.
 *
 * @example dpboundsCommandLines([{ file: 'README.md', line: 5, lang: 'sh', tags: [], code: './dpbounds --version\n' }]) // [{ where: 'README.md:5', text: './dpbounds --version', args: ['--version'] }]
 */
export function dpboundsCommandLines(blocks: readonly CodeBlock[]): CommandLine[] {
  const lines: CommandLine[] = [];
  for (const block of blocks) {
    if (!['sh', 'bash', 'shell'].includes(block.lang)) continue;
    block.code.split('\n').forEach((raw, index) => {
      const words = shellWords(raw);
      const launcher = launchers.find((prefix) => prefix.every((word, i) => words[i] === word));
      if (launcher === undefined) return;
      const text = raw.replace(/\s+#.*$/, '').trim();
      lines.push({ where: `${block.file}:${block.line + index}`, text, args: words.slice(launcher.length) });
    });
  }
  return lines;
}
