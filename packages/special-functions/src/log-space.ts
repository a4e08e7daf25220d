/**
 * Log-space arithmetic: sums and differences of numbers stored as their logarithms, without
 * overflow or underflow.
 *
 * References: M. Mächler (2012), "Accurately computing log(1 − exp(−|a|))", CRAN Rmpfr vignette
 * (the log1mExp branch point −ln 2).
 */

/**
 * log(Σ exp(vᵢ)) of an array of log-values, computed as m + log(Σ exp(vᵢ − m)) with
 * m = max vᵢ so no term overflows.
 *
 * Domain: any values. Returns −∞ for an empty array or when every value is −∞, +∞ when any value
 * is +∞, NaN when any value is NaN. Accuracy: a few ulp relative to the result (the sum has
 * positive terms only).
 *
 * @example logSumExp([Math.log(1), Math.log(2), Math.log(3)]) // ≈ 1.7917595 (= log 6)
 */
export function logSumExp(values: ArrayLike<number>): number {
  if (values === null || values === undefined || typeof values.length !== 'number') return Number.NaN;
  const n = values.length;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (typeof v !== 'number' || Number.isNaN(v)) return Number.NaN;
    if (v > max) max = v;
  }
  if (max === -Infinity || max === Infinity) return max;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.exp((values[i] as number) - max);
  return max + Math.log(sum);
}

/**
 * log(eᵃ + eᵇ), computed as max(a, b) + log1p(exp(−|a − b|)).
 *
 * Domain: any a, b. logAddExp(−∞, −∞) = −∞; NaN in gives NaN. Accuracy: ≤ 2 ulp.
 *
 * @example logAddExp(Math.log(0.25), Math.log(0.5)) // ≈ -0.28768207 (= log 0.75)
 */
export function logAddExp(a: number, b: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof a !== 'number' || typeof b !== 'number') return Number.NaN;
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
  const m = a > b ? a : b;
  if (m === -Infinity || m === Infinity) return m;
  return m + Math.log1p(Math.exp(-Math.abs(a - b)));
}

/**
 * log(1 − eˣ) for x ≤ 0, using log(−expm1(x)) for x > −ln 2 and log1p(−exp(x)) otherwise
 * (Mächler 2012), accurate in both limits x → 0⁻ and x → −∞.
 *
 * Domain: x ≤ 0. Returns −∞ at x = 0, 0 at x = −∞, NaN for x > 0 or NaN. Accuracy: ≤ 2 ulp.
 *
 * @example log1mExp(Math.log(0.25)) // ≈ -0.28768207 (= log 0.75)
 */
export function log1mExp(x: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof x !== 'number') return Number.NaN;
  if (!(x <= 0)) return Number.NaN;
  return x > -Math.LN2 ? Math.log(-Math.expm1(x)) : Math.log1p(-Math.exp(x));
}

/**
 * log(eᵃ − eᵇ) for a ≥ b, computed as a + log1mExp(b − a).
 *
 * Domain: a ≥ b. Returns −∞ when a = b (including both −∞), a when b = −∞, NaN when a < b, when
 * a = b = +∞, or on NaN input. Accuracy: a few ulp relative to the result.
 *
 * @example logSubExp(Math.log(0.75), Math.log(0.25)) // ≈ -0.69314718 (= log 0.5)
 */
export function logSubExp(a: number, b: number): number {
  // a BigInt or Symbol would throw in the arithmetic below: NaN, as for any argument out of domain
  if (typeof a !== 'number' || typeof b !== 'number') return Number.NaN;
  if (!(a >= b)) return Number.NaN;
  if (b === -Infinity) return a;
  if (a === Infinity) return Number.NaN;
  if (a === b) return -Infinity;
  return a + log1mExp(b - a);
}

/**
 * The scaled log-mean-exp (1/s)·ln( (1/n)·Σ exp(s·vᵢ) ) over `values[from..to)` (n = to − from),
 * i.e. the power mean of the eᵛ in log space, as in the Hölder composition of per-instance RDP
 * (Thudi et al. 2024, Thm 3.3; docs/math/per-instance-rdp.md §5).
 *
 * Method: with m = max vᵢ, returns m + log1p( Σ expm1(s(vᵢ − m)) / n ) / s. Using expm1 and
 * log1p (rather than logSumExp(s·v) − ln n) keeps full relative accuracy when the result is tiny
 * (e.g. values ≈ 1e−12 with s·v ≪ ln n), and equal values come back exactly.
 *
 * Domain: s > 0 and 0 ≤ from < to ≤ values.length; any values. Returns NaN for s ≤ 0, NaN s, an
 * empty range or a NaN value; −∞ when every value is −∞; +∞ when any value is +∞. The result lies
 * between the mean and the max of the values and is non-decreasing in s. Accuracy: a few ulp
 * relative to max|vᵢ| plus a few ulp relative to the result's offset from m.
 *
 * @example logMeanExp([0, Math.log(3)]) // ≈ 0.69314718 (= log of the mean of 1 and 3)
 */
export function logMeanExp(values: ArrayLike<number>, scale = 1, from = 0, to?: number): number {
  if (values === null || values === undefined || typeof values.length !== 'number') return Number.NaN;
  const stop = to ?? values.length;
  if (typeof scale !== 'number' || typeof from !== 'number' || typeof stop !== 'number') return Number.NaN;
  if (!(scale > 0) || !(stop > from) || from < 0 || stop > values.length) return Number.NaN;
  let max = -Infinity;
  for (let i = from; i < stop; i++) {
    const v = values[i] as number;
    if (typeof v !== 'number' || Number.isNaN(v)) return Number.NaN;
    if (v > max) max = v;
  }
  if (max === -Infinity || max === Infinity) return max;
  let sum = 0;
  for (let i = from; i < stop; i++) sum += Math.expm1(scale * ((values[i] as number) - max));
  return sum === 0 ? max : max + Math.log1p(sum / (stop - from)) / scale;
}
