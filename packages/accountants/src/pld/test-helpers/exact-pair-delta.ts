/**
 * Exact references for tiny-δ tests, computed in log space independently of any
 * discretisation: δ(ε) of one Poisson-subsampled Gaussian pair and ε(δ) by bisection. Test
 * helper of the tilted PLD (pld/tilted-tail.test.ts) and of truncated Poisson
 * (sampling/truncated-poisson-pld.test.ts).
 */
import { logNormalCdf, logSubExp } from '@dpbounds/special-functions';
import { psgPair, type PsgDirection } from '../psg-privacy-loss.js';

/** log Σ_k w_k Φ((x − m_k)/σ) of a normal mixture. */
function logMixtureCdf(means: readonly number[], weights: readonly number[], sigma: number, x: number): number {
  const terms = means.map((m, k) => Math.log(weights[k] as number) + logNormalCdf((x - m) / sigma)).filter((t) => t > -Infinity);
  const max = Math.max(...terms);
  return max + Math.log(terms.reduce((s, t) => s + Math.exp(t - max), 0));
}

/**
 * log δ(ε) of one Poisson-subsampled Gaussian pair (`psgPair`): the loss is decreasing in x, so
 * {L > ε} = {x < x*} with L(x*) = ε (bisection), and δ = P(x < x*) − e^ε·Q(x < x*).
 *
 * @example exactPairLogDelta('remove', 0.1, 1, 2)
 */
export function exactPairLogDelta(direction: PsgDirection, q: number, sigma: number, eps: number): number {
  const pair = psgPair(direction, { samplingRate: q, noiseMultiplier: sigma });
  let lo = -1e4;
  let hi = 1e4;
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (lo + hi);
    if (pair.loss(mid) > eps) lo = mid;
    else hi = mid;
  }
  const x = 0.5 * (lo + hi);
  return logSubExp(logMixtureCdf(pair.means, pair.weightsP, sigma, x), eps + logMixtureCdf(pair.means, pair.weightsQ, sigma, x));
}

/**
 * Smallest ε ≥ 0 with log δ(ε) ≤ log δ, by bisection on a decreasing log δ(ε) over [0, 10⁴].
 *
 * @example epsilonOfLogDelta((e) => exactPairLogDelta('remove', 0.1, 1, e), 1e-30)
 */
export function epsilonOfLogDelta(logDelta: (eps: number) => number, delta: number): number {
  let lo = 0;
  let hi = 1e4;
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (lo + hi);
    if (logDelta(mid) > Math.log(delta)) lo = mid;
    else hi = mid;
  }
  return hi;
}
