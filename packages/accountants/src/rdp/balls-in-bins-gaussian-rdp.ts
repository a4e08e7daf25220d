/**
 * Rényi DP of one epoch of balls-in-bins batches (random allocation: each record joins one of
 * k batches chosen uniformly) with Gaussian noise, under add-remove, in both directions. One
 * epoch is the k-dimensional pair P = (1/k) Σⱼ N(eⱼ, σ²I) (with the record), Q = N(0, σ²I)
 * (without it); epochs compose. Derivation: docs/math/batch-samplers.md §5, eqs. (6a)–(6g).
 *
 * - Remove, D_α(P‖Q), exact at integer α: expanding ((1/k) Σⱼ Lⱼ)^α with Lⱼ = e^{(xⱼ − ½)/σ²}
 *   and E_Q[Π Lⱼ^{nⱼ}] = Π e^{c nⱼ(nⱼ − 1)}, c = 1/(2σ²), gives
 *   E_Q[(P/Q)^α] = α! [y^α] (Σₙ e^{c n(n−1)} yⁿ / (n! kⁿ))^k
 *   (the moment Feldman & Shenfeld 2025, "Privacy amplification by random allocation", also
 *   state for this direction).
 * - Add, D_α(Q‖P), an upper bound: the smaller of (i) the arithmetic–geometric mean bound — the
 *   mean of the Lⱼ is at least their geometric mean, so E_Q[(Q/P)^{α−1}] ≤ E_Q[Π Lⱼ^{−(α−1)/k}] =
 *   exp((α − 1)c + (α − 1)²c/k), i.e. D_α(Q‖P) ≤ c + (α − 1)c/k, exact for k = 1 — and (ii) for
 *   α ≤ 128, the moment bound of `ballsInBinsAddLogMoments` (a Laplace-transform representation,
 *   tight as k grows, where (i) keeps the constant c).
 */
import { DpboundsRangeError, DpboundsTypeError, lgamma, logAddExp, requireInRange, requireInteger } from '@dpbounds/special-functions';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { requireOptions } from '../events/validate-event.js';
import { rdpCurveToEpsilon } from './rdp-to-epsilon.js';
import { BALLS_IN_BINS_ADD_MAX_NODES, ballsInBinsAddLogMoments, ballsInBinsAddQuadratureNodes } from './balls-in-bins-add-moments.js';

/** The largest integer order the remove-direction moments are computed for (orders 2 … this). */
export const BALLS_IN_BINS_MAX_ORDER = 256;

/**
 * Rounding allowance per polynomial product, in units of the magnitude of the logs involved: a
 * log-space sum of d + 1 positive terms is off by at most about (d + 1)·ulp plus ulp × the
 * largest |log term|; four ulps per unit keep the moment on the safe side.
 */
const ROUNDING_PER_PRODUCT = 4 * Number.EPSILON;

/** Product of two log-coefficient polynomials truncated at `degree` (all terms positive). */
function logPolynomialProduct(a: Float64Array, b: Float64Array, degree: number): Float64Array<ArrayBuffer> {
  const out = new Float64Array(degree + 1).fill(-Infinity);
  for (let d = 0; d <= degree; d++) {
    let acc = -Infinity;
    for (let i = 0; i <= d; i++) {
      const t = (a[i] as number) + (b[d - i] as number);
      if (t !== -Infinity) acc = logAddExp(acc, t);
    }
    out[d] = acc;
  }
  return out;
}

/**
 * D_α(P‖Q) of one balls-in-bins epoch (the record removed) at α = 2 … {@link BALLS_IN_BINS_MAX_ORDER}
 * (entry α − 2), exact up to a relative rounding allowance added on the safe side; computed in log
 * space by raising the truncated generating polynomial to the k-th power by repeated squaring
 * (O(α_max² log k)).
 *
 * Domain: σ > 0 with 1/(2σ²) finite (a smaller σ is refused naming noiseMultiplier), k integer ≥ 1.
 * k = 1 gives the Gaussian α/(2σ²).
 *
 * @example ballsInBinsRemoveRdp(1.1, 235)[0] // D₂ = log(1 + (e^{1/σ²} − 1)/k)
 */
