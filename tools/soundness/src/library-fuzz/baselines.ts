/**
 * A valid baseline call of each entry point, so that a hostile value in one argument position
 * or option key is judged with every other argument valid. Found, in order: from the entry
 * point's `@example` doc comments (evaluated with every export in scope), else by a bounded
 * search over a pool of plausible values guided by the typed errors (an error naming parameter
 * `x` moves on the value in `x`'s position). A baseline is valid when its call answers without
 * an error and without NaN.
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import type { AnyFunction } from './catalog.js';
import type { ExampleCall } from './doc-examples.js';
import { verdict } from './judge.js';
import { isClass, parameterNames } from './signature.js';

/** How a baseline was found, so that a replacement worker rebuilds it without searching again. */
export type BaselineRecipe = { readonly kind: 'example'; readonly index: number } | { readonly kind: 'pool'; readonly picks: readonly number[] };

/** A baseline: where it came from and a builder of fresh arguments. */
export interface Baseline {
  readonly source: string;
  readonly recipe: BaselineRecipe;
  readonly args: () => unknown[];
}

/** Announces the call about to run (the worker forwards it, so a hang names its call). */
export type Announce = (label: string) => Promise<void>;

/** Most calls tried by the pool search for one entry point and one argument count. */
const SEARCH_TRIES = 150;

/** The plausible values the search draws from (the library entry fuzz's pool, plus callbacks and small objects). */
function pool(scope: Record<string, unknown>): unknown[] {
  const call = (name: string, ...args: unknown[]): unknown => (scope[name] as AnyFunction)(...args);
  return [
    call('gaussianTradeOff', 1),
    0.5,
    [0.1, 0.9, 0.4, 0.2],
    [1, 0, 1, 0],
    call('gaussianEvent', 1),
    'add-remove',
    2,
    10,
    { samplingRate: 0.01, noiseMultiplier: 1, steps: 10 },
    { canaries: 100, guesses: 10, correct: 9 },
    new Float64Array([0.1, 0.5, 0.9]),
    1e-5,
    undefined,
    {},
    call('empiricalTradeOff', [0.1, 0.9, 0.4, 0.7], [0.2, 0.3, 0.8, 0.1]),
    (x: number): number => 1 - x,
  ];
}

/** Calls `fn` on `args` and says whether it answered cleanly (a pending promise counts as an answer only once it resolves). */
async function answers(fn: AnyFunction, args: unknown[]): Promise<{ ok: boolean; error?: unknown }> {
  try {
    let result: unknown = isClass(fn) ? new (fn as unknown as new (...a: unknown[]) => unknown)(...args) : fn(...args);
    if (result instanceof Promise) result = await result;
    return { ok: verdict(false, result) === undefined };
  } catch (error) {
    return { ok: false, error };
  }
}

/** A builder of the arguments of an example call (evaluated with `scope`), or undefined when it does not compile. */
function exampleArguments({ prefix, argsText }: ExampleCall, scope: Record<string, unknown>): (() => unknown[]) | undefined {
  const names = Object.keys(scope);
  const values = names.map((n) => scope[n]);
  try {
    const build = new Function(...names, `${prefix}\nreturn [${argsText}];`) as (...scopeValues: unknown[]) => unknown[];
    return () => build(...values);
  } catch {
    return undefined;
  }
}

/** A builder of the pool values at `picks`. */
function poolArguments(picks: readonly number[], scope: Record<string, unknown>): () => unknown[] {
  return () => {
    const values = pool(scope);
    return picks.map((i) => values[i]);
  };
}

/** The baseline the recipe describes (found by an earlier worker), without calling the entry point. */
export function baselineFromRecipe(recipe: BaselineRecipe, calls: readonly ExampleCall[], scope: Record<string, unknown>): Baseline {
  if (recipe.kind === 'pool') return { source: `pool (${recipe.picks.join(',')})`, recipe, args: poolArguments(recipe.picks, scope) };
  return { source: `@example ${recipe.index + 1}`, recipe, args: exampleArguments(calls[recipe.index] as ExampleCall, scope) as () => unknown[] };
}

/** The baseline from the first example call of `name` that evaluates and answers cleanly. */
async function fromExamples(name: string, fn: AnyFunction, calls: readonly ExampleCall[], scope: Record<string, unknown>, announce: Announce): Promise<Baseline | undefined> {
  for (const [i, call] of calls.entries()) {
    const args = exampleArguments(call, scope);
    if (args === undefined) continue; // not an expression this scope can evaluate (a type annotation, an elided value)
    await announce(`${name}: baseline from @example ${i + 1}`);
    try {
      args();
    } catch {
      continue; // the example uses a variable of its own (a trace, a trained model)
    }
    if ((await answers(fn, args())).ok) return { source: `@example ${i + 1}`, recipe: { kind: 'example', index: i }, args };
  }
  return undefined;
}

/** The baseline found by the guided pool search, or undefined. */
async function fromPool(name: string, fn: AnyFunction, arity: number, scope: Record<string, unknown>, announce: Announce): Promise<Baseline | undefined> {
  const positionOf = parameterNames(fn);
  const size = pool(scope).length;
  for (let length = fn.length; length <= arity; length++) {
    const index = new Array<number>(length).fill(0);
    for (let t = 0; t < SEARCH_TRIES; t++) {
      const picked = index.slice();
      const args = poolArguments(picked, scope);
      await announce(`${name}: baseline search (${picked.join(',')})`);
      const { ok, error } = await answers(fn, args());
      if (ok) return { source: `pool (${picked.join(',')})`, recipe: { kind: 'pool', picks: picked }, args };
      if (length === 0) break;
      let at = isDpboundsError(error) ? positionOf.indexOf(String(error.parameter).split(/[.[]/)[0] as string) : -1;
      if (at < 0 || at >= length) at = length - 1 - (t % length);
      // advance the named position like a mixed-radix counter
      let k = at;
      index[k] = (index[k] as number) + 1;
      while ((index[k] as number) >= size) {
        index[k] = 0;
        k = (k + length - 1) % length;
        if (k === at) break;
        index[k] = (index[k] as number) + 1;
      }
    }
  }
  return undefined;
}

/** The baseline of one entry point, or undefined when neither its examples nor the pool give a valid call. */
export async function findBaseline(name: string, fn: AnyFunction, arity: number, calls: readonly ExampleCall[], scope: Record<string, unknown>, announce: Announce): Promise<Baseline | undefined> {
  return (await fromExamples(name, fn, calls, scope, announce)) ?? (await fromPool(name, fn, arity, scope, announce));
}
