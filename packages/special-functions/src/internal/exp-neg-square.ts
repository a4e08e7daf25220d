/**
 * exp(−y²) and exp(+y²) to near full relative precision for large y (Cody 1969/1993): y is
 * split as y = yh + yl with yh = trunc(16y)/16, so yh² is exact and exp(−y²) =
 * exp(−yh²)·exp(−(y − yh)(y + yh)). Results that are subnormal get a single final rounding.
 */

/** factor · exp(−y²), y ≥ 0, factor > 0 of order 1. */
export function scaledExpNegSquare(y: number, factor: number): number {
  const yh = Math.trunc(y * 16) / 16;
  const del = (y - yh) * (y + yh);
  const h = yh * yh;
  if (h > 700) {
    if (h > 746) return 0;
    return factor * Math.exp(-del) * Math.exp(-(h - 700)) * Math.exp(-700);
  }
  return factor * Math.exp(-h) * Math.exp(-del);
}

/** exp(+y²) (for erfcx of negative arguments), overflowing to +∞ past y ≈ 26.64. */
export function expSquare(y: number): number {
  const yh = Math.trunc(y * 16) / 16;
  const del = (y - yh) * (y + yh);
  return Math.exp(yh * yh) * Math.exp(del);
}
