#!/usr/bin/env node
// Adds up the Vitest JSON reports of every workspace (written by the `test` task, restored by
// turbo's cache) and prints one closing line, `tests: N passed, N failed, N skipped`, so CI sees
// how many tests ran, and names each failed test with the first lines of its error (CI logs keep
// only the tail, so the failure must be readable there). Exits 1 if any test failed or no test ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
let passed = 0;
let failed = 0;
let skipped = 0;
const perWorkspace = [];
const failures = [];
for (const group of ['packages', 'apps', 'tools', 'integrations']) {
  const dir = join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    const report = join(dir, name, 'test-results', 'vitest.json');
    if (!existsSync(report)) continue;
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    perWorkspace.push(`${group}/${name}: ${json.numPassedTests ?? 0} passed`);
    for (const file of json.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const message = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n    ');
        failures.push(`FAILED ${group}/${name} › ${test.fullName ?? test.title}\n    ${message}`);
      }
    }
    if ((json.testResults ?? []).some((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0)) {
      for (const f of json.testResults.filter((r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0)) {
        failures.push(`FAILED ${group}/${name} › ${f.name} (the file failed to run)\n    ${String(f.message ?? '').split('\n').slice(0, 6).join('\n    ')}`);
      }
    }
  }
}
console.log(perWorkspace.join('\n'));
if (failures.length > 0) console.log(failures.join('\n'));
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
