/**
 * The pages whose numbers come from commands, and the least number of comparisons each must
 * hold (so a page that loses its markers fails). Two lists, run by two test files in parallel:
 * the demo's pages share one full `dpbounds demo --json` run, recorded in
 * test/fixtures/demo-report.json (see docs-numbers-demo.test.ts).
 */
import type { RecordedCommand } from './page-suite.js';

/** Pages checked by docs-numbers.test.ts. */
export const commandPages: readonly (readonly [string, number])[] = [
  ['docs/accounting.md', 7],
  ['docs/bayes-security.md', 10],
  ['docs/gmip.md', 9],
  ['docs/relaxed-threat-model.md', 15],
  ['docs/audit-one-run.md', 11],
  ['docs/attacks.md', 1],
  ['docs/tradeoff-curves.md', 5],
  ['docs/limits.md', 1],
  ['packages/accountants/README.md', 3],
  ['docs/batch-samplers.md', 7],
  ['docs/math/batch-samplers.md', 5],
  ['docs/sweep.md', 1],
  ['docs/soundness.md', 3],
  ['docs/cli.md', 2],
  ['README.md', 3],
];

/** Pages checked by docs-numbers-demo.test.ts. */
export const demoPages: readonly (readonly [string, number])[] = [
  ['docs/demo.md', 30],
  ['docs/reading-the-views.md', 20],
];

/** Pages with a console transcript that a test in apps/cli keeps equal to the CLI instead. */
export const pagesCheckedElsewhere: readonly string[] = ['docs/per-instance.md'];

/**
 * The recorded `dpbounds demo --json` output the demo pages are checked against by default.
 * Regenerate: `DOCS_WRITE=1 npx vitest run --config vitest.big.config.ts` in tools/docs-check.
 */
export const demoRecording: RecordedCommand = { command: 'demo --json', file: new URL('../test/fixtures/demo-report.json', import.meta.url) };
