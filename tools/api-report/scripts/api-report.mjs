#!/usr/bin/env node
// `pnpm api-report`: writes api/<package>.api.md for every published package from its
// TypeScript sources (every export of every entry point, with its signature), and says which
// reports changed. `--check` writes nothing and exits 1 when a committed report is stale.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allReports } from '../src/api-surface.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--check');
if (unknown.length > 0) {
  console.error(`pnpm api-report: unknown argument ${unknown[0]} (usage: pnpm api-report [--check])`);
  process.exit(2);
}
const check = args.includes('--check');
const started = performance.now();
let stale = 0;
for (const report of allReports(repoRoot)) {
  let current;
  try {
    current = readFileSync(report.path, 'utf8');
  } catch {
    current = undefined;
  }
  const where = relative(repoRoot, report.path);
  if (current === report.text) {
    console.log(`${where}: unchanged`);
    continue;
  }
  stale++;
  if (check) console.log(`${where}: differs from the sources`);
  else {
    mkdirSync(dirname(report.path), { recursive: true });
    writeFileSync(report.path, report.text);
    console.log(`${where}: ${current === undefined ? 'written' : 'updated'}`);
  }
}
console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
if (stale > 0) console.log(check ? 'run `pnpm api-report` and add a changeset saying what changed in the API' : 'the API changed: commit the report(s) with a changeset saying what changed for users');
if (check && stale > 0) process.exit(1);
