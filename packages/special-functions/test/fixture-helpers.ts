/** Loading of the JSON reference fixtures and relative-error checks shared by the tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface SpecCase {
  readonly fn: string;
  readonly args: readonly number[];
  readonly expected: number;
  readonly relTol: number;
}

export interface GeneratedGroup {
  readonly fn: string;
  readonly region: string;
  readonly relTol: number;
  /** Tolerance is relTol·max(1, |ln expected|) (values computed as exp of a large logarithm). */
  readonly logScaled: boolean;
  readonly cases: readonly (readonly number[])[];
}

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8'));
}

export const specCases: readonly SpecCase[] = (readJson('special-functions.json') as { cases: SpecCase[] }).cases;
export const generatedGroups: readonly GeneratedGroup[] = (readJson('generated.json') as { groups: GeneratedGroup[] }).groups;

/** Relative error |got − expected|/|expected|; exact match required when expected is 0 or ±∞. */
export function relativeError(got: number, expected: number): number {
  if (got === expected) return 0;
  if (expected === 0 || !Number.isFinite(expected) || !Number.isFinite(got)) return Infinity;
  return Math.abs(got - expected) / Math.abs(expected);
}

/** The tolerance of a generated case: relTol, times max(1, |ln expected|) for log-scaled groups. */
export function groupTolerance(group: GeneratedGroup, expected: number): number {
  return group.logScaled ? group.relTol * Math.max(1, Math.abs(Math.log(Math.abs(expected)))) : group.relTol;
}
