/**
 * One row of a parameter sweep: everything a request asks about one configuration, with the
 * same field names as the single commands' JSON (docs/cli.md), so a row can be read like the
 * output of `dpbounds dp`, `calibrate`, `bayes-security`, `gmip` and `rtm` for that run.
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import { calibrateEpsilon } from './calibration-result.js';
import { dpAccountantEvaluation, jsonSafeResult } from './dp-accountant-result.js';
import type { DpAccountantResult, DpQuery } from './dp-accountant-result.js';
import { dpTprFields } from './dp-tpr-fields.js';
import { DEFAULT_THREAT_FPRS, SWEEP_NUMERIC_FIELDS, gmipBatchSize, sweepAccountants, validateSweepConfiguration, validateSweepRequest } from './sweep-configuration.js';
import type { SweepConfiguration, SweepRequest } from './sweep-configuration.js';
import { sweepConfigurationId } from './sweep-id.js';
import { bayesSecurityResult, gmipResult, rtmResult } from './threat-results.js';

/** A part of a row the libraries refused for this configuration (the rest of the row stands). */
export interface SweepRowError {
  /** `results.<accountant>`, `calibrations.<accountant>`, `bayesSecurity`, `gmip` or `rtm`. */
  readonly section: string;
  /** The typed error's message (parameter, range, value found). */
  readonly message: string;
}

/**
 * One row: `id` (the configuration's stable id), the configuration's fields, then, as requested:
 * `results` (one `dpbounds dp` object per accountant, with `tprAtFpr` when FPRs are given),
 * `calibrations` (one `dpbounds calibrate` object per accountant, for a `targetEpsilon`),
 * `bayesSecurity`, `gmip`, `rtm` (the commands' JSON documents), and `errors` when an analysis
 * refused this configuration.
 */
export interface SweepRow {
  readonly id: string;
  readonly [field: string]: unknown;
}

/**
 * Evaluates one configuration. Invalid configurations and requests are refused (typed errors
 * naming the field); a typed refusal of one analysis for a valid configuration (e.g. a run too
 * large for the PLD grid) is recorded in `errors` and the other sections are still computed.
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the configuration or request field.
 * @example
 * evaluateSweepConfiguration(
 *   { samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10000, delta: 1e-5, neighbouring: 'add-remove' },
 *   { accountants: ['pld', 'rdp'], threats: ['rtm'], fprs: [0.01] },
 * ).results
 */
export function evaluateSweepConfiguration(config: SweepConfiguration, request: SweepRequest): SweepRow {
  validateSweepRequest(request);
  validateSweepConfiguration(config, request);
  const row: Record<string, unknown> = { id: sweepConfigurationId(config) };
  for (const field of SWEEP_NUMERIC_FIELDS) if (config[field] !== undefined) row[field] = config[field];
  row.neighbouring = config.neighbouring;
  const errors: SweepRowError[] = [];
  const attempt = <T>(section: string, fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      if (!isDpboundsError(error)) throw error;
      errors.push({ section, message: error.message });
      return undefined;
    }
  };
  const accountants = sweepAccountants(request, config);
  if (config.targetEpsilon !== undefined) {
    const query = { targetEpsilon: config.targetEpsilon, delta: config.delta as number, samplingRate: config.samplingRate, steps: config.steps, neighbouring: config.neighbouring };
    row.calibrations = accountants.flatMap((k) => {
      const r = attempt(`calibrations.${k}`, () => calibrateEpsilon(query, k));
      if (r === undefined) return [];
      const { evaluations: _evaluations, ...json } = r;
      return [json];
    });
  } else {
    const query: DpQuery = {
      samplingRate: config.samplingRate,
      noiseMultiplier: config.noiseMultiplier as number,
      steps: config.steps,
      neighbouring: config.neighbouring,
      ...(config.delta !== undefined ? { delta: config.delta } : { epsilon: config.epsilon as number }),
    };
    let pld: DpAccountantResult | undefined;
    const results: Record<string, unknown>[] = [];
    for (const kind of accountants) {
      const evaluation = attempt(`results.${kind}`, () => dpAccountantEvaluation(kind, query, pld === undefined ? {} : { pldResult: pld }));
      if (evaluation === undefined) continue;
      if (kind === 'pld') pld = evaluation.result;
      const result = jsonSafeResult(evaluation.result);
      if (request.fprs === undefined) {
        results.push(result);
        continue;
      }
      // the TPR curve: the composed PLD or RDP itself; GDP's G_μ; PRV reads the PLD curve
      const composed = kind === 'pld' || kind === 'rdp' || kind === 'gdp' ? evaluation.accountant : undefined;
      const fprs = request.fprs;
      const tpr = attempt(`results.${kind}.tprAtFpr`, () => dpTprFields(kind, query, fprs, composed));
      results.push(tpr === undefined ? result : { ...result, ...tpr });
    }
    row.results = results;
    const fprs = request.fprs ?? DEFAULT_THREAT_FPRS;
    const combineWithDp = request.skipDp !== true;
    const threats = request.threats ?? [];
    if (threats.includes('bayes')) {
      const r = attempt('bayesSecurity', () => bayesSecurityResult(query, fprs, combineWithDp));
      if (r !== undefined) row.bayesSecurity = r;
    }
    if (threats.includes('gmip')) {
      const model = { datasetSize: config.datasetSize as number, params: config.params as number, clip: config.clip ?? 1, batchSize: gmipBatchSize(config) };
      const r = attempt('gmip', () => gmipResult(query, model, fprs, combineWithDp));
      if (r !== undefined) row.gmip = r;
    }
    if (threats.includes('rtm')) {
      const r = attempt('rtm', () => rtmResult(query, fprs));
      if (r !== undefined) row.rtm = r;
    }
  }
  if (errors.length > 0) row.errors = errors;
  return row as SweepRow;
}
