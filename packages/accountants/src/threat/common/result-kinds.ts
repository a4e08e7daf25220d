/**
 * The kind of each number of a threat-specific analysis (tradeoff-core's `ResultKind`): which
 * fields are proven bounds and which are approximations. Views read these labels instead of
 * guessing from field names.
 */
import type { ResultKind } from '@dpbounds/tradeoff-core';
import { requireResultKind } from '@dpbounds/tradeoff-core/advanced';

/** Field name → kind, for every number (and curve) an analysis reports. */
export type ResultKinds = Readonly<Record<string, ResultKind>>;

/**
 * The weaker of two kinds for a value derived from both (a maximum of a guarantee and an
 * estimate is only an estimate; anything combined with an empirical value is empirical).
 * Order from strongest: guarantee, lower-bound, estimate, empirical.
 *
 * @example weakerKind('guarantee', 'estimate') // 'estimate'
 */
export function weakerKind(a: ResultKind, b: ResultKind): ResultKind {
  requireResultKind('a', a);
  requireResultKind('b', b);
  const rank = (k: ResultKind): number => (k === 'guarantee' ? 0 : k === 'lower-bound' ? 1 : k === 'estimate' ? 2 : 3);
  return rank(a) >= rank(b) ? a : b;
}
