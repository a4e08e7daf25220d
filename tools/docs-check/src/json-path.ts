/**
 * Reads one value out of a command's JSON output by a short path, as docs name them:
 * `accounting[accountant=prv,neighbouring=add-remove].epsilon`, `curves[0].alpha`,
 * `bayesSecurity.membership.substitution.estimate.bayesSecurity`. A `[k=v,…]` segment picks the
 * one array element whose fields equal the given strings; `[n]` picks by index; `beta{alpha=0.4}`
 * picks the element of the array `beta` at the index where its sibling array `alpha` holds 0.4.
 */

/** Thrown when a path does not lead to a value; the message names the path and the segment. */
export class JsonPathError extends Error {
  override readonly name = 'JsonPathError';
}

/**
 * The value at `path` inside `root`. Throws `JsonPathError` when a segment is missing, an index is
 * out of range, or a filter matches no element or more than one.
 *
 * @example valueAt({ a: [{ k: 'x', v: 1 }] }, 'a[k=x].v') // 1
 */
export function valueAt(root: unknown, path: string): unknown {
  let current: unknown = root;
  let parent: unknown;
  for (const match of path.matchAll(/([^.[\]{}]+)|\[([^\]]*)\]|\{([^}]*)\}/g)) {
    const [, key, bracket, sibling] = match;
    if (sibling !== undefined) {
      // beta{alpha=0.4}: the element of this array at the index where the sibling array alpha holds 0.4
      const [name, wanted] = sibling.split('=') as [string, string];
      const other = parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>)[name] : undefined;
      if (!Array.isArray(other) || !Array.isArray(current)) throw new JsonPathError(`${path}: {${sibling}} needs sibling arrays`);
      const index = other.findIndex((x: unknown) => x === Number(wanted));
      if (index < 0 || index >= current.length) throw new JsonPathError(`${path}: ${name} holds no ${wanted}`);
      current = current[index];
      continue;
    }
    parent = current;
    if (key !== undefined) {
      if (current === null || typeof current !== 'object' || !(key in current)) throw new JsonPathError(`${path}: no field '${key}'`);
      current = (current as Record<string, unknown>)[key];
    } else if (bracket !== undefined) {
      if (!Array.isArray(current)) throw new JsonPathError(`${path}: [${bracket}] applied to a non-array`);
      if (/^\d+$/.test(bracket)) {
        const index = Number(bracket);
        if (index >= current.length) throw new JsonPathError(`${path}: index ${index} out of range (${current.length} elements)`);
        current = current[index];
      } else {
        const conditions = bracket.split(',').map((c) => c.split('=') as [string, string]);
        const found = current.filter((item: unknown) => item !== null && typeof item === 'object' && conditions.every(([k, v]) => String((item as Record<string, unknown>)[k]) === v));
        if (found.length !== 1) throw new JsonPathError(`${path}: [${bracket}] matches ${found.length} elements, expected 1`);
        current = found[0];
      }
    }
  }
  return current;
}

/**
 * The number an expression of JSON paths and numbers evaluates to: tokens separated by spaces,
 * operators `+ - * /` and parentheses, e.g. `1 - rtm.points[fpr=0.01].fnr` or
 * `config.expectedBatchSize / config.samplingRate`. A bare path may name a non-number (returned as is).
 *
 * @example evaluate({ a: 0.25 }, '1 - a') // 0.75
 */
export function evaluate(root: unknown, expression: string): unknown {
  const tokens = expression.split(/\s+/).filter((t) => t !== '');
  if (tokens.length === 1) return valueAt(root, tokens[0] as string);
  const code = tokens.map((token) => {
    if (/^[-+*/()]$/.test(token) || /^\d+(\.\d+)?(e-?\d+)?$/.test(token)) return token;
    const value = valueAt(root, token);
    if (typeof value !== 'number') throw new JsonPathError(`${token} is ${JSON.stringify(value)}, not a number`);
    return `(${value})`;
  }).join(' ');
  return Function(`"use strict"; return (${code});`)() as unknown;
}
