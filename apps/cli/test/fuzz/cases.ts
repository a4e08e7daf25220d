/**
 * The fuzz cases: each scenario × each flag it reads as a number × the hostile values, plus
 * structural cases per scenario (a flag given twice, an unknown flag, a misspelt flag, a flag
 * left out, a flag without its value). `full` takes the whole product. The default (CI) mode
 * takes a deterministic, seeded sample that still reaches every command and every flag: each
 * case belongs to a group (a command's numeric flag, the same flag's list form, a command's
 * structural kind, a command's left-out flag), and the sample keeps `perFlag` cases of each
 * hostile group and one of each structural group, drawn over all the scenarios of the command
 * (so every scenario's flags are reachable, and another seed draws other scenarios and values).
 */
import { EXTREME_NOISE_MULTIPLIERS, HOSTILE_VALUES } from './hostile-values.js';
import { FILE_CASES } from './scenarios.js';

/** What a case checks. */
export type CaseKind = 'hostile' | 'extreme' | 'file' | 'duplicate' | 'unknown' | 'misspelt' | 'missing' | 'missing-value';

/** One command line to run and what it perturbs. */
export interface FuzzCase {
  /** Stable name, e.g. `dp#0 --steps=1e308` (the key of KNOWN_FAILURES). */
  readonly id: string;
  readonly command: string;
  readonly kind: CaseKind;
  /** The flag perturbed (without `--`). */
  readonly flag: string;
  readonly argv: readonly string[];
  /**
   * What the default sample draws from: e.g. `dp --steps` (a hostile value of the flag on any
   * dp scenario), `dp --fpr list`, `dp duplicate`, `dp missing --delta`.
   */
  readonly group: string;
}

/** A scenario and what the discovery run saw it read. */
export interface DiscoveredScenario {
  readonly command: string;
  readonly index: number;
  readonly argv: readonly string[];
  /** Flags the command read as numbers (or number lists) on this scenario. */
  readonly numericFlags: readonly string[];
  /** Of those, the comma-separated lists (`--fpr`, `--alpha`): also fuzzed element-wise. */
  readonly listFlags: readonly string[];
  /** Flags of the command taking a value (for the structural cases). */
  readonly stringFlags: ReadonlySet<string>;
}

/** The argv with `--flag value` set (replaced if present, else appended). */
export function setFlag(argv: readonly string[], flag: string, value: string): string[] {
  const at = argv.indexOf(`--${flag}`);
  if (at < 0) return [...argv, `--${flag}`, value];
  return [...argv.slice(0, at + 1), value, ...argv.slice(at + 2)];
}

/** The argv without `--flag` (and its value when it takes one). */
export function removeFlag(argv: readonly string[], flag: string, takesValue: boolean): string[] {
  const at = argv.indexOf(`--${flag}`);
  if (at < 0) return [...argv];
  return [...argv.slice(0, at), ...argv.slice(at + (takesValue ? 2 : 1))];
}

