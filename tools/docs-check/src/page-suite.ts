/**
 * The vitest suite shared by the docs-number tests: for each page, re-run what it quotes and
 * compare; with `DOCS_WRITE=1`, rewrite the page with the current output instead of failing.
 *
 * Not checked (exempt by nature): timings and memory (docs/benchmarks.md, "CPU" columns), numbers
 * quoted from papers and other tools, and fixture values (checked by the packages' fixture tests).
 * The package READMEs' code comments (`// 1.8412`) are checked by each package's README test.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPage } from './check-page.js';
import { runCommand, scratchDirectory, type CommandRun } from './run-command.js';

const root = new URL('../../../', import.meta.url);

/** Runs each command line once per scope: fact blocks share one run per command line across pages, console blocks run per page and block. */
function cachedRunner(): (page: string) => (args: readonly string[], group: string) => Promise<CommandRun> {
  const cache = new Map<string, Promise<CommandRun>>();
  const directories = new Map<string, string>();
  return (page) => (args, group) => {
    const scope = group.startsWith('facts ') ? group : `${page} ${group}`;
    const key = `${scope}\n${args.join(' ')}`;
    let directory = group === 'repo' ? fileURLToPath(root) : directories.get(scope);
    if (directory === undefined) {
      directory = scratchDirectory();
      directories.set(scope, directory);
    }
    let result = cache.get(key);
    if (result === undefined) {
      result = runCommand(args, directory);
      cache.set(key, result);
    }
    return result;
  };
}

/**
 * Declares one test per page (path from the repo root, and the least number of comparisons the
 * page must hold, so a page that loses its markers fails).
 */
export function describePages(title: string, pages: readonly (readonly [string, number])[]): void {
  const write = process.env['DOCS_WRITE'] === '1';
  const runner = cachedRunner();
  describe(title, () => {
    for (const [page, minimum] of pages) {
      it(page, async () => {
        const url = new URL(page, root);
        const markdown = readFileSync(url, 'utf8');
        const check = await checkPage(markdown, runner(page));
        expect(check.compared, `${page}: comparisons`).toBeGreaterThanOrEqual(minimum);
        if (write && check.rewritten !== markdown) writeFileSync(url, check.rewritten);
        if (!write) expect(check.problems, `${page} (DOCS_WRITE=1 rewrites the page)`).toEqual([]);
      }, 600_000);
    }
  });
}
