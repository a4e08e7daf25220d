/**
 * No page quotes a command unchecked: every markdown file of the repository with a fact block or
 * a `$ dpbounds` console transcript is in one of the checked lists of pages.ts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandPages, demoPages, pagesCheckedElsewhere } from './pages.js';

const root = new URL('../../../', import.meta.url);

describe('every page that quotes a command is checked', () => {
  it('lists each such page', () => {
    const listed = new Set([...commandPages, ...demoPages].map(([page]) => page).concat(pagesCheckedElsewhere));
    const markdown = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f !== '' && !f.includes('node_modules/') && f !== 'CONTRIBUTING.md');
    const quoting = markdown.filter((f) => {
      const text = readFileSync(new URL(f, root), 'utf8');
      return text.includes('<!-- dpbounds: ') || /^```console\n(?:[^`]*\n)?\$ dpbounds /m.test(text);
    });
    expect(quoting.length).toBeGreaterThan(5);
    expect(quoting.filter((f) => !listed.has(f))).toEqual([]);
  });
});