export function ballsInBinsRemoveRdp(sigma: number, batchesPerEpoch: number): Float64Array {
  requireInRange('noiseMultiplier', sigma, { min: 0, minExclusive: true });
  const k = requireInteger('batchesPerEpoch', batchesPerEpoch, { min: 1 });
  const degree = BALLS_IN_BINS_MAX_ORDER;
  const c = 1 / (2 * sigma * sigma);
  if (!Number.isFinite(c)) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier', expected: 'a noise multiplier with 1/(2σ²) finite (σ above about 1e-154)', found: sigma });
  const logK = Math.log(k);
  let base = new Float64Array(degree + 1);
  for (let n = 0; n <= degree; n++) base[n] = c * n * (n - 1) - lgamma(n + 1) - n * logK;
  let power = new Float64Array(degree + 1).fill(-Infinity);
  power[0] = 0;
  let multiplications = 0;
  for (let e = k; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) {
      power = logPolynomialProduct(power, base, degree);
      multiplications++;
    }
    if (e > 1) {
      base = logPolynomialProduct(base, base, degree);
      multiplications++;
    }
  }
  const out = new Float64Array(degree - 1);
  for (let alpha = 2; alpha <= degree; alpha++) {
    const logFactorial = lgamma(alpha + 1);
    const logMoment = (power[alpha] as number) + logFactorial;
    const magnitude = degree + 1 + Math.abs(power[alpha] as number) + logFactorial + c * alpha * (alpha - 1);
    const allowance = ROUNDING_PER_PRODUCT * (multiplications + 1) * magnitude;
    // a moment of a likelihood ratio is ≥ 1; rounding may not push it below
    out[alpha - 2] = Math.max(0, logMoment + allowance) / (alpha - 1);
  }
  return out;
}

/**
 * The arithmetic–geometric mean bound on D_α(Q‖P) of one balls-in-bins epoch (the record
 * added): c + (α − 1)c/k with c = 1/(2σ²) (module comment). Exact for k = 1.
 *
 * Domain: σ > 0, k integer ≥ 1, α > 1.
 *
 * @example ballsInBinsAddRdpMeanBound(1.1, 235, 8) // ≈ 0.4132 + 7 · 0.4132 / 235
 */
export function ballsInBinsAddRdpMeanBound(sigma: number, batchesPerEpoch: number, alpha: number): number {
  requireInRange('noiseMultiplier', sigma, { min: 0, minExclusive: true });
  const k = requireInteger('batchesPerEpoch', batchesPerEpoch, { min: 1 });
  requireInRange('alpha', alpha, { min: 1, minExclusive: true });
  const c = 1 / (2 * sigma * sigma);
  return c + ((alpha - 1) * c) / k;
}

/**
 * Upper bound on D_α(Q‖P) of one balls-in-bins epoch (the record added) at α = 2 …
 * {@link BALLS_IN_BINS_MAX_ORDER} (entry α − 2): the smaller of the arithmetic–geometric mean
 * bound and, up to α = 128, log of `ballsInBinsAddLogMoments`' bound on E_Q[(Q/P)^{α−1}], over α − 1.
 * Where that quadrature would take more than `BALLS_IN_BINS_ADD_MAX_NODES` nodes (σ above about
 * 690, where the mean bound c = 1/(2σ²) is at most 1.1e-6) the mean bound alone is returned: still
 * an upper bound, at a bounded cost.
 *
 * Domain: σ > 0, k integer ≥ 1. About 0.2 s (the moments' quadrature), at most about 0.5 s.
 *
 * @example ballsInBinsAddRdp(1.1, 235)[0] // ≈ 0.0054, against 0.415 from the mean bound
 */
export function ballsInBinsAddRdp(sigma: number, batchesPerEpoch: number): Float64Array {
  requireInRange('noiseMultiplier', sigma, { min: 0, minExclusive: true });
  const k = requireInteger('batchesPerEpoch', batchesPerEpoch, { min: 1 });
  const out = new Float64Array(BALLS_IN_BINS_MAX_ORDER - 1);
  const moments = k === 1 || ballsInBinsAddQuadratureNodes(sigma) > BALLS_IN_BINS_ADD_MAX_NODES ? undefined : ballsInBinsAddLogMoments(sigma, k);
  for (let alpha = 2; alpha <= BALLS_IN_BINS_MAX_ORDER; alpha++) {
    const meanBound = ballsInBinsAddRdpMeanBound(sigma, k, alpha);
    const logMoment = moments?.[alpha - 2];
    out[alpha - 2] = logMoment === undefined ? meanBound : Math.min(meanBound, logMoment / (alpha - 1));
  }
  return out;
}

/** The largest order of the substitution curve (it reads the remove curve at 2α ≤ 128 and the add curve at 2α − 1). */
export const BALLS_IN_BINS_SUBSTITUTION_MAX_ORDER = 64;

