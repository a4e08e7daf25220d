/**
 * The one implementation of the integer-order Rényi DP of the Poisson-subsampled Gaussian
 * mechanism, for a sensitivity ratio r (the record's clipped gradient norm over the clip norm).
 * At r = 1 it is the data-independent RDP (Mironov, Talwar, Zhang 2019, "Rényi Differential
 * Privacy of the Sampled Gaussian Mechanism", §3.3, binomial expansion of A_α) used by the RDP
 * accountant (`rdpUnchecked` in `subsampled-gaussian-rdp.ts`); for r ≤ 1 it is the
 * per-instance RDP of one sum-rule DP-SGD step (Thudi, Jia, Meehan, Shumailov, Papernot,
 * "Gradients Look Alike", USENIX Security 2024, Thm 3.2) used by `per-instance/`. Internal: not
 * exported from the package index; the validated entry points are `subsampledGaussianRdp`,
 * `perInstanceStepRdp` and `sgmRdpInteger`. Derivation: docs/math/accounting.md §2.
 *
 * For an integer order α ≥ 2, sampling rate q and c = r²/(2σ²):
 *
 *   ε = ln(A)/(α−1),   A − 1 = Σ_{k=2..α} w_k·expm1(k(k−1)c),   w_k = C(α,k)(1−q)^(α−k) q^k.
 *
 * (The k = 0, 1 terms of A have exponent 0 and sum with the others' weights to 1.) Two evaluations:
 *
 * - **Linear recurrence** (used when α(α−1)c ≤ 700 and every w_k ≥ e^−700, so nothing over- or
 *   underflows): with d = expm1(2c), D_k = (e^{2c})^k − 1 and E_k = e^{k(k−1)c} − 1,
 *   D_k = D_{k−1} + d(1 + D_{k−1}), E_{k+1} = E_k + D_k + E_k·D_k, and the weights w_k.
 *   Every quantity is a sum of non-negative terms, so the relative error stays within a few α
 *   ulp; one expm1, one log1p and O(α) flops per call.
 * - **Log space** otherwise: ℓ_k = ln w_k + ln expm1(k(k−1)c), L = logsumexp(ℓ),
 *   ε = ln(1 + e^L)/(α−1) (logSumExp, logAddExp and log1mExp from @dpbounds/special-functions);
 *   the runs of terms more than 746 below the largest (which add exactly 0) are left out of the
 *   sum, so at large orders only a few terms are exponentiated.
 *
 * Both keep full relative accuracy for tiny ε (ε ≈ 1e−18 included: there is no 1 + tiny
 * cancellation, unlike a plain log-sum-exp of all α + 1 terms of A, which loses ~1e−16 absolute
 * on ln A) and never overflow. ln C(α,k) is accumulated from a table of ln i (absolute error
 * ≲ 1e−13 for α ≤ 10 000), so building the weights costs no transcendental call per term.
 */
import { log1mExp, logAddExp, logSumExp } from '@dpbounds/special-functions';

/** Exponent bound below which e^x and its products with w_k stay finite in float64. */
const LINEAR_EXPONENT_LIMIT = 700;

/** Above this x, ln(e^x − 1) = x + log1p(−e^−x) rounds to x in float64 (e^−x < ulp(x)/2). */
const LOG_EXPM1_IDENTITY = 40;

/** e^−x underflows to exactly 0 in float64 for x ≥ this. */
const UNDERFLOW_GAP = 746;

let logTable: Float64Array = new Float64Array([Number.NEGATIVE_INFINITY, 0]);

/** Scratch for the log-space terms (evaluation is synchronous, so one buffer serves every call). */
let scratch: Float64Array = new Float64Array(64);

/** ln i for i = 0..n (ln 0 = −∞), from a table grown on demand. */
function logIntegers(n: number): Float64Array {
  if (logTable.length <= n) {
    const next = new Float64Array(Math.max(n + 1, 2 * logTable.length));
    next[0] = Number.NEGATIVE_INFINITY;
    for (let i = 1; i < next.length; i++) next[i] = Math.log(i);
    logTable = next;
  }
  return logTable;
}

/** ln(e^x − 1) for x > 0, accurate for tiny and huge x. */
function logExpm1(x: number): number {
  if (x > LOG_EXPM1_IDENTITY) return x;
  return x > 0.5 ? x + log1mExp(-x) : Math.log(Math.expm1(x));
}

/**
 * Evaluates ε_α(q, c) for one fixed integer order α ≥ 2 and sampling rate q ∈ [0, 1], as a
 * function of c = r²/(2σ²) (Mironov et al. 2019 §3.3; Thudi et al. 2024 Thm 3.2; method in the
 * file comment). Precomputes the binomial weights once; each call is O(α) (a class, so that hot
 * loops see one monomorphic method). Unvalidated: callers validate. Returns +∞ only when the
 * RDP itself overflows float64.
 *
 * @example new StepRdpEvaluator(32, 0.01).at(0.5) // σ = 1, r = 1: ≈ 11.246275937048068
 */
