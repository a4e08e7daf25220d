/**
 * δ(ε) of a discrete PLD at many ε in one sweep of the grid (docs/math/accounting.md §7, "many
 * ε at once"), for privacy profiles and trade-off curves that need a hundred values of δ.
 */
import { requireArray, requireInRange } from '@dpbounds/special-functions';
import type { DiscretePld } from './discrete-pld.js';
import { requireDiscretePld } from './require-discrete-pld.js';

/** Losses more than this many nats above ε go into the cancellation-free tail sum. */
const WINDOW = 1;

/**
 * δ(ε) = m∞ + Σ_{lᵢ > ε} pᵢ(1 − e^{ε − lᵢ}) of a discrete PLD at each ε of `epsilons` (any order),
 * the values `pldDeltaAt` gives, to about 1e-12 relative (rounding only).
 *
 * Losses within one nat above ε are summed term by term, as `pldDeltaAt` does. Those higher up
 * are summed as U − e^{ε − l_b}·S_b with the suffix sums U = Σ_{i≥b} pᵢ and
 * S_b = Σ_{i≥b} pᵢ e^{−(lᵢ − l_b)} (the recursion S_i = pᵢ + e^{−h}·S_{i+1}, every factor at most 1,
 * so nothing overflows). There e^{ε − l_b} ≤ e^{−1}, so the difference is at least (1 − e^{−1})·U
 * and loses no relative accuracy. One walk down the grid serves every ε: the cost is
 * O(n + k/h) for k values of ε instead of `pldDeltaAt`'s O(k·n).
 *
 * Domain: each ε any number or ±∞ (NaN refused, naming `epsilons[i]`). Results are in [0, 1].
 *
 * @example pldDeltasAt(pld, [0, 0.5, 1]) // Float64Array of δ(0), δ(0.5), δ(1)
 */
export function pldDeltasAt(pld: DiscretePld, epsilons: readonly number[]): Float64Array {
  requireDiscretePld('pld', pld);
  requireArray('epsilons', epsilons);
  epsilons.forEach((e, k) => requireInRange(`epsilons[${k}]`, e, { min: -Infinity, max: Infinity }));
  const { probs, h, offset } = pld;
  const shift = pld.lossShift ?? 0;
  const lossAt = (i: number): number => (offset + i) * h + shift;
  const decay = Math.exp(-h);
  const out = new Float64Array(epsilons.length);
  // largest ε first: the tail's lower end b only moves down
  const order = epsilons.map((_, k) => k).sort((a, b) => {
    const ea = epsilons[a] as number;
    const eb = epsilons[b] as number;
    return ea > eb ? -1 : ea < eb ? 1 : 0;
  });
  let b = probs.length;
  let u = 0;
  let s = 0;
  for (const k of order) {
    const epsilon = epsilons[k] as number;
    if (epsilon === Infinity) {
      out[k] = Math.min(1, pld.infinityMass);
      continue;
    }
    while (b > 0 && lossAt(b - 1) > epsilon + WINDOW) {
      b--;
      const p = probs[b] as number;
      u += p;
      s = p + decay * s;
    }
    let sum = b < probs.length && u > 0 ? u - Math.exp(epsilon - lossAt(b)) * s : 0;
    for (let i = b - 1; i >= 0; i--) {
      const loss = lossAt(i);
      if (loss <= epsilon) break;
      const p = probs[i] as number;
      if (p > 0) sum += p * -Math.expm1(epsilon - loss);
    }
    out[k] = Math.min(1, pld.infinityMass + sum);
  }
  return out;
}
