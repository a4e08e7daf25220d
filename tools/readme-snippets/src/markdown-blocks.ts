/**
 * Fenced code blocks of a Markdown file, with the line each block's code starts on, so a
 * checker can report a failure as `README.md:42`.
 */

/** One fenced code block: its language, the rest of its info string, its code and where it is. */
export interface CodeBlock {
  /** Path of the Markdown file, as given. */
  readonly file: string;
  /** 1-based line number of the first line of code (the line after the opening fence). */
  readonly line: number;
  /** First word of the info string (`ts`, `sh`, `console`, …); '' for a bare fence. */
  readonly lang: string;
  /** The words after the language (`fragment` in "```ts fragment"). */
  readonly tags: readonly string[];
  /** The code between the fences, with a trailing newline. */
  readonly code: string;
}

/**
 * Every fenced (```) code block of `markdown`, in order. Fences may be indented up to three
 * spaces; a block closes at the first fence of at least as many backticks. An unclosed block
 * runs to the end of the file (as CommonMark renders it).
 *
 * @example codeBlocks('a\n```ts fragment\nx;\n```\n', 'README.md') // [{ file: 'README.md', line: 3, lang: 'ts', tags: ['fragment'], code: 'x;\n' }]
 */
export function codeBlocks(markdown: string, file: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  let open: { fence: string; lang: string; tags: string[]; start: number; body: string[] } | undefined;
  lines.forEach((text, index) => {
    const fence = /^ {0,3}(`{3,})(.*)$/.exec(text);
    if (open === undefined) {
      if (fence === null) return;
      const [lang = '', ...tags] = (fence[2] ?? '').trim().split(/\s+/).filter((word) => word !== '');
      open = { fence: fence[1] ?? '```', lang, tags, start: index + 2, body: [] };
      return;
    }
    if (fence !== null && (fence[1] ?? '').length >= open.fence.length && (fence[2] ?? '').trim() === '') {
      blocks.push({ file, line: open.start, lang: open.lang, tags: open.tags, code: open.body.map((l) => `${l}\n`).join('') });
      open = undefined;
      return;
    }
    open.body.push(text);
  });
  if (open !== undefined) blocks.push({ file, line: open.start, lang: open.lang, tags: open.tags, code: open.body.map((l) => `${l}\n`).join('') });
  return blocks;
}
