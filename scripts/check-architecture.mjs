#!/usr/bin/env node
// Enforces the rules of the house (docs/architecture.md): imports between @dpbounds packages point
// down only, no package imports an app, and library code has no `node:` imports except in
// files under a `src/node/` folder (a separate, Node-only entry point).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const allowed = {
  'special-functions': [],
  'tradeoff-core': ['special-functions'],
  accountants: ['tradeoff-core', 'special-functions'],
  attacks: ['tradeoff-core', 'special-functions'],
  'audit-one-run': ['tradeoff-core', 'special-functions', 'accountants'],
  'sgd-instrumentation': ['special-functions'],
};

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|js|mjs)$/.test(name)) yield path;
  }
}

const problems = [];
for (const [pkg, deps] of Object.entries(allowed)) {
  const src = join(root, 'packages', pkg, 'src');
  const manifest = JSON.parse(readFileSync(join(root, 'packages', pkg, 'package.json'), 'utf8'));
  for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
    const m = /^@dpbounds\/(.+)$/.exec(dep);
    if (m && !deps.includes(m[1])) problems.push(`packages/${pkg}/package.json depends on ${dep}, which ARCHITECTURE.md does not allow`);
  }
  for (const file of sourceFiles(src)) {
    const rel = relative(root, file);
    const isTest = /\.(test|bench)\.ts$/.test(file) || rel.includes('/test-helpers/');
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
      const spec = match[1];
      const ours = /^@dpbounds\/([^/]+)/.exec(spec);
      if (ours) {
        if (ours[1] === 'cli' || ours[1] === 'playground') problems.push(`${rel} imports the app ${spec}`);
        else if (ours[1] !== pkg && !deps.includes(ours[1]) && !isTest) problems.push(`${rel} imports ${spec}, which points up or sideways`);
        // Only the documented subpaths: `/node` (Node-only I/O) and `/advanced` (building blocks).
        if (spec.split('/').length > 2 && !/\/(node|advanced)$/.test(spec)) problems.push(`${rel} deep-imports ${spec}`);
      }
      if ((spec.startsWith('node:') || /^(fs|path|os|child_process|url|util|zlib|crypto)$/.test(spec)) && !isTest && !rel.includes('/src/node/')) {
        problems.push(`${rel} imports ${spec}: library code must run in browsers (use a src/node/ entry point)`);
      }
    }
  }
}
if (problems.length > 0) {
  console.error(`architecture check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`architecture check: ${Object.keys(allowed).length} packages, imports point down only`);
