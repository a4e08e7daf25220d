/**
 * The mixture-of-Gaussians mechanism's privacy loss (Choquette-Choo, Ganesh, Steinke, Thakurta
 * 2024, "Privacy amplification for matrix mechanisms", Sec. 3; dp_accounting's
 * MixtureOfGaussiansDpEvent): on D the output is N(0, σ²), on the neighbour it is
 * Σᵢ pᵢ N(cᵢ, σ²) for sensitivities cᵢ ≥ 0 with probabilities pᵢ (docs/math/batch-samplers.md,
 * eq. (4)). The Poisson-subsampled Gaussian is c = (0, 1), p = (1 − q, q).
 *
 * As a {@link PrivacyLossPair} (loss non-increasing in x, as the connect-the-dots
 * discretisation expects):
 * - `remove`: P = Σ pᵢ N(−cᵢ, σ²), Q = N(0, σ²), L(x) = log Σ pᵢ exp((−cᵢx − cᵢ²/2)/σ²);
 * - `add`:    P = N(0, σ²), Q = Σ pᵢ N(cᵢ, σ²), L(x) = −log Σ pᵢ exp((cᵢx − cᵢ²/2)/σ²).
 */
import { bisect, DpboundsRangeError, DpboundsTypeError, logAddExp, normalQuantile, requireInRange, requireOptions } from '@dpbounds/special-functions';
import { connectTheDotsPldOfPair, type ConnectTheDotsOptions, type PrivacyLossPair } from '../pld/connect-the-dots.js';
import type { DiscretePld } from '../pld/discrete-pld.js';

/** Which ordered pair of the mixture mechanism: the neighbour's output first (`remove`) or second (`add`). */
export type MixtureDirection = 'remove' | 'add';

/** Validated sensitivities and probabilities (zero-probability components dropped). */
function requireMixture(sensitivities: readonly number[], probabilities: readonly number[]): { c: number[]; p: number[] } {
  if (!Array.isArray(sensitivities) || sensitivities.length === 0) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'sensitivities', expected: 'a non-empty array of numbers ≥ 0', found: sensitivities });
  }
  if (!Array.isArray(probabilities) || probabilities.length !== sensitivities.length) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'probabilities', expected: `an array of ${sensitivities.length} probabilities (one per sensitivity)`, found: probabilities });
  }
  const c: number[] = [];
  const p: number[] = [];
  let total = 0;
  sensitivities.forEach((ci, i) => {
    requireInRange(`sensitivities[${i}]`, ci, { min: 0 });
    const pi = requireInRange(`probabilities[${i}]`, probabilities[i], { min: 0, max: 1 });
    total += pi;
    if (pi > 0) {
      c.push(ci);
      p.push(pi);
    }
  });
  if (!(Math.abs(total - 1) <= 1e-12)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'probabilities', expected: 'probabilities summing to 1 (within 1e-12)', found: total });
  }
  return { c, p: p.map((v) => v / total) };
}

/**
 * The privacy loss pair of the mixture-of-Gaussians mechanism in `direction` (see the module
 * comment). Domain: σ > 0, sensitivities ≥ 0 (finite), probabilities in [0, 1] summing to 1,
 * at least one positive sensitivity with positive probability.
 *
 * @example mixtureGaussianPrivacyLoss('remove', 1, [0, 1], [0.99, 0.01]).loss(0) // = log(0.99 + 0.01·e^{−1/2})
 */
export function mixtureGaussianPrivacyLoss(direction: MixtureDirection, sigma: number, sensitivities: readonly number[], probabilities: readonly number[]): PrivacyLossPair {
  if (direction !== 'remove' && direction !== 'add') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'direction', expected: '"remove" or "add"', found: direction });
  }
  requireInRange('sigma', sigma, { min: 0, minExclusive: true });
  const { c, p } = requireMixture(sensitivities, probabilities);
  const cMax = Math.max(...c);
  if (!(cMax > 0)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'sensitivities', expected: 'at least one positive sensitivity with positive probability (else the mechanism ignores the record)', found: cMax });
  }
  const s2 = sigma * sigma;
  const logP = p.map(Math.log);
  // log Σ pᵢ exp((s·cᵢx − cᵢ²/2)/σ²) with s = −1 (remove) or +1 (add)
  const sign = direction === 'remove' ? -1 : 1;
  const logMix = (x: number): number => {
    let acc = -Infinity;
    for (let i = 0; i < c.length; i++) {
      const ci = c[i] as number;
      acc = logAddExp(acc, (logP[i] as number) + (sign * ci * x - 0.5 * ci * ci) / s2);
    }
    return acc;
  };
  const loss = direction === 'remove' ? logMix : (x: number): number => -logMix(x);
  // limits of L: at the side where the largest sensitivity dominates L is unbounded; on the
  // other side L tends to ±log P(c = 0) (−∞/+∞ without a zero sensitivity)
  const p0 = c.reduce((acc, ci, i) => (ci === 0 ? acc + (p[i] as number) : acc), 0);
  const flatLimit = direction === 'remove' ? Math.log(p0) : -Math.log(p0);
  const inverseLoss = (l: number): number => {
    if (Number.isNaN(l)) return Number.NaN;
    if (direction === 'remove' ? l <= flatLimit : l >= flatLimit) return direction === 'remove' ? Infinity : -Infinity;
    if (l === Infinity) return -Infinity;
    if (l === -Infinity) return Infinity;
    // bracket the root of L(x) − l (L non-increasing), then bisect to full precision
    const f = (x: number): number => loss(x) - l;
    let lo = -1;
    let hi = 1;
    while (f(lo) < 0) {
      lo *= 2;
      if (lo < -1e300) return -Infinity;
    }
    while (f(hi) > 0) {
      hi *= 2;
      if (hi > 1e300) return Infinity;
    }
    return bisect(f, lo, hi);
  };
  const means = direction === 'remove' ? [0, ...c.map((ci) => -ci)] : [0, ...c];
  const mixture = [0, ...p];
  const point = [1, ...c.map(() => 0)];
  return {
    sigma,
    means,
    weightsP: direction === 'remove' ? mixture : point,
    weightsQ: direction === 'remove' ? point : mixture,
    loss,
    inverseLoss,
    xRange: (logMassTruncation: number) => {
      const z = normalQuantile(0.5 * Math.exp(logMassTruncation));
      return { xLo: Math.min(...means) + sigma * z, xHi: Math.max(...means) - sigma * z };
    },
  };
}

/**
 * Pessimistic (connect-the-dots) PLD of one mixture-of-Gaussians step in `direction`
 * (dp_accounting's `from_mixture_gaussian_mechanism`, ours written from the pair above).
 *
 * @example mixtureGaussianPld('remove', 1, [0, 1, 2], [0.81, 0.18, 0.01], { h: 1e-3 })
 */
export function mixtureGaussianPld(direction: MixtureDirection, sigma: number, sensitivities: readonly number[], probabilities: readonly number[], options: ConnectTheDotsOptions): DiscretePld {
  requireOptions('options', options, ['h', 'logMassTruncation', 'mode']);
  return connectTheDotsPldOfPair(mixtureGaussianPrivacyLoss(direction, sigma, sensitivities, probabilities), options);
}