/**
 * Upper bound on the Rényi divergence of one balls-in-bins epoch under substitution (the
 * record's gradient replaced by another, in the same random batch) at α = 2 …
 * {@link BALLS_IN_BINS_SUBSTITUTION_MAX_ORDER} (entry α − 2), through the epoch R in which the
 * record's gradient is zero (the add-remove pair's Q): by the weak triangle inequality of Rényi
 * divergences (Mironov 2017, "Rényi differential privacy", Prop. 11, with p = q = 2),
 *
 *   D_α(P‖P′) ≤ (α − ½)/(α − 1) · D_{2α}(P‖R) + D_{2α−1}(R‖P′),
 *
 * the remove direction at 2α and the add direction at 2α − 1 (both pairs have sensitivity 1).
 * Used when it beats the unamplified pair of sensitivity 2.
 *
 * Domain: σ > 0, k integer ≥ 1.
 *
 * @example ballsInBinsSubstitutionRdp(1.1, 235)[0]
 */
export function ballsInBinsSubstitutionRdp(sigma: number, batchesPerEpoch: number): Float64Array {
  const remove = ballsInBinsRemoveRdp(sigma, batchesPerEpoch);
  const add = ballsInBinsAddRdp(sigma, batchesPerEpoch);
  const out = new Float64Array(BALLS_IN_BINS_SUBSTITUTION_MAX_ORDER - 1);
  for (let alpha = 2; alpha <= BALLS_IN_BINS_SUBSTITUTION_MAX_ORDER; alpha++) {
    out[alpha - 2] = ((alpha - 0.5) / (alpha - 1)) * (remove[2 * alpha - 2] as number) + (add[2 * alpha - 3] as number);
  }
  return out;
}

/** A balls-in-bins run for {@link ballsInBinsRdpEpsilon}. */
export interface BallsInBinsRdpRun {
  /** σ > 0. */
  readonly noiseMultiplier: number;
  /** k: batches per epoch (integer ≥ 1); each record joins one of them per epoch. */
  readonly batchesPerEpoch: number;
  /** Epochs E (integer ≥ 1; a partial last epoch counts as a whole one). */
  readonly epochs: number;
}

/**
 * A guarantee on ε(δ) of E balls-in-bins epochs, crediting the randomness of the batches.
 * Add-remove: each direction's RDP curve (E × {@link ballsInBinsRemoveRdp}, E ×
 * {@link ballsInBinsAddRdp}, integer orders 2 … 256) is converted with the improved conversion
 * (Balle et al. 2020, Thm 21) and the larger ε is returned. Substitution: E ×
 * {@link ballsInBinsSubstitutionRdp} (orders 2 … 64), converted the same way.
 *
 * Domain: σ > 0, k ≥ 1 and E ≥ 1 integers, 0 < δ < 1. With k = 1 under add-remove it is the
 * Gaussian mechanism composed E times (through RDP). About 0.25 s.
 *
 * @example ballsInBinsRdpEpsilon({ noiseMultiplier: 1.1, batchesPerEpoch: 235, epochs: 10 }, 1e-5) // ≈ 1.07 (Poisson at b/N: 0.92)
 */
export function ballsInBinsRdpEpsilon(run: BallsInBinsRdpRun, delta: number, neighbouring: NeighbouringRelation = 'add-remove'): number {
  const r = requireOptions<BallsInBinsRdpRun>('run', run, ['noiseMultiplier', 'batchesPerEpoch', 'epochs'], false);
  const sigma = requireInRange('noiseMultiplier', r.noiseMultiplier, { min: 0, minExclusive: true });
  const k = requireInteger('batchesPerEpoch', r.batchesPerEpoch, { min: 1 });
  const epochs = requireInteger('epochs', r.epochs, { min: 1 });
  requireInRange('delta', delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  if (neighbouring !== 'add-remove' && neighbouring !== 'substitution') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'neighbouring', expected: '"add-remove" or "substitution"', found: neighbouring });
  }
  const toEpsilon = (curve: Float64Array): number => rdpCurveToEpsilon(Array.from({ length: curve.length }, (_, i) => i + 2), curve.map((v) => v * epochs), delta, 'improved').epsilon;
  const epsilon = neighbouring === 'substitution'
    ? toEpsilon(ballsInBinsSubstitutionRdp(sigma, k))
    : Math.max(toEpsilon(ballsInBinsRemoveRdp(sigma, k)), toEpsilon(ballsInBinsAddRdp(sigma, k)));
  if (!Number.isFinite(epsilon)) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier', expected: 'large enough for a finite balls-in-bins RDP bound', found: sigma });
  return epsilon;
}
