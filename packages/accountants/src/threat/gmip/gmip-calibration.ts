/**
 * Noise calibration for a target μ-GMIP (Leemann, Pawelczyk & Kasneci, NeurIPS 2023, §6 and
 * Table 5), in closed form (the authors solve the same equations with fsolve; agreement 2e−13).
 */
import { DpboundsRangeError, DpboundsTypeError, requireInRange, requireObject, requireOptions } from '@dpbounds/special-functions';
import { uniformCltHInverse } from '../common/clt.js';
import { resolveGmipConfig } from './gmip-config.js';
import type { GmipConfig, ResolvedGmipConfig } from './gmip-config.js';
import { composeUnchecked } from './gmip-composition.js';
import { gmipEffectiveBatchSize, gmipStepMuUnchecked } from './gmip-step.js';

/** The three noise levels of a calibration (std of the noise on the mean gradient). */
export interface GmipNoiseCalibration {
  /** Target μ*. */
  readonly targetMu: number;
  /** Noise for μ*-GDP of the same run: τ_DP = 2C/(n·m*), m* = h⁻¹(μ*N/(n√T)). */
  readonly tauDP: number;
  /** Noise solving μ_GMIP(τ) = μ* exactly (0 when no noise is needed; +∞ when C = ∞ and noise is needed). */
  readonly tauMIPRaw: number;
  /**
   * The noise to use for μ*-GMIP: 0 if μ* ≥ μ_tot(τ = 0); else chosen by the `rule` (default
   * `consistent`: the noise at which `analyzeGmip` reports μ ≤ μ*; `paper-table-5`:
   * min(τ_MIP,raw, τ_DP), μ-GDP implying μ-GMIP, as the paper's Table 5 reports it).
   */
  readonly tauMIP: number;
  /**
   * The GMIP level at τ_MIP (≤ μ*): min(μ_GMIP(τ), μ_GDP(τ)) where the rule counts the DP side
   * (full batches, or `paper-table-5`), else μ_GMIP(τ): what `analyzeGmip` reports as `mu` at τ.
   */
  readonly achievedMu: number;
  /**
   * Kind of `achievedMu`: `guarantee` only for full batches (n = N) when the exact DP μ is the
   * smaller; otherwise `estimate` (the GMIP formula is a normal approximation and, for n < N,
   * μ_GDP is the subsampling CLT, as in the paper's Table 5). `analyzeGmip` at τ_MIP does not
   * tighten μ by that CLT value and can report a larger μ for n < N.
   */
  readonly achievedKind: 'guarantee' | 'estimate';
  /** The rule that chose `tauMIP` ({@link GmipCalibrationOptions}). */
  readonly rule: GmipCalibrationRule;
}

/**
 * How `tauMIP` is chosen:
 * - `consistent` (default): the noise at which `analyzeGmip` reports `mu` ≤ μ*. For n < N that is
 *   the GMIP formula's own solution τ_MIP,raw: the subsampling-CLT GDP μ is an estimate, and the
 *   Poisson PLD curve is not a guarantee for the fixed-size batches the GMIP model assumes, so
 *   neither may lower the noise; for full batches (n = N) min(τ_MIP,raw, τ_DP) with τ_DP exact.
 * - `paper-table-5`: min(τ_MIP,raw, τ_DP) with the CLT τ_DP also for n < N, as Leemann et al. (2023)
 *   report Table 5 (reproduces the paper; `achievedMu` is then an estimate that `analyzeGmip` can
 *   exceed).
 */
export type GmipCalibrationRule = 'consistent' | 'paper-table-5';

/** Options of {@link calibrateGmipNoise}. */
export interface GmipCalibrationOptions {
  readonly rule?: GmipCalibrationRule;
}

/** Required per-step level m* = h⁻¹(μ*·N/(n√T)); μ* ÷ √T for full batches (n = N, exact composition). */
function requiredStepMu(targetMu: number, c: ResolvedGmipConfig): number {
  if (c.n === c.N) return targetMu / Math.sqrt(c.T);
  return uniformCltHInverse((targetMu * c.N) / (c.n * Math.sqrt(c.T)));
}

/** τ_DP = 2C/(n·m*) for a resolved config. */
export function dpNoiseForTarget(targetMu: number, c: ResolvedGmipConfig): number {
  const m = requiredStepMu(targetMu, c);
  if (c.C === Infinity || m === 0) return Infinity;
  // 2·(C/n)/m rather than 2C/(n·m): no overflow for C near the top of the double range
  return m === Infinity ? 0 : (2 * (c.C / c.n)) / m;
}

/**
 * Raw MIP noise: solve μ_step(n_eff) = m* for n_eff (a quadratic, cancellation-free root
 * n_eff = 2A²/(4n²K m*² + √(16n⁴K²m*⁴ + 8d m*² A²)), A = d + (2n − 1)K), then
 * τ = (C/n)√(n_eff − n) when n_eff > n, else 0. A K so large that A or the discriminant overflows
 * float64 is refused (a range error naming `susceptibility`).
 */
