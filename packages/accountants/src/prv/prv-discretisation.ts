/**
 * Discretisation of the PRV of one Poisson-subsampled Gaussian step (Gopi, Lee, Wutschitz 2021,
 * §5; docs/math/accounting.md §8): cell-centred masses of the PRV truncated to the grid's
 * domain and the mean-correcting shift, with the truncated mass and the quadrature error of the
 * mean reported so that callers can keep their error bounds rigorous.
 */
import { DpboundsRangeError, normalCdf, normalSf } from '@dpbounds/special-functions';
import { normalIntervalMass, psgPair, type PsgDirection } from '../pld/psg-privacy-loss.js';

/** A discretised one-step PRV on the grid t_i = tMin + i·h. */
export interface DiscretisedPrv {
  /** Masses of the truncated PRV (sum 1), cell i centred on tMin + i·h. */
  readonly probs: Float64Array;
  /** Mean-correcting shift m_c − m_d (|shift| < h/2); add it to every grid point. */
  readonly shift: number;
  /** P-mass of the PRV outside [tMin, tMax] (removed by the truncation; ≥ 0). */
  readonly outside: number;
  /** Bound on the error of the shift (quadrature error of the truncated mean, conservative). */
  readonly shiftError: number;
}

/**
 * Mean of the PRV truncated to [tMin, tMax]: ∫ L(x) p(x) dx over x ∈ [x(tMax), x(tMin)],
 * divided by the P-mass there, by composite Simpson on a fine x grid (the integrand is smooth in
 * x); the error estimate is the difference to Simpson on every other point (a conservative
 * Richardson estimate: it over-states the error of the fine rule by about 15×). Integrating by
 * parts in the loss variable instead (as the microsoft implementation does) is inaccurate near
 * the edge log(1 − q) of the loss range, where the PRV density is nearly singular.
 */
function truncatedMeanLoss(direction: PsgDirection, q: number, sigma: number, tMin: number, tMax: number): { mean: number; error: number } {
  const pair = psgPair(direction, { samplingRate: q, noiseMultiplier: sigma });
  const reach = 40 * sigma + 1.5;
  const a = Math.max(pair.inverseLoss(tMax), -reach);
  const b = Math.min(pair.inverseLoss(tMin), reach);
  if (!(b > a)) return { mean: 0, error: 0 };
  // σ/200 per panel, at most 2^20 panels (tiny σ): a coarser rule only enlarges the reported error
  const n = 4 * Math.ceil(Math.min(2 ** 18, (b - a) / (sigma / 200) / 4)) + 4;
  const dx = (b - a) / n;
  const density = (x: number): number => {
    let d = 0;
    for (let k = 0; k < pair.means.length; k++) {
      const w = pair.weightsP[k] as number;
      if (w > 0) {
        const z = (x - (pair.means[k] as number)) / sigma;
        d += (w * Math.exp(-0.5 * z * z)) / (sigma * Math.sqrt(2 * Math.PI));
      }
    }
    return d;
  };
  let fine = 0;
  let coarse = 0;
  for (let i = 0; i <= n; i++) {
    const x = a + i * dx;
    const f = density(x);
    if (!(f > 0)) continue;
    const v = f * pair.loss(x);
    fine += (i === 0 || i === n ? 1 : i % 2 === 1 ? 4 : 2) * v;
    if (i % 2 === 0) coarse += (i === 0 || i === n ? 1 : i % 4 === 2 ? 4 : 2) * v;
  }
  fine *= dx / 3;
  coarse *= (2 * dx) / 3;
  let z = 0;
  for (let k = 0; k < pair.means.length; k++) {
    const w = pair.weightsP[k] as number;
    if (w > 0) z += w * normalIntervalMass(a, b, pair.means[k] as number, sigma);
  }
  return { mean: fine / z, error: Math.abs(fine - coarse) / z + 1e-15 * Math.max(Math.abs(tMin), Math.abs(tMax)) };
}

