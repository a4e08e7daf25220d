/**
 * Internal kernel of the integer-order sampled-Gaussian RDP with a per-instance sensitivity
 * ratio (Thudi et al. 2024, Thm 3.2; Mironov, Talwar, Zhang 2019, §3.3). Not exported from the
 * package: the public, validated entry points are in `per-instance-step-rdp.ts`.
 *
 * For an integer order α ≥ 2, sampling rate q and c = r²/(2σ²):
 *
 *   ε = ln(A)/(α−1),   A − 1 = Σ_{k=2..α} w_k·expm1(k(k−1)c),   w_k = C(α,k)(1−q)^(α−k) q^k.
 *
 * (The k = 0, 1 terms of A have exponent 0 and sum with the others to 1.) Two evaluations:
 *
 * - **Linear recurrence** (used when α(α−1)c ≤ 700 and every w_k ≥ e^−700, so nothing over- or
 *   underflows): with d = expm1(2c), D_k = (e^{2c})^k − 1 and E_k = e^{k(k−1)c} − 1,
 *   D_k = D_{k−1} + d(1 + D_{k−1}), E_{k+1} = E_k + D_k + E_k·D_k, and
 *   w_{k+1} = w_k·(α−k)/(k+1)·q/(1−q). Every quantity is a sum of non-negative terms, so the
 *   relative error stays within a few α ulp; one expm1, one log1p and O(α) flops per call.
 * - **Log space** otherwise: ℓ_k = ln w_k + ln expm1(k(k−1)c), L = logsumexp(ℓ), ε = ln(1+e^L)/(α−1)
 *   (logsumexp, logAddExp and log1mExp from @dpbounds/special-functions).
 *
 * Both keep full relative accuracy for tiny ε (no 1 + tiny cancellation) and never overflow.
 */
import { log1mExp, logAddExp, logSumExp } from '@dpbounds/special-functions';

/** Exponent bound below which e^x and its products with w_k stay finite in float64. */
const LINEAR_EXPONENT_LIMIT = 700;

/** ln(e^x − 1) for x > 0, accurate for tiny and huge x. */
function logExpm1(x: number): number {
  return x > 0.5 ? x + log1mExp(-x) : Math.log(Math.expm1(x));
}

/**
 * Evaluates ε_α(q, σ, r) for one fixed integer order α and sampling rate q, as a function of
 * c = r²/(2σ²). Precomputes the binomial weights once; each call is O(α) with one expm1 and
 * one log1p (a class, so that hot loops see one monomorphic method).
 */
export class StepRdpEvaluator {
  readonly alpha: number;
  private readonly q: number;
  /** ln w_k for k = 2..α at index k − 2. */
  private readonly logW: Float64Array;
  /** w_k for k = 2..α at index k − 2 (used only when `linearOk`). */
  private readonly w: Float64Array;
  private readonly linearOk: boolean;
  private readonly maxLinearC: number;
  private readonly terms: Float64Array;

  constructor(alpha: number, q: number) {
    this.alpha = alpha;
    this.q = q;
    const logW = new Float64Array(alpha - 1);
    const w = new Float64Array(alpha - 1);
    let linearOk = false;
    if (q > 0 && q < 1) {
      const logQ = Math.log(q);
      const log1mQ = Math.log1p(-q);
      // ln C(α, k) by the running ratio C(α, k) = C(α, k−1)·(α−k+1)/k (exact integers' logs,
      // absolute error ≲ 1e−13 at α = 10 000), starting from ln C(α, 1) = ln α.
      let logC = Math.log(alpha);
      for (let k = 2; k <= alpha; k++) {
        logC += Math.log((alpha - k + 1) / k);
        const lw = logC + k * logQ + (alpha - k) * log1mQ;
        logW[k - 2] = lw;
        w[k - 2] = Math.exp(lw);
      }
      // ln w_k is concave in k, so its minimum over 2..alpha is at an end point.
      linearOk = Math.min(logW[0] as number, logW[alpha - 2] as number) > -LINEAR_EXPONENT_LIMIT;
    }
    this.logW = logW;
    this.w = w;
    this.linearOk = linearOk;
    this.maxLinearC = LINEAR_EXPONENT_LIMIT / (alpha * (alpha - 1));
    this.terms = new Float64Array(alpha - 1);
  }

  /** ε at c = r²/(2σ²) ≥ 0. */
  at(c: number): number {
    if (!(c > 0) || this.q === 0) return 0;
    if (this.q === 1) return this.alpha * c;
    if (!this.linearOk || c > this.maxLinearC) return this.logSpace(c);
    const w = this.w;
    const n = this.alpha - 1;
    const d = Math.expm1(2 * c);
    // E_k = e^{k(k−1)c} − 1 and D_k = e^{2kc} − 1, starting at k = 2: E_2 = d, D_2 = e^{4c} − 1.
    let e = d;
    let dk = d + d * (1 + d);
    let sum = (w[0] as number) * e;
    for (let i = 1; i < n; i++) {
      e = e + dk + e * dk;
      dk = dk + d * (1 + dk);
      sum += (w[i] as number) * e;
    }
    return Math.log1p(sum) / n;
  }

  private logSpace(c: number): number {
    const alpha = this.alpha;
    const terms = this.terms;
    const logW = this.logW;
    for (let k = 2; k <= alpha; k++) terms[k - 2] = (logW[k - 2] as number) + logExpm1(k * (k - 1) * c);
    return logAddExp(0, logSumExp(terms)) / (alpha - 1);
  }
}

/**
 * Builds the evaluator for integer `alpha` ≥ 2 and `q` ∈ [0, 1] (unvalidated: callers validate).
 */
export function createStepRdpEvaluator(alpha: number, q: number): StepRdpEvaluator {
  return new StepRdpEvaluator(alpha, q);
}