export function mipNoiseRaw(targetMu: number, c: ResolvedGmipConfig): number {
  const m = requiredStepMu(targetMu, c);
  if (m === Infinity) return 0;
  const A = c.d + (2 * c.n - 1) * c.K;
  const m2 = m * m;
  const b = 4 * c.n * c.n * c.K * m2;
  const disc = Math.sqrt(16 * c.n ** 4 * c.K * c.K * m2 * m2 + 8 * c.d * m2 * A * A);
  if (!Number.isFinite(A) || !Number.isFinite(b) || !Number.isFinite(disc)) {
    throw new DpboundsRangeError({
      code: 'ERR_OUT_OF_RANGE',
      parameter: 'susceptibility',
      expected: `small enough that the noise equation of Corollary 5.1 is finite in float64 ((2n − 1)K and n⁴K² with n = ${c.n})`,
      found: c.K,
    });
  }
  const nEff = (2 * A * A) / (b + disc);
  if (!(nEff > c.n)) return 0;
  if (c.C === Infinity) return Infinity;
  return (c.C / c.n) * Math.sqrt(nEff - c.n);
}

function muTotalAt(tau: number, c: ResolvedGmipConfig): number {
  if (tau === Infinity) return 0;
  const nEff = gmipEffectiveBatchSize(c.n, tau, c.C);
  return composeUnchecked(gmipStepMuUnchecked(c.d, c.n, nEff, c.K), c.n, c.N, c.T);
}

/**
 * The GMIP level guaranteed at noise τ: min(μ_GMIP(τ), μ_GDP(τ)), since μ-GDP implies μ-GMIP
 * (Leemann et al. 2023, §4) and both closed forms are valid bounds.
 */
export function guaranteedGmipMu(tau: number, c: ResolvedGmipConfig): number {
  const dpStep = tau === 0 || c.C === Infinity ? Infinity : (2 * (c.C / tau)) / c.n;
  return Math.min(muTotalAt(tau, c), composeUnchecked(dpStep, c.n, c.N, c.T));
}

/**
 * Calibrates the noise std τ on the mean gradient for a target μ*-GMIP (Leemann et al. 2023, §6
 * and Table 5; docs/math/gmip.md). The `noiseStd` field of `config` is ignored. Multiply τ by
 * n/C for the DP-SGD noise multiplier. The `rule` option says how the DP side may help (default
 * `consistent`: only through the run's own DP curve, so `analyzeGmip` at the returned τ meets the
 * target). Where closed forms decide, rounding that leaves the level above μ* by a few ulps
 * raises τ by 1e−12 relative steps until it does not (never optimistic).
 *
 * Domain: μ* > 0; config as in {@link GmipConfig}.
 *
 * @example calibrateGmipNoise(0.4, { batchSize: 400, datasetSize: 48000, steps: 1200, params: 650, noiseStd: 0, clip: 500 }).tauMIP // 2.8376964381922942
 */
export function calibrateGmipNoise(targetMu: number, config: GmipConfig, options: GmipCalibrationOptions = {}): GmipNoiseCalibration {
  requireOptions('options', options, ['rule']);
  requireObject('config', config);
  const mu = requireInRange('targetMu', targetMu, { min: 0, minExclusive: true });
  const rule = options.rule ?? 'consistent';
  if (rule !== 'consistent' && rule !== 'paper-table-5') {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'rule', expected: '"consistent" or "paper-table-5"', found: rule });
  }
  const c = resolveGmipConfig(config);
  const tauDP = dpNoiseForTarget(mu, c);
  const tauMIPRaw = mipNoiseRaw(mu, c);
  const noiseFree = muTotalAt(0, c);
  const fullBatch = c.n === c.N;
  const closedForm = rule === 'paper-table-5' || fullBatch;
  const levelAt = (tau: number): number => (closedForm ? guaranteedGmipMu(tau, c) : muTotalAt(tau, c));
  let tauMIP = mu >= noiseFree ? 0 : closedForm ? Math.min(tauMIPRaw, tauDP) : tauMIPRaw;
  let achievedMu = levelAt(tauMIP);
  for (let i = 0; i < 30 && achievedMu > mu && tauMIP > 0 && tauMIP < Infinity; i++) {
    tauMIP *= 1 + 1e-13 * 2 ** i;
    achievedMu = levelAt(tauMIP);
  }
  const dpBinds = c.n === c.N && tauMIP > 0 && tauMIP < Infinity && c.C < Infinity && composeUnchecked((2 * (c.C / tauMIP)) / c.n, c.n, c.N, c.T) < muTotalAt(tauMIP, c);
  return { targetMu: mu, tauDP, tauMIPRaw, tauMIP, achievedMu, achievedKind: dpBinds ? 'guarantee' : 'estimate', rule };
}
