/**
 * Rényi DP of one step of the Poisson-subsampled Gaussian mechanism (Mironov, Talwar, Zhang
 * 2019, "Rényi Differential Privacy of the Sampled Gaussian Mechanism", sec. 3; derivation:
 * docs/math/accounting.md §2).
 */
import { logAddExp, logNormalCdf, logSubExp, requireInRange } from '@dpbounds/special-functions';
import { requireOptions } from '../events/validate-event.js';
import { sampledGaussianIntegerRdp } from './sampled-gaussian-integer-rdp.js';
import { MAX_RDP_ORDER } from './rdp-orders.js';

/**
 * log A_α for a fractional order α with A_α = E_{z∼N(0,σ²)}[((1−q) + q·exp((2z−1)/(2σ²)))^α]
 * (docs/math/accounting.md §2), by the split of the integral at z0 = σ² log(1/q − 1) + 1/2
 * (Mironov, Talwar, Zhang 2019 sec. 3.3): A_α = Σ_k s0_k + Σ_k s1_k with signed binomial
 * coefficients, positive and negative terms accumulated separately in log space and subtracted
 * once at the end. log|C(α,k)| is accumulated by the ratio C(α,k+1) = C(α,k)(α−k)/(k+1). The
 * series stops when both terms decrease and are below e^-30 of the running total (relative).
 * Past k = α + 1 the terms alternate and, for α near 1, decay only like k^(−α−1); there the last
 * 24 partial sums are accelerated by repeated averaging (Euler–van Wijngaarden) until two
 * successive accelerated values agree to 1e-15. Capped at 4000 terms (then +∞, which is safe).
 * Integer orders go to the exact binomial expansion in `sampled-gaussian-integer-rdp.ts`.
 *
 * Domain: 0 < q < 1, σ > 0, α > 1 finite and not an integer (callers handle the rest).
 * Accuracy: 1e-9 relative on ε_R, or 1e-12/(α − 1) absolute for tiny values, against 50-digit
 * quadrature (scripts/generate-rdp-terms.py).
 */
function fractionalOrderLogA(q: number, sigma: number, alpha: number): number {
  const logQ = Math.log(q);
  const log1mQ = Math.log1p(-q);
  const s2 = sigma * sigma;
  const z0 = s2 * (Math.log(1 / q - 1)) + 0.5;
  let pos = -Infinity;
  let neg = -Infinity;
  let logAbsCoef = 0;
  let sign = 1;
  let prev0 = Infinity;
  let prev1 = Infinity;
  // Past k > α + 1 the terms alternate in sign and (for α near 1) decay only like k^(−α−1);
  // the last partial sums are accelerated by repeated averaging (Euler–van Wijngaarden).
  const alternateFrom = Math.ceil(alpha) + 1;
  let ref = Number.NaN;
  const partial: number[] = [];
  let previousAccelerated = Number.NaN;
  for (let k = 0; k < 4000; k++) {
    if (k > 0) {
      const ratio = (alpha - k + 1) / k;
      if (ratio < 0) sign = -sign;
      logAbsCoef += Math.log(Math.abs(ratio));
    }
    const j = alpha - k;
    const logT0 = logAbsCoef + k * logQ + j * log1mQ;
    const logT1 = logAbsCoef + j * logQ + k * log1mQ;
    const logE0 = logNormalCdf((z0 - k) / sigma);
    const logE1 = logNormalCdf((j - z0) / sigma);
    const logS0 = logT0 + (k * k - k) / (2 * s2) + logE0;
    const logS1 = logT1 + (j * j - j) / (2 * s2) + logE1;
    if (sign > 0) {
      pos = logAddExp(pos, logS0);
      pos = logAddExp(pos, logS1);
    } else {
      neg = logAddExp(neg, logS0);
      neg = logAddExp(neg, logS1);
    }
    const decreasing = logS0 <= prev0 && logS1 <= prev1;
    prev0 = logS0;
    prev1 = logS1;
    if (k > alpha && decreasing && Math.max(logS0, logS1) < pos - 30) {
      if (!(pos >= neg)) return Infinity;
      return logSubExp(pos, neg);
    }
    if (k >= alternateFrom && decreasing) {
      if (Number.isNaN(ref)) ref = pos;
      partial.push(Math.exp(pos - ref) - Math.exp(neg - ref));
      if (partial.length > 24) partial.shift();
      if (partial.length === 24) {
        const avg = partial.slice();
        for (let level = 0; level < 23; level++) {
          for (let i = 0; i < avg.length - 1 - level; i++) avg[i] = 0.5 * ((avg[i] as number) + (avg[i + 1] as number));
        }
        const accelerated = avg[0] as number;
        if (accelerated > 0 && Math.abs(accelerated - previousAccelerated) <= 1e-15 * accelerated) return ref + Math.log(accelerated);
        previousAccelerated = accelerated;
      }
    }
  }
  return Infinity;
}

