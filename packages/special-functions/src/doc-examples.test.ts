/**
 * Every one-line `@example call(...) // value` in the doc comments of src/*.ts is evaluated
 * against the package exports: full-precision values to 5e-14 relative, "≈" values to
 * the digits shown (relative 1e-7). The README's `call(...); // value` lines are checked the
 * same way. Keeps the documentation honest.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as api from './index.js';

const dir = fileURLToPath(new URL('.', import.meta.url));
const examples: { file: string; call: string; value: string; approximate: boolean }[] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.includes('.test.') && !f.includes('.bench.'))) {
  for (const match of readFileSync(`${dir}/${file}`, 'utf8').matchAll(/@example (\w+\(.*\)) \/\/ (≈ )?(-?[\d.]+(?:e-?\d+)?)/g)) {
    examples.push({ file, call: match[1] as string, value: match[3] as string, approximate: match[2] !== undefined });
  }
}

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
for (const match of readme.matchAll(/^(\w+\(.*\)); \/\/ (≈ )?(-?[\d.]+(?:e-?\d+)?)/gm)) {
  examples.push({ file: 'README.md', call: match[1] as string, value: match[3] as string, approximate: match[2] !== undefined });
}

function evaluate(expression: string): unknown {
  const names = Object.keys(api);
  return new Function(...names, `return ${expression};`)(...names.map((n) => (api as Record<string, unknown>)[n]));
}

describe('doc comment examples', () => {
  it('are found in every numeric module and in the README', () => {
    expect(examples.length).toBeGreaterThanOrEqual(40);
    expect(examples.filter((e) => e.file === 'README.md').length).toBeGreaterThanOrEqual(6);
  });
  it.each(examples.map((e) => [`${e.file}: ${e.call}`, e] as const))('%s', (_name, e) => {
    const got = evaluate(e.call) as number;
    const expected = Number(e.value);
    const tolerance = e.approximate ? 1e-7 : 5e-14;
    expect(Math.abs(got - expected), `got ${got}`).toBeLessThanOrEqual(tolerance * Math.abs(expected));
  });
});