/**
 * Discretises one step's PRV in `direction` on the grid t_i = tMin + i·h, i < size (cell-centred
 * masses of the PRV truncated to [tMin, tMax], docs/accounting.md) and returns the masses with
 * the mean-correcting shift m_c − m_d, the truncated mass and the shift's error bound.
 *
 * Domain: 0 < q ≤ 1, σ > 0, h > 0, size ≥ 2. Throws `ERR_NOT_CONVERGED` when the domain holds no
 * mass or the shift is not below h/2.
 *
 * @example discretisePrv('remove', 0.01, 1, -1, 1e-3, 2001).shift // |·| < 5e-4
 */
export function discretisePrv(direction: PsgDirection, q: number, sigma: number, tMin: number, h: number, size: number): DiscretisedPrv {
  const pair = psgPair(direction, { samplingRate: q, noiseMultiplier: sigma });
  const tMax = tMin + (size - 1) * h;
  const xOf = (t: number): number => pair.inverseLoss(Math.min(Math.max(t, tMin), tMax));
  const probs = new Float64Array(size);
  let total = 0;
  // each cell's mass per component is Φ(z_b) − Φ(z_a), computed from the tail on the side of the
  // mean (no cancellation; as normalIntervalMass); one tail evaluation per cell edge, reused by
  // the next cell
  const comps = pair.means.map((m, k) => ({ m, w: pair.weightsP[k] as number })).filter((c) => c.w > 0);
  const tailAt = (z: number): number => (z <= 0 ? normalCdf(z) : normalSf(z));
  let xPrev = xOf(tMin - h / 2);
  const zPrev = comps.map((c) => (xPrev - c.m) / sigma);
  const tPrev = zPrev.map(tailAt);
  for (let i = 0; i < size; i++) {
    const xHi = xOf(tMin + i * h + h / 2);
    let p = 0;
    for (let k = 0; k < comps.length; k++) {
      const c = comps[k] as { m: number; w: number };
      const za = (xHi - c.m) / sigma;
      const ta = tailAt(za);
      const zb = zPrev[k] as number;
      const tb = tPrev[k] as number;
      if (zb > za) p += c.w * (zb <= 0 ? tb - ta : za >= 0 ? ta - tb : 1 - ta - tb);
      zPrev[k] = za;
      tPrev[k] = ta;
    }
    if (xPrev > xHi) {
      probs[i] = p;
      total += p;
    }
    xPrev = xHi;
  }
  if (!(total > 0)) throw new DpboundsRangeError({ code: 'ERR_NOT_CONVERGED', parameter: 'domain', expected: 'a PRV domain holding the privacy loss', found: tMax });
  // mass outside: P(x > x(tMin)) + P(x < x(tMax)), computed directly (not as 1 − total)
  let outside = 0;
  const xLo = xOf(tMax);
  const xHi = xOf(tMin);
  for (let k = 0; k < pair.means.length; k++) {
    const w = pair.weightsP[k] as number;
    if (w > 0) {
      const m = pair.means[k] as number;
      outside += w * (normalIntervalMass(-Infinity, xLo, m, sigma) + normalIntervalMass(xHi, Infinity, m, sigma));
    }
  }
  let meanDiscrete = 0;
  for (let i = 0; i < size; i++) {
    const p = (probs[i] as number) / total;
    probs[i] = p;
    if (p > 0) meanDiscrete += p * (tMin + i * h);
  }
  const mc = truncatedMeanLoss(direction, q, sigma, tMin, tMax);
  const shift = mc.mean - meanDiscrete;
  if (!(Math.abs(shift) < h / 2)) {
    throw new DpboundsRangeError({ code: 'ERR_NOT_CONVERGED', parameter: 'meanShift', expected: `below h/2 = ${h / 2}`, found: shift });
  }
  return { probs, shift, outside: Math.max(0, outside), shiftError: mc.error };
}
