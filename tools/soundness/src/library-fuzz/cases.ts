/**
 * The product the fuzz runs: for each entry point with a baseline, every hostile value in every
 * argument position up to its declared arity (the other arguments the baseline's), and every
 * hostile value in every key of every options object its validators list (the other keys the
 * baseline's). The default run takes a seeded sample of each entry point's cases; the full
 * product runs under `pnpm test:big`.
 */
import { createRng } from '@dpbounds/special-functions';
import { HOSTILE_VALUES } from './hostile-values.js';
import type { OptionsObject } from './option-keys.js';

/** One call: the entry point, where the hostile value goes, and which one. */
export interface FuzzCase {
  readonly entry: number;
  readonly position: number;
  /** The keys from the argument to the hostile value: empty for an argument position. */
  readonly path: readonly string[];
  readonly hostile: number;
}

/** An entry point with a baseline, as the case builder sees it. */
export interface FuzzedEntry {
  readonly name: string;
  readonly arity: number;
  readonly argumentCount: number;
  readonly options: readonly OptionsObject[];
}

/** How many cases of each kind the default run samples per entry point. */
export interface SampleSize {
  readonly arguments: number;
  readonly keys: number;
}

/** A stable 32-bit hash of a name (the sample does not change with the order of exports). */
export function hashName(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** The argument-position cases and the option-key cases of one entry point (its full product). */
export function entryCases(entry: FuzzedEntry, index: number): { arguments: FuzzCase[]; keys: FuzzCase[] } {
  const argumentCases: FuzzCase[] = [];
  const keyCases: FuzzCase[] = [];
  for (let position = 0; position < Math.max(entry.arity, entry.argumentCount); position++) {
    for (let hostile = 0; hostile < HOSTILE_VALUES.length; hostile++) argumentCases.push({ entry: index, position, path: [], hostile });
  }
  for (const { position, path, keys } of entry.options) {
    for (const key of keys) {
      for (let hostile = 0; hostile < HOSTILE_VALUES.length; hostile++) keyCases.push({ entry: index, position, path: [...path, key], hostile });
    }
  }
  return { arguments: argumentCases, keys: keyCases };
}

/** The first `count` of `cases` in a seeded random order. */
function sample(cases: FuzzCase[], count: number, seed: number): FuzzCase[] {
  if (cases.length <= count) return cases;
  const order = createRng(seed).permutation(cases.length);
  return Array.from(order.slice(0, count), (i) => cases[i] as FuzzCase);
}

/** The cases run: the full product when `size` is undefined, else a sample of each entry point's, seeded by `seed` and its name. */
export function planCases(entries: readonly FuzzedEntry[], seed: number, size: SampleSize | undefined): { cases: FuzzCase[]; product: { arguments: number; keys: number } } {
  const cases: FuzzCase[] = [];
  const product = { arguments: 0, keys: 0 };
  entries.forEach((entry, index) => {
    const all = entryCases(entry, index);
    product.arguments += all.arguments.length;
    product.keys += all.keys.length;
    const entrySeed = (seed ^ hashName(entry.name)) >>> 0;
    cases.push(...(size === undefined ? all.arguments : sample(all.arguments, size.arguments, entrySeed)));
    cases.push(...(size === undefined ? all.keys : sample(all.keys, size.keys, entrySeed + 1)));
  });
  return { cases, product };
}
