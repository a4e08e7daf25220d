/**
 * An RDP bound of the truncated-Poisson step (5) of docs/math/batch-samplers.md §4, for the δ
 * that neither the FFT composition nor exponential tilting of its PLD resolves (δ ≲ T·10⁻³⁰⁴).
 *
 * The step is dominated by the pair that first draws, independently of the data, whether the
 * batch holding the record is truncated (probability p_T) and reveals it: on the flag's two
 * values it is the Poisson pair A (rate q, noise σ) or the sensitivity-2 pair B (the substitution
 * pair at rate q_T, noise σ/2). For such a pair the Rényi moment splits exactly,
 *
 *   e^{(α−1)·D_α} = (1 − p_T)·e^{(α−1)·D_α(A)} + p_T·e^{(α−1)·D_α(B)},                    (R1)
 *
 * and dominance in every hockey-stick divergence (Zhu, Dong, Wang 2022) bounds every Rényi
 * divergence of the real step by the pair's (data processing, through Blackwell's theorem).
 * D_α(A) under add-remove is the subsampled-Gaussian RDP of Mironov, Talwar, Zhang (2019), which
 * bounds both directions (the RDP accountant's bound). B, and A under substitution, are the pair
 * (M₋₁, M₊₁) of psg-privacy-loss.ts, bounded through N(0, σ²) by the weak triangle inequality of
 * Rényi divergences (Mironov 2017, Prop. 11, p = q = 2):
 *
 *   D_α(M₋₁‖M₊₁) ≤ (α − ½)/(α − 1)·D_{2α}(M₋₁‖μ₀) + D_{2α−1}(μ₀‖M₊₁),                      (R2)
 *
 * the remove direction at 2α and the add direction at 2α − 1, each at most the
 * subsampled-Gaussian RDP. T steps add up; ε(δ) is the RDP accountant's improved conversion
 * (Balle et al. 2020, Thm 21). Under add-remove both data-set sizes (N and N + 1) are priced and
 * the larger RDP taken at every order.
 */
import { logAddExp } from '@dpbounds/special-functions';
import { rdpUnchecked } from '../rdp/subsampled-gaussian-rdp.js';
import { rdpCurveToEpsilon } from '../rdp/rdp-to-epsilon.js';
import { DEFAULT_RDP_ORDERS } from '../rdp/rdp-orders.js';

/** The integer orders ≥ 2 of the RDP accountant's default grid (R2 reads 2α and 2α − 1 at each). */
const ORDERS: readonly number[] = DEFAULT_RDP_ORDERS.filter((a) => Number.isInteger(a) && a >= 2);

/** One step's parts: the Poisson rate and noise and, per data-set size, p_T and q_T. */
export interface TruncatedPoissonRdpStep {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly mixtures: readonly { readonly truncationProbability: number; readonly conditionalRate: number }[];
}

/** (R2): the RDP of the substitution pair (M₋₁, M₊₁) at rate q and noise σ, order α > 1. */
function substitutionPairRdp(q: number, sigma: number, alpha: number): number {
  return ((alpha - 0.5) / (alpha - 1)) * rdpUnchecked(q, sigma, 2 * alpha) + rdpUnchecked(q, sigma, 2 * alpha - 1);
}

/**
 * The RDP of `steps` truncated-Poisson steps at each of `orders` (R1, R2): the largest over the
 * data-set sizes of T·log((1 − p_T)·e^{(α−1)R_A} + p_T·e^{(α−1)R_B})/(α − 1), in log space.
 * +∞ where a part's RDP is +∞.
 *
 * Domain: q ∈ (0, 1], σ > 0, p_T ∈ [0, 1], q_T ∈ [0, 1], integer orders ≥ 2 with 2α ≤ 2²⁰.
 *
 * @example truncatedPoissonRdpCurve({ samplingRate: 0.01, noiseMultiplier: 1, mixtures: [{ truncationProbability: 0.03, conditionalRate: 0.0099 }] }, 50, [2, 8, 32])
 */
export function truncatedPoissonRdpCurve(step: TruncatedPoissonRdpStep, steps: number, orders: readonly number[], neighbouring: 'add-remove' | 'substitution'): Float64Array {
  const { samplingRate: q, noiseMultiplier: sigma } = step;
  return Float64Array.from(orders, (alpha) => {
    const poisson = neighbouring === 'substitution' ? substitutionPairRdp(q, sigma, alpha) : rdpUnchecked(q, sigma, alpha);
    let worst = 0;
    for (const { truncationProbability: pT, conditionalRate: qT } of step.mixtures) {
      let rdp = poisson;
      if (pT > 0 && qT > 0) {
        const truncated = substitutionPairRdp(qT, sigma / 2, alpha);
        rdp = pT >= 1 ? truncated : logAddExp(Math.log1p(-pT) + (alpha - 1) * poisson, Math.log(pT) + (alpha - 1) * truncated) / (alpha - 1);
      }
      worst = Math.max(worst, Number.isNaN(rdp) ? Infinity : rdp);
    }
    return steps * worst;
  });
}

/**
 * ε(δ) of `steps` truncated-Poisson steps from the RDP curve {@link truncatedPoissonRdpCurve} on
 * the integer orders of the default grid (2 … 8192), improved conversion: a guarantee under the
 * same analysis (5) as the PLD, looser than it; finite for every δ ∈ (0, 1) where the parts'
 * RDP is finite.
 *
 * @example truncatedPoissonRdpEpsilon({ samplingRate: 0.01, noiseMultiplier: 1, mixtures: [{ truncationProbability: 0.03, conditionalRate: 0.0099 }] }, 50, 1e-320, 'add-remove')
 */
export function truncatedPoissonRdpEpsilon(step: TruncatedPoissonRdpStep, steps: number, delta: number, neighbouring: 'add-remove' | 'substitution'): number {
  return rdpCurveToEpsilon(ORDERS, truncatedPoissonRdpCurve(step, steps, ORDERS, neighbouring), delta, 'improved').epsilon;
}
