#!/usr/bin/env node
// `pnpm soundness [--runs N] [--seed S]`: runs the cross-package soundness suite with N cases per
// property (heavy properties run a fixed fraction of N, stated in src/soundness.test.ts) and
// prints one line per property: cases, time, and the counterexample of any failure.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
let values;
try {
  ({ values } = parseArgs({ options: { runs: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
} catch (error) {
  console.error(`pnpm soundness: ${error.message}`);
  process.exit(2);
}
if (values.help) {
  console.log('usage: pnpm soundness [--runs N] [--seed S]\n  --runs N  cases per property (integer ≥ 1; heavy properties run a fraction of N)\n  --seed S  fast-check seed (default 20261125)');
  process.exit(0);
}
const env = { ...process.env };
for (const [flag, name] of [['runs', 'SOUNDNESS_RUNS'], ['seed', 'SOUNDNESS_SEED']]) {
  const value = values[flag];
  if (value === undefined) continue;
  if (!/^\d+$/.test(value) || Number(value) < (flag === 'runs' ? 1 : 0)) {
    console.error(`pnpm soundness: --${flag} must be an integer ${flag === 'runs' ? '≥ 1' : '≥ 0'}; found ${value}`);
    process.exit(2);
  }
  env[name] = value;
}
const result = spawnSync('npx', ['vitest', 'run', '--reporter=dot'], { cwd: here, env, stdio: ['ignore', 'inherit', 'inherit'] });
try {
  const summary = JSON.parse(readFileSync(join(here, 'test-results', 'soundness-summary.json'), 'utf8'));
  let total = 0;
  console.log(`\nsoundness (seed ${summary.seed}):`);
  for (const o of summary.outcomes) {
    total += o.cases;
    console.log(`  ${o.failed ? 'FAIL' : 'ok  '} ${o.name}: ${o.cases} cases, ${o.seconds.toFixed(1)} s${o.cpuSeconds === undefined ? '' : ` (${o.cpuSeconds.toFixed(1)} s CPU)`}${o.failed ? `\n       ${o.error}\n       counterexample: ${o.counterexample ?? ''}` : ''}`);
  }
  console.log(`  total: ${total} cases`);
} catch {
  console.error('pnpm soundness: no summary was written (see the test output above)');
}
process.exit(result.status ?? 1);
