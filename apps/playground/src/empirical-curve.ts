/**
 * An uploaded attack's empirical trade-off curve (the convex hull of its ROC, from
 * @dpbounds/tradeoff-core) evaluated on the plot grid.
 */
import { empiricalTradeOff } from '@dpbounds/tradeoff-core';
import type { ParsedScores } from './scores-file.js';

/**
 * FNR of the uploaded attack's ROC hull at each grid FPR.
 *
 * @example empiricalFnr({ members: Float64Array.of(1, 2), nonMembers: Float64Array.of(0) }, grid)
 */
export function empiricalFnr(scores: ParsedScores, grid: Float64Array): Float64Array {
  const curve = empiricalTradeOff(scores.members, scores.nonMembers).curve;
  const out = new Float64Array(grid.length);
  for (let i = 0; i < grid.length; i++) out[i] = curve.evaluate(grid[i] as number);
  return out;
}
