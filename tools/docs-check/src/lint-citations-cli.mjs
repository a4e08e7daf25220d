#!/usr/bin/env node
// `pnpm lint` (through turbo): fails when a comment or doc of the repository cites a path, a
// section or a document the repository does not carry. The rules are in citation-lint.mjs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lintedFiles, lintFile } from './citation-lint.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 })
  .split('\0')
  .filter((f) => f !== '');
const present = new Set(listed.filter((f) => {
  try {
    readFileSync(`${root}${f}`, { flag: 'r' }).length;
    return true;
  } catch {
    return false; // deleted in the work tree
  }
}));
const cache = new Map();
const read = (path) => {
  if (!present.has(path)) return undefined;
  if (!cache.has(path)) cache.set(path, readFileSync(`${root}${path}`, 'utf8'));
  return cache.get(path);
};
const repo = { exists: (path) => present.has(path), read, files: [...present] };
const findings = lintedFiles([...present]).flatMap((file) => lintFile(file, read(file) ?? '', repo));
for (const f of findings) console.error(`${f.file}:${f.line}: ${f.message}`);
if (findings.length > 0) {
  console.error(`citation lint: ${findings.length} finding(s) in ${new Set(findings.map((f) => f.file)).size} file(s)`);
  process.exit(1);
}
console.log(`citation lint: ${lintedFiles([...present]).length} files, every cited path and section exists`);
