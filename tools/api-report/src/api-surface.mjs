// The public API surface of a workspace package, read from its TypeScript sources with the
// compiler API (no build needed): every export of every entry point in package.json `exports`
// (the `@dpbounds/source` condition names the source file), printed as its declaration
// (`.d.ts` form: signatures, no bodies, no comments, private members elided), sorted by name.
// Types that a public declaration refers to but no entry point exports are listed too, so a
// reviewer sees them (a user cannot name such a type).
import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The source condition every workspace package maps its entry points with. */
export const SOURCE_CONDITION = '@dpbounds/source';

/**
 * Entry points of a package: `[{ specifier, file }]` for every `exports` key except the one
 * that exports the manifest itself, `file` being the absolute path of the `@dpbounds/source` target.
 *
 * @param {string} packageDir absolute path of the package
 * @returns {{ name: string, entries: { specifier: string, file: string }[] }}
 */
export function packageEntryPoints(packageDir) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (subpath === './package.json') continue;
    const source = typeof target === 'object' && target !== null ? target[SOURCE_CONDITION] : undefined;
    if (typeof source !== 'string') throw new Error(`${manifest.name}: exports["${subpath}"] has no "${SOURCE_CONDITION}" condition naming its source file`);
    entries.push({ specifier: `${manifest.name}${subpath.slice(1)}`, file: resolve(packageDir, source) });
  }
  return { name: manifest.name, entries };
}

function compilerOptions(repoRoot) {
  const base = ts.readConfigFile(join(repoRoot, 'tsconfig.base.json'), ts.sys.readFile);
  if (base.error) throw new Error(ts.flattenDiagnosticMessageText(base.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(base.config, ts.sys, repoRoot);
  return {
    ...parsed.options,
    customConditions: [SOURCE_CONDITION],
    types: ['node'],
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    removeComments: true,
    stripInternal: false,
  };
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** Top-level statements of a declaration file that declare `name`. */
function declarationsNamed(dts, name) {
  const found = [];
  for (const statement of dts.statements) {
    if (ts.isVariableStatement(statement)) {
      if (statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)) found.push(statement);
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) &&
      statement.name !== undefined && statement.name.text === name
    ) {
      found.push(statement);
    }
  }
  return found;
}

function kindOf(symbol) {
  const f = symbol.flags;
  if (f & ts.SymbolFlags.Class) return 'class';
  if (f & ts.SymbolFlags.Function) return 'function';
  if (f & ts.SymbolFlags.Enum) return 'enum';
  if (f & ts.SymbolFlags.Variable) return 'const';
  if (f & ts.SymbolFlags.Interface) return 'interface';
  if (f & ts.SymbolFlags.TypeAlias) return 'type';
  return 'other';
}

/**
 * The API surface of the packages in `packageDirs` (absolute paths), from one TypeScript program
 * over their entry points. Returns, per package, its entry points with their sorted exports
 * (`name`, `kind`, `declaration` text) and the referenced-but-unexported types.
 *
 * @param {string} repoRoot absolute path of the monorepo root (holding tsconfig.base.json)
 * @param {string[]} packageDirs absolute paths of the packages to report
 */
export function apiSurface(repoRoot, packageDirs) {
  const packages = packageDirs.map((dir) => ({ dir, ...packageEntryPoints(dir) }));
  const rootNames = packages.flatMap((p) => p.entries.map((e) => e.file));
  const program = ts.createProgram({ rootNames, options: compilerOptions(repoRoot) });
  const errors = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    throw new Error(`the sources do not type-check, so no API report:\n${ts.formatDiagnostics(errors.slice(0, 10), { getCanonicalFileName: (f) => f, getCurrentDirectory: () => repoRoot, getNewLine: () => '\n' })}`);
  }
  const checker = program.getTypeChecker();
  /** declaration text per source file, emitted lazily (only files that declare a public name) */
  const dtsCache = new Map();
  const dtsOf = (sourceFile) => {
    let dts = dtsCache.get(sourceFile.fileName);
    if (dts === undefined) {
      let text = '';
      const result = program.emit(sourceFile, (_name, data) => { text = data; }, undefined, true);
      if (result.emitSkipped) throw new Error(`declaration emit failed for ${sourceFile.fileName}`);
      dts = ts.createSourceFile(sourceFile.fileName.replace(/\.ts$/, '.d.ts'), text, ts.ScriptTarget.Latest, true);
      dtsCache.set(sourceFile.fileName, dts);
    }
    return dts;
  };
  const resolveAlias = (symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);

  return packages.map((pkg) => {
    const exported = new Set();
    const entries = pkg.entries.map((entry) => {
      const sourceFile = program.getSourceFile(entry.file);
      if (sourceFile === undefined) throw new Error(`${entry.specifier}: ${entry.file} is not in the program`);
      const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
      const symbols = moduleSymbol === undefined ? [] : checker.getExportsOfModule(moduleSymbol);
      const items = symbols.map((symbol) => {
        const target = resolveAlias(symbol);
        exported.add(target);
        const texts = [];
        const seen = new Set();
        for (const declaration of target.declarations ?? []) {
          const file = declaration.getSourceFile();
          if (file.isDeclarationFile) {
            texts.push(printer.printNode(ts.EmitHint.Unspecified, declaration, file));
            continue;
          }
          if (seen.has(file.fileName)) continue;
          seen.add(file.fileName);
          const dts = dtsOf(file);
          for (const statement of declarationsNamed(dts, target.name)) texts.push(printer.printNode(ts.EmitHint.Unspecified, statement, dts).trim());
        }
        const alias = target.name !== symbol.name ? `// exported as ${symbol.name}\n` : '';
        return { name: symbol.name, kind: kindOf(target), declaration: alias + texts.join('\n') };
      });
      items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return { specifier: entry.specifier, exports: items };
    });
    return { name: pkg.name, dir: pkg.dir, entries, unexported: unexportedReferences(checker, pkg.dir, exported, resolveAlias) };
  });
}

