/**
 * The work budget of the grid accountants (PLD, PRV): every grid, FFT and composition window is
 * sized before it is allocated and compared with `maxGridPoints`. An FFT composition costs about
 * 64 bytes and 0.7 µs per point (fft.js, one core), so the default 2^23 points is ≈ 0.6–0.8 GB and
 * 3–10 s for the largest FFT (needed by the anchors' PRV grid at σ = 0.5, T = 1e5); a query does at most a few of them. Past the budget the PLD
 * accountant coarsens its (pessimistic) grid and the PRV accountant widens its ε error, and
 * both say so in the result's `method` and `note` (docs/math/accounting.md §6).
 */
import { requireInteger } from '@dpbounds/special-functions';

/** Default largest grid of the PRV accountant (points of one FFT): 2^23 ≈ 8.4e6, ≈ 0.6–0.8 GB and 3–10 s. */
export const DEFAULT_MAX_GRID_POINTS: number = 2 ** 23;

/**
 * Default largest grid of the PLD accountant: 2^22 ≈ 4.2e6 (≈ 0.3–0.4 GB, ≈ 3 s per FFT; a query
 * with bounds makes four). The largest fixture composition is 2^21 points, so no fixture is coarsened.
 */
export const DEFAULT_PLD_MAX_GRID_POINTS: number = 2 ** 22;

/**
 * Validates a `maxGridPoints` option: an integer in [2^12, 2^26] (undefined gives `fallback`, by default {@link DEFAULT_MAX_GRID_POINTS}).
 *
 * @example requireMaxGridPoints(undefined) // 8388608
 */
export function requireMaxGridPoints(value: unknown, fallback: number = DEFAULT_MAX_GRID_POINTS): number {
  if (value === undefined) return fallback;
  return requireInteger('maxGridPoints', value, { min: 2 ** 12, max: 2 ** 26 });
}
