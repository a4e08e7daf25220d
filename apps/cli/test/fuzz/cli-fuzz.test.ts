/**
 * The CLI fuzz suite: every command × every numeric flag (found by running each command's
 * scenarios, see `scenarios.ts`) × the hostile values, plus duplicate, unknown, misspelt and
 * missing flags. Each case runs in a worker thread with a time limit and a heap limit. The rule:
 * exit 2 with one line on stderr naming the flag, or exit 0 with one JSON document of finite
 * numbers, within the time limit.
 *
 * Default (CI): a seeded sample (`DPBOUNDS_FUZZ_SEED`, default 1) that reaches every command and
 * every flag: one hostile value per (command, numeric flag) drawn over the command's scenarios,
 * one case of each structural kind per command (see `cases.ts`). The full product:
 * `DPBOUNDS_FUZZ_FULL=1` (or `pnpm test:big` in apps/cli).
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDefinition } from '../../src/command.js';
import { commands } from '../../src/commands/registry.js';
import { UNMAPPED_PARAMETER_NOTE } from '../../src/library-error-message.js';
import { bundleWorker } from './bundle-worker.js';
import { buildCases, type DiscoveredScenario, type FuzzCase } from './cases.js';
import { KNOWN_FAILURES } from './known-failures.js';
import { labelRuleProblems } from './label-rules.js';
import { SCENARIOS } from './scenarios.js';
import { startPool, type CaseOutcome, type PoolJob, type WorkerPool } from './worker-pool.js';
import { createFuzzWorkspace } from './workspace.js';

const FULL = process.env.DPBOUNDS_FUZZ_FULL === '1';
const SEED = Number(process.env.DPBOUNDS_FUZZ_SEED ?? '1');
/** Hostile values per (command, numeric flag) in the default sample (another seed draws others). */
const PER_FLAG = 1;
/**
 * The time limit of one case is a safety net against a hang, not a speed requirement: a case
 * takes milliseconds to seconds (the slowest, a truncated-Poisson calibration, ~25 s on a quiet
 * 2-core machine), and a busy machine may stretch that several times, so the net sits far above.
 * A case that reaches it is reported as a hang; the speed of the commands is checked elsewhere
 * by the work they count.
 */
const SAFETY_NET_MS = 600_000;
const POOL = { size: 2, heapMb: 1024 };
/** JSON fields that are `null` by design when absent or infinite (gmip, calibrate, per-instance). */
const NULLABLE_FIELDS = ['gdpMu', 'gmipFormulaMu', 'noiseStdDp', 'noiseStdMipRaw', 'withoutRecordEpsilon'];
/**
 * The demo's report.json writes `null` for what a run does not have (no hidden layer for a
 * logistic model, no input canaries, no test split, an attribute's optional details).
 */
const NULLABLE_BY_COMMAND: Readonly<Record<string, readonly string[]>> = {
  demo: ['hiddenUnits', 'inputAudit', 'sensitiveAttribute', 'testAccuracy', 'label', 'values', 'warning', 'sensitivityNorm', 'bayesSecurityCentroid', 'empiricalMu', 'betaAi', 'guaranteeAccountant'],
  // a user's run file need not say what our trainer knows (sizes, parameters, clip, accuracy)
  // a record whose bound is its per-instance estimate has no guarantee accountant (docs/cli.md)
  'per-instance': ['guaranteeAccountant'],
  report: [
    'hiddenUnits', 'inputAudit', 'sensitiveAttribute', 'testAccuracy', 'trainAccuracy', 'testSize', 'label', 'values', 'warning', 'sensitivityNorm', 'bayesSecurityCentroid', 'empiricalMu', 'betaAi',
    'guaranteeAccountant', 'canaryParticipation', 'trainingRecords', 'parameters', 'expectedBatchSize', 'clip', 'measuredNoiseMultiplier', 'scoredNoiseMultiplier', 'clipNorm',
  ],
};

let script = '';
let removeScript = (): void => undefined;
let workspace = '';
const definitions = new Map<string, CommandDefinition>();
let discovered: DiscoveredScenario[] = [];
const discoveryFailures: string[] = [];
const reads = new Map<string, Set<string>>();
/** Each scenario's `--json` output from the discovery run, for the label rules. */
const discoveredJson: { readonly command: string; readonly index: number; readonly stdout: string }[] = [];

/** With `--out DIR`, each case writes into its own directory (the workers run side by side). */
function ownOutput(argv: readonly string[], index: number): string[] {
  const at = argv.indexOf('--out');
  if (at < 0 || argv[at + 1] === undefined) return [...argv];
  const out = [...argv];
  const value = out[at + 1] as string;
  const dot = value.lastIndexOf('.');
  out[at + 1] = dot > 0 ? `${value.slice(0, dot)}-${index}${value.slice(dot)}` : `${value}-${index}`;
  return out;
}

/** One pool for the whole file: its workers load the bundled CLI once, not once per test. */
let pool: WorkerPool | undefined;

