/**
 * Stable identifiers for sweep configurations and sweep specifications: a 64-bit FNV-1a hash
 * (Fowler, Noll & Vo) of a canonical JSON text (keys sorted, numbers in their shortest
 * round-trip form). The same configuration gets the same id on every machine and in every run,
 * which is what resuming and merging shards key on. Not a cryptographic hash.
 */

import { DpboundsTypeError, requireArray, requireObject, requireString } from '@dpbounds/special-functions';

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/**
 * JSON with object keys sorted at every level (`undefined` fields left out), so equal values
 * give equal text whatever order their fields were written in.
 *
 * @throws DpboundsTypeError naming the path of a BigInt, Symbol or function (no JSON form), or of
 * a value nested more than 64 levels deep.
 * @example canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }) // '{"a":[2,{"c":4,"d":3}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return canonical(value, 'value', 0);
}

/** Deepest nesting {@link canonicalJson} reads (a deeper value is refused, not a stack overflow). */
const MAX_CANONICAL_DEPTH = 64;

function canonical(value: unknown, path: string, depth: number): string {
  const kind = typeof value;
  if (kind === 'bigint' || kind === 'symbol' || kind === 'function' || depth > MAX_CANONICAL_DEPTH) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: path, expected: `a JSON value (number, string, boolean, null, array or object, nested at most ${MAX_CANONICAL_DEPTH} deep)`, found: value });
  }
  if (Array.isArray(value)) return `[${value.map((v, i) => canonical(v, `${path}[${i}]`, depth + 1)).join(',')}]`;
  if (value !== null && kind === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, `${path}.${k}`, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The 64-bit FNV-1a hash of the UTF-8 bytes of `text`, as 16 lowercase hex digits.
 *
 * @example stableHash('') // 'cbf29ce484222325'
 */
export function stableHash(text: string): string {
  requireString('text', text);
  let hash = FNV_OFFSET;
  const mix = (byte: number): void => {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME) & MASK;
  };
  // the UTF-8 bytes of each code point (written out: no TextEncoder in the package's target libs)
  for (const char of text) {
    const c = char.codePointAt(0) as number;
    if (c < 0x80) mix(c);
    else if (c < 0x800) {
      mix(0xc0 | (c >> 6));
      mix(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      mix(0xe0 | (c >> 12));
      mix(0x80 | ((c >> 6) & 0x3f));
      mix(0x80 | (c & 0x3f));
    } else {
      mix(0xf0 | (c >> 18));
      mix(0x80 | ((c >> 12) & 0x3f));
      mix(0x80 | ((c >> 6) & 0x3f));
      mix(0x80 | (c & 0x3f));
    }
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * The id of a configuration: the hash of its canonical JSON (absent fields do not count).
 *
 * @example sweepConfigurationId({ samplingRate: 0.01, noiseMultiplier: 1, steps: 100, delta: 1e-5, neighbouring: 'add-remove' })
 */
export function sweepConfigurationId(config: object): string {
  requireObject('config', config);
  return stableHash(canonicalJson(config));
}

/**
 * The id of a whole sweep: its configurations (in order) and its request. Shards of one sweep
 * share it; two different sweeps (another grid, another accountant, other FPRs) do not.
 *
 * @example sweepSpecId([config], { accountants: ['pld'] })
 */
export function sweepSpecId(configs: readonly object[], request: object): string {
  requireArray('configs', configs).forEach((c, i) => requireObject(`configs[${i}]`, c));
  requireObject('request', request);
  return stableHash(canonicalJson({ configurations: configs.map((c) => sweepConfigurationId(c)), request }));
}
