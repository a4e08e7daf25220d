/**
 * Bridges of a greatest convex minorant (docs/math/tradeoff-core.md §6): intervals where the envelope is a segment
 * lying strictly below the function it convexifies.
 */

/** An interval [from, to] of α on which a convexified curve is the segment between two points. */
export interface Bridge {
  /** Left end α of the segment. */
  readonly from: number;
  /** Right end α of the segment. */
  readonly to: number;
  /** Curve value at `from`. */
  readonly fromValue: number;
  /** Curve value at `to`. */
  readonly toValue: number;
}