async function run(argvs: readonly (readonly string[])[]): Promise<CaseOutcome[]> {
  const jobs: PoolJob[] = argvs.map((argv, i) => ({ argv: ownOutput(argv, i), cwd: workspace, timeoutMs: SAFETY_NET_MS }));
  pool ??= startPool(script, POOL);
  return pool.run(jobs);
}

/** Problems with a successful `--json` output: not one JSON document, or a null where none is documented. */
function jsonProblems(stdout: string, command: string): string | undefined {
  const nullable = new Set([...NULLABLE_FIELDS, ...(NULLABLE_BY_COMMAND[command] ?? [])]);
  let document: unknown;
  try {
    document = JSON.parse(stdout);
  } catch {
    return `stdout is not one JSON document: ${stdout.slice(0, 80)}`;
  }
  const nulls: string[] = [];
  // an infinite number is written null with a sibling `<key>Infinite: true` (docs/cli.md): not a NaN
  const markedInfinite = (parent: unknown, key: string): boolean => typeof parent === 'object' && parent !== null && (parent as Record<string, unknown>)[`${key}Infinite`] === true;
  const walk = (value: unknown, path: string, key: string, parent: unknown): void => {
    if (value === null && !nullable.has(key) && !markedInfinite(parent, key)) nulls.push(path);
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`, key, undefined));
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, k, value);
  };
  walk(document, '$', '', undefined);
  return nulls.length > 0 ? `null (a NaN or ∞ result?) at ${nulls.slice(0, 3).join(', ')}` : undefined;
}

/** Why `outcome` breaks the rule for `c`, or undefined when it keeps it. */
function problemOf(c: FuzzCase, outcome: CaseOutcome): string | undefined {
  if (outcome.kind === 'timeout') return `no answer within the ${SAFETY_NET_MS} ms safety net (a hang: cases take seconds even on a busy machine)`;
  if (outcome.kind === 'crash') return `worker died: ${outcome.message} (out of memory?)`;
  const lines = outcome.stderr.trim().split('\n');
  const line = lines[0] ?? '';
  if (outcome.code !== 0 && outcome.code !== 2) return `exit ${outcome.code}: ${line}`;
  if (outcome.code === 2) {
    if (lines.length !== 1) return `exit 2 with ${lines.length} lines on stderr`;
    if (line.includes(UNMAPPED_PARAMETER_NOTE)) return `message names a library parameter, not a flag: ${line}`;
  }
  if (outcome.code === 0 && outcome.stderr !== '') return `exit 0 but stderr: ${line}`;
  const want2 = (needle: string): string | undefined => (outcome.code === 2 && line.includes(needle) ? undefined : `expected exit 2 with "${needle}"; exit ${outcome.code}: ${line || outcome.stdout.slice(0, 80)}`);
  switch (c.kind) {
    case 'hostile':
    case 'extreme':
      if (outcome.code === 0) return jsonProblems(outcome.stdout, c.command);
      return line.includes(`--${c.flag}`) ? undefined : `exit 2 without naming --${c.flag}: ${line}`;
    case 'file':
      return want2(`--${c.flag}`);
    case 'duplicate':
      return want2(`--${c.flag} is given more than once`);
    case 'unknown':
      return want2('unknown flag --no-such-flag');
    case 'misspelt':
      return want2(`did you mean --${c.flag}?`);
    case 'missing-value':
      return want2(`--${c.flag} needs a value`);
    case 'missing':
      if (outcome.code === 0) return jsonProblems(outcome.stdout, c.command);
      // a file's own error names the file (the value of its flag)
      return line.includes('--') || c.argv.some((arg, i) => i > 0 && c.argv[i - 1]?.startsWith('--') === true && arg.length > 2 && line.includes(`${arg}:`))
        ? undefined
        : `exit 2 without naming a flag: ${line}`;
  }
}

beforeAll(async () => {
  const [bundle, dir] = await Promise.all([bundleWorker(), createFuzzWorkspace()]);
  script = bundle.script;
  removeScript = bundle.remove;
  workspace = dir;
  for (const entry of commands) definitions.set(entry.name, await entry.load());
  const scenarios = Object.entries(SCENARIOS).flatMap(([command, list]) => list.map((argv, index) => ({ command, index, argv })));
  const outcomes = await run(scenarios.map((s) => [s.command, ...s.argv, '--json']));
  discovered = scenarios.map((s, i) => {
    const outcome = outcomes[i] as CaseOutcome;
    const seen = reads.get(s.command) ?? new Set<string>();
    reads.set(s.command, seen);
    const numeric = new Set<string>();
    const lists = new Set<string>();
    if (outcome.kind === 'done') {
      for (const [flag, kind] of outcome.reads) {
        seen.add(flag);
        if (kind === 'number' || kind === 'numbers') numeric.add(flag);
        if (kind === 'numbers') lists.add(flag);
      }
      if (outcome.code === 0) discoveredJson.push({ command: s.command, index: s.index, stdout: outcome.stdout });
      if (outcome.code !== 0) discoveryFailures.push(`${s.command}#${s.index} (${s.argv.join(' ')}): exit ${outcome.code}: ${outcome.stderr.trim()}`);
    } else discoveryFailures.push(`${s.command}#${s.index}: ${outcome.kind}`);
    const spec = definitions.get(s.command);
    const stringFlags = new Set(Object.entries(spec?.flags ?? {}).filter(([, f]) => f.type === 'string').map(([name]) => name));
    return { ...s, numericFlags: [...numeric].filter((flag) => stringFlags.has(flag)), listFlags: [...lists], stringFlags };
  });
}, 600_000);

