/**
 * What the analysis worker computes for one configuration, in three stages so the page can draw
 * each as it arrives:
 *
 * 1. the DP guarantee curve of the run for the page's relation, TPR at low FPR read off it, and
 *    each closed-form threat model combined with it: Bayes security (its certified curve, a
 *    guarantee) and μ-GMIP (an estimate; substitution only);
 * 2. the relaxed threat model of the subsampled, composed run (a guarantee) combined with the same
 *    DP curve;
 * 3. ε at δ from the PLD accountant.
 *
 * A banded matrix mechanism run (BandMF, banded-run.ts) has only the DP view: its DP curve from the
 * PLD of the banded event, TPR read off it, and ε at δ with a sentence on what was priced; for
 * balls-in-bins participation ε is the smaller of that PLD's and the amplified guarantee, while the
 * curve and TPR stay the PLD's (the unamplified guarantee, valid but looser when ε is amplified). The
 * closed-form threat models and the relaxed threat model assume DP-SGD with Poisson sampling, so
 * they are not computed for it (stage 2 says so instead of drawing a curve).
 *
 * A combined curve is max(threat, DP) (tradeoff-core `combineWithDp`, through the accountants'
 * `combineThreatWithDp`): a DP guarantee holds against every attacker, so no curve the page draws
 * for a threat model is ever below the DP guarantee of the same run and relation. Its kind is the
 * weaker of the two. Plain functions, so tests run them in Node and compare with the page.
 */
import { analyzeBayesSecurity, analyzeGmip, analyzeRtmDpSgd, combineThreatWithDp, samplerEpsilon } from '@dpbounds/accountants';
import type { TradeOffCurve } from '@dpbounds/tradeoff-core';
import type { LabelledNumber } from './closed-form.js';
import { gmipConfigOf } from './closed-form.js';
import type { CurveView } from './curve-view.js';
import { dpCurve, dpEpsilon, lowFprPower } from './dp-run.js';
import { sampleCurve } from './fpr-grid.js';
import type { ResolvedConfig } from './params.js';
import { bandedDpCurve, bandedEpsilon, bandedSummary, bandedWords, type BandedSummary } from './banded-run.js';
import { formatValue } from './headline.js';

/** Stage 1: the DP guarantee curve and the closed-form threat models combined with it. */
export interface DpStage {
  /** Highest TPR of any attack at FPR 0.1 % and 1 %, from the DP curve (guarantees). */
  readonly tprAt01: LabelledNumber;
  readonly tprAt1: LabelledNumber;
  /** β* = 1 − TV of max(Bayes certified curve, DP curve): the Bayes-security guarantee of the run (undefined for BandMF: its closed form assumes DP-SGD). */
  readonly combinedBayesSecurity: LabelledNumber | undefined;
  /** DP curve, then each combined threat-model curve, sampled on the grid. */
  readonly views: readonly CurveView[];
}

/** Stage 3: ε at δ of the run. */
export interface EpsilonStage {
  /** ε at δ: for Poisson the accountant's upper end (a guarantee); for another sampler its own ε with its kind. */
  readonly epsilon: LabelledNumber;
  /** Lower end of the accountant's numerical error on ε (Poisson), or the sampler's proven lower bound (0 when none). */
  readonly epsilonLower: number;
  /** For a sampler other than Poisson: the Poisson ε at q = B/N, which does not cover the run, and the sampler's note. */
  readonly poisson?: { readonly epsilon: number; readonly validForRun: boolean; readonly note: string; readonly upper: number | undefined; readonly estimate?: number; readonly method?: string };
  /**
   * For BandMF: what the accountant priced for the worst record, the sentence the page shows, the
   * PLD's method (`pld`, `pld-coarsened`, …) and note, which bound is the headline ε, and both
   * bounds: `unamplified` the PLD's upper end (the curve's guarantee), `amplified` the
   * balls-in-bins random-allocation guarantee (undefined for other participations).
   */
  readonly banded?: {
    readonly summary: BandedSummary;
    readonly words: string;
    readonly method: string;
    readonly note: string | undefined;
    readonly binds: 'unamplified' | 'amplified';
    readonly unamplified: number;
    readonly amplified: number | undefined;
  };
}

/**
 * For a sampler other than Poisson, every curve of the page is a Poisson curve: it is relabelled
 * (a guarantee becomes an estimate) and its name says so, so no legend promises a guarantee the
 * run does not have.
 */
