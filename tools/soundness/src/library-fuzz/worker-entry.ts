/**
 * The fuzz worker, a child process (bundled with the packages' sources; see bundle-worker.ts):
 * given its {@link WorkerInput} as the first message, it finds each entry point's baseline and
 * options objects, plans the cases, and runs them from `from` on, announcing each call before
 * making it so that the parent's watchdog (a time cap per call) and the process's heap cap can
 * name the call that exceeded them. A process, not a worker thread: a fatal V8 error (an array
 * grown past V8's largest size) aborts the whole process, which must not be the test runner.
 *
 * Messages to the parent: `{ kind: 'call', index, label }` before each call (`index` −1 during
 * setup), `{ kind: 'failure', index, label, problem }`, `{ kind: 'plan', … }` once, `{ kind: 'end' }`.
 */
import { baselineFromRecipe, findBaseline, type Baseline, type BaselineRecipe } from './baselines.js';
import { entryPoints, exampleScope, type AnyFunction } from './catalog.js';
import { planCases, type FuzzedEntry } from './cases.js';
import type { ExampleCall } from './doc-examples.js';
import { HOSTILE_VALUES } from './hostile-values.js';
import { judgeCall } from './judge.js';
import { optionsObjects, withValueAt, type OptionsObject } from './option-keys.js';
import { declaredArity, isClass, parameterNames } from './signature.js';

/** What the parent passes. */
export interface WorkerInput {
  readonly examples: Record<string, ExampleCall[]>;
  readonly seed: number;
  /** The per-entry sample sizes, or undefined for the full product. */
  readonly sample: { readonly arguments: number; readonly keys: number } | undefined;
  /** The first case to run (after a worker was replaced). */
  readonly from: number;
  /** Entry points whose setup hung or crashed a previous worker: not fuzzed (reported by the parent). */
  readonly skip: readonly string[];
  /** The setup a previous worker reported (a replacement worker reuses it instead of searching again). */
  readonly setup?: WorkerSetup;
}

/** What the setup found, per entry point with a baseline, in the order fuzzed. */
export interface WorkerSetup {
  readonly entries: ReadonlyArray<{ readonly name: string; readonly recipe: BaselineRecipe; readonly options: readonly OptionsObject[] }>;
  readonly withoutBaseline: readonly string[];
}

/** The plan, reported once. */
export interface PlanMessage {
  readonly kind: 'plan';
  readonly entries: number;
  readonly withBaseline: readonly string[];
  readonly withoutBaseline: readonly string[];
  readonly fromExamples: number;
  readonly optionsObjects: number;
  readonly optionKeys: number;
  readonly cases: number;
  readonly product: { readonly arguments: number; readonly keys: number };
  readonly hostileValues: number;
  readonly setup: WorkerSetup;
}

/** Sends a message to the parent. */
function post(message: unknown): void {
  (process.send as (message: unknown) => boolean)(message);
}

/**
 * Sends a message and waits until it is written: a call announced this way is known to the
 * parent even if it then never returns (a synchronous loop would keep a queued message unsent).
 */
function announced(message: unknown): Promise<void> {
  return new Promise((resolve) => (process.send as (message: unknown, handle: undefined, options: object, callback: () => void) => boolean)(message, undefined, {}, resolve));
}

const input = await new Promise<WorkerInput>((resolve) => process.once('message', (message) => resolve(message as WorkerInput)));
const announce = (label: string): Promise<void> => announced({ kind: 'call', index: -1, label });

const scope = exampleScope();
const fuzzed: Array<FuzzedEntry & { readonly fn: AnyFunction; readonly baseline: Baseline; readonly parameters: string[] }> = [];
const withoutBaseline: string[] = [];
const functions = new Map(entryPoints());
if (input.setup !== undefined) {
  for (const { name, recipe, options } of input.setup.entries) {
    const fn = functions.get(name) as AnyFunction;
    const baseline = baselineFromRecipe(recipe, input.examples[name] ?? [], scope);
    fuzzed.push({ name, fn, arity: declaredArity(fn), argumentCount: baseline.args().length, options, baseline, parameters: parameterNames(fn) });
  }
  withoutBaseline.push(...input.setup.withoutBaseline);
} else {
  for (const [name, fn] of functions) {
    const arity = declaredArity(fn);
    const baseline = input.skip.includes(name) ? undefined : await findBaseline(name, fn, arity, input.examples[name] ?? [], scope, announce);
    if (baseline === undefined) {
      withoutBaseline.push(name);
      continue;
    }
    const args = baseline.args();
    const options = await optionsObjects(fn, args, arity, announce, name);
    fuzzed.push({ name, fn, arity, argumentCount: args.length, options, baseline, parameters: parameterNames(fn) });
  }
}

const { cases, product } = planCases(fuzzed, input.seed, input.sample);
const plan: PlanMessage = {
  kind: 'plan',
  entries: fuzzed.length + withoutBaseline.length,
  withBaseline: fuzzed.map((e) => e.name),
  withoutBaseline,
  fromExamples: fuzzed.filter((e) => e.baseline.source.startsWith('@example')).length,
  optionsObjects: fuzzed.reduce((n, e) => n + e.options.length, 0),
  optionKeys: fuzzed.reduce((n, e) => n + e.options.reduce((m, o) => m + o.keys.length, 0), 0),
  cases: cases.length,
  product,
  hostileValues: HOSTILE_VALUES.length,
  setup: { entries: fuzzed.map(({ name, baseline, options }) => ({ name, recipe: baseline.recipe, options })), withoutBaseline },
};
post(plan);

for (let index = input.from; index < cases.length; index++) {
  const { entry, position, path, hostile } = cases[index] as (typeof cases)[number];
  const target = fuzzed[entry] as (typeof fuzzed)[number];
  const [hostileLabel, build] = HOSTILE_VALUES[hostile] as (typeof HOSTILE_VALUES)[number];
  const where = `${target.parameters[position] ?? `argument ${position}`}${path.map((k) => `.${k}`).join('')}`;
  const label = `${target.name}(${where} = ${hostileLabel}; others from ${target.baseline.source})`;
  await announced({ kind: 'call', index, label });
  const problem = await judgeCall(target.fn, withValueAt(target.baseline.args(), position, path, build()), isClass(target.fn));
  if (problem !== undefined) post({ kind: 'failure', index, label, problem });
}
const cpu = process.cpuUsage();
post({ kind: 'end', cpuSeconds: (cpu.user + cpu.system) / 1e6 });
