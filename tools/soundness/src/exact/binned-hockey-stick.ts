/**
 * Exact-up-to-binning hockey-stick divergences of small mixture-of-Gaussian pairs, the reference
 * the batch-sampler accountants are checked against (docs/soundness.md, "Batch samplers").
 *
 * A pair (P, Q) of output laws is binned into cells whose masses are computed from normal CDFs
 * (no quadrature error beyond rounding). Binning is post-processing, so by the data-processing
 * inequality the binned pair's δ(ε) = Σ (Pᵢ − e^ε Qᵢ)₊ is never above the exact one, and it
 * converges to it as the cells shrink. Independent steps compose as a product; for the product of
 * binned pairs (P¹, Q¹) ⊗ … ⊗ (Pᵀ, Qᵀ) we use the exact recursion
 *
 *     H_{1..T}(ε) = Σᵢ P¹ᵢ · H_{2..T}(ε − ℓ¹ᵢ),   ℓᵢ = log(Pᵢ/Qᵢ),
 *
 * (E_P[(1 − e^{ε−L₁−L′})₊] conditioned on the first step) with the last factor read off sorted
 * prefix sums. Hence: δ_binned(ε) ≤ δ_exact(ε) rigorously (up to float rounding), which makes
 * `δ_binned(ε_accountant) ≤ δ` a necessary condition for a sound accountant, and
 * `δ_binned(ε_lower) ≥ δ` a proof that a reported lower bound is below the true ε.
 */
import { normalCdf, normalSf } from '@dpbounds/special-functions';

/** A binned pair: cell masses of P and Q (same cells). */
export interface BinnedPair {
  readonly p: Float64Array;
  readonly q: Float64Array;
}

/** One component of a 1-D Gaussian mixture: weight and mean (common standard deviation). */
export interface MixtureComponent {
  readonly weight: number;
  readonly mean: number;
}

/** Φ(b) − Φ(a) for a < b, from the side where it does not cancel. */
export function normalMass(a: number, b: number): number {
  if (a >= 0) return Math.max(0, normalSf(a) - normalSf(b));
  if (b <= 0) return Math.max(0, normalCdf(b) - normalCdf(a));
  return Math.max(0, 1 - normalCdf(a) - normalSf(b));
}

/** Cell boundaries: n equal cells covering every component's mean ± `span`·σ, plus the two tails. */
export function cellEdges(means: readonly number[], sigma: number, n: number, span = 11): Float64Array {
  const lo = Math.min(...means) - span * sigma;
  const hi = Math.max(...means) + span * sigma;
  const edges = new Float64Array(n + 3);
  edges[0] = -Infinity;
  for (let i = 0; i <= n; i++) edges[i + 1] = lo + ((hi - lo) * i) / n;
  edges[n + 2] = Infinity;
  return edges;
}

/** Cell masses of Σ wᵢ N(mᵢ, σ²) on the cells between consecutive `edges`. */
export function mixtureCellMasses(mixture: readonly MixtureComponent[], sigma: number, edges: Float64Array): Float64Array {
  const out = new Float64Array(edges.length - 1);
  for (const { weight, mean } of mixture) {
    if (!(weight > 0)) continue;
    for (let i = 0; i + 1 < edges.length; i++) {
      out[i] = (out[i] as number) + weight * normalMass(((edges[i] as number) - mean) / sigma, ((edges[i + 1] as number) - mean) / sigma);
    }
  }
  return out;
}

/** The binned pair of two 1-D mixtures with common σ on `n` cells. */
export function binnedMixturePair(p: readonly MixtureComponent[], q: readonly MixtureComponent[], sigma: number, n: number): BinnedPair {
  const edges = cellEdges([...p, ...q].map((c) => c.mean), sigma, n);
  return { p: mixtureCellMasses(p, sigma, edges), q: mixtureCellMasses(q, sigma, edges) };
}

/** The pair with P and Q exchanged (the other ordered pair of the same neighbours). */
export function swapped(pair: BinnedPair): BinnedPair {
  return { p: pair.q, q: pair.p };
}

/** The last factor of the recursion: H(ε) = Σ_{ℓⱼ > ε} (Pⱼ − e^ε Qⱼ), from prefix sums over cells sorted by loss. */
class SortedProfile {
  private readonly losses: Float64Array; // descending
  private readonly sumP: Float64Array; // sumP[k] = Σ_{j<k} P
  private readonly sumQ: Float64Array;

  constructor(pair: BinnedPair) {
    const idx: number[] = [];
    for (let i = 0; i < pair.p.length; i++) if ((pair.p[i] as number) > 0) idx.push(i);
    const all = Float64Array.from(pair.p, (p, i) => Math.log(p / (pair.q[i] as number))); // +∞ where Q = 0
    idx.sort((a, b) => { const x = all[a] as number; const y = all[b] as number; return x > y ? -1 : x < y ? 1 : a - b; });
    this.losses = Float64Array.from(idx, (i) => all[i] as number);
    this.sumP = new Float64Array(idx.length + 1);
    this.sumQ = new Float64Array(idx.length + 1);
    idx.forEach((i, k) => {
      this.sumP[k + 1] = (this.sumP[k] as number) + (pair.p[i] as number);
      this.sumQ[k + 1] = (this.sumQ[k] as number) + (pair.q[i] as number);
    });
  }

  at(eps: number): number {
    if (eps === -Infinity) return this.sumP[this.losses.length] as number;
    let lo = 0;
    let hi = this.losses.length; // count of losses > eps
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.losses[mid] as number) > eps) lo = mid + 1;
      else hi = mid;
    }
    return Math.max(0, (this.sumP[lo] as number) - Math.exp(eps) * (this.sumQ[lo] as number));
  }
}

/**
 * δ(ε) of the product (P¹ ⊗ … ⊗ Pᵀ, Q¹ ⊗ … ⊗ Qᵀ) of binned pairs, by the recursion in the module
 * comment. Cost: Π_{t<T} (cells of step t) · log(cells of step T).
 */
export function productHockeyStick(pairs: readonly BinnedPair[], eps: number): number {
  if (pairs.length === 0) throw new RangeError('productHockeyStick: at least one pair');
  const last = new SortedProfile(pairs[pairs.length - 1] as BinnedPair);
  const rest = pairs.slice(0, -1);
  const go = (t: number, e: number): number => {
    if (t === rest.length) return last.at(e);
    const { p, q } = rest[t] as BinnedPair;
    let sum = 0;
    for (let i = 0; i < p.length; i++) {
      const pi = p[i] as number;
      if (!(pi > 0)) continue;
      const qi = q[i] as number;
      sum += pi * go(t + 1, qi > 0 ? e - Math.log(pi / qi) : -Infinity);
    }
    return sum;
  };
  return go(0, eps);
}
