import { describe, expect, it } from 'vitest';
import { codeBlocks } from './markdown-blocks.js';

describe('codeBlocks', () => {
  it('finds each fenced block with its language, tags and the line its code starts on', () => {
    const md = ['# Title', '', '```ts', 'const a = 1;', '```', 'text', '```ts fragment', 'a;', 'b;', '```', '```', 'plain', '```'].join('\n');
    expect(codeBlocks(md, 'X.md')).toEqual([
      { file: 'X.md', line: 4, lang: 'ts', tags: [], code: 'const a = 1;\n' },
      { file: 'X.md', line: 8, lang: 'ts', tags: ['fragment'], code: 'a;\nb;\n' },
      { file: 'X.md', line: 12, lang: '', tags: [], code: 'plain\n' },
    ]);
  });

  it('keeps shorter fences and fences with an info string inside a longer block', () => {
    const md = ['````md', '```ts', 'x', '```', '````'].join('\n');
    expect(codeBlocks(md, 'Y.md')).toEqual([{ file: 'Y.md', line: 2, lang: 'md', tags: [], code: '```ts\nx\n```\n' }]);
  });

  it('runs an unclosed block to the end of the file', () => {
    expect(codeBlocks('```sh\nls', 'Z.md')).toEqual([{ file: 'Z.md', line: 2, lang: 'sh', tags: [], code: 'ls\n' }]);
  });
});