/** A 32-bit FNV-1a hash (seeds the per-(scenario, flag) sample). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** `count` distinct values of `values`, chosen by a seeded shuffle. */
function sample<T>(values: readonly T[], count: number, seed: number): T[] {
  const copy = [...values];
  let state = seed || 1;
  for (let i = copy.length - 1; i > 0; i--) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const j = (state >>> 0) % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

/** Two adjacent letters swapped in the middle of `name` (a typo `did you mean` must catch). */
function misspell(name: string): string {
  const i = Math.max(1, Math.floor(name.length / 2) - 1);
  const swapped = `${name.slice(0, i)}${name[i + 1] ?? ''}${name[i] ?? ''}${name.slice(i + 2)}`;
  return swapped === name ? `${name}x` : swapped;
}

/**
 * The cases for the discovered scenarios: the full product, or (default) a seeded sample of it
 * with `perFlag` hostile values per (command, flag) and one structural case per (command, kind).
 *
 * @example buildCases(scenarios, { full: false, perFlag: 3, seed: 1 })
 */
export function buildCases(scenarios: readonly DiscoveredScenario[], options: { readonly full: boolean; readonly perFlag: number; readonly seed: number }): FuzzCase[] {
  const product = fullProduct(scenarios);
  if (options.full) return product;
  const groups = new Map<string, FuzzCase[]>();
  for (const c of product) {
    const list = groups.get(c.group) ?? [];
    list.push(c);
    groups.set(c.group, list);
  }
  const kept = new Set<FuzzCase>();
  for (const [group, members] of groups) {
    // hostile values: perFlag per (command, flag); an extreme σ: one per scenario; each file case; one structural case per kind
    const count = members[0]?.kind === 'hostile' ? options.perFlag : 1;
    for (const c of sample(members, count, hash(`${options.seed}:${group}`))) kept.add(c);
  }
  // in the product's order, so that a sample's cases keep the order they have in the full run
  return product.filter((c) => kept.has(c));
}

/** Every case of every scenario (the full product). */
function fullProduct(scenarios: readonly DiscoveredScenario[]): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const s of scenarios) {
    const name = `${s.command}#${s.index}`;
    const base = [s.command, ...s.argv, '--json'];
    for (const flag of s.numericFlags) {
      for (const value of HOSTILE_VALUES) cases.push({ id: `${name} --${flag}=${value}`, command: s.command, kind: 'hostile', flag, group: `${s.command} --${flag}`, argv: [s.command, ...setFlag(base.slice(1), flag, value)] });
      // a list keeps its valid items and gains a hostile one (`--fpr 0.01,NaN`)
      const at = s.argv.indexOf(`--${flag}`);
      const list = at >= 0 && s.listFlags.includes(flag) ? s.argv[at + 1] : undefined;
      if (list !== undefined) {
        for (const value of HOSTILE_VALUES) {
          const joined = `${list},${value}`;
          cases.push({ id: `${name} --${flag}=${joined}`, command: s.command, kind: 'hostile', flag, group: `${s.command} --${flag} list`, argv: [s.command, ...setFlag(base.slice(1), flag, joined)] });
        }
      }
    }
    // huge and tiny σ on every scenario that reads it: for dp one group per scenario, so the
    // default sample prices each sampler and each banded participation at one of them; the other
    // commands price the same samplers through the same code, one group per command
    if (s.numericFlags.includes('noise-multiplier')) {
      const group = s.command === 'dp' ? `${name} extreme --noise-multiplier` : `${s.command} extreme --noise-multiplier`;
      for (const value of EXTREME_NOISE_MULTIPLIERS) cases.push({ id: `${name} --noise-multiplier=${value}`, command: s.command, kind: 'extreme', flag: 'noise-multiplier', group, argv: [s.command, ...setFlag(base.slice(1), 'noise-multiplier', value)] });
    }
    const given = s.argv.filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2));
    const valued = given.filter((flag) => s.stringFlags.has(flag));
    const first = valued[0];
    if (first !== undefined) {
      const value = s.argv[s.argv.indexOf(`--${first}`) + 1] as string;
      cases.push({ id: `${name} duplicate --${first}`, command: s.command, kind: 'duplicate', flag: first, group: `${s.command} duplicate`, argv: [...base, `--${first}`, value] });
      cases.push({ id: `${name} misspelt --${first}`, command: s.command, kind: 'misspelt', flag: first, group: `${s.command} misspelt`, argv: [s.command, ...removeFlag(base.slice(1), first, true), `--${misspell(first)}`, value] });
      const last = valued[valued.length - 1] as string;
      cases.push({ id: `${name} missing-value --${last}`, command: s.command, kind: 'missing-value', flag: last, group: `${s.command} missing-value`, argv: [...removeFlag(base, last, true), `--${last}`] });
    }
    cases.push({ id: `${name} unknown --no-such-flag`, command: s.command, kind: 'unknown', flag: 'no-such-flag', group: `${s.command} unknown`, argv: [...base, '--no-such-flag', '1'] });
    for (const flag of valued) cases.push({ id: `${name} missing --${flag}`, command: s.command, kind: 'missing', flag, group: `${s.command} missing --${flag}`, argv: removeFlag(base, flag, true) });
  }
  // hostile files (too deep, over the input budget) and work budgets: each its own group, always drawn
  const commands = new Set(scenarios.map((s) => s.command));
  for (const f of FILE_CASES) {
    if (!commands.has(f.argv[0] as string)) continue;
    cases.push({ id: `file ${f.name}`, command: f.argv[0] as string, kind: 'file', flag: f.flag, group: `file ${f.name}`, argv: [...f.argv, '--json'] });
  }
  return cases;
}
