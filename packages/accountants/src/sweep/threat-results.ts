/**
 * The threat-specific results of one DP-SGD run, as the JSON objects of `dpbounds bayes-security`
 * (membership, Cherubin et al. 2024), `dpbounds gmip` (Leemann et al. 2023) and `dpbounds rtm`
 * with `--mechanism subsampled-gaussian --sensitivity 1 --dims 1` (Kaissis et al. 2023): the same
 * fields, computed by the same analyses. One place builds these objects; the commands and the
 * sweep engine use it.
 */
import { DpboundsRangeError, DpboundsTypeError, requireObject } from '@dpbounds/special-functions';
import { gaussianTradeOff, tprAtFpr } from '@dpbounds/tradeoff-core';
import { requireNeighbouring, type NeighbouringRelation } from '../accountant.js';
import { analyzeBayesSecurity, analyzeGmip, analyzeRtm, gmipOneStepTradeOff } from '../threat/index.js';
import type { BayesSecurityAnalysis, GmipAnalysis, GmipConfig, RtmAnalysis } from '../threat/index.js';
import { requireResultShape } from './require-sweep-accountant.js';

/** The DP and combined sides of a threat analysis, when both are present. */
function requireSides(result: Readonly<Record<string, unknown>>): void {
  if (result['dp'] === undefined || result['combined'] === undefined) return;
  requireResultShape('result.dp', result['dp'], ['tprAtFpr']);
  requireResultShape('result.combined', result['combined'], ['tprAtFpr', 'binding']);
}

/** A run for the threat analyses: an object with a known neighbouring relation. */
function requireThreatRun(run: unknown): ThreatRun {
  const o = requireObject('run', run);
  requireNeighbouring(o['neighbouring']);
  return run as ThreatRun;
}

/**
 * Requires the caller's extra fields of a JSON document: a plain record (not an array or a typed
 * array, whose indices would become fields) with no NaN field (JSON has no NaN).
 *
 * @example requireExtras({ samplingRate: 0.01 }) // the record
 */
function requireExtras(extras: unknown): void {
  requireObject('extras', extras);
  if (ArrayBuffer.isView(extras)) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'extras', expected: 'a record of extra fields', found: extras });
  for (const [key, value] of Object.entries(extras as Record<string, unknown>)) {
    if (typeof value === 'number' && Number.isNaN(value)) throw new DpboundsRangeError({ code: 'ERR_NOT_FINITE', parameter: `extras.${key}`, expected: 'a number (JSON has no NaN)', found: value });
  }
}

/**
 * The `dpbounds bayes-security --json` document of an analysis (docs/cli.md fields first, then
 * the kinds, certified terms, DP and combined sides, and `extras`).
 *
 * @example bayesSecurityJson(analyzeBayesSecurity({ threat: 'mia', samplingRate: 0.01, noiseMultiplier: 1, steps: 100, relation: 'substitution' }), {})
 */
export function bayesSecurityJson(result: BayesSecurityAnalysis, extras: Readonly<Record<string, unknown>>): Record<string, unknown> {
  requireSides(requireResultShape('result', result, ['tprAtFpr']));
  requireExtras(extras);
  const sides = result.dp === undefined || result.combined === undefined ? {} : {
    dp: { kind: result.dp.kind, neighbouring: result.dp.neighbouring, bayesSecurity: result.dp.bayesSecurity, tprAtFpr: result.dp.tprAtFpr.map((r) => ({ fpr: r.fpr, tpr: r.tpr })) },
    combined: {
      kind: result.combined.kind,
      neighbouring: result.combined.neighbouring,
      bayesSecurity: result.combined.bayesSecurity,
      tprAtFpr: result.combined.tprAtFpr.map((r) => ({ fpr: r.fpr, tpr: r.tpr, binds: r.binds })),
      binding: result.combined.binding.map((b) => ({ from: b.from, to: b.to, binds: b.binds })),
      dpEverywhere: result.combined.dpEverywhere,
    },
  };
  return {
    threat: result.threat,
    bayesSecurity: result.bayesSecurity,
    approximationError: result.approximationError,
    certifiedLowerBound: result.certifiedLowerBound,
    advantage: result.advantage,
    attackSuccess: result.attackSuccess,
    tprAtFpr: result.tprAtFpr.map((row) => ({ fpr: row.fpr, tpr: row.tpr, tprCertified: row.tprCertified })),
    neighbouring: result.neighbouring,
    kinds: result.kinds,
    certifiedAdvantage: result.certifiedAdvantage,
    certifiedAttackSuccess: result.certifiedAttackSuccess,
    tvErrorTerm: result.tvErrorTerm,
    pinskerLowerBound: result.pinskerLowerBound,
    mixtureConvexityLowerBound: result.mixtureConvexityLowerBound,
    prior: result.prior,
    ...sides,
    ...extras,
    ...(result.warning !== undefined ? { warning: result.warning } : {}),
  };
}

