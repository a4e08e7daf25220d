/**
 * fft.js instances for the composition by FFT (docs/math/accounting.md §5), built without
 * fft.js's constructor loops: the same twiddle and digit-reversal tables, bit for bit, in typed
 * arrays; the twiddle table of N/2 points is taken from that of N instead of computed again, and
 * the digit reversal takes one step per entry instead of one per base-4 digit. The 2^17- and
 * 2^16-point instances of a `dp --accountant pld` query take 3.5 ms of CPU this way against
 * 9–10 ms for fft.js's constructor once the code is warm; in a fresh process both run mostly in
 * the interpreter (13–17 ms), so the cold saving is small.
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';
import FFT from 'fft.js';

/**
 * The fields fft.js 4.0.4's constructor sets and its transforms read (the version is pinned in
 * package.json; fft-tables.test.ts compares every field with `new FFT(size)`).
 */
interface FftFields {
  size: number;
  _csize: number;
  table: Float64Array;
  _width: number;
  _bitrev: Int32Array;
  _out: null;
  _data: null;
  _inv: number;
}

/**
 * The twiddle table of fft.js for `size` points: entry 2i is cos(θ_i) and entry 2i + 1 is
 * −sin(θ_i), θ_i = fl(π·2i)/size (the constructor's `Math.PI * i / size` over even i).
 *
 * With `larger`, the table of 2·size points, the entries are copied from it: its entry 4i has
 * the angle fl(π·4i)/(2·size), and fl(π·4i) = 2·fl(π·2i) (doubling is exact in binary floating
 * point), so the angle and hence the cosine and sine are the same doubles.
 */
function twiddleTable(size: number, larger: Float64Array | undefined): Float64Array {
  const table = new Float64Array(2 * size);
  if (larger !== undefined && larger.length === 4 * size) {
    for (let i = 0; i < table.length; i += 2) {
      table[i] = larger[2 * i] as number;
      table[i + 1] = larger[2 * i + 1] as number;
    }
    return table;
  }
  for (let i = 0; i < table.length; i += 2) {
    const angle = (Math.PI * i) / size;
    table[i] = Math.cos(angle);
    table[i + 1] = -Math.sin(angle);
  }
  return table;
}

/**
 * fft.js's digit-reversal table for `width` bits (always odd in fft.js: the exponent of the size,
 * less one when it is even): entry j is the OR over even s < width of
 * ((j >>> s) & 3) << (width − s − 2), with JavaScript's shift semantics, so the top bit of j
 * (s = width − 1, a shift by −1, that is by 31) lands in bit 31. The transforms read only the
 * entries below 2^(width−1); the table is reproduced whole all the same.
 *
 * The low width − 1 = E bits (an even count) are reversed in base 4 and shifted up one bit:
 * with r(j) the base-4 reversal over E bits, r(j) = r(j >>> 2) >>> 2 | (j & 3) << (E − 2) (the
 * digits of j >>> 2 move down two bits; its top digit is 0), and entry j = 2·r(j), so
 * entry j = ((entry (j >>> 2)) >>> 3) << 1 | (j & 3) << (E − 1); the entry 2^E + j is entry j
 * with bit 31 set. One pass of 2^E steps instead of fft.js's loop over every digit of every entry.
 */
function digitReversal(width: number): Int32Array {
  const low = 2 ** (width - 1);
  const table = new Int32Array(2 * low);
  const top = width - 2;
  for (let j = 0; j < low; j++) {
    const entry = j === 0 ? 0 : ((((table[j >>> 2] as number) >>> 3) << 1) | ((j & 3) << top));
    table[j] = entry;
    table[j + low] = entry | (1 << 31);
  }
  return table;
}

/**
 * An fft.js instance for `size` points, the same as `new FFT(size)` (same tables to the bit,
 * so the same transforms), its tables in typed arrays. `larger`, an instance of 2·size points,
 * lends its twiddle table (see {@link twiddleTable}); any other instance is ignored.
 *
 * Domain: size a power of two ≥ 2 (fft.js's own domain); anything else throws
 * DpboundsRangeError.
 *
 * @example createFft(8).realTransform(out, new Float64Array(8)) // as new FFT(8)
 */
export function createFft(size: number, larger?: FFT): FFT {
  if (!(Number.isInteger(size) && size >= 2 && size <= 2 ** 30 && (size & (size - 1)) === 0)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'size', expected: 'a power of two in [2, 2^30]', found: size });
  }
  const power = Math.round(Math.log2(size));
  const width = power % 2 === 0 ? power - 1 : power;
  const largerTable = (larger as unknown as Partial<FftFields> | undefined)?.table;
  const fields: FftFields = {
    size,
    _csize: 2 * size,
    table: twiddleTable(size, largerTable instanceof Float64Array ? largerTable : undefined),
    _width: width,
    _bitrev: digitReversal(width),
    _out: null,
    _data: null,
    _inv: 0,
  };
  return Object.assign(Object.create(FFT.prototype) as FFT, fields);
}
