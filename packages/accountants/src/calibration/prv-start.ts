/**
 * Where a PRV noise calibration starts: the σ at which a cheap PRV *estimate* of ε meets the
 * target shifted by the accountant's expected error margin, so that the accountant itself (whose
 * guaranteed ε costs 5–10× more per σ) is evaluated only next to the answer. docs/math/prv.md.
 */
import type { PrivacyAccountant } from '../accountant.js';
import { pldEpsilonAt } from '../pld/discrete-pld.js';
import { PrvAccountant, relativeEpsilonError } from '../prv/prv-accountant.js';
import { composeRigorousPrv } from '../prv/rigorous-prv.js';

/** A start for the σ search: the point and a relative first step that likely brackets the root. */
export interface CalibrationStart {
  /** σ where the accountant's guarantee is predicted to meet the target. */
  readonly sigma: number;
  /** Relative first step of the bracket search around `sigma` (> 0). */
  readonly step: number;
  /** PRV estimates computed (the accountant itself was not evaluated). */
  readonly probes: number;
}

/**
 * The PRV estimate of ε(δ) (the max over add-remove's two directions is not needed: REMOVE's is
 * the larger on DP-SGD's usual range, and the accountant checks the answer anyway) on a coarse
 * mesh (ε error 2 % of the target; the estimate itself is accurate to ~1e-4 relative, Gopi, Lee,
 * Wutschitz 2021, §5: the mean-corrected discretisation makes its error second order).
 */
function coarseEstimate(q: number, sigma: number, steps: number, delta: number, target: number): number {
  const c = composeRigorousPrv([{ samplingRate: q, noiseMultiplier: sigma, count: steps }], 'remove', 0.02 * target, delta * 1e-4);
  return pldEpsilonAt(c.pld, delta);
}

/**
 * For a {@link PrvAccountant} (any other accountant: undefined), a secant search in (log σ,
 * log ε̂) for the σ at which the coarse PRV estimate ε̂ equals target/(1 + g), where g is the
 * accountant's relative margin of its guarantee above its estimate (its relative-mode ε error
 * at the target over the target, plus 0.01·relativeError for the δ error, in `relative` mode;
 * ε_err/target with an absolute budget). The accountant's guarantee is then
 * ≈ target there (to ~3e-5 relative); `step` = max(tolerance, 5e-5/s) in σ, s = −d log ε̂/d log σ,
 * is the first bracket step. Undefined when the estimate is not finite and positive along the way
 * (extreme σ), so the caller falls back to its generic search. `tolerance` is the caller's
 * relative tolerance on σ.
 *
 * @example prvCalibrationStart(new PrvAccountant(), 0.01, 1000, 1e-5, 1, 1.4)?.sigma // ≈ 1.415
 */
export function prvCalibrationStart(accountant: PrivacyAccountant, q: number, steps: number, delta: number, target: number, guess: number, tolerance = 1e-5): CalibrationStart | undefined {
  if (!(accountant instanceof PrvAccountant) || !(guess > 0.05 && guess < 1e4)) return undefined;
  // the relative mode's ε error is 0.85·relativeError·ε̂ with ε̂ clamped to [0.01, 10]
  // (relativeEpsilonError), and its δ error (1e-4·δ) moves ε by ~1e-5 relative more
  const g = accountant.epsError === 'relative' ? relativeEpsilonError(accountant.relativeError, target) / target + 0.01 * accountant.relativeError : accountant.epsError / target;
  const aim = Math.log(target / (1 + g));
  let probes = 0;
  const logEst = (s: number): number => {
    probes++;
    try {
      const v = coarseEstimate(q, s, steps, delta, target);
      return v > 0 && Number.isFinite(v) ? Math.log(v) : Number.NaN;
    } catch {
      return Number.NaN;
    }
  };
  let x0 = Math.log(guess);
  let f0 = logEst(guess) - aim;
  if (Number.isNaN(f0)) return undefined;
  // ε falls roughly like 1/σ: a first secant point 5 % away on the side of the root
  let x1 = x0 + (f0 > 0 ? 0.05 : -0.05);
  let f1 = logEst(Math.exp(x1)) - aim;
  let slope = 1;
  for (let i = 0; i < 8; i++) {
    if (Number.isNaN(f1)) return undefined;
    if (f1 === f0) break;
    slope = -(f1 - f0) / (x1 - x0);
    if (!(slope > 0.05 && slope < 50)) return undefined;
    const x2 = x1 + Math.max(-0.7, Math.min(0.7, f1 / slope));
    x0 = x1;
    f0 = f1;
    x1 = x2;
    if (Math.abs(x1 - x0) < 2e-5) break;
    f1 = logEst(Math.exp(x1)) - aim;
    if (Math.abs(f1) < 1e-5) break;
  }
  // the margin g is predicted to ~3e-5 relative in ε (quadrature and δ terms): a first step of
  // 5e-5 in ε (or the tolerance) brackets the root in most cases, later steps grow 4×
  return { sigma: Math.exp(x1), step: Math.max(tolerance, 5e-5 / slope), probes };
}