/** A DP-SGD run for the threat analyses. */
export interface ThreatRun {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
  readonly neighbouring: NeighbouringRelation;
}

/**
 * `dpbounds bayes-security --threat mia` for the run (prior 1/2).
 *
 * @example bayesSecurityResult({ samplingRate: 0.01, noiseMultiplier: 1, steps: 100, neighbouring: 'substitution' }, [0.01], true).bayesSecurity
 */
export function bayesSecurityResult(run: ThreatRun, fprs: readonly number[], combineWithDp: boolean): Record<string, unknown> {
  requireThreatRun(run);
  const relation = run.neighbouring === 'substitution' ? 'substitution' : 'addRemove';
  const result = analyzeBayesSecurity({ threat: 'mia', samplingRate: run.samplingRate, noiseMultiplier: run.noiseMultiplier, steps: run.steps, relation }, { fprs, prior: 0.5, combineWithDp });
  return bayesSecurityJson(result, {});
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/**
 * The `dpbounds gmip --json` document of an analysis (with the one-step check of Corollary 5.1's
 * normal approximation against Theorem 5.1 when n ≥ 2).
 *
 * @example gmipJson(config, analyzeGmip(config, [0.01]), [0.01])
 */
export function gmipJson(config: GmipConfig, result: GmipAnalysis, fprs: readonly number[]): Record<string, unknown> {
  requireObject('config', config);
  requireSides(requireResultShape('result', result, ['tprAtFpr']));
  const exact = config.batchSize >= 2 ? gmipOneStepTradeOff({ params: config.params, batchSize: config.batchSize, noiseStd: config.noiseStd, clip: config.clip, ...(config.susceptibility !== undefined ? { susceptibility: config.susceptibility } : {}) }).curve : undefined;
  const approx = tprAtFpr(gaussianTradeOff(result.perStepMu), fprs);
  const perStep = exact === undefined ? [] : tprAtFpr(exact, fprs).map((row, i) => ({ fpr: row.fpr, tprExact: row.tpr, tprApprox: (approx[i] as { tpr: number }).tpr }));
  return {
    mu: result.mu,
    perStepMu: result.perStepMu,
    tprAtFpr: result.tprAtFpr.map((row) => ({ fpr: row.fpr, tpr: row.tpr })),
    gdpMu: finiteOrNull(result.gdpMu),
    gmipFormulaMu: finiteOrNull(result.gmipFormulaMu),
    noiseStd: config.noiseStd,
    auc: result.auc,
    accuracy: result.accuracy,
    perStepTprAtFpr: perStep,
    neighbouring: result.neighbouring,
    kinds: result.kinds,
    dpBinds: result.dpBinds,
    ...(result.dp !== undefined && result.combined !== undefined
      ? {
          dp: { kind: result.dp.kind, neighbouring: result.dp.neighbouring, tprAtFpr: result.dp.tprAtFpr.map((r) => ({ fpr: r.fpr, tpr: r.tpr })) },
          combined: {
            kind: result.combined.kind,
            neighbouring: result.combined.neighbouring,
            tprAtFpr: result.combined.tprAtFpr.map((r) => ({ fpr: r.fpr, tpr: r.tpr, binds: r.binds })),
            binding: result.combined.binding.map((b) => ({ from: b.from, to: b.to, binds: b.binds })),
            dpEverywhere: result.combined.dpEverywhere,
          },
        }
      : {}),
  };
}

/**
 * `dpbounds gmip` for a DP-SGD run with batches of n = qN from N records, d parameters and clip
 * C: noise std τ = σC/n on the mean gradient.
 *
 * @throws DpboundsRangeError naming `mu` when the run's μ-GMIP overflows (no finite bound).
 * @example gmipResult({ samplingRate: 0.004, noiseMultiplier: 1, steps: 1000, neighbouring: 'add-remove' }, { datasetSize: 50000, params: 100, clip: 1 }, [0.01], true).mu
 */
export function gmipResult(run: ThreatRun, model: { readonly datasetSize: number; readonly params: number; readonly clip: number; readonly batchSize: number }, fprs: readonly number[], combineWithDp: boolean): Record<string, unknown> {
  requireThreatRun(run);
  requireObject('model', model);
  const config: GmipConfig = { batchSize: model.batchSize, datasetSize: model.datasetSize, steps: run.steps, params: model.params, clip: model.clip, noiseStd: (run.noiseMultiplier * model.clip) / model.batchSize };
  const result = analyzeGmip(config, fprs, { combineWithDp });
  if (!Number.isFinite(result.mu)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'mu', expected: 'a finite μ-GMIP (the per-step μ overflows float64: a near-perfect attack)', found: result.perStepMu });
  }
  return gmipJson(config, result, fprs);
}

