import { requireInRange } from '@dpbounds/special-functions';
import { requireDiscretePld } from './require-discrete-pld.js';

/**
 * A privacy loss distribution on the grid {k·h}: masses `probs[i]` at loss (offset + i)·h and a
 * mass `infinityMass` at +∞ (Koskela et al. 2020; Doroshenko et al. 2022 for the dp_accounting
 * representation), with its hockey-stick queries (docs/math/accounting.md §7).
 */

/** A discrete PLD on the grid of step `h`. */
export interface DiscretePld {
  /** Grid step (value discretisation interval). */
  readonly h: number;
  /** Grid index of `probs[0]`. */
  readonly offset: number;
  /** Masses at losses (offset + i)·h. */
  readonly probs: Float64Array;
  /** Mass at +∞ (includes pessimistic truncation mass). */
  readonly infinityMass: number;
  /** Added to every grid loss (the PRV's mean-correcting shift); 0 when absent. */
  readonly lossShift?: number;
}

/**
 * δ(ε) = m∞ + Σ_{lₖ > ε} pₖ(1 − e^{ε − lₖ}) of a discrete PLD.
 *
 * Domain: any ε (ε = +∞ gives m∞). Exact for the discrete distribution up to rounding.
 *
 * @example pldDeltaAt({ h: 1, offset: 0, probs: new Float64Array([0.5, 0.5]), infinityMass: 0 }, 0) // 0.5·(1 − e⁻¹)
 */
export function pldDeltaAt(pld: DiscretePld, epsilon: number): number {
  requireDiscretePld('pld', pld);
  requireInRange('epsilon', epsilon, { min: -Infinity, max: Infinity });
  if (epsilon === Infinity) return pld.infinityMass;
  let sum = 0;
  const { probs, h, offset } = pld;
  const shift = pld.lossShift ?? 0;
  for (let i = probs.length - 1; i >= 0; i--) {
    const loss = (offset + i) * h + shift;
    if (loss <= epsilon) break;
    const p = probs[i] as number;
    if (p > 0) sum += p * -Math.expm1(epsilon - loss);
  }
  return Math.min(1, pld.infinityMass + sum);
}

/**
 * Smallest ε with δ(ε) ≤ δ for a discrete PLD (docs/accounting.md): +∞ when m∞ > δ; otherwise walk the
 * losses from the largest down with U = m∞ + Σ pⱼ and W = Σ pⱼ e^{−lⱼ} over lⱼ above the current
 * segment; on the segment [lₖ₋₁, lₖ] δ(ε) = U − e^ε W, so ε = log((U − δ)/W) when that lies in it.
 * Returns values below 0 as computed (callers clamp). W is kept scaled by a moving reference loss,
 * so losses beyond ±709 give a finite ε (derivation: docs/math/pld-epsilon-search.md).
 *
 * @example pldEpsilonAt(pld, 1e-5)
 */
export function pldEpsilonAt(pld: DiscretePld, delta: number): number {
  requireDiscretePld('pld', pld);
  requireInRange('delta', delta, { min: 0, max: Infinity });
  if (pld.infinityMass > delta) return Infinity;
  const { probs, h, offset } = pld;
  const shift = pld.lossShift ?? 0;
  let u = pld.infinityMass;
  // W = Σ pⱼ e^{−lⱼ} is kept as ws·e^{−ref}: losses above ~709 (e^{−l} underflows) or below
  // ~−709 would otherwise turn a finite ε into +∞ or NaN. ref follows the walk downwards.
  let ws = 0;
  let ref = 0;
  let i = probs.length - 1;
  while (i >= 0 && !((probs[i] as number) > 0)) i--;
  if (i >= 0) ref = (offset + i) * h + shift;
  while (i >= 0) {
    const p = probs[i] as number;
    const loss = (offset + i) * h + shift;
    u += p;
    if (ref - loss > 600) {
      ws *= Math.exp(loss - ref);
      ref = loss;
    }
    ws += p * Math.exp(ref - loss);
    // (u, W) now sum over support points ≥ lᵢ; δ(ε) = u − e^ε W on [next lower point, lᵢ].
    let j = i - 1;
    while (j >= 0 && !((probs[j] as number) > 0)) j--;
    if (j < 0) break;
    // while u ≤ δ, u − (anything ≥ 0) ≤ δ: the exponential of the check is skipped (same result)
    if (u > delta) {
      const nextLoss = (offset + j) * h + shift;
      if (u - ws * Math.exp(nextLoss - ref) > delta) return Math.log(u - delta) - Math.log(ws) + ref;
    }
    i = j;
  }
  if (u <= delta) return -Infinity;
  return Math.log(u - delta) - Math.log(ws) + ref;
}

/**
 * Total mass of a discrete PLD (finite part plus m∞, compensated summation); 1 up to rounding
 * for a valid PLD.
 *
 * @example pldTotalMass(pld) // ≈ 1
 */
export function pldTotalMass(pld: DiscretePld): number {
  requireDiscretePld('pld', pld);
  // Kahan–Neumaier summation, so the check itself does not add n·ulp of error.
  let s = pld.infinityMass;
  let c = 0;
  for (let i = 0; i < pld.probs.length; i++) {
    const v = pld.probs[i] as number;
    const t = s + v;
    c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
  }
  return s + c;
}
