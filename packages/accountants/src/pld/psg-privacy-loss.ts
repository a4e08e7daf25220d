/**
 * The privacy loss of one Poisson-subsampled Gaussian step in one dimension
 * (docs/math/accounting.md §1; Zhu, Dong, Wang 2022 for the dominating pairs).
 *
 * With μ0 = N(0, σ²) and M_s = (1−q)N(0, σ²) + qN(s, σ²):
 * - `remove`: pair (M_{−1}, μ0), loss L(x) = log(1 − q + q·exp((−x − 1/2)/σ²));
 * - `add`: pair (μ0, M_{+1}), loss L(x) = −log(1 − q + q·exp((x − 1/2)/σ²));
 * - `replace` (substitution): pair (M_{−1}, M_{+1}), loss = sum of the two above.
 * Every loss is strictly decreasing in x. q = 1 gives the Gaussian mechanism (sensitivity 2
 * for `replace`).
 */
import { DpboundsTypeError, logAddExp, logNormalCdf, logSubExp, normalCdf, normalSf, requireInRange, requireOptions } from '@dpbounds/special-functions';

/** Which pair of distributions (docs/accounting.md). */
export type PsgDirection = 'remove' | 'add' | 'replace';

/** A pair (P, Q) of equal-variance normal mixtures with its loss and inverse loss. */
export interface PsgPair {
  readonly direction: PsgDirection;
  /** Sampling rate q ∈ (0, 1]. */
  readonly samplingRate: number;
  /** Noise multiplier σ > 0 (the components' standard deviation, sensitivity 1). */
  readonly noiseMultiplier: number;
  /** Component means (shared by P and Q). */
  readonly means: readonly number[];
  /** Weights of P on `means`. */
  readonly weightsP: readonly number[];
  /** Weights of Q on `means`. */
  readonly weightsQ: readonly number[];
  /** L(x) = log p(x)/q(x), decreasing. */
  loss(x: number): number;
  /** The x with L(x) = l; +∞ / −∞ beyond the range of L. */
  inverseLoss(l: number): number;
}

function requireDirection(direction: unknown): void {
  if (direction !== 'remove' && direction !== 'add' && direction !== 'replace') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'direction', expected: '"remove", "add" or "replace"', found: direction });
  }
}

/** log|sinh(y)| for any real y. */
function logAbsSinh(y: number): number {
  const a = Math.abs(y);
  if (a < 20) return Math.log(Math.sinh(a));
  return a - Math.LN2 + Math.log1p(-Math.exp(-2 * a));
}

/** asinh(sign·e^{logV}) without overflow. */
function asinhSignedExp(sign: number, logV: number): number {
  if (logV === -Infinity) return 0;
  if (logV > 300) return sign * (logV + Math.LN2);
  return Math.asinh(sign * Math.exp(logV));
}

/** The step a {@link psgPair} is for. */
export interface PsgPairOptions {
  /** Sampling rate q ∈ (0, 1]. */
  readonly samplingRate: number;
  /** Noise multiplier σ > 0. */
  readonly noiseMultiplier: number;
}

/**
 * The dominating pair of one Poisson-subsampled Gaussian step (q ∈ (0, 1], σ > 0) for a direction.
 *
 * @throws DpboundsTypeError naming `direction` or `options` (not an object, an unknown key).
 * @throws DpboundsRangeError naming `samplingRate` or `noiseMultiplier`.
 * @example psgPair('remove', { samplingRate: 0.01, noiseMultiplier: 1 }).loss(0) // log(1 − q + q·e^{−1/2})
 */
