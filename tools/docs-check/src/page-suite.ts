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
import { factBlocks } from './doc-blocks.js';
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
 * A command whose output is recorded in a file: the default run compares the pages with the
 * recording (cheap), and the live run (`DOCS_LIVE=1`, the package's `pnpm test:big`) runs the
 * command, compares the pages with what it prints now and, with `DOCS_WRITE=1`, rewrites the
 * recording too.
 */
export interface RecordedCommand {
  /** The command line as the pages' fact blocks write it, e.g. `demo --json`. */
  readonly command: string;
  /** The file holding its stdout. */
  readonly file: URL;
}

/** A runner that answers `recorded.command` from its file unless `live` (then it runs it, and records it when `write`). */
function recordingRunner(runner: ReturnType<typeof cachedRunner>, recorded: RecordedCommand | undefined, live: boolean, write: boolean): ReturnType<typeof cachedRunner> {
  if (recorded === undefined) return runner;
  return (page) => async (args, group) => {
    if (args.join(' ') !== recorded.command) return runner(page)(args, group);
    if (!live) return { code: 0, stdout: readFileSync(recorded.file, 'utf8'), stderr: '' };
    const result = await runner(page)(args, group);
    if (write && result.code === 0) writeFileSync(recorded.file, result.stdout);
    return result;
  };
}

/**
 * Declares one test per page (path from the repo root, and the least number of comparisons the
 * page must hold, so a page that loses its markers fails), preceded by one test per distinct
 * fact-block command that runs it. With `recorded`, that command's output
 * comes from its recording unless `DOCS_LIVE=1` (see RecordedCommand).
 */
export function describePages(title: string, pages: readonly (readonly [string, number])[], recorded?: RecordedCommand): void {
  const write = process.env['DOCS_WRITE'] === '1';
  const live = process.env['DOCS_LIVE'] === '1';
  const runner = recordingRunner(cachedRunner(), recorded, live, write);
  describe(title, () => {
    const declared = new Set<string>();
    for (const [page, minimum] of pages) {
      // Each fact block's command runs once per file, in a test of its own (so the time of each
      // command is seen on its own line); the page's test below compares from the shared run.
      for (const block of factBlocks(readFileSync(new URL(page, root), 'utf8'))) {
        if (declared.has(block.command)) continue;
        declared.add(block.command);
        it(`${page}: \`dpbounds ${block.command}\` exits 0`, async () => {
          const result = await runner(page)(block.args, `facts ${block.command}`);
          expect(result.code, result.stderr).toBe(0);
        }, 600_000); // a safety net against a hang, not a speed requirement
      }
      it(page, async () => {
        const url = new URL(page, root);
        const markdown = readFileSync(url, 'utf8');
        const check = await checkPage(markdown, runner(page));
        expect(check.compared, `${page}: comparisons`).toBeGreaterThanOrEqual(minimum);
        if (write && check.rewritten !== markdown) writeFileSync(url, check.rewritten);
        if (!write) expect(check.problems, `${page} (DOCS_WRITE=1 rewrites the page)`).toEqual([]);
      }, 600_000); // a safety net against a hang, not a speed requirement
    }
    if (recorded !== undefined && live) {
      it(`${recorded.command}: the recording is what it prints now (all but its timings)`, async () => {
        const args = recorded.command.split(' ');
        // the fact blocks' scope: the run the pages were just compared with, not a new one
        const fresh = await runner(pages[0]?.[0] ?? '')(args, `facts ${recorded.command}`);
        expect(fresh.code).toBe(0);
        const untimed = (text: string): unknown => ({ ...(JSON.parse(text) as Record<string, unknown>), seconds: undefined });
        expect(untimed(readFileSync(recorded.file, 'utf8')), 'DOCS_WRITE=1 rewrites the recording').toEqual(untimed(fresh.stdout));
      }, 600_000);
    }
  });
}