export class StepRdpEvaluator {
  /** The integer order α. */
  readonly alpha: number;
  private readonly q: number;
  /** ln w_k for k = 2..α at index k − 2. */
  private readonly logW: Float64Array;
  /** w_k for k = 2..α at index k − 2, computed on the first linear-recurrence call. */
  private w: Float64Array | undefined;
  private readonly linearOk: boolean;
  private readonly maxLinearC: number;

  constructor(alpha: number, q: number) {
    this.alpha = alpha;
    this.q = q;
    const logW = new Float64Array(alpha - 1);
    let linearOk = false;
    if (q > 0 && q < 1) {
      const logs = logIntegers(alpha);
      const logQ = Math.log(q);
      const log1mQ = Math.log1p(-q);
      // ln C(α, k) by the running ratio C(α, k) = C(α, k−1)·(α−k+1)/k, from ln C(α, 1) = ln α.
      let logC = logs[alpha] as number;
      for (let k = 2; k <= alpha; k++) {
        logC += (logs[alpha - k + 1] as number) - (logs[k] as number);
        logW[k - 2] = logC + k * logQ + (alpha - k) * log1mQ;
      }
      // ln w_k is concave in k, so its minimum over 2..α is at an end point.
      linearOk = Math.min(logW[0] as number, logW[alpha - 2] as number) > -LINEAR_EXPONENT_LIMIT;
    }
    this.logW = logW;
    this.linearOk = linearOk;
    this.maxLinearC = LINEAR_EXPONENT_LIMIT / (alpha * (alpha - 1));
  }

  /** ε at c = r²/(2σ²) ≥ 0. */
  at(c: number): number {
    if (!(c > 0) || this.q === 0) return 0;
    if (this.q === 1) return this.alpha * c;
    if (!this.linearOk || c > this.maxLinearC) return this.logSpace(c);
    const n = this.alpha - 1;
    const w = this.w ?? this.weights();
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

  private weights(): Float64Array {
    const logW = this.logW;
    const w = new Float64Array(logW.length);
    for (let i = 0; i < w.length; i++) w[i] = Math.exp(logW[i] as number);
    this.w = w;
    return w;
  }

  private logSpace(c: number): number {
    const alpha = this.alpha;
    const n = alpha - 1;
    if (scratch.length < n) scratch = new Float64Array(Math.max(n, 2 * scratch.length));
    const terms = scratch;
    const logW = this.logW;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const k = i + 2;
      const t = (logW[i] as number) + logExpm1(k * (k - 1) * c);
      terms[i] = t;
      if (t > max) max = t;
    }
    // Terms more than 746 below the largest add exactly 0 to the sum (e^−746 underflows), so the
    // runs of them at both ends are left out: at large orders only a few terms survive.
    const floor = max - UNDERFLOW_GAP;
    let lo = 0;
    let hi = n;
    while (lo < hi && (terms[lo] as number) < floor) lo++;
    while (hi > lo && (terms[hi - 1] as number) < floor) hi--;
    return logAddExp(0, logSumExp(terms.subarray(lo, hi))) / n;
  }
}

/**
 * Builds the {@link StepRdpEvaluator} for integer `alpha` ≥ 2 and `q` ∈ [0, 1] (unvalidated).
 *
 * @example createStepRdpEvaluator(8, 128 / 60000).at(0.5 / 0.69977 ** 2) // ≈ 1.14036348277955
 */
export function createStepRdpEvaluator(alpha: number, q: number): StepRdpEvaluator {
  return new StepRdpEvaluator(alpha, q);
}

/**
 * A memo of {@link StepRdpEvaluator}s for one sampling rate, keyed by order: the per-instance
 * composition evaluates the same few integer orders at many ratios (unvalidated).
 *
 * @example const evaluatorFor = stepRdpEvaluatorCache(0.01); evaluatorFor(8) === evaluatorFor(8) // true
 */
export function stepRdpEvaluatorCache(q: number): (alpha: number) => StepRdpEvaluator {
  const evaluators = new Map<number, StepRdpEvaluator>();
  return (alpha: number): StepRdpEvaluator => {
    let evaluator = evaluators.get(alpha);
    if (evaluator === undefined) {
      evaluator = new StepRdpEvaluator(alpha, q);
      evaluators.set(alpha, evaluator);
    }
    return evaluator;
  };
}

/**
 * RDP of one Poisson-subsampled Gaussian step at integer order α ≥ 2 with sampling rate q ∈ (0, 1)
 * and noise multiplier σ > 0 (sensitivity 1; Mironov, Talwar, Zhang 2019, §3.3): one
 * {@link StepRdpEvaluator} evaluation at c = 1/(2σ²). Unvalidated (internal hot path of the RDP
 * accountant). Accuracy: ≤ 1e−12 relative, down to ε ≈ 1e−18.
 *
 * @example sampledGaussianIntegerRdp(0.01, 1, 32) // ≈ 11.246275937048068
 */
export function sampledGaussianIntegerRdp(q: number, sigma: number, alpha: number): number {
  return new StepRdpEvaluator(alpha, q).at(0.5 / (sigma * sigma));
}
