/**
 * JSON has no infinity, and `JSON.stringify` writes +∞ as `null`, which a reader cannot tell
 * from a missing or NaN value. The CLI's convention (docs/cli.md, "JSON output"): a field whose
 * value is +∞ (an ε nothing better than which is proven, say) is written `null` with a sibling
 * `"<field>Infinite": true` right after it. This is the one place that applies it, to the
 * `--json` document and to the JSON files the commands write.
 */

/** True for a plain (non-array) object. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `value` itself when it holds no +∞ field; otherwise a shallow copy in which each field `k`
 * holding +∞ is `null`, followed by `kInfinite: true` (unless the object already has a
 * `kInfinite` field). Arrays and their elements are left alone (an array entry has no name to
 * mark). Only the object's own fields are looked at: nested objects are marked when the
 * serialiser reaches them (see {@link infiniteFieldsReplacer}).
 *
 * @example markInfiniteFields({ epsilon: Infinity, delta: 1e-5 }) // { epsilon: null, epsilonInfinite: true, delta: 1e-5 }
 */
export function markInfiniteFields<T>(value: T): T {
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  if (!keys.some((k) => value[k] === Infinity)) return value;
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = value[k];
    if (v !== Infinity) {
      if (!(k in out)) out[k] = v;
      continue;
    }
    out[k] = null;
    const marker = `${k}Infinite`;
    out[marker] = marker in value ? value[marker] : true;
  }
  return out as T;
}

/**
 * A `JSON.stringify` replacer applying {@link markInfiniteFields} to every object it serialises.
 *
 * @example JSON.stringify({ a: { epsilon: Infinity } }, infiniteFieldsReplacer) // '{"a":{"epsilon":null,"epsilonInfinite":true}}'
 */
export function infiniteFieldsReplacer(_key: string, value: unknown): unknown {
  return markInfiniteFields(value);
}
