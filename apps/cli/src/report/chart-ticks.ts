/**
 * Axis ticks of the report's charts and their labels, written the way a reader writes numbers:
 * `1000`, not `1e+3`; `10⁻⁴`, not `1e-4`.
 */

const SUPERSCRIPT: Readonly<Record<string, string>> = { '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹' };

/** `10` with `exponent` as a superscript: `tenTo(-4)` is `10⁻⁴`. */
function tenTo(exponent: number): string {
  return `10${[...String(exponent)].map((c) => SUPERSCRIPT[c] ?? c).join('')}`;
}

/**
 * The label of an axis tick: plain decimals for 0.001 ≤ |v| < 10⁶ (at most 3 significant
 * digits; on a logarithmic axis, whose ticks are powers of ten, for 0.01 ≤ v ≤ 1000 only), a
 * power of ten written `10⁻⁴` and other values `2.5×10⁻⁴` outside that range.
 *
 * @example [tickLabel(1000), tickLabel(1e-4), tickLabel(0.25), tickLabel(2.5e-5), tickLabel(1e-3, true)] // ['1000', '10⁻⁴', '0.25', '2.5×10⁻⁵', '10⁻³']
 */
export function tickLabel(value: number, log = false): string {
  const magnitude = Math.abs(value);
  const [low, high] = log ? [0.01, 1001] : [1e-3, 1e6];
  if (value === 0 || (magnitude >= low && magnitude < high)) return String(Number(value.toPrecision(3)));
  const [mantissa, exponent] = value.toExponential(2).split('e') as [string, string];
  const digits = String(Number(mantissa));
  return digits === '1' ? tenTo(Number(exponent)) : `${digits === '-1' ? '−' : `${digits.replace('-', '−')}×`}${tenTo(Number(exponent))}`;
}

/**
 * The tick values of an axis from `lo` to `hi`: every power of ten on a logarithmic axis, or
 * at most 6 multiples of 1, 2, 2.5 or 5 × 10ᵏ on a linear one.
 *
 * @example axisTicks(0, 1, false) // [0, 0.2, 0.4, 0.6, 0.8, 1]
 */
export function axisTicks(lo: number, hi: number, log: boolean): number[] {
  if (log) {
    const out: number[] = [];
    for (let e = Math.ceil(Math.log10(lo)); e <= Math.floor(Math.log10(hi)); e++) out.push(Number(`1e${e}`));
    return out;
  }
  const span = hi - lo;
  const step = 10 ** Math.floor(Math.log10(span / 5));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * step).find((s) => span / s <= 6) ?? step * 10;
  const out: number[] = [];
  for (let v = Math.ceil(lo / nice) * nice; v <= hi + 1e-12; v += nice) out.push(Number(v.toPrecision(12)));
  return out;
}