/**
 * RDP ε_R(α) of one Poisson-subsampled Gaussian step with sampling rate q and noise multiplier
 * σ: log(A_α)/(α − 1) (Mironov, Talwar, Zhang 2019, Theorem 5 and sec. 3.3).
 *
 * Method: integer α uses the exact binomial expansion of A_α in the kernel shared with the
 * per-instance RDP (`sampled-gaussian-integer-rdp.ts`; the r = 1 case of Thudi et al. 2024,
 * Thm 3.2), which keeps full relative accuracy for tiny values; fractional α uses the split
 * series of Mironov et al. 2019 sec. 3.3 (see `fractionalOrderLogA`).
 * Special cases (docs/accounting.md): q = 0 → 0; σ = 0 → +∞; q = 1 → α/(2σ²); α = +∞ → +∞.
 * Domain: q ∈ [0, 1], σ ≥ 0, α ∈ (1, 2²⁰] ({@link MAX_RDP_ORDER}: an integer order costs O(α)
 * time and memory) or α = +∞. Throws `DpboundsRangeError` outside.
 * Accuracy, checked against mpmath quadrature: 1e-9 relative (or 1e-12/(α − 1) absolute) at
 * every order; 1e-12 relative for integer orders, down to ε ≈ 1e-18.
 *
 * Unknown option keys are refused.
 *
 * @example subsampledGaussianRdp({ samplingRate: 0.01, noiseMultiplier: 1, order: 32 }) // ≈ 11.246275937
 */
export function subsampledGaussianRdp(options: SubsampledGaussianRdpOptions): number {
  const o = requireOptions<SubsampledGaussianRdpOptions>('options', options, ['samplingRate', 'noiseMultiplier', 'order'], false);
  const q = requireInRange('samplingRate', o.samplingRate, { min: 0, max: 1 });
  const sigma = requireInRange('noiseMultiplier', o.noiseMultiplier, { min: 0 });
  const alpha = o.order === Infinity ? Infinity : requireInRange('order', o.order, { min: 1, minExclusive: true, max: MAX_RDP_ORDER });
  return rdpUnchecked(q, sigma, alpha);
}

/** Options of {@link subsampledGaussianRdp}: q ∈ [0, 1], σ ≥ 0 and the Rényi order α ∈ (1, 2²⁰] (+∞ allowed). */
export interface SubsampledGaussianRdpOptions {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly order: number;
}

/** {@link subsampledGaussianRdp} without validation (internal hot path). */
export function rdpUnchecked(q: number, sigma: number, alpha: number): number {
  if (q === 0) return 0;
  if (sigma === 0 || alpha === Infinity) return Infinity;
  if (q === 1) return alpha / (2 * sigma * sigma);
  const r = Number.isInteger(alpha) ? sampledGaussianIntegerRdp(q, sigma, alpha) : fractionalOrderLogA(q, sigma, alpha) / (alpha - 1);
  return Number.isNaN(r) ? Infinity : Math.max(0, r);
}