let sample: FuzzCase[] | undefined;
/** The cases of this run (the seeded sample, or the full product), built once after discovery. */
function allCases(): FuzzCase[] {
  sample ??= buildCases(discovered, { full: FULL, perFlag: PER_FLAG, seed: SEED });
  return sample;
}

afterAll(async () => {
  await pool?.close();
  removeScript();
  if (workspace !== '') rmSync(workspace, { recursive: true, force: true });
});

describe('CLI fuzz suite', () => {
  it('has valid scenarios for every registered command', () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual(commands.map((c) => c.name).sort());
    expect(discoveryFailures).toEqual([]);
  });

  it('reaches every flag of every command in some scenario (so new flags are fuzzed)', () => {
    const unreached: string[] = [];
    for (const [name, definition] of definitions) {
      for (const [flag, spec] of Object.entries(definition.flags)) {
        if (spec.type === 'string' && !(reads.get(name)?.has(flag) ?? false)) unreached.push(`${name} --${flag}`);
      }
    }
    expect(unreached).toEqual([]);
  });

  it('the default sample reaches every command, every numeric flag (and its list form) and every structural kind of the full product', () => {
    const full = buildCases(discovered, { full: true, perFlag: PER_FLAG, seed: SEED });
    const sampled = buildCases(discovered, { full: false, perFlag: PER_FLAG, seed: SEED });
    const groupsOf = (cases: readonly FuzzCase[]): string[] => [...new Set(cases.map((c) => c.group))].sort();
    expect(groupsOf(sampled)).toEqual(groupsOf(full));
    expect(new Set(sampled.map((c) => c.command))).toEqual(new Set(Object.keys(SCENARIOS)));
    const ids = new Set(full.map((c) => c.id));
    expect(sampled.every((c) => ids.has(c.id))).toBe(true);
    expect(sampled.length).toBeLessThan(full.length / 4);
  });

  it('every scenario\'s JSON keeps the label rules (four kinds; no guarantee inside numerical noise; lower ≤ guarantee; a far CLT estimate says why)', () => {
    expect(discoveredJson.length).toBeGreaterThan(50);
    const problems = discoveredJson.flatMap(({ command, index, stdout }) => {
      let document: unknown;
      try {
        document = JSON.parse(stdout);
      } catch {
        return [];
      }
      return labelRuleProblems(document).map((p) => `${command}#${index}: ${p}`);
    });
    expect(problems).toEqual([]);
  });

  it('the sample holds more than 100 cases', () => {
    expect(allCases().length).toBeGreaterThan(100);
  });

  // One test per command, or per part of a command whose cases are slow (training, reports),
  // each running its cases on the worker pool: no single test carries the sample's CPU, and a
  // failure names its command at once. Part p of P takes the command's cases i with i mod P = p.
  const PARTS: Readonly<Record<string, number>> = { train: 4, report: 2, demo: 2, calibrate: 2 };
  const parts = Object.keys(SCENARIOS).flatMap((command) => Array.from({ length: PARTS[command] ?? 1 }, (_, part) => [command, part, PARTS[command] ?? 1] as const));
  it.each(parts)('%s (part %i of %i, from 0): hostile values and bad flags exit 2 naming the flag, or give a finite result in time', async (command, part, of) => {
    const cases = allCases().filter((c) => c.command === command).filter((_, i) => i % of === part);
    expect(cases.length).toBeGreaterThan(0);
    const outcomes = await run(cases.map((c) => c.argv));
    const unexpected: string[] = [];
    const nowPassing: string[] = [];
    cases.forEach((c, i) => {
      const problem = problemOf(c, outcomes[i] as CaseOutcome);
      const known = KNOWN_FAILURES[c.id];
      if (problem !== undefined && known === undefined) unexpected.push(`${c.id}: ${problem}\n    dpbounds ${c.argv.map((a) => (a === '' || /\s/.test(a) ? JSON.stringify(a) : a)).join(' ')}`);
      if (problem === undefined && known !== undefined && !known.startsWith('slow:')) nowPassing.push(`${c.id} (listed: ${known})`);
    });
    expect(unexpected, `${unexpected.length} of ${cases.length} cases break the rule`).toEqual([]);
    expect(nowPassing, 'known failures that now pass: remove them from KNOWN_FAILURES').toEqual([]);
  }, 900_000);

  it('ran every case on the pool\'s workers, each started once (plus one per case that timed out or crashed)', () => {
    expect(pool).toBeDefined();
    expect(pool?.started).toBe(POOL.size + (pool?.replaced ?? 0));
  });
});