/**
 * The `dpbounds rtm --json` document of an analysis (`extras` after `samplingRate`).
 *
 * @example rtmJson(analyzeRtm(input, [0.01]), { mechanism: 'gaussian', dims: 1, compositions: 1 })
 */
export function rtmJson(result: RtmAnalysis, request: { readonly mechanism: string; readonly dims: number; readonly compositions: number; readonly samplingRate?: number }, extras: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  requireObject('result.combined', requireResultShape('result', result, ['points'])['combined']);
  requireObject('request', request);
  requireExtras(extras);
  const points = result.points.map((p) => ({
    fpr: p.fpr,
    fnr: p.fnr,
    fnrInverse: p.fnrInverse,
    fnrSymmetric: p.fnrSymmetric,
    dpFnr: p.dpFnr,
    fnrCombined: p.fnrCombined,
    // at the point itself (the binding intervals are located on a grid); ties go to DP
    binds: p.fnrSymmetric > p.dpFnr + 1e-12 ? ('threat' as const) : ('dp' as const),
    // the better one-sided test's power, capped by what DP allows any attacker
    maxPower: Math.min(Math.max(1 - p.fnr, 1 - p.fnrInverse), 1 - p.dpFnr),
  }));
  return {
    mechanism: request.mechanism,
    mu: result.mu,
    dims: result.dims,
    ...(result.dims !== request.dims ? { dimsRequested: request.dims } : {}),
    compositions: request.compositions,
    ...(request.samplingRate !== undefined ? { samplingRate: request.samplingRate } : {}),
    attacker: result.attacker,
    neighbouring: result.neighbouring,
    kind: result.kind,
    dpKind: 'guarantee' as const,
    ...extras,
    notes: result.notes,
    binding: result.combined.binding,
    points,
  };
}

/**
 * `dpbounds rtm --mechanism subsampled-gaussian --sensitivity 1 --scale σ --dims 1
 * --compositions T --sampling-rate q` for the run (pooled attacker, the strongest).
 *
 * @example rtmResult({ samplingRate: 0.01, noiseMultiplier: 1, steps: 100, neighbouring: 'add-remove' }, [0.01]).points
 */
export function rtmResult(run: ThreatRun, fprs: readonly number[]): Record<string, unknown> {
  requireThreatRun(run);
  const result = analyzeRtm({ mechanism: 'subsampled-gaussian', sensitivity: 1, scale: run.noiseMultiplier, dims: 1, compositions: run.steps, attacker: 'pooled', neighbouring: run.neighbouring, samplingRate: run.samplingRate }, fprs);
  return rtmJson(result, { mechanism: 'subsampled-gaussian', dims: 1, compositions: run.steps, samplingRate: run.samplingRate });
}
