/**
 * `sample(n)` shared by every curve (internal).
 */
import { requireInteger } from '@dpbounds/special-functions';
import { plotGrid } from './alpha-grid.js';
import type { TradeOffSample } from './trade-off-curve.js';

/**
 * Evaluates `evaluate` (already validated for α ∈ [0, 1]) on the plotting grid of `n` points.
 */
export function sampleOnGrid(evaluate: (alpha: number) => number, n: number | undefined): TradeOffSample {
  const count = n === undefined ? 201 : requireInteger('n', n, { min: 3, max: 1e8 });
  const alpha = plotGrid(count);
  const beta = new Float64Array(alpha.length);
  for (let i = 0; i < alpha.length; i++) beta[i] = evaluate(alpha[i] as number);
  return { alpha, beta };
}