/** Names of this package's types that public declarations mention but no entry point exports. */
function unexportedReferences(checker, packageDir, exported, resolveAlias) {
  const srcDir = join(packageDir, 'src') + sep;
  const missing = new Map();
  const visitDeclaration = (owner, node) => {
    const walk = (n) => {
      // Bodies and initialisers are not part of the surface.
      if (ts.isBlock(n)) return;
      if ((ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName)) || (ts.isExpressionWithTypeArguments(n) && ts.isIdentifier(n.expression)) || ts.isTypeQueryNode(n)) {
        const at = ts.isTypeReferenceNode(n) ? n.typeName : ts.isExpressionWithTypeArguments(n) ? n.expression : n.exprName;
        const symbol = checker.getSymbolAtLocation(at);
        if (symbol !== undefined) {
          const target = resolveAlias(symbol);
          const decl = target.declarations?.[0];
          if (decl !== undefined && !ts.isTypeParameterDeclaration(decl) && decl.getSourceFile().fileName.startsWith(srcDir) && !exported.has(target)) {
            const users = missing.get(target.name) ?? new Set();
            users.add(owner);
            missing.set(target.name, users);
          }
        }
      }
      if (ts.isVariableDeclaration(n) && n.type === undefined) return;
      n.forEachChild((child) => {
        if (ts.isVariableDeclaration(n) && child === n.initializer) return;
        if ((ts.isPropertyDeclaration(n) || ts.isMethodDeclaration(n)) && n.modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)) return;
        walk(child);
      });
    };
    walk(node);
  };
  for (const target of exported) {
    for (const declaration of target.declarations ?? []) {
      if (!declaration.getSourceFile().fileName.startsWith(srcDir)) continue;
      if (ts.isClassDeclaration(declaration)) {
        for (const member of declaration.members) {
          if (member.modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)) continue;
          if (member.name !== undefined && ts.isPrivateIdentifier(member.name)) continue;
          visitDeclaration(target.name, member);
        }
        for (const clause of declaration.heritageClauses ?? []) visitDeclaration(target.name, clause);
      } else visitDeclaration(target.name, declaration);
    }
  }
  return [...missing.entries()].map(([name, users]) => ({ name, usedBy: [...users].sort() })).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * The Markdown report of one package (as returned by `apiSurface`): a fenced `ts` block per
 * entry point with every export's declaration, then the referenced-but-unexported types.
 */
export function formatReport(pkg, repoRoot) {
  const lines = [
    `# API report: ${pkg.name}`,
    '',
    'Generated from the TypeScript sources by `pnpm api-report` (tools/api-report); do not edit by hand.',
    'A test fails when this file differs from the sources: a change to the public API is a deliberate,',
    'reviewed act that regenerates this file and adds a changeset saying what changed for users.',
    '',
    `Package directory: \`${relative(repoRoot, pkg.dir).split(sep).join('/')}\``,
  ];
  for (const entry of pkg.entries) {
    const counts = {};
    for (const item of entry.exports) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
    const summary = Object.entries(counts).sort().map(([k, n]) => `${n} ${k}`).join(', ');
    lines.push('', `## \`${entry.specifier}\``, '', `${entry.exports.length} exports (${summary || 'none'}).`, '', '```ts');
    entry.exports.forEach((item, i) => {
      if (i > 0) lines.push('');
      lines.push(item.declaration);
    });
    lines.push('```');
  }
  lines.push('', '## Referenced but not exported', '');
  if (pkg.unexported.length === 0) lines.push('None: every type of this package that a public declaration mentions is exported.');
  else {
    lines.push('Types a public declaration mentions that no entry point exports (a user cannot name them):', '');
    for (const u of pkg.unexported) lines.push(`- \`${u.name}\` (in ${u.usedBy.map((n) => `\`${n}\``).join(', ')})`);
  }
  return lines.join('\n') + '\n';
}

/** Where the report of a package lives: `api/<unscoped name>.api.md` at the repo root. */
export function reportPath(repoRoot, packageName) {
  return join(repoRoot, 'api', `${packageName.replace(/^@[^/]+\//, '')}.api.md`);
}

/** The published packages whose API is reported, in dependency order. */
export const REPORTED_PACKAGES = ['special-functions', 'tradeoff-core', 'accountants', 'attacks', 'audit-one-run', 'sgd-instrumentation'];

/** The reports of all published packages: `[{ name, path, text }]`. */
export function allReports(repoRoot) {
  const dirs = REPORTED_PACKAGES.map((p) => join(repoRoot, 'packages', p));
  return apiSurface(repoRoot, dirs).map((pkg) => ({ name: pkg.name, path: reportPath(repoRoot, pkg.name), text: formatReport(pkg, repoRoot), surface: pkg }));
}