function forSampler(config: ResolvedConfig, view: CurveView): CurveView {
  if (config.sampler === 'poisson') return view;
  return { ...view, kind: view.kind === 'guarantee' ? 'estimate' : view.kind, name: `${view.name} — Poisson batches, not a guarantee for ${config.sampler}` };
}

function labelForSampler(config: ResolvedConfig, n: LabelledNumber): LabelledNumber {
  return config.sampler === 'poisson' || n.kind !== 'guarantee' ? n : { ...n, kind: 'estimate' };
}

/** Stage 2: the relaxed threat model, or why it is not drawn. */
export interface RtmStage {
  readonly view: CurveView | undefined;
  /** Shown beside the plot: what the RTM curve assumes, or why there is none. */
  readonly note: string;
}

/**
 * Stage 1 for `config` on `grid`; also returns the DP curve for stage 2.
 *
 * @example analyzeDpStage(config, fprGrid()).stage.epsilon.value
 */
export function analyzeDpStage(config: ResolvedConfig, grid: Float64Array): { readonly stage: DpStage; readonly dpCurve: TradeOffCurve } {
  const relation = config.relation;
  if (config.mechanism === 'bandmf') {
    const curve = bandedDpCurve(config);
    const power = lowFprPower(curve);
    return {
      dpCurve: curve,
      stage: {
        tprAt01: { value: power.tprAt01, kind: 'guarantee', relation },
        tprAt1: { value: power.tprAt1, kind: 'guarantee', relation },
        combinedBayesSecurity: undefined,
        views: [{ id: 'dp', name: config.banded?.participation === 'balls-in-bins' ? 'DP, any attacker (BandMF run, from its PLD: the unamplified guarantee)' : 'DP, any attacker (BandMF run, from its PLD)', kind: 'guarantee', relation, fnr: sampleCurve(curve, grid) }],
      },
    };
  }
  const dp = { curve: dpCurve(config) };
  const views: CurveView[] = [{ id: 'dp', name: 'DP, any attacker', kind: 'guarantee', relation, fnr: sampleCurve(dp.curve, grid) }];
  const bayes = analyzeBayesSecurity(
    { threat: 'mia', samplingRate: config.samplingRate, noiseMultiplier: config.noiseMultiplier, steps: config.steps, relation: relation === 'substitution' ? 'substitution' : 'addRemove' },
    { fprs: [] },
  );
  const bayesCombined = combineThreatWithDp({ threat: bayes.certifiedCurve, threatKind: bayes.kinds['certifiedCurve'] ?? 'estimate', dp: dp.curve, neighbouring: bayes.neighbouring }).combined;
  views.push({ id: 'bayes', name: 'Bayes security (certified β*) ∨ DP', kind: bayesCombined.kind, relation, fnr: sampleCurve(bayesCombined.curve, grid), binding: bayesCombined.binding });
  // μ-GMIP may refuse a configuration the others accept (the page derives N = 10⁴/q when only q
  // is given); the closed-form numbers report why, and the other curves still stand
  let gmip: ReturnType<typeof analyzeGmip> | undefined;
  try {
    gmip = analyzeGmip(gmipConfigOf(config), []);
  } catch {
    gmip = undefined;
  }
  if (gmip !== undefined && gmip.neighbouring === relation) {
    const gmipCombined = combineThreatWithDp({ threat: gmip.curve, threatKind: gmip.kinds['curve'] ?? 'estimate', dp: dp.curve, neighbouring: relation }).combined;
    views.push({ id: 'gmip', name: `μ-GMIP (μ = ${gmip.mu.toPrecision(3)}) ∨ DP`, kind: gmipCombined.kind, relation, fnr: sampleCurve(gmipCombined.curve, grid), binding: gmipCombined.binding });
  }
  const power = lowFprPower(dp.curve);
  return {
    dpCurve: dp.curve,
    stage: {
      tprAt01: labelForSampler(config, { value: power.tprAt01, kind: 'guarantee', relation }),
      tprAt1: labelForSampler(config, { value: power.tprAt1, kind: 'guarantee', relation }),
      combinedBayesSecurity: labelForSampler(config, { value: bayesCombined.bayesSecurity, kind: bayesCombined.kind, relation }),
      views: views.map((v) => forSampler(config, v)),
    },
  };
}

