/**
 * docs/demo.md and docs/reading-the-views.md quote one full `dpbounds demo --json` run (seed 0,
 * defaults), about 11 s of CPU: too heavy for the default suite, whose tests stay under a few
 * seconds. So the output is recorded in test/fixtures/demo-report.json and checked in two steps:
 *
 * - the default `vitest run` compares every number the pages quote with the recording;
 * - `pnpm test:big` (vitest.big.config.ts, `DOCS_LIVE=1`) runs the demo and compares the pages with
 *   what it prints now, and compares the recording with the same run (all but its `seconds`).
 *
 * When the demo's numbers change: `DOCS_WRITE=1 npx vitest run --config vitest.big.config.ts` in
 * tools/docs-check rewrites the pages and the recording from one fresh run; review the diff.
 */
import { describePages } from './page-suite.js';
import { demoPages, demoRecording } from './pages.js';

describePages('the demo pages quote the demo as it runs now', demoPages, demoRecording);
