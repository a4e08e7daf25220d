/**
 * Until the first release nothing is on npm: the root README and the docs pages may not tell a
 * reader to install or run a @dpbounds package from the registry without saying, before the
 * first such line, that it is for after the first release (README "Outside this repository",
 * docs/sweep.md's cluster examples). The packages' own READMEs are their npm pages, read once
 * published, and keep the usual `npm install` line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const pages = [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join(root, 'docs', name)),
].filter((path) => {
  try {
    readFileSync(path);
    return true;
  } catch {
    return false;
  }
});

/** Lines that fetch a @dpbounds package from npm: `npm install [-g] @dpbounds/…`, `npx [-y] @dpbounds/…`, `pnpm add @dpbounds/…`. */
const REGISTRY = /\b(npm (i|install)( -g)?|npx( -y)?|pnpm (add|dlx)|yarn add) @dpbounds\//;

describe('no page promises an install from npm before the first release', () => {
  it('every page with a registry install line says first that it is for after the first release', () => {
    const unqualified: string[] = [];
    for (const path of pages) {
      const text = readFileSync(path, 'utf8');
      const first = REGISTRY.exec(text);
      if (first === null) continue;
      const lineEnd = text.indexOf('\n', first.index);
      if (!/first release/.test(text.slice(0, lineEnd < 0 ? text.length : lineEnd))) unqualified.push(`${relative(root, path)}: ${first[0]}`);
    }
    expect(unqualified).toEqual([]);
    expect(pages.length).toBeGreaterThan(10);
    // the check reads the pages that do carry such lines
    expect(pages.filter((path) => REGISTRY.test(readFileSync(path, 'utf8'))).map((path) => relative(root, path)).sort()).toEqual(['README.md', 'docs/sweep.md']);
  });
});
