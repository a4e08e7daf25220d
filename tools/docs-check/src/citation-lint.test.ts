import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript (run by node without a build); its shapes are checked by these tests
import { commentsOf, headingAnchor, lintedFiles, lintFile } from './citation-lint.mjs';

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** A small repository: a math page with numbered and named sections, a package with sources. */
const files: Record<string, string> = {
  'docs/math/pld.md': '# PLD\n\n## 1. Discretisation\n\n## 2. Composition by FFT\n\n### Tail truncation\n',
  'docs/math/per-instance-rdp.md': '# Per-instance\n\n## §5 Thm 3.3: composition\n',
  'docs/accounting.md': '# Accounting\n',
  'docs/cli.md': '# CLI\n',
  'packages/accountants/package.json': '{}',
  'packages/accountants/src/pld/fft.ts': '',
  'packages/accountants/scripts/generate-rdp-terms.py': '',
  'packages/accountants/README.md': '',
  'tools/soundness/package.json': '{}',
};
const repo = { exists: (p: string): boolean => p in files, read: (p: string): string | undefined => files[p], files: Object.keys(files) };
const lint = (file: string, text: string): Finding[] => lintFile(file, text, repo) as Finding[];
const messages = (file: string, text: string): string[] => lint(file, text).map((f) => `${f.line}: ${f.message}`);

describe('citation lint on planted bad inputs', () => {
  it('passes citations of what the repository carries', () => {
    const source = [
      '/**',
      ' * Connect-the-dots (Doroshenko et al. 2022, Thm 3.2; docs/math/pld.md §1, docs/math/pld.md §"Tail truncation").',
      ' * See [the page](../../../../docs/math/pld.md#2-composition-by-fft) and `src/pld/fft.ts`,',
      ' * docs/math/per-instance-rdp.md §5, https://github.com/x/y/blob/main/STYLEGUIDE.md.',
      ' */',
      "const path = 'docs/math/missing.md'; // a string is data, not a citation",
    ].join('\n');
    expect(messages('packages/accountants/src/pld/connect.ts', source)).toEqual([]);
    expect(messages('docs/accounting.md', 'See [math](math/pld.md) and [packages](../packages/accountants) and `packages/accountants/src/pld/fft.ts`.\n')).toEqual([]);
  });

  it('finds paths that do not exist, in comments, links and backticks', () => {
    expect(messages('packages/accountants/src/a.ts', '// derivation: docs/math/gdp.md\nconst x = 1;\n')).toEqual(["1: path 'docs/math/gdp.md' does not exist"]);
    expect(messages('docs/accounting.md', 'line\n[rdp](math/rdp.md)\n')).toEqual(["2: link target 'math/rdp.md' does not exist"]);
    expect(messages('packages/accountants/README.md', '`src/prv/gone.ts`\n')).toEqual(["1: path 'src/prv/gone.ts' does not exist"]);
  });

  it('resolves a path against the citing file, its own package, then the repository root: never another package', () => {
    // a package-relative path only another package carries is not found (it used to pass: some package had it)
    expect(messages('docs/accounting.md', 'cases against `scripts/generate-rdp-terms.py`\n')).toEqual(["1: path 'scripts/generate-rdp-terms.py' does not exist"]);
    expect(messages('tools/soundness/src/a.ts', '// as src/pld/fft.ts does\n')).toEqual(["1: path 'src/pld/fft.ts' does not exist"]);
    // the same path from the package itself, or from the root anywhere, is found
    expect(messages('packages/accountants/README.md', '`scripts/generate-rdp-terms.py` and `src/pld/fft.ts`\n')).toEqual([]);
    expect(messages('docs/accounting.md', '`packages/accountants/scripts/generate-rdp-terms.py`\n')).toEqual([]);
    // a markdown link resolves against the citing file only, as GitHub renders it
    expect(messages('docs/accounting.md', '[cli](cli.md), [fft](packages/accountants/src/pld/fft.ts)\n')).toEqual(["1: link target 'packages/accountants/src/pld/fft.ts' does not exist"]);
  });

  it('finds sections that do not exist: anchors and § references', () => {
    expect(messages('docs/accounting.md', '[x](math/pld.md#3-tail)\n')).toEqual(["1: 'math/pld.md#3-tail': docs/math/pld.md has no such heading"]);
    expect(messages('docs/accounting.md', '[x](#nowhere)\n')).toEqual(["1: link '#nowhere': no such heading in this file"]);
    expect(messages('packages/accountants/src/a.ts', '/* docs/math/pld.md §3 */')).toEqual(["1: 'docs/math/pld.md §3': docs/math/pld.md has no such section"]);
    expect(messages('packages/accountants/src/a.ts', '// docs/math/per-instance-rdp.md §5–§6')).toEqual(["1: 'docs/math/per-instance-rdp.md §6': docs/math/per-instance-rdp.md has no such section"]);
    expect(messages('packages/accountants/src/a.ts', '// docs/math/pld.md §"Aliasing"')).toEqual(["1: 'docs/math/pld.md §Aliasing': docs/math/pld.md has no such section"]);
  });

  it('finds names of material the repository does not carry', () => {
    const text = ['// see STYLE.md', '// CLI.md says so', '// (spec §3.2)', '// spec accountants.md', '// ../shared/notes', '// fixed for issue 15', '// as asked in #16', '// format in the spec, §7', '// copied from `shared/spec/fixtures/x.json`', '// (STYLE rule "say it")', "// the issue's example", '// (ARCHITECTURE.md, "Two error policies")'].join('\n');
    expect(lint('packages/accountants/src/a.ts', text).map((f) => f.line).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(messages('docs/accounting.md', 'Specification: `spec/accountants.md` of the project material.\n')).toHaveLength(1);
    // not issue references: headings, colours, character references
    expect(messages('docs/accounting.md', '## 2 Heading\ncolour #1f77b4, &#8722;, `docs/cli.md`\n')).toEqual([]);
  });
});

describe('helpers', () => {
  it('commentsOf keeps comments only, on the same lines', () => {
    const source = "const a = 'x // y'; // real\nconst r = /\\/\\/ not/; /* block\n STYLE */ const t = `a ${'//'} b`;\n";
    const comments = commentsOf(source) as string;
    expect(comments.split('\n')).toHaveLength(source.split('\n').length);
    expect(comments).toContain('// real');
    expect(comments).toContain('/* block\n STYLE */');
    expect(comments).not.toContain('x // y');
    expect(comments).not.toContain('not');
  });
  it('headingAnchor follows GitHub', () => {
    expect(headingAnchor('2. Composition by FFT')).toBe('2-composition-by-fft');
    expect(headingAnchor('§5 Thm 3.3: composition')).toBe('5-thm-33-composition');
    expect(headingAnchor('`dpbounds demo`: one run')).toBe('dpbounds-demo-one-run');
  });
  it('lints sources, docs, READMEs and changesets; not fixtures data, dist or benchmarks', () => {
    expect(lintedFiles(['packages/a/src/x.ts', 'packages/a/dist/x.d.ts', 'docs/x.md', 'docs/benchmarks.md', 'packages/a/README.md', '.changeset/x.md', 'packages/a/test/fixtures/x.json', 'CONTRIBUTING.md'])).toEqual(['packages/a/src/x.ts', 'docs/x.md', 'packages/a/README.md', '.changeset/x.md', 'CONTRIBUTING.md']);
  });
});
