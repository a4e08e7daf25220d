/**
 * The closed-form threat models of one DP-SGD configuration, computed in the page's main thread
 * (each is a formula, well under the 50 ms update budget): Bayes security against membership
 * inference (Cherubin et al. 2024), μ-GMIP (Leemann et al. 2023) and the relaxed threat model
 * (Kaissis et al. 2023). All numbers come from @dpbounds/accountants; nothing is computed here
 * but the wiring.
 */
import { analyzeBayesSecurity, analyzeGmip, analyzeRtm } from '@dpbounds/accountants';
import { cltMu, type TradeOffCurve } from '@dpbounds/tradeoff-core';
import type { ResolvedConfig } from './params.js';

/** The closed-form results the page shows. */
export interface ClosedFormResults {
  /** β* against membership inference, substitution game (estimate, no error term). */
  readonly bayesSecurity: number;
  /** β* minus the certified approximation error (may be 0: vacuous). */
  readonly bayesCertifiedLowerBound: number;
  /** Best membership attacker's success probability at prior ½. */
  readonly attackSuccess: number;
  readonly bayesCurve: TradeOffCurve;
  /** μ of μ-GMIP (the smaller of the GMIP formula and the GDP μ of the same run). */
  readonly gmipMu: number;
  readonly gmipCurve: TradeOffCurve;
  /** μ of the CLT approximation of the run (Bu et al. 2020) that the RTM curve is drawn for. */
  readonly cltMu: number;
  /** Relaxed threat model: symmetrised GLRT trade-off for the CLT-equivalent Gaussian mechanism. */
  readonly rtmCurve: TradeOffCurve;
}

/**
 * Computes the closed-form threat models of `config`.
 *
 * The RTM has no closed form for subsampled Gaussians composed over T steps (spec §3.6), so the
 * page draws it for the Gaussian mechanism with the run's CLT μ = q√T·√(e^{1/σ²} − 1) in one
 * dimension (the worst case), and labels it an approximation. GMIP needs the batch and dataset
 * sizes: when only q is given, N = 10⁴·⌈1/q⌉ is assumed and labelled.
 *
 * @example computeClosedForm(validateParams(defaultParams).config!).bayesSecurity
 */
export function computeClosedForm(config: ResolvedConfig): ClosedFormResults {
  const bayes = analyzeBayesSecurity({
    threat: 'mia',
    samplingRate: config.samplingRate,
    noiseMultiplier: config.noiseMultiplier,
    steps: config.steps,
  });
  const datasetSize = config.datasetSize ?? Math.max(2, Math.round(10_000 / config.samplingRate));
  const batchSize = Math.max(2, Math.round(config.samplingRate * datasetSize));
  const gmip = analyzeGmip({
    batchSize,
    datasetSize: Math.max(datasetSize, batchSize),
    steps: config.steps,
    params: config.modelSize,
    noiseStd: (config.noiseMultiplier * config.clip) / batchSize,
    clip: config.clip,
  });
  const mu = cltMu({ samplingRate: config.samplingRate, noiseMultiplier: config.noiseMultiplier, steps: config.steps });
  const rtm = analyzeRtm({ mechanism: 'gaussian', sensitivity: Math.max(mu, 1e-12), scale: 1, dims: 1 });
  return {
    bayesSecurity: bayes.bayesSecurity,
    bayesCertifiedLowerBound: bayes.certifiedLowerBound,
    attackSuccess: bayes.attackSuccess,
    bayesCurve: bayes.curve,
    gmipMu: gmip.mu,
    gmipCurve: gmip.curve,
    cltMu: mu,
    rtmCurve: rtm.symmetrized,
  };
}
