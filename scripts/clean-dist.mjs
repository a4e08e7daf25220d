#!/usr/bin/env node
// Empties the package's build output before a build, so a deleted or renamed source file never
// leaves stale output behind to be published. Portable (no rm -rf); run from the package
// directory: `node ../../scripts/clean-dist.mjs && tsc -p tsconfig.build.json --noCheck`.
// An optional argument names the directory to empty (default `dist`); it must lie inside the
// current directory.
import { rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const target = resolve(process.argv[2] ?? 'dist');
const inside = relative(process.cwd(), target);
if (inside === '' || inside.startsWith('..') || resolve(inside) !== target) {
  console.error(`clean-dist: refusing to remove ${target}: it is not inside ${process.cwd()}`);
  process.exit(2);
}
rmSync(target, { recursive: true, force: true });
