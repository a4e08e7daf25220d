// How the anchors table reads two values against a reference (tools/bench-anchors/README.md,
// "Accuracy labels", states the same rules in prose).

/** Below this relative difference two values are the same number for the table (rounding). */
export const SAME_VALUE = 1e-6;

/**
 * Error of a value against a reference bracket [lower, upper] of the compared quantity (ε, or the
 * smallest σ meeting a target): (value − upper)/upper, the excess over the tightest known
 * guarantee (≤ 0 means at or below it). `belowLower` is true when the bracket is proven and the
 * value lies under its lower end: then the value is not a guarantee (ε below the true ε, or a σ
 * that cannot meet the target).
 *
 * @example errorAgainst(1.8410339, { lower: 1.8334, upper: 1.8409650, proven: true }) // { relative: 3.7e-5, belowLower: false }
 */
export function errorAgainst(value, reference) {
  return {
    relative: (value - reference.upper) / Math.abs(reference.upper),
    belowLower: reference.proven === true && value < reference.lower * (1 - SAME_VALUE),
  };
}

/**
 * The reading of a row's ratio: 'at equal accuracy', 'anchor less accurate' or 'ours less
 * accurate'. With errors e_o, e_a against the reference (see {@link errorAgainst}): a side whose
 * value is below a proven lower bound is less accurate (it is not a guarantee); otherwise the
 * two are at equal accuracy when |v_a − v_o|/upper ≤ max(SAME_VALUE, max(|e_o|, |e_a|)/2), i.e.
 * they differ by less than half the larger of the two errors (neither is more than about twice as
 * far from the reference as the other) or only in rounding; otherwise the side with the larger
 * |error| is less accurate. Without a reference (`reference` undefined) only the values are
 * compared, with `tolerance` (absolute): equal within it, else `higherIsBetter` picks the side.
 *
 * @example accuracyLabel(0.15996, 0.20543, { lower: 0.158, upper: 0.15991, proven: true }) // 'anchor less accurate'
 */
export function accuracyLabel(ours, anchor, reference, { tolerance = 0, higherIsBetter = false } = {}) {
  if (reference === undefined) {
    if (Math.abs(anchor - ours) <= tolerance) return 'at equal accuracy';
    return (anchor > ours) === higherIsBetter ? 'ours less accurate' : 'anchor less accurate';
  }
  const eo = errorAgainst(ours, reference);
  const ea = errorAgainst(anchor, reference);
  if (eo.belowLower !== ea.belowLower) return eo.belowLower ? 'ours less accurate' : 'anchor less accurate';
  const diff = Math.abs(anchor - ours) / Math.abs(reference.upper);
  const larger = Math.max(Math.abs(eo.relative), Math.abs(ea.relative));
  if (diff <= Math.max(SAME_VALUE, larger / 2)) return 'at equal accuracy';
  return Math.abs(ea.relative) > Math.abs(eo.relative) ? 'anchor less accurate' : 'ours less accurate';
}

/** Median and extremes of repeated times. @example spread([3, 1, 2]) // { median: 2, min: 1, max: 3 } */
export function spread(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return { median: s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2, min: s[0], max: s[s.length - 1] };
}
