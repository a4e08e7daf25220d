/**
 * A bound on the per-bin rounding error of the FFT composition of `circularCompose`
 * (docs/math/pld-tiny-delta.md §4): with the componentwise error analysis of the FFT (each of
 * its log₂N levels is a sparse matrix Aᵢ of butterflies, fl(Aᵢx) = (Aᵢ + ΔAᵢ)x with
 * |ΔAᵢ| ≤ η|Aᵢ|, and |A_L|…|A_1| is the all-ones matrix: Higham 2002, §3.5 and §24.1), every
 * computed coefficient satisfies |X̂_k − X_k| ≤ a·‖x‖₁, a = (1 + η)^{log₂N} − 1. The powered and
 * multiplied spectra, the polar-form rounding and the inverse transform then give a bound that
 * weighs each frequency by its own magnitude, r_k^T, instead of by 1: tilted laws spread over
 * many bins have few significant frequencies, so the bound is far below the worst case.
 */
import { fftOfSize, nextPow2 } from './fft-composition.js';

const U = 2 ** -53;
/** Per-level relative error η of fft.js's butterflies (radix 2 and 4, twiddles within 4u). */
const FFT_ETA = 16 * U;

/**
 * Bound E on |computed − exact| for every bin of the circular composition of the inputs (each
 * a non-negative vector of total mass ≤ `massBound`) on `size` points.
 *
 * Domain: size a power of two ≥ 4, counts ≥ 1. Costs one real FFT per input.
 *
 * @example fftCompositionErrorBound([{ probs: new Float64Array([0.5, 0.5]), count: 10 }], 64, 1)
 */
export function fftCompositionErrorBound(inputs: readonly { readonly probs: Float64Array; readonly count: number }[], size: number, massBound = 1): number {
  const n = nextPow2(size);
  const levels = Math.log2(n);
  const a = Math.expm1(levels * Math.log1p(FFT_ETA)) * massBound;
  const fft = fftOfSize(n);
  const half = n / 2;
  // log r_k per input, r_k = |X̂_k| + a ≥ max(|X_k|, |X̂_k|)
  const logR = inputs.map((g) => {
    const input = new Float64Array(n);
    const p = g.probs;
    for (let i = 0; i < p.length; i++) input[i % n] = (input[i % n] as number) + (p[i] as number);
    const out = new Float64Array(2 * n);
    fft.realTransform(out, input);
    const lr = new Float64Array(half + 1);
    for (let k = 0; k <= half; k++) lr[k] = Math.log(Math.hypot(out[2 * k] as number, out[2 * k + 1] as number) * (1 + 2 * U) + a);
    return lr;
  });
  let beta = 0;
  for (const g of inputs) beta += (12 * g.count + 10) * U;
  let sum = 0;
  for (let k = 0; k <= half; k++) {
    // R_k = Π_g r_g^{T_g}; ΔY_k ≤ a·Σ_g T_g r_g^{T_g − 1}·Π_{g′≠g} r_{g′}^{T_{g′}} = a·R_k·Σ_g T_g/r_g
    let logProduct = 0;
    let inverseSum = 0;
    inputs.forEach((g, i) => {
      const lr = (logR[i] as Float64Array)[k] as number;
      logProduct += g.count * lr;
      inverseSum += g.count * Math.exp(-lr);
    });
    const r = Math.exp(logProduct);
    const term = r * (a * inverseSum + a + beta + 12 * U);
    // frequencies 1 … N/2 − 1 stand for their mirror images N − k too (|X_k| = |X_{N−k}|)
    sum += k === 0 || k === half ? term : 2 * term;
  }
  return (sum / n) * (1 + 8 * U);
}
