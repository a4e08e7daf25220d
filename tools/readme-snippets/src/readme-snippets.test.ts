/**
 * Every ```ts block of the package READMEs and of docs/*.md is library code a user may paste:
 * it must compile against the published types with the repository's strictest settings.
 * A block that is deliberately an excerpt (it uses names defined elsewhere) is fenced
 * "```ts fragment" and skipped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeBlocks, type CodeBlock } from './markdown-blocks.js';
import { snippetCompilerOptions, typeCheckSnippets } from './type-check-snippets.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = fileURLToPath(new URL('../.snippets', import.meta.url));
// The CLI is not a dependency of this package (its bin does not exist before it is built, and
// pnpm would warn on install); its library types are mapped to the built declarations instead.
const options = {
  ...snippetCompilerOptions(join(root, 'tsconfig.base.json')),
  paths: { '@dpbounds/cli': [join(root, 'apps', 'cli', 'dist', 'index.d.ts')] },
};

function markdownFiles(): string[] {
  const readmes = ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, group, entry.name, 'README.md')),
  );
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name));
  return [join(root, 'README.md'), ...readmes, ...docs].filter((path) => {
    try {
      readFileSync(path);
      return true;
    } catch {
      return false;
    }
  });
}

function tsBlocks(): CodeBlock[] {
  return markdownFiles()
    .flatMap((path) => codeBlocks(readFileSync(path, 'utf8'), relative(root, path)))
    .filter((block) => (block.lang === 'ts' || block.lang === 'typescript') && !block.tags.includes('fragment'));
}

describe('README and docs TypeScript examples', () => {
  it('every ```ts block of every package README and docs page compiles (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes)', () => {
    const blocks = tsBlocks();
    // Every published library package's README carries at least one checked example.
    for (const name of ['special-functions', 'tradeoff-core', 'accountants', 'attacks', 'audit-one-run', 'sgd-instrumentation']) {
      expect(blocks.some((block) => block.file === `packages/${name}/README.md`), name).toBe(true);
    }
    const errors = typeCheckSnippets(blocks, options, scratch);
    expect(errors.map((e) => `${e.where}: ${e.message}`)).toEqual([]);
  });

  it('the checker uses the strict settings: an unchecked index and an explicit undefined are errors', () => {
    expect(options.strict).toBe(true);
    expect(options.noUncheckedIndexedAccess).toBe(true);
    expect(options.exactOptionalPropertyTypes).toBe(true);
    const code = [
      "import { gaussianTradeOff, tprAtFpr } from '@dpbounds/tradeoff-core';",
      'const first = tprAtFpr(gaussianTradeOff(1), [0.01])[0];',
      'const tpr: number = first.tpr;',
      'const opt: { a?: number } = { a: undefined };',
      'console.log(tpr, opt);',
    ].join('\n');
    const errors = typeCheckSnippets([{ file: 'PLANTED.md', line: 10, lang: 'ts', tags: [], code: `${code}\n` }], options, scratch);
    expect(errors.map((e) => e.where)).toEqual(['PLANTED.md:12', 'PLANTED.md:13']);
  });
});
