/**
 * Every number these pages show comes from a command the page names and equals what that command
 * prints now: console transcripts (`$ dpbounds …` and its output) and fact blocks
 * (`<!-- dpbounds: … -->`, see doc-blocks.ts) are re-run in-process and compared.
 * `DOCS_WRITE=1 npx vitest run` (in tools/docs-check) rewrites the pages instead; review the diff.
 * docs/per-instance.md has its own test in apps/cli (per-instance-docs.test.ts).
 */
import { describePages } from './page-suite.js';

describePages('numbers in the docs are what the named commands print', [
  ['docs/accounting.md', 7],
  ['docs/bayes-security.md', 10],
  ['docs/gmip.md', 9],
  ['docs/relaxed-threat-model.md', 15],
  ['docs/audit-one-run.md', 11],
  ['docs/attacks.md', 1],
  ['docs/tradeoff-curves.md', 5],
  ['docs/limits.md', 1],
  ['packages/accountants/README.md', 3],
]);