export function psgPair(direction: PsgDirection, options: PsgPairOptions): PsgPair {
  requireDirection(direction);
  const { samplingRate: q, noiseMultiplier: sigma } = requireOptions<PsgPairOptions>('options', options, ['samplingRate', 'noiseMultiplier']);
  requireInRange('samplingRate', q, { min: 0, minExclusive: true, max: 1 });
  requireInRange('noiseMultiplier', sigma, { min: 0, minExclusive: true });
  const step = { direction, samplingRate: q, noiseMultiplier: sigma };
  const s2 = sigma * sigma;
  const logQ = Math.log(q);
  const log1mQ = Math.log1p(-q);
  const lossRemove = (x: number): number => logAddExp(log1mQ, logQ + (-x - 0.5) / s2);
  const lossAdd = (x: number): number => -logAddExp(log1mQ, logQ + (x - 0.5) / s2);
  if (direction === 'remove') {
    return {
      ...step, means: [0, -1], weightsP: [1 - q, q], weightsQ: [1, 0],
      loss: lossRemove,
      inverseLoss: (l) => (l <= log1mQ ? Infinity : -0.5 - s2 * (logSubExp(l, log1mQ) - logQ)),
    };
  }
  if (direction === 'add') {
    return {
      ...step, means: [0, 1], weightsP: [1, 0], weightsQ: [1 - q, q],
      loss: lossAdd,
      inverseLoss: (l) => (l >= -log1mQ ? -Infinity : 0.5 + s2 * (logSubExp(-l, log1mQ) - logQ)),
    };
  }
  // replace: x = σ²(asinh(−sinh(l/2)·a) − l/2), a = e^{1/(2σ²)}(1−q)/q (docs/accounting.md), in log form.
  const logA = 1 / (2 * s2) + log1mQ - logQ;
  return {
    ...step, means: [0, -1, 1], weightsP: [1 - q, q, 0], weightsQ: [1 - q, 0, q],
    loss: (x) => lossRemove(x) + lossAdd(x),
    inverseLoss: (l) => {
      if (q === 1) return (-s2 * l) / 2;
      const sign = l > 0 ? -1 : 1;
      return s2 * (asinhSignedExp(sign, logAbsSinh(l / 2) + logA) - l / 2);
    },
  };
}

/** log F(x) of a mixture Σ wⱼ N(mⱼ, σ²). */
function logMixtureCdf(means: readonly number[], weights: readonly number[], sigma: number, x: number): number {
  let acc = -Infinity;
  for (let j = 0; j < means.length; j++) {
    const w = weights[j] as number;
    if (w > 0) acc = logAddExp(acc, Math.log(w) + logNormalCdf((x - (means[j] as number)) / sigma));
  }
  return acc;
}

/**
 * Exact hockey-stick divergence δ(ε) = sup_S P(S) − e^ε Q(S) of one step (docs/accounting.md):
 * with x* = L⁻¹(ε), δ(ε) = F_P(x*) − e^ε F_Q(x*), the CDFs in log space, clipped to [0, 1].
 * Shortcuts: `add` and ε ≥ −log(1−q) give 0; `remove` and ε ≤ log(1−q) give 1 − e^ε.
 *
 * Domain: q ∈ (0, 1], σ > 0, ε real or ±∞ (throws `DpboundsRangeError` otherwise). Accuracy: ~1e-12 relative where δ is not tiny against
 * F_P(x*) (fixtures `single_step_delta`, tolerance 1e-9 relative).
 *
 * @example singleStepHockeyStick('remove', 0.01, 1, 0) // ≈ 0.0038292492254803
 */
export function singleStepHockeyStick(direction: PsgDirection, q: number, sigma: number, epsilon: number): number {
  requireInRange('epsilon', epsilon, { min: -Infinity, max: Infinity });
  const pair = psgPair(direction, { samplingRate: q, noiseMultiplier: sigma });
  if (direction === 'add' && epsilon >= -Math.log1p(-q)) return 0;
  if (direction === 'remove' && epsilon <= Math.log1p(-q)) return -Math.expm1(epsilon);
  const x = pair.inverseLoss(epsilon);
  if (x === Infinity) return Math.max(0, -Math.expm1(epsilon));
  if (x === -Infinity) return 0;
  const logP = logMixtureCdf(pair.means, pair.weightsP, sigma, x);
  const logQ = epsilon + logMixtureCdf(pair.means, pair.weightsQ, sigma, x);
  if (!(logP > logQ)) return 0;
  return Math.min(1, Math.exp(logSubExp(logP, logQ)));
}

/**
 * Mass of N(m, σ²) on [a, b] (a ≤ b) computed from the tail on the side of the interval, so
 * masses far in either tail keep their relative accuracy.
 */
export function normalIntervalMass(a: number, b: number, mean: number, sigma: number): number {
  const za = (a - mean) / sigma;
  const zb = (b - mean) / sigma;
  if (!(zb > za)) return 0;
  if (zb <= 0) return normalCdf(zb) - normalCdf(za);
  if (za >= 0) return normalSf(za) - normalSf(zb);
  return 1 - normalCdf(za) - normalSf(zb);
}