/**
 * Stage 2: the relaxed threat model (Kaissis et al. 2023) of the actual run, Poisson-subsampled and
 * composed over T steps, against the strongest (pooled) attacker in d = 1 dimension (the worst
 * case: a target whose gradient keeps one unknown direction, as a canary's does), from the
 * accountants' `analyzeRtmDpSgd` (a guarantee; docs/math/relaxed-threat-model.md), combined with
 * the same DP curve as every other view of the page.
 *
 * @example analyzeRtmStage(config, dpCurve, fprGrid()).view?.kind // 'guarantee'
 */
export function analyzeRtmStage(config: ResolvedConfig, dpCurve: TradeOffCurve, grid: Float64Array): RtmStage {
  const relation = config.relation;
  if (config.mechanism === 'bandmf') {
    return { view: undefined, note: 'Relaxed threat model: not drawn for BandMF (its analysis assumes DP-SGD with Poisson sampling, so it is not a guarantee for this run).' };
  }
  const rtm = analyzeRtmDpSgd({ samplingRate: config.samplingRate, noiseMultiplier: config.noiseMultiplier, steps: config.steps, dims: 1, neighbouring: relation });
  const combined = combineThreatWithDp({ threat: rtm.threatCurve, threatKind: rtm.kind, dp: dpCurve, neighbouring: relation }).combined;
  const notes = rtm.notes.length > 0 ? ` ${rtm.notes.join(' ')}` : '';
  return {
    view: forSampler(config, { id: 'rtm', name: 'relaxed threat model (pooled attacker, d = 1) ∨ DP', kind: combined.kind, relation, fnr: sampleCurve(combined.curve, grid), binding: combined.binding }),
    note: `Relaxed threat model (Kaissis et al. 2023): an attacker who knows the rest of the data but not the direction of the target’s gradient; the subsampled, composed run, worst case d = 1.${notes}`,
  };
}

/**
 * Stage 3: ε at δ of the run for the page's relation (a guarantee; see `dpEpsilon`). Last, because
 * for extreme configurations it is the slowest part and the curves are worth showing first.
 *
 * @example analyzeEpsilon(config).epsilon.value
 */
export function analyzeEpsilon(config: ResolvedConfig): EpsilonStage {
  if (config.mechanism === 'bandmf') {
    // for balls-in-bins the smaller of the unamplified PLD and the amplified guarantee
    const priced = bandedEpsilon(config);
    const bounds = priced.unamplified;
    const amplified = priced.binds === 'amplified' ? priced.amplified : undefined;
    const summary = bandedSummary(config);
    return {
      epsilon: { value: priced.epsilon, kind: amplified?.kind ?? bounds.kind, relation: config.relation },
      // the RDP bound has no lower end of a numerical error: 0, as for a sampler without one
      epsilonLower: amplified === undefined ? bounds.lower : 0,
      banded: {
        summary,
        words: bandedWords(summary, config.relation, config.noiseMultiplier, (x) => formatValue(x), priced),
        method: amplified === undefined ? bounds.method : 'rdp: balls-in-bins random allocation at σ/ρ (noise splitting)',
        note: bounds.note,
        binds: priced.binds,
        unamplified: bounds.upper,
        amplified: priced.amplified?.epsilon,
      },
    };
  }
  if (config.sampler !== 'poisson') {
    // validation guarantees B and N for every sampler but Poisson
    const s = samplerEpsilon(
      {
        sampler: config.sampler,
        datasetSize: config.datasetSize as number,
        batchSize: config.batchSize as number,
        ...(config.maxBatchSize === undefined ? {} : { maxBatchSize: config.maxBatchSize }),
        noiseMultiplier: config.noiseMultiplier,
        steps: config.steps,
        neighbouring: config.relation,
      },
      config.delta,
    );
    return {
      epsilon: { value: s.epsilon.value, kind: s.epsilon.kind, relation: config.relation },
      epsilonLower: s.lower?.value ?? 0,
      poisson: { epsilon: s.poisson.value, validForRun: s.poissonValidForRun, note: s.note, upper: s.upper?.value, method: s.epsilon.method, ...(s.estimate === undefined ? {} : { estimate: s.estimate.value }) },
    };
  }
  const { epsilon, epsilonLower } = dpEpsilon(config);
  return { epsilon: { value: epsilon, kind: 'guarantee', relation: config.relation }, epsilonLower };
}
