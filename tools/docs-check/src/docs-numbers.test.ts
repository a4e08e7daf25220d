/**
 * Every number these pages show comes from a command the page names and equals what that command
 * prints now: console transcripts (`$ dpbounds …` and its output) and fact blocks
 * (`<!-- dpbounds: … -->`, see doc-blocks.ts) are re-run in-process and compared.
 * `DOCS_WRITE=1 npx vitest run` (in tools/docs-check) rewrites the pages instead; review the diff.
 */
import { describePages } from './page-suite.js';
import { commandPages } from './pages.js';

describePages('numbers in the docs are what the named commands print', commandPages);
