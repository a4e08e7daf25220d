/**
 * Type-checks TypeScript code blocks as a user would compile them: each block becomes one ES
 * module in a scratch project inside this package (so `@dpbounds/*` resolve to the workspace
 * packages' built `dist/` types, exactly what npm users get), compiled with the repository's
 * own compiler settings (`tsconfig.base.json`: strict, noUncheckedIndexedAccess,
 * exactOptionalPropertyTypes, NodeNext) plus Node's types. Errors are reported at the
 * Markdown file and line they come from.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './markdown-blocks.js';

/** One compiler error, placed at the Markdown line it comes from. */
export interface SnippetError {
  /** `file:line` of the offending code line in the Markdown source. */
  readonly where: string;
  /** The compiler's message (first line). */
  readonly message: string;
}

/**
 * Compiler options for the snippets: `tsconfig.base.json`'s options, with emit switched off,
 * declaration-only checks (isolatedDeclarations) dropped since snippets export nothing, and
 * Node's types available (examples read files and print).
 *
 * @example snippetCompilerOptions('/repo/tsconfig.base.json').noUncheckedIndexedAccess // true
 */
export function snippetCompilerOptions(baseConfigPath: string): ts.CompilerOptions {
  const raw = ts.readConfigFile(baseConfigPath, (path) => readFileSync(path, 'utf8'));
  if (raw.error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(raw.error.messageText, '\n'));
  const { options, errors } = ts.convertCompilerOptionsFromJson((raw.config as { compilerOptions: unknown }).compilerOptions, '.');
  if (errors.length > 0) throw new Error(errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('\n'));
  return {
    ...options,
    noEmit: true,
    declaration: false,
    declarationMap: false,
    sourceMap: false,
    isolatedDeclarations: false,
    types: ['node'],
  };
}

/**
 * Type-checks `blocks` (TypeScript sources) in a scratch directory under `scratchParent`
 * (which must sit where `@dpbounds/*` resolve, e.g. this package), removed afterwards.
 * Returns every error, mapped back to its Markdown line; an empty list means all compile.
 *
 * @example typeCheckSnippets([{ file: 'README.md', line: 3, lang: 'ts', tags: [], code: 'const x: number = "a";\n' }], opts, dir) // [{ where: 'README.md:3', message: "Type 'string' is not assignable to type 'number'." }]
 */
export function typeCheckSnippets(blocks: readonly CodeBlock[], options: ts.CompilerOptions, scratchParent: string): SnippetError[] {
  mkdirSync(scratchParent, { recursive: true });
  const dir = mkdtempSync(join(scratchParent, 'check-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    const sources = new Map<string, CodeBlock>();
    blocks.forEach((block, index) => {
      const path = join(dir, `snippet-${index}.ts`);
      // `export {}` makes every block a module, so two blocks may both declare `const run`.
      writeFileSync(path, `${block.code}export {};\n`);
      sources.set(path, block);
    });
    const program = ts.createProgram([...sources.keys()], options);
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n')[0] ?? '';
      const file = diagnostic.file;
      if (file === undefined || diagnostic.start === undefined) return { where: '(project)', message };
      const block = sources.get(file.fileName);
      const { line } = file.getLineAndCharacterOfPosition(diagnostic.start);
      if (block === undefined) return { where: `${relative(dir, file.fileName)}:${line + 1}`, message };
      return { where: `${block.file}:${block.line + line}`, message };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
