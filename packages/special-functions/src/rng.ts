/**
 * A seeded, platform-independent pseudo-random generator: xoshiro128** (D. Blackman and
 * S. Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS 47 (2021)) seeded
 * through splitmix32, using only 32-bit integer arithmetic (Math.imul, shifts), so the
 * integer and uniform streams are bit-identical on every JavaScript engine.
 */
import { DpboundsTypeError } from './errors/dpbounds-error.js';

/**
 * A seeded random stream; see {@link createRng}.
 *
 * @example
 * const rng: Rng = createRng(7);
 * const u = rng.uniform();
 */
export interface Rng {
  /** The next raw 32-bit output of xoshiro128**, in [0, 2³²). */
  nextUint32(): number;
  /** A uniform double in [0, 1) with 53 random bits (two 32-bit outputs). */
  uniform(): number;
  /** A standard normal draw (Marsaglia polar method; the second value is cached). */
  normal(): number;
  /** true with probability p (u < p); p ≤ 0 gives false, p ≥ 1 true, NaN false. */
  bernoulli(p: number): boolean;
  /** A uniform integer in {0, …, n − 1} without modulo bias; NaN unless n is an integer in [1, 2⁵³]. */
  integer(n: number): number;
  /** A uniformly random permutation of 0 … n − 1 (Fisher–Yates); empty for invalid n. */
  permutation(n: number): Uint32Array;
  /**
   * Poisson subsampling of a dataset of size n: the sorted indices i ∈ {0, …, n − 1}, each
   * included independently with probability q = `samplingRate` (geometric skips, O(nq)
   * expected time). Empty for invalid n or q outside [0, 1].
   */
  poissonSample(n: number, samplingRate: number): Uint32Array;
  /** An independent stream named `label`, a pure function of this stream's seed and the label. */
  fork(label: string | number): Rng;
}

function splitmix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

function fnv1a(text: string, h0: number): number {
  let h = h0 >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function seedWords(seed: number): [number, number] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, seed === 0 ? 0 : seed, false);
  return [view.getUint32(0, false), view.getUint32(4, false)];
}

const TWO_POW_32 = 4294967296;
const TWO_POW_53 = 9007199254740992;

class Xoshiro128 implements Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;
  private spare = Number.NaN;
  private readonly k0: number;
  private readonly k1: number;

  constructor(k0: number, k1: number) {
    this.k0 = k0 >>> 0;
    this.k1 = k1 >>> 0;
    let x = splitmix32(this.k0 ^ splitmix32(this.k1));
    this.s0 = x;
    x = splitmix32(x);
    this.s1 = x;
    x = splitmix32(x ^ this.k1);
    this.s2 = x;
    x = splitmix32(x);
    this.s3 = x;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  nextUint32(): number {
    const s1 = this.s1;
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return result;
  }

  uniform(): number {
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * 67108864 + b) / TWO_POW_53;
  }

  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const v = this.spare;
      this.spare = Number.NaN;
      return v;
    }
    for (;;) {
      const u = 2 * this.uniform() - 1;
      const v = 2 * this.uniform() - 1;
      const s = u * u + v * v;
      if (s > 0 && s < 1) {
        const f = Math.sqrt((-2 * Math.log(s)) / s);
        this.spare = v * f;
        return u * f;
      }
    }
  }

  bernoulli(p: number): boolean {
    return this.uniform() < p;
  }

  integer(n: number): number {
    if (!(Number.isInteger(n) && n >= 1 && n <= TWO_POW_53)) return Number.NaN;
    if (n <= TWO_POW_32) {
      const limit = TWO_POW_32 - (TWO_POW_32 % n);
      for (;;) {
        const r = this.nextUint32();
        if (r < limit) return r % n;
      }
    }
    const limit = TWO_POW_53 - (TWO_POW_53 % n);
    for (;;) {
      const r = (this.nextUint32() >>> 11) * TWO_POW_32 + this.nextUint32();
      if (r < limit) return r % n;
    }
  }

  permutation(n: number): Uint32Array {
    if (!(Number.isInteger(n) && n >= 0 && n <= TWO_POW_32)) return new Uint32Array(0);
    const out = new Uint32Array(n);
    for (let i = 0; i < n; i++) out[i] = i;
    for (let i = n - 1; i > 0; i--) {
      const j = this.integer(i + 1);
      const t = out[i] as number;
      out[i] = out[j] as number;
      out[j] = t;
    }
    return out;
  }

  poissonSample(n: number, samplingRate: number): Uint32Array {
    const q = samplingRate;
    if (!(Number.isInteger(n) && n >= 0 && n <= TWO_POW_32 && q >= 0 && q <= 1) || n === 0 || q === 0) return new Uint32Array(0);
    if (q === 1) {
      const all = new Uint32Array(n);
      for (let i = 0; i < n; i++) all[i] = i;
      return all;
    }
    const logNotQ = Math.log1p(-q);
    let buffer = new Uint32Array(Math.min(n, Math.ceil(n * q + 10 * Math.sqrt(n * q) + 16)));
    let count = 0;
    let i = -1;
    for (;;) {
      // Gap to the next included index: geometric on {0, 1, ...} with success probability q.
      const u = 1 - this.uniform();
      const gap = Math.floor(Math.log(u) / logNotQ);
      i += gap + 1;
      if (!(i < n)) break;
      if (count === buffer.length) {
        const grown = new Uint32Array(Math.min(n, buffer.length * 2));
        grown.set(buffer);
        buffer = grown;
      }
      buffer[count++] = i;
    }
    return buffer.slice(0, count);
  }

  fork(label: string | number): Rng {
    const text = typeof label === 'number' ? `#${label}` : label;
    const h = fnv1a(text, 0x811c9dc5 ^ this.k0);
    return new Xoshiro128(splitmix32(this.k0 ^ h) ^ 0x5bd1e995, splitmix32(this.k1 + h) ^ splitmix32(h));
  }
}

/**
 * A seeded random stream (xoshiro128**, Blackman & Vigna 2021, state seeded by splitmix32 from
 * the two 32-bit words of the seed's IEEE-754 representation).
 *
 * Draws: `uniform()` (53-bit, [0, 1)); `normal()` by the Marsaglia polar method (Marsaglia &
 * Bray 1964; uses Math.log and Math.sqrt, so normal draws match across engines whose Math.log
 * is correctly rounded, as in V8); `bernoulli(p)`; `integer(n)` by rejection (unbiased);
 * `permutation(n)` by Fisher–Yates (Durstenfeld 1964); `poissonSample(n, samplingRate)`: indices of a
 * Poisson-subsampled batch by geometric skips ⌊ln U / ln(1 − q)⌋; `fork(label)`: an
 * independent stream determined by (seed, label) only, not by how many draws were taken.
 *
 * Domain: any number as seed (the same seed always gives the same stream); a seed that is not a
 * number (a string, a BigInt) throws a DpboundsTypeError naming `seed`.
 *
 * @example
 * const rng = createRng(42);
 * const batch = rng.poissonSample(60_000, 256 / 60_000); // ≈ 256 sorted indices
 * const noise = rng.fork('noise').normal();
 */
export function createRng(seed: number): Rng {
  if (typeof seed !== 'number') throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'seed', expected: 'a number', found: seed });
  const [hi, lo] = seedWords(seed);
  return new Xoshiro128(lo, hi);
}
