/**
 * The O(1) argument checks of the linear-algebra kernels (choleskyLower, the triangular solves):
 * they run before any loop, so that no argument makes a kernel throw or run away (d = ∞), and the
 * kernel answers NaN (or undefined) instead, as its policy says.
 */

/**
 * An array-like value (a typed array or an array), without touching anything but `length`.
 *
 * @example isArrayLike(new Float64Array(2)) // true
 */
export function isArrayLike(value: unknown): value is ArrayLike<number> {
  return typeof value === 'object' && value !== null && typeof (value as { length?: unknown }).length === 'number';
}

/**
 * A count or a size: a safe integer ≥ 0.
 *
 * @example isCount(3) // true; isCount(Infinity) // false
 */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
