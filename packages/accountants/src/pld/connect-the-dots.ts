/**
 * Pessimistic "connect the dots" discretisation of one Poisson-subsampled Gaussian step
 * (Doroshenko, Ghazi, Kamath, Kumar, Manurangsi 2022, "Connect the Dots: Tighter Discrete
 * Approximations of Privacy Loss Distributions", Algorithm 1; derivation: docs/math/accounting.md §4).
 *
 * The connect-the-dots PLD is the discrete PLD on {k·h} whose δ(ε) equals the true one at every
 * grid point and is linear in e^ε between them; it dominates the true PLD (δ̃ ≥ δ everywhere).
 * Instead of second differences of δ(kh) (whose rounding the anchor amplifies by 1/h, giving
 * total mass 1 + 3.7e-6 for substitution at h = 1e-5), we build the same PLD from cell masses:
 * the true loss mass on each cell [lᵢ, lᵢ₊₁] is split between the two ends so that mass and
 * E[e^{−L}] are preserved, i.e. with Pᵢ, Qᵢ the P- and Q-masses of the cell,
 *   to lᵢ:   Aᵢ = (Qᵢ e^{lᵢ} − e^{−h} Pᵢ)/(1 − e^{−h}),   to lᵢ₊₁: Pᵢ − Aᵢ.
 * (δ̃(lⱼ) = Σ (mass)(1 − e^{lⱼ−l}) is then exact at grid points, which characterises the
 * connect-the-dots PLD.) The rounding error is relative to the cell mass, so Σp + m∞ = 1 to
 * ~1e-13. Tails: x is truncated at σΦ⁻¹(½e^{−50}) (shifted by the sensitivity); P-mass beyond
 * the high-loss end goes to +∞ and beyond the low-loss end to the lowest grid point (both
 * pessimistic).
 */
