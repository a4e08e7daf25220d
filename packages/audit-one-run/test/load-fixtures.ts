/**
 * Reads the copied specification fixtures (test/fixtures/audit-one-run.json, see its README).
 */
import { readFileSync } from 'node:fs';

/** One fixture case as stored. */
export interface FixtureCase {
  readonly id: string;
  readonly kind: string;
  readonly input: Record<string, unknown>;
  readonly expected: Record<string, unknown>;
  readonly tolerance: Record<string, unknown>;
  readonly note?: string;
}

const file = new URL('./fixtures/audit-one-run.json', import.meta.url);
const all = (JSON.parse(readFileSync(file, 'utf8')) as { cases: FixtureCase[] }).cases;

/** Every case of one kind (throws when there are none, so a renamed kind cannot pass silently). */
export function fixtureCases(kind: string): FixtureCase[] {
  const cases = all.filter((c) => c.kind === kind);
  if (cases.length === 0) throw new Error(`no fixture cases of kind ${kind}`);
  return cases;
}

/** Total number of cases in the file. */
export const fixtureCount: number = all.length;

/** A number field; "Infinity" strings decode to Infinity. */
export function num(value: unknown): number {
  if (value === 'Infinity') return Infinity;
  if (typeof value !== 'number') throw new Error(`not a number: ${String(value)}`);
  return value;
}
