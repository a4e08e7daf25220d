/**
 * The contract each fuzzed call must keep: refuse with a typed dpbounds error
 * (`isDpboundsError`), or answer with a result in which no NaN is reachable. The caller's own
 * error thrown from inside a hostile value ({@link UserCodeError}) passing through is accepted;
 * any other throw (a plain `TypeError`, a `RangeError: Maximum call stack size exceeded`) is not.
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import { UserCodeError } from './hostile-values.js';

/** The most nodes of a result walked looking for NaN (results are small; this bounds a pathological one). */
const MAX_NODES = 200_000;

/**
 * The path of the first NaN reachable in `value` through own enumerable properties, array and
 * typed-array elements, Map and Set entries (cycles and functions skipped, at most
 * {@link MAX_NODES} nodes), or undefined.
 *
 * @example nanPath({ a: [1, { b: NaN }] }) // 'result.a[1].b'
 */
export function nanPath(value: unknown): string | undefined {
  const seen = new Set<unknown>();
  const stack: Array<[unknown, string]> = [[value, 'result']];
  let nodes = 0;
  while (stack.length > 0 && nodes++ < MAX_NODES) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'number') {
      if (Number.isNaN(v)) return path;
      continue;
    }
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      const items = v as unknown as ArrayLike<unknown>;
      for (let i = 0; i < items.length; i++) if (typeof items[i] === 'number' && Number.isNaN(items[i])) return `${path}[${i}]`;
      continue;
    }
    if (v instanceof Map) {
      for (const [k, item] of v) stack.push([item, `${path}.get(${String(k)})`]);
      continue;
    }
    if (v instanceof Set) {
      for (const item of v) stack.push([item, `${path}.has(…)`]);
      continue;
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
      continue;
    }
    for (const key of Object.keys(v).reverse()) {
      const descriptor = Object.getOwnPropertyDescriptor(v, key);
      if (descriptor !== undefined && 'value' in descriptor) stack.push([descriptor.value, `${path}.${key}`]);
    }
  }
  return undefined;
}

/**
 * What went wrong with a call that returned `result` or threw `error` (`threw` says which), or
 * undefined when it kept the contract.
 */
export function verdict(threw: boolean, outcome: unknown): string | undefined {
  if (threw) {
    if (isDpboundsError(outcome) || outcome instanceof UserCodeError) return undefined;
    const e = outcome as { name?: unknown; message?: unknown } | undefined;
    return typeof e === 'object' && e !== null ? `${String(e.name)}: ${String(e.message).slice(0, 200)}` : `threw ${typeof outcome}`;
  }
  const where = nanPath(outcome);
  return where === undefined ? undefined : `NaN at ${where}`;
}

/** Calls `fn` (with `new` when `asClass`), awaiting a promise, and returns its {@link verdict}. */
export async function judgeCall(fn: (...args: unknown[]) => unknown, args: unknown[], asClass: boolean): Promise<string | undefined> {
  let threw = false;
  let outcome: unknown;
  try {
    outcome = asClass ? new (fn as unknown as new (...a: unknown[]) => unknown)(...args) : fn(...args);
    if (outcome instanceof Promise) outcome = await outcome;
  } catch (error) {
    threw = true;
    outcome = error;
  }
  try {
    return verdict(threw, outcome);
  } catch (error) {
    // a result whose walk throws (a getter on a returned object) breaks the contract too
    return `reading the result threw ${String((error as Error)?.message ?? error)}`;
  }
}
