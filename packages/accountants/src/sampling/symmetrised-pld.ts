/**
 * The symmetrised PLD of a remove/add pair of PLDs: the symmetric privacy loss distribution whose
 * privacy profile is max(δ_remove(ε), δ_add(ε)) for ε ≥ 0, i.e. the PLD of the trade-off function
 * min{f, f⁻¹}** (Dong, Roth, Su 2022, subsampling without replacement: C_p(f)), needed when one
 * ordered pair of neighbours can meet both directions at different steps
 * (docs/math/batch-samplers.md, eq. (2s)).
 *
 * Construction, for connect-the-dots inputs on one grid: where δ_add ≤ δ_remove at every grid
 * point ε = kh ≥ 0 (checked; both are chords in e^ε between grid points, so the inequality then
 * holds everywhere on ε ≥ 0), the symmetric PLD keeps the remove masses pₖ at losses kh > 0, puts
 * e^{−kh}pₖ at −kh, and the rest of the mass at 0. Its δ(ε) equals δ_remove(ε) for ε ≥ 0 and, by
 * symmetry, 1 − e^ε + e^ε δ(−ε) for ε < 0, so it dominates the symmetrised profile everywhere.
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';
import type { DiscretePld } from '../pld/discrete-pld.js';
import { requireDiscretePld } from '../pld/require-discrete-pld.js';

/** δ(kh) for k = 0..K of a PLD (losses (offset + i)h), by the stable backward recursion
 * A_k = e^{−h}A_{k+1} + (1 − e^{−h})·P(L > kh), plus the mass at +∞. */
function profileAtNonNegativeGrid(pld: DiscretePld, top: number): Float64Array {
  const out = new Float64Array(top + 1);
  const decay = Math.exp(-pld.h);
  const oneMinus = -Math.expm1(-pld.h);
  let a = 0; // Σ_{j>k} p_j (1 − e^{(k−j)h})
  let tail = 0; // Σ_{j>k} p_j
  for (let k = top; k >= 0; k--) {
    // out[k] uses the masses strictly above index k
    out[k] = Math.min(1, a + pld.infinityMass);
    const i = k - pld.offset; // mass at index k joins the tail for k − 1
    const p = i >= 0 && i < pld.probs.length ? (pld.probs[i] as number) : 0;
    tail += p;
    a = decay * a + oneMinus * tail;
  }
  return out;
}

/**
 * The symmetrised PLD of (`remove`, `add`) (same grid step, no loss shift). Throws a typed error
 * when δ_add exceeds δ_remove at some grid point ε ≥ 0 beyond rounding (not met by the
 * subsampled-Gaussian pairs this module is used for; tested), since then the remove masses alone
 * would not dominate.
 *
 * @example symmetrisedPld(connectTheDotsPld('remove', 0.01, 0.5, { h: 1e-3 }), connectTheDotsPld('add', 0.01, 0.5, { h: 1e-3 }))
 */
export function symmetrisedPld(remove: DiscretePld, add: DiscretePld): DiscretePld {
  requireDiscretePld('remove', remove);
  requireDiscretePld('add', add);
  if (remove.h !== add.h || (remove.lossShift ?? 0) !== 0 || (add.lossShift ?? 0) !== 0) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'add.h', expected: `the grid step of remove (${remove.h}) and no loss shift`, found: add.h });
  }
  const h = remove.h;
  const top = Math.max(0, remove.offset + remove.probs.length - 1, add.offset + add.probs.length - 1);
  const dr = profileAtNonNegativeGrid(remove, top);
  const da = profileAtNonNegativeGrid(add, top);
  for (let k = 0; k <= top; k++) {
    const r = dr[k] as number;
    const a = da[k] as number;
    if (a > r * (1 + 1e-9) + 1e-15) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'add', expected: `a PLD whose δ stays at or below the remove direction's for ε ≥ 0 (at ε = ${k * h}: add ${a}, remove ${r})`, found: a });
    }
  }
  const kMax = Math.max(0, remove.offset + remove.probs.length - 1);
  const probs = new Float64Array(2 * kMax + 1);
  let used = remove.infinityMass;
  for (let k = 1; k <= kMax; k++) {
    const i = k - remove.offset;
    const p = i >= 0 && i < remove.probs.length ? (remove.probs[i] as number) : 0;
    if (!(p > 0)) continue;
    const mirrored = p * Math.exp(-k * h);
    probs[kMax + k] = p;
    probs[kMax - k] = mirrored;
    used += p + mirrored;
  }
  const atZero = 1 - used;
  if (atZero < -1e-12) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'remove', expected: 'a PLD with P(L > 0) + Q(L > 0) ≤ 1 (else its positive part is no symmetric PLD)', found: used });
  }
  probs[kMax] = Math.max(0, atZero);
  return { h, offset: -kMax, probs, infinityMass: remove.infinityMass };
}
