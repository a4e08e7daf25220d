/**
 * docs/demo.md and docs/reading-the-views.md quote one full `dpbounds demo --json` run (seed 0,
 * defaults): the run is repeated here (about 15 s of CPU, in parallel with
 * docs-numbers.test.ts) and every quoted number compared with it. `DOCS_WRITE=1` rewrites them.
 */
import { describePages } from './page-suite.js';
import { demoPages } from './pages.js';

describePages('the demo pages quote the demo as it runs now', demoPages);
