/**
 * Shared argument checks for curve evaluation (internal to this package).
 */
import { requireInRange } from '@dpbounds/special-functions';

/**
 * Requires α ∈ [0, 1] (type-I error) and returns it; throws `DpboundsRangeError` naming `name`.
 */
export function requireAlpha(alpha: unknown, name = 'alpha'): number {
  // hot path (curves are evaluated millions of times): only build the error on failure
  if (typeof alpha === 'number' && alpha >= 0 && alpha <= 1) return alpha;
  return requireInRange(name, alpha, UNIT);
}

const UNIT = { min: 0, max: 1 } as const;

/** Requires a finite μ ≥ 0 (Δ/σ of a Gaussian or Δ/b of a Laplace mechanism). */
export function requireMu(mu: unknown, name = 'mu'): number {
  return requireInRange(name, mu, { min: 0 });
}

/** Clamps a computed probability into [0, 1] (never lets rounding leave the unit interval). */
export function clampUnit(value: number): number {
  return value <= 0 ? 0 : value >= 1 ? 1 : value;
}