import { DpboundsRangeError, normalCdf, normalQuantile, normalSf, requireFunction, requireInRange, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { DiscretePld } from './discrete-pld.js';
import { psgPair, type PsgDirection } from './psg-privacy-loss.js';

/** Options of {@link connectTheDotsPld}. */
export interface ConnectTheDotsOptions {
  /** Grid step h > 0. */
  readonly h: number;
  /** log of the P-mass cut off in each x tail (default −50, as dp_accounting). */
  readonly logMassTruncation?: number;
  /**
   * `pessimistic` (default): connect-the-dots, dominates the true PLD. `optimistic`: every
   * cell's mass at its lower loss end (the loss rounded down), the high-loss tail at the grid
   * point below the largest loss, the low-loss tail dropped: a coupling L' ≤ L of the true loss
   * (see {@link optimisticPld} for the remainder it reports).
   */
  readonly mode?: 'pessimistic' | 'optimistic';
}

/**
 * Φ((x − μₖ)/σ) into `c[k]` and Φ̄((x − μₖ)/σ) into `s[k]` for every component mean μₖ, each
 * computed on its accurate side (the other as its complement).
 */
function tailsAt(x: number, means: readonly number[], sigma: number, c: Float64Array, s: Float64Array): void {
  for (let k = 0; k < means.length; k++) {
    const z = (x - (means[k] as number)) / sigma;
    if (z <= 0) {
      const v = normalCdf(z);
      c[k] = v;
      s[k] = 1 - v;
    } else {
      const v = normalSf(z);
      c[k] = 1 - v;
      s[k] = v;
    }
  }
}

/**
 * The pessimistic connect-the-dots PLD of one step (q ∈ (0, 1], σ > 0) in `direction`.
 *
 * Domain: h > 0 with at most ~2e7 grid points. Accuracy: exact δ at grid points up to ~1e-12
 * relative per cell; total mass 1 within 1e-12.
 *
 * @example connectTheDotsPld('remove', 0.01, 1, { h: 1e-4 })
 */
export function connectTheDotsPld(direction: PsgDirection, q: number, sigma: number, options: ConnectTheDotsOptions): DiscretePld {
  requireOptions('options', options, ['h', 'logMassTruncation', 'mode']);
  return discretise(psgLossPair(direction, q, sigma), options).pld;
}

/**
 * A pair (P, Q) of equal-variance normal mixtures on the line, P = Σ wᴾₖ N(mₖ, σ²) and
 * Q = Σ wQₖ N(mₖ, σ²), whose privacy loss L(x) = log p(x)/q(x) is non-increasing in x: what the
 * connect-the-dots discretisation needs (the Poisson-subsampled Gaussian of `psgPair`, the
 * mixture of Gaussians of `mixtureGaussianPrivacyLoss`).
 */
export interface PrivacyLossPair {
  /** Common standard deviation σ > 0 of every component. */
  readonly sigma: number;
  /** Component means (shared by P and Q). */
  readonly means: readonly number[];
  /** Weights of P on `means` (sum 1). */
  readonly weightsP: readonly number[];
  /** Weights of Q on `means` (sum 1). */
  readonly weightsQ: readonly number[];
  /** L(x) = log p(x)/q(x), non-increasing. */
  loss(x: number): number;
  /** The x with L(x) = l; +∞ / −∞ beyond the range of L. */
  inverseLoss(l: number): number;
  /** The x interval outside which each component keeps at most ½e^{logMassTruncation} of its mass on each side. */
  xRange(logMassTruncation: number): { readonly xLo: number; readonly xHi: number };
}

/**
 * The Poisson-subsampled Gaussian pair of `psgPair` as a {@link PrivacyLossPair}, with the x
 * truncation this module has always used (shifted by the sensitivity on the side of the shift).
 *
 * @example connectTheDotsPldOfPair(psgLossPair('remove', 0.01, 1), { h: 1e-4 })
 */
export function psgLossPair(direction: PsgDirection, q: number, sigma: number): PrivacyLossPair {
  const pair = psgPair(direction, { samplingRate: q, noiseMultiplier: sigma });
  return {
    sigma, means: pair.means, weightsP: pair.weightsP, weightsQ: pair.weightsQ,
    loss: pair.loss, inverseLoss: pair.inverseLoss,
    xRange: (logMassTruncation) => {
      const z = normalQuantile(0.5 * Math.exp(logMassTruncation));
      let xLo = sigma * z;
      let xHi = -sigma * z;
      if (direction === 'remove' || direction === 'replace') xLo -= 1;
      if (direction === 'add') xHi += 1;
      return { xLo, xHi };
    },
  };
}

/**
 * The pessimistic connect-the-dots PLD of any {@link PrivacyLossPair} (same construction and
 * accuracy as {@link connectTheDotsPld}).
 *
 * @example connectTheDotsPldOfPair(mixtureGaussianPrivacyLoss('remove', 1, [0, 1], [0.99, 0.01]), { h: 1e-4 })
 */
export function connectTheDotsPldOfPair(pair: PrivacyLossPair, options: ConnectTheDotsOptions): DiscretePld {
  requireOptions('options', options, ['h', 'logMassTruncation', 'mode']);
  return discretise(pair, options).pld;
}

/**
 * The grid size and loss range of {@link connectTheDotsPldOfPair} without allocating it.
 *
 * @example connectTheDotsGridOfPair(psgLossPair('remove', 0.01, 1), 1e-4).n
 */
export function connectTheDotsGridOfPair(pair: PrivacyLossPair, h: number, logMassTruncation = -50): { readonly n: number; readonly lossMin: number; readonly lossMax: number } {
  const p = requireObject('pair', pair);
  for (const method of ['loss', 'xRange'] as const) requireFunction(`pair.${method}`, p[method]);
  requireInRange('h', h, { min: 0, minExclusive: true, max: 10 });
  requireInRange('logMassTruncation', logMassTruncation, { min: -700, max: -1 });
  const g = gridExtent(pair, h, logMassTruncation);
  return { n: g.n, lossMin: g.epsMin, lossMax: g.epsMax };
}

/**
 * The optimistic (rounded-down) PLD of one step with the mean of its rounding remainder: the
 * true loss is L = L' + ρ with L' the rounded-down loss and ρ ∈ [0, h] (ρ = 0 in the truncated
 * tails), and E[ρ] ≥ `meanRemainder` = Σ_cells P_i·(log(P_i/Q_i) − l_i) by Jensen's inequality
 * (E[L | cell] ≥ log(P_i/Q_i)). With Hoeffding's inequality over T steps this turns the
 * rounded-down composition into a lower bound with error O(h√T) instead of O(hT).
 *
 * @example optimisticPld('remove', 0.01, 1, { h: 1e-4 }).meanRemainder // ≈ h/2
 */
export function optimisticPld(direction: PsgDirection, q: number, sigma: number, options: ConnectTheDotsOptions): { readonly pld: DiscretePld; readonly meanRemainder: number } {
  requireOptions('options', options, ['h', 'logMassTruncation', 'mode']);
  return discretise(psgLossPair(direction, q, sigma), { ...options, mode: 'optimistic' });
}

/**
 * Both discretisations of one step from one pass over its cells: the pessimistic
 * connect-the-dots PLD ({@link connectTheDotsPld}) and the optimistic rounded-down PLD with its
 * mean remainder ({@link optimisticPld}), identical to calling the two, at the cost of one (the
 * cell masses, i.e. the inverse loss and the normal tails at every grid point, are shared).
 *
 * @example connectTheDotsPldWithOptimistic('remove', 0.01, 1, { h: 1e-4 }).optimistic.meanRemainder // ≈ h/2
 */
export function connectTheDotsPldWithOptimistic(
  direction: PsgDirection, q: number, sigma: number, options: ConnectTheDotsOptions,
): { readonly pessimistic: DiscretePld; readonly optimistic: { readonly pld: DiscretePld; readonly meanRemainder: number } } {
  requireObject('options', options);
  const both = discretiseCells(psgLossPair(direction, q, sigma), options, true, true);
  return { pessimistic: both.pessimistic as DiscretePld, optimistic: both.optimistic as { pld: DiscretePld; meanRemainder: number } };
}

/**
 * The x truncation points, the loss range and the grid of one step's connect-the-dots PLD,
 * computed without allocating it (for work budgets): n = number of grid points.
 *
 * @example connectTheDotsGrid('remove', 0.01, 1, 1e-4).n // ≈ 1e4 points
 */
export function connectTheDotsGrid(direction: PsgDirection, q: number, sigma: number, h: number, logMassTruncation = -50): { readonly n: number; readonly lossMin: number; readonly lossMax: number } {
  const g = gridExtent(psgLossPair(direction, q, sigma), h, logMassTruncation);
  return { n: g.n, lossMin: g.epsMin, lossMax: g.epsMax };
}

function gridExtent(pair: PrivacyLossPair, h: number, logMassTruncation: number): { xLo: number; xHi: number; epsMin: number; epsMax: number; iLo: number; n: number } {
  const { xLo, xHi } = pair.xRange(logMassTruncation);
  const epsMax = pair.loss(xLo);
  // a loss flat to rounding (σ ≳ 1e15) can come out with epsMin a few ulps above epsMax
  const epsMin = Math.min(pair.loss(xHi), epsMax);
  const iLo = Math.floor(epsMin / h);
  const iHi = Math.ceil(epsMax / h);
  return { xLo, xHi, epsMin, epsMax, iLo, n: iHi - iLo + 1 };
}

function discretise(pair: PrivacyLossPair, options: ConnectTheDotsOptions): { pld: DiscretePld; meanRemainder: number } {
  const optimistic = options.mode === 'optimistic';
  const out = discretiseCells(pair, options, !optimistic, optimistic);
  return optimistic ? (out.optimistic as { pld: DiscretePld; meanRemainder: number }) : { pld: out.pessimistic as DiscretePld, meanRemainder: 0 };
}

/**
 * One pass over the cells [lⱼ, lⱼ₊₁] of the grid: the P- and Q-masses of each cell, then the
 * pessimistic split (connect-the-dots) and/or the optimistic rounding down, as requested.
 * Nothing is allocated per grid point (the normal tails at the two ends of a cell live in four
 * small arrays that swap roles), which matters in a cold process, where the per-point objects of
 * the interpreter's code filled the young generation every few hundred points.
 */
function discretiseCells(
  pair: PrivacyLossPair, options: ConnectTheDotsOptions, wantPessimistic: boolean, wantOptimistic: boolean,
): { pessimistic?: DiscretePld; optimistic?: { pld: DiscretePld; meanRemainder: number } } {
  const h = requireInRange('h', options.h, { min: 0, minExclusive: true, max: 10 });
  requireInRange('logMassTruncation', options.logMassTruncation ?? -50, { min: -700, max: -1 });
  const sigma = pair.sigma;
  const { xLo, xHi, epsMin, epsMax, iLo, n } = gridExtent(pair, h, options.logMassTruncation ?? -50);
  if (!(n <= 2e7)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'valueDiscretizationInterval', expected: `large enough for at most 2e7 grid points per step (loss range ${epsMin}..${epsMax})`, found: h });
  }

  const means = pair.means;
  const weightsP = pair.weightsP;
  const weightsQ = pair.weightsQ;
  const m = means.length;
  // boundary x of every grid point (non-increasing in the index), and normal tails there.
  const bx = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const x = pair.inverseLoss((iLo + j) * h);
    bx[j] = x > xHi ? xHi : x < xLo ? xLo : x;
  }
  const probs = wantPessimistic ? new Float64Array(n) : undefined;
  const low = wantOptimistic ? new Float64Array(n) : undefined;
  let remainder = 0;
  const expNegH = Math.exp(-h);
  const oneMinusExpNegH = -Math.expm1(-h);
  // Φ, Φ̄ at the cell's upper x end (prev) and lower x end (next), per component
  let prevC = new Float64Array(m);
  let prevS = new Float64Array(m);
  let nextC = new Float64Array(m);
  let nextS = new Float64Array(m);
  tailsAt(bx[0] as number, means, sigma, prevC, prevS);
  for (let j = 0; j < n - 1; j++) {
    const xa = bx[j + 1] as number; // lower x end (higher loss)
    const xb = bx[j] as number;
    tailsAt(xa, means, sigma, nextC, nextS);
    if (xb > xa) {
      let pMass = 0;
      let qMass = 0;
      for (let k = 0; k < m; k++) {
        const mu = means[k] as number;
        const zlo = (xa - mu) / sigma;
        const zhi = (xb - mu) / sigma;
        // mass of N(μ, σ²) on [xa, xb] from the tails on the side of the interval
        const mass = !(zhi > zlo) ? 0 : zhi <= 0 ? (prevC[k] as number) - (nextC[k] as number) : zlo >= 0 ? (nextS[k] as number) - (prevS[k] as number) : 1 - (nextC[k] as number) - (prevS[k] as number);
        pMass += (weightsP[k] as number) * mass;
        qMass += (weightsQ[k] as number) * mass;
      }
      if (pMass > 0) {
        if (low !== undefined) {
          low[j] = (low[j] as number) + pMass;
          if (qMass > 0) {
            const excess = Math.log(pMass / qMass) - (iLo + j) * h;
            remainder += pMass * (excess > h ? h : excess > 0 ? excess : 0);
          }
        }
        if (probs !== undefined) {
          const lj = (iLo + j) * h;
          let a = (qMass * Math.exp(lj) - expNegH * pMass) / oneMinusExpNegH;
          if (!(a >= 0)) a = 0;
          if (a > pMass) a = pMass;
          probs[j] = (probs[j] as number) + a;
          probs[j + 1] = (probs[j + 1] as number) + (pMass - a);
        }
      }
    }
    const c = prevC;
    const s = prevS;
    prevC = nextC;
    prevS = nextS;
    nextC = c;
    nextS = s;
  }
  // tails of P beyond the truncation points
  let below = 0; // P(x < xLo): loss above epsMax -> +infinity
  let above = 0; // P(x > xHi): loss below epsMin -> lowest grid point
  for (let k = 0; k < m; k++) {
    const w = weightsP[k] as number;
    if (w === 0) continue;
    const mu = means[k] as number;
    below += w * normalCdf((xLo - mu) / sigma);
    above += w * normalSf((xHi - mu) / sigma);
  }
  let optimisticPart: { pld: DiscretePld; meanRemainder: number } | undefined;
  if (low !== undefined) {
    const top = Math.max(0, n - 2);
    low[top] = (low[top] as number) + below;
    optimisticPart = { pld: trimZeros({ h, offset: iLo, probs: low, infinityMass: 0 }), meanRemainder: remainder };
  }
  let pessimisticPart: DiscretePld | undefined;
  if (probs !== undefined) {
    probs[0] = (probs[0] as number) + above;
    pessimisticPart = trimZeros({ h, offset: iLo, probs, infinityMass: below });
  }
  return { ...(pessimisticPart === undefined ? {} : { pessimistic: pessimisticPart }), ...(optimisticPart === undefined ? {} : { optimistic: optimisticPart }) };
}

/** Drops exact-zero masses at both ends (the grid part where no loss exists). */
export function trimZeros(pld: DiscretePld): DiscretePld {
  const { probs } = pld;
  let a = 0;
  let b = probs.length - 1;
  while (a < b && !((probs[a] as number) > 0)) a++;
  while (b > a && !((probs[b] as number) > 0)) b--;
  if (a === 0 && b === probs.length - 1) return pld;
  return { h: pld.h, offset: pld.offset + a, probs: probs.slice(a, b + 1), infinityMass: pld.infinityMass };
}
