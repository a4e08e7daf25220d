/**
 * The public API of every published package is recorded in `api/<package>.api.md`. These tests
 * fail when a committed report differs from what the sources export now, so a change to the
 * public surface is a deliberate act: regenerate with `pnpm api-report`, review the diff, and add
 * a changeset that says what changed for users. They also check the generator itself on a small
 * fixture package.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { allReports, apiSurface, formatReport, packageEntryPoints, REPORTED_PACKAGES } from './api-surface.mjs';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const fixtureRoot = fileURLToPath(new URL('../test/fixture', import.meta.url));

type Reports = ReturnType<typeof allReports>;

/** Where two texts first differ, as "line N: committed … / sources …", for the failure message. */
function firstDifference(committed: string, current: string): string {
  const a = committed.split('\n');
  const b = current.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `first difference at line ${i + 1}:\n  committed: ${a[i] ?? '(end of file)'}\n  sources:   ${b[i] ?? '(end of file)'}`;
  }
  return 'no difference';
}
let reports: Reports = [];

beforeAll(() => {
  reports = allReports(repoRoot);
});

describe('the committed API reports', () => {
  it('cover every published package', () => {
    expect(reports.map((r) => r.name)).toEqual(REPORTED_PACKAGES.map((p) => `@dpbounds/${p}`));
  });

  it.each(REPORTED_PACKAGES)('api/%s.api.md equals the current public surface', (name) => {
    const report = reports.find((r) => r.name === `@dpbounds/${name}`);
    if (report === undefined) throw new Error(`no report generated for @dpbounds/${name}`);
    const committed = existsSync(report.path) ? readFileSync(report.path, 'utf8') : '(missing)';
    const message =
      `${firstDifference(committed, report.text)}\n` +
      `api/${name}.api.md differs from the public API of @dpbounds/${name} in the sources. ` +
      'If the change is intended, run `pnpm api-report` to regenerate the report, review and commit it, ' +
      'and add a changeset (.changeset/*.md) that says what changed in the API (renamed X → Y, moved to /advanced, new export).';
    expect(committed, message).toBe(report.text);
  });

  it.each(REPORTED_PACKAGES)('@dpbounds/%s exports each name from one entry point only (root or a subpath, never both)', (name) => {
    const report = reports.find((r) => r.name === `@dpbounds/${name}`);
    const where = new Map<string, string[]>();
    for (const entry of report?.surface.entries ?? []) {
      for (const item of entry.exports) where.set(item.name, [...(where.get(item.name) ?? []), entry.specifier]);
    }
    const twice = [...where.entries()].filter(([, specifiers]) => specifiers.length > 1).map(([n, s]) => `${n}: ${s.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it.each(REPORTED_PACKAGES)('@dpbounds/%s has a root entry point and one documented /advanced subpath', (name) => {
    const { entries } = packageEntryPoints(`${repoRoot}/packages/${name}`);
    const specifiers = entries.map((e) => e.specifier);
    expect(specifiers[0]).toBe(`@dpbounds/${name}`);
    expect(specifiers).toContain(`@dpbounds/${name}/advanced`);
    const advanced = readFileSync(`${repoRoot}/packages/${name}/src/advanced.ts`, 'utf8');
    expect(advanced).toMatch(/semver-minor release may/);
  });
});

describe('the generator, on a fixture package', () => {
  const surface = apiSurface(fixtureRoot, [`${fixtureRoot}/widgets`]);
  const widgets = surface[0];
  const text = widgets === undefined ? '' : formatReport(widgets, fixtureRoot);

  it('lists every entry point with its exports sorted by name, and nothing that is not exported', () => {
    expect(widgets?.entries.map((e) => e.specifier)).toEqual(['@fixture/widgets', '@fixture/widgets/advanced']);
    // sorted by UTF-16 code unit, so the order does not depend on the machine's locale
    expect(widgets?.entries[0]?.exports.map((e) => `${e.kind} ${e.name}`)).toEqual(['class Widget', 'interface WidgetOptions', 'const defaultSize', 'function makeWidget']);
    expect(widgets?.entries[1]?.exports.map((e) => e.name)).toEqual(['internalHelper']);
    expect(text).not.toContain('Size = ');
  });

  it('prints signatures without bodies, comments or private member types', () => {
    expect(text).toContain('export declare function makeWidget(options: WidgetOptions): Widget;');
    expect(text).toContain('export declare function internalHelper(x: number): number;');
    expect(text).toContain('    double(): number;');
    expect(text).toContain('    private readonly secret;');
    expect(text).not.toContain('secret * 2');
    expect(text).not.toContain('Makes a widget');
  });

  it('marks a renamed export and lists referenced types that no entry point exports (private and #private members excluded)', () => {
    expect(text).toContain('// exported as defaultSize\nexport declare const DEFAULT_SIZE: Size;');
    expect(widgets?.unexported).toEqual([{ name: 'Size', usedBy: ['DEFAULT_SIZE', 'WidgetOptions'] }]);
    expect(text).toContain('- `Size` (in `DEFAULT_SIZE`, `WidgetOptions`)');
  });

  it('is deterministic', () => {
    const again = apiSurface(fixtureRoot, [`${fixtureRoot}/widgets`])[0];
    expect(again === undefined ? '' : formatReport(again, fixtureRoot)).toBe(text);
  });
});
