/**
 * Valid calls read from the packages' `@example` doc comments: for each call `name(…)` in an
 * example, the statements before it on the example's lines and the text of its arguments. The
 * fuzz evaluates them (in the worker, with every export in scope) to get a valid baseline call
 * of each entry point, so a new export with an example is fuzzed from valid arguments without
 * a hand-kept list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One call found in an example: the statements before it and its argument text. */
export interface ExampleCall {
  readonly prefix: string;
  readonly argsText: string;
}

/** The text of each `@example` block of a TypeScript source, comment stars removed. */
export function exampleBlocks(source: string): string[] {
  const blocks: string[] = [];
  for (const match of source.matchAll(/@example\s+([\s\S]*?)(?=\n\s*\*\s*@|\n\s*\*\/)/g)) {
    blocks.push((match[1] as string).split('\n').map((line) => line.replace(/^\s*\*\s?/, '')).join('\n'));
  }
  return blocks;
}

/** The index just past the parenthesis that closes the one opened before `start` (strings skipped), or -1. */
function closingParen(text: string, start: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let j = start; j < text.length; j++) {
    const c = text[j] as string;
    if (quote !== undefined) {
      if (c === quote && text[j - 1] !== '\\') quote = undefined;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return c === ')' ? j : -1;
      depth--;
    }
  }
  return -1;
}

/**
 * The calls of `name` in an example block: the first occurrence of `name(` (or `new name(`)
 * not preceded by a dot, with the complete statements before it (comments dropped).
 *
 * @example exampleCalls("const c = gaussianTradeOff(1);\nepsilonFromTradeOff(c, 1e-5) // 4.37", 'epsilonFromTradeOff') // [{ prefix: 'const c = gaussianTradeOff(1);\n', argsText: 'c, 1e-5' }]
 */
export function exampleCalls(block: string, name: string): ExampleCall[] {
  const at = block.search(new RegExp(`(^|[^\\w.$])${name}\\(`));
  if (at < 0) return [];
  const open = block.indexOf(`${name}(`, at) + name.length + 1;
  const close = closingParen(block, open);
  if (close < 0) return [];
  const before = block.slice(0, block.indexOf(`${name}(`, at)).replace(/\/\/[^\n]*/g, '');
  const end = Math.max(before.lastIndexOf(';'), before.lastIndexOf('\n'));
  return [{ prefix: end >= 0 ? before.slice(0, end + 1) : '', argsText: block.slice(open, close) }];
}

/** The `.ts` sources (tests and benchmarks excluded) under `directory`, recursively. */
function sources(directory: string): string[] {
  return (readdirSync(directory, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !/\.(test|bench|big-test)\.ts$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(directory, file))
    .sort();
}

/** Every example call of each of `names`, read from `packages/<package>/src` under `repoRoot`, in file order. */
export function readExampleCalls(repoRoot: string, names: readonly string[]): Record<string, ExampleCall[]> {
  const found: Record<string, ExampleCall[]> = {};
  const packagesDirectory = join(repoRoot, 'packages');
  const blocks = readdirSync(packagesDirectory)
    .sort()
    .flatMap((pkg) => sources(join(packagesDirectory, pkg, 'src')))
    .flatMap((file) => exampleBlocks(readFileSync(file, 'utf8')));
  for (const name of names) found[name] = blocks.flatMap((block) => exampleCalls(block, name));
  return found;
}
