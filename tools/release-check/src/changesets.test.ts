/**
 * The pending changesets make a CHANGELOG a user can read: each names only published packages
 * of this workspace with a valid bump and says something, and the changelog generator writes
 * the changeset's words without commit hashes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = join(root, '.changeset');

interface ChangelogFunctions {
  getReleaseLine(changeset: { summary: string; commit?: string }, type: string): Promise<string>;
  getDependencyReleaseLine(changesets: unknown[], deps: { name: string; newVersion: string }[]): Promise<string>;
}

const publishedDirs = ['packages', 'apps']
  .flatMap((group) => readdirSync(join(root, group), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(root, group, e.name)))
  .map((dir) => {
    try {
      return { dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; private?: boolean } };
    } catch {
      return undefined;
    }
  })
  .filter((p): p is { dir: string; manifest: { name: string; private?: boolean } } => p !== undefined && p.manifest.private !== true);
const published = new Set(publishedDirs.map((p) => p.manifest.name));

describe('changesets', () => {
  const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { changelog: string };

  it('the changelog generator is ours: no commit hashes, one line for dependency updates', async () => {
    expect(config.changelog).toBe('./changelog.cjs');
    const generator = (createRequire(import.meta.url)(join(dir, 'changelog.cjs')) as { default: ChangelogFunctions }).default;
    expect(await generator.getReleaseLine({ summary: 'Adds X.\nMore about X.', commit: 'abcdef1234567' }, 'minor')).toBe('- Adds X.\n  More about X.');
    expect(await generator.getDependencyReleaseLine([{}, {}], [{ name: '@dpbounds/a', newVersion: '0.1.0' }, { name: '@dpbounds/b', newVersion: '0.2.0' }])).toBe(
      '- Depends on `@dpbounds/a` 0.1.0, `@dpbounds/b` 0.2.0.',
    );
    expect(await generator.getDependencyReleaseLine([], [])).toBe('');
  });

  const files = readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md');
  it.each(files)('%s names published packages with a bump and has a summary a user can read', (name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    const match = /^---\n([\s\S]*?)---\n([\s\S]*)$/.exec(text);
    expect(match, 'front matter').not.toBeNull();
    const [, front = '', summary = ''] = match ?? [];
    for (const line of front.split('\n').filter((l) => l.trim() !== '')) {
      const entry = /^"(@dpbounds\/[a-z-]+)": (major|minor|patch)$/.exec(line.trim());
      expect(entry, line).not.toBeNull();
      expect(published.has(entry?.[1] ?? ''), line).toBe(true);
    }
    if (front.trim() !== '') {
      expect(summary.trim().length).toBeGreaterThan(20);
      // Internal references do not belong in a user's changelog.
      expect(summary).not.toMatch(/\b(spec §|issue \d+|CLI\.md|STYLE\.md)/);
    }
  });
});

describe('CHANGELOGs', () => {
  const shortName = (name: string): string => name.replace('@dpbounds/', '');
  const changelogs = publishedDirs.filter(({ dir }) => existsSync(join(dir, 'CHANGELOG.md'))).map(({ dir, manifest }) => ({ name: manifest.name, text: readFileSync(join(dir, 'CHANGELOG.md'), 'utf8') }));

  it('every published package has one', () => {
    expect(changelogs.map((c) => c.name).sort()).toEqual([...published].sort());
  });

  it.each(changelogs.map((c) => [c.name, c.text] as const))('%s covers only its own package, without commit hashes', (name, text) => {
    // A changeset shared by several packages puts its whole text in each of their changelogs:
    // entries headed by another package ("- attacks: moved …", "- `@dpbounds/cli`: …") show it.
    const others = [...published].filter((other) => other !== name).map(shortName);
    const foreign = text.split('\n').filter((line) => {
      const head = /^\s*-\s+`?(?:@dpbounds\/)?([a-z-]+)`?(?:,[^:]*)?:\s/.exec(line);
      return head !== null && others.includes(head[1] ?? '');
    });
    expect(foreign).toEqual([]);
    expect(text).not.toMatch(/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b/);
  });
});
