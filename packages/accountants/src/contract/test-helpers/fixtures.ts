/** Reads the copied specification fixtures (test/fixtures/accountants.json; see its README). */
import { readFileSync } from 'node:fs';

export interface FixtureCase {
  readonly id: string;
  readonly kind: string;
  readonly accountant?: string;
  readonly relation?: string;
  readonly params?: Record<string, unknown>;
  readonly input: Record<string, number>;
  readonly expected: Record<string, number>;
  readonly tolerance: { readonly rel?: number; readonly abs?: number };
  readonly bounds?: Record<string, number>;
  readonly anchors?: Record<string, unknown>;
}

const file = new URL('../../../test/fixtures/accountants.json', import.meta.url);
const parsed = JSON.parse(readFileSync(file, 'utf8')) as { count: number; cases: FixtureCase[] };

/** All fixture cases. */
export const fixtureCases: readonly FixtureCase[] = parsed.cases;
/** The count the file declares. */
export const fixtureCount: number = parsed.count;

/** Cases of one kind and accountant. */
export function casesOf(kind: string, accountant?: string, relation?: string): FixtureCase[] {
  return fixtureCases.filter((c) => c.kind === kind && (accountant === undefined || c.accountant === accountant) && (relation === undefined || c.relation === relation));
}

/** The fixture convention: pass if |got − expected| ≤ abs or ≤ rel·|expected|. */
export function withinTolerance(got: number, expected: number, tolerance: FixtureCase['tolerance']): boolean {
  const err = Math.abs(got - expected);
  return (tolerance.abs !== undefined && err <= tolerance.abs) || (tolerance.rel !== undefined && err <= tolerance.rel * Math.abs(expected));
}
