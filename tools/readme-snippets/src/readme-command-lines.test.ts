import { describe, expect, it } from 'vitest';
import { dpboundsCommandLines, shellWords } from './readme-command-lines.js';

describe('shellWords', () => {
  it('splits on whitespace, honours quotes and drops a trailing comment', () => {
    expect(shellWords(`dpbounds dp --x 'a b' --y "c d"   # note`)).toEqual(['dpbounds', 'dp', '--x', 'a b', '--y', 'c d']);
    expect(shellWords('a#b c')).toEqual(['a#b', 'c']);
    expect(shellWords("x ''")).toEqual(['x', '']);
  });

  it('refuses an unclosed quote', () => {
    expect(() => shellWords("dpbounds 'open")).toThrow(/unclosed/);
  });
});

describe('dpboundsCommandLines', () => {
  it('keeps dpbounds, ./dpbounds and npx dpbounds lines of shell blocks, with their Markdown line', () => {
    const code = ['npm install -g @dpbounds/cli', 'dpbounds                # the commands', './dpbounds dp --help', 'npx dpbounds convert --mu 1', 'npx -y pnpm@10.34.8 install && ./dpbounds demo', ''].join('\n');
    expect(dpboundsCommandLines([{ file: 'R.md', line: 7, lang: 'sh', tags: [], code }, { file: 'R.md', line: 30, lang: 'console', tags: [], code: 'dpbounds dp\n' }])).toEqual([
      { where: 'R.md:8', text: 'dpbounds', args: [] },
      { where: 'R.md:9', text: './dpbounds dp --help', args: ['dp', '--help'] },
      { where: 'R.md:10', text: 'npx dpbounds convert --mu 1', args: ['convert', '--mu', '1'] },
    ]);
  });
});
