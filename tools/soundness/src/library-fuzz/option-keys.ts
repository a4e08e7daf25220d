/**
 * The option keys of each entry point, read from the project's option validator itself
 * (`requireOptions`, in special-functions and accountants): a baseline call with one unknown
 * key added to an options object is refused with a typed error naming `parameter.<probe>` and
 * listing the known keys (`absent (known keys: a, b, c)`). Nothing is kept by hand, so a key
 * added to a validator is fuzzed from the next run on. A nested options object the baseline
 * holds (a `family` inside `options`) is probed in turn.
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import type { AnyFunction } from './catalog.js';
import { isClass } from './signature.js';

/** The unknown key added to probe a validator. */
const PROBE = 'libraryFuzzProbe';
/** Most nesting levels probed below an argument. */
const MAX_DEPTH = 3;

/** An options object of an entry point: the argument position, the path of keys to it, and its known keys. */
export interface OptionsObject {
  readonly position: number;
  readonly path: readonly string[];
  readonly keys: readonly string[];
}

/** True for a plain object (an options object), not an array, a class instance or a curve. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A copy of `args` with `value` at `path` below argument `position` (the objects along the path copied). */
export function withValueAt(args: unknown[], position: number, path: readonly string[], value: unknown): unknown[] {
  const copy = args.slice();
  while (copy.length <= position) copy.push(undefined);
  if (path.length === 0) {
    copy[position] = value;
    return copy;
  }
  const root: Record<string, unknown> = { ...((copy[position] ?? {}) as Record<string, unknown>) };
  copy[position] = root;
  let node = root;
  for (const key of path.slice(0, -1)) {
    const child: Record<string, unknown> = { ...((node[key] ?? {}) as Record<string, unknown>) };
    node[key] = child;
    node = child;
  }
  node[path[path.length - 1] as string] = value;
  return copy;
}

/** The value at `path` below argument `position`, or undefined. */
function valueAt(args: readonly unknown[], position: number, path: readonly string[]): unknown {
  let node: unknown = args[position];
  for (const key of path) node = isPlainObject(node) ? node[key] : undefined;
  return node;
}

/** The known keys a validator listed when it refused the probe at `position`/`path`, or undefined. */
function probe(fn: AnyFunction, args: unknown[], position: number, path: readonly string[]): string[] | undefined {
  const current = valueAt(args, position, path);
  const probed = withValueAt(args, position, path, { ...(isPlainObject(current) ? current : {}), [PROBE]: 1 });
  try {
    const result = isClass(fn) ? new (fn as unknown as new (...a: unknown[]) => unknown)(...probed) : fn(...probed);
    if (result instanceof Promise) result.catch(() => undefined); // an async validator is not read (its refusal would come later)
    return undefined;
  } catch (error) {
    if (!isDpboundsError(error) || !String(error.parameter).endsWith(`.${PROBE}`)) return undefined;
    const listed = /known keys: ([^)]*)\)/.exec(error.expected)?.[1];
    if (listed === undefined || listed === 'none') return listed === 'none' ? [] : undefined;
    return listed.split(',').map((key) => key.trim()).filter((key) => key !== '');
  }
}

/**
 * Every options object of a baseline call, found by probing each argument position below
 * `arity` that holds a plain object or nothing, and each nested plain object below a found key.
 */
export async function optionsObjects(fn: AnyFunction, args: unknown[], arity: number, announce: (label: string) => Promise<void>, name: string): Promise<OptionsObject[]> {
  const found: OptionsObject[] = [];
  const visit = async (position: number, path: readonly string[]): Promise<void> => {
    await announce(`${name}: probing the keys of argument ${position}${path.map((k) => `.${k}`).join('')}`);
    const keys = probe(fn, args, position, path);
    if (keys === undefined) return;
    found.push({ position, path, keys });
    if (path.length >= MAX_DEPTH) return;
    for (const key of keys) if (isPlainObject(valueAt(args, position, [...path, key]))) await visit(position, [...path, key]);
  };
  for (let position = 0; position < Math.max(arity, args.length); position++) {
    const value = args[position];
    if (value === undefined || isPlainObject(value)) await visit(position, []);
  }
  return found;
}
