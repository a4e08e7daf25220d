/**
 * A configuration of a parameter sweep (one DP-SGD run) and what to evaluate for it, with their
 * validation. Every check names the configuration field, its valid range and the value found.
 */
import { DpboundsRangeError, DpboundsTypeError, requireArray, requireInRange, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { NeighbouringRelation } from '../accountant.js';

/** The accountants a sweep can run (those of `dpbounds dp`). */
export const SWEEP_ACCOUNTANTS = ['rdp', 'pld', 'prv', 'gdp'] as const;
/** One accountant of a sweep. */
export type SweepAccountant = (typeof SWEEP_ACCOUNTANTS)[number];
/** The threat-specific analyses a sweep can run: Bayes security (membership), μ-GMIP, relaxed threat model. */
export const SWEEP_THREATS = ['bayes', 'gmip', 'rtm'] as const;
/** One threat-specific analysis of a sweep. */
export type SweepThreat = (typeof SWEEP_THREATS)[number];

/**
 * One DP-SGD run of a sweep: Poisson sampling rate q, noise multiplier σ, T steps, and the
 * question: ε at `delta`, δ at `epsilon`, or (calibration) the smallest σ with ε ≤ `targetEpsilon`
 * at `delta` (then `noiseMultiplier` is absent). μ-GMIP also needs the dataset size N (batch
 * size n = qN), the number of parameters d and the clipping norm C (default 1).
 */
export interface SweepConfiguration {
  readonly samplingRate: number;
  readonly noiseMultiplier?: number;
  readonly steps: number;
  readonly delta?: number;
  readonly epsilon?: number;
  readonly targetEpsilon?: number;
  readonly neighbouring: NeighbouringRelation;
  readonly datasetSize?: number;
  readonly params?: number;
  readonly clip?: number;
}

/** The numeric fields of a {@link SweepConfiguration}, in the order rows and CSV columns list them. */
export const SWEEP_NUMERIC_FIELDS = ['samplingRate', 'noiseMultiplier', 'steps', 'delta', 'epsilon', 'targetEpsilon', 'datasetSize', 'params', 'clip'] as const;
/** A numeric field of a configuration. */
export type SweepNumericField = (typeof SWEEP_NUMERIC_FIELDS)[number];

/** What each configuration of a sweep is evaluated for. */
export interface SweepRequest {
  /** Accountants (ε at δ or δ at ε, or σ for a target ε), or `all` (those that support the relation, as `dpbounds dp --accountant all`). */
  readonly accountants: readonly SweepAccountant[] | 'all';
  /** Threat-specific analyses (none by default). */
  readonly threats?: readonly SweepThreat[];
  /** FPRs: adds TPR@FPR to each accountant (as `dpbounds dp --fpr`) and sets the threats' FPRs (default 0.001, 0.01, 0.1). */
  readonly fprs?: readonly number[];
  /** Leave out the DP side of the threat analyses (as their commands' `--skip-dp`). */
  readonly skipDp?: boolean;
}

/** The threats' FPRs when the request names none (those of `dpbounds bayes-security`, `gmip`, `rtm`). */
export const DEFAULT_THREAT_FPRS: readonly number[] = [0.001, 0.01, 0.1];

/**
 * The accountants a request runs for a configuration: `all` keeps those that support its
 * relation (every one for add-remove; PLD, and RDP and GDP at q = 1, for substitution).
 *
 * @example sweepAccountants({ accountants: 'all' }, { samplingRate: 0.01, steps: 10, delta: 1e-5, noiseMultiplier: 1, neighbouring: 'substitution' }) // ['pld']
 */
export function sweepAccountants(request: SweepRequest, config: SweepConfiguration): SweepAccountant[] {
  requireObject('request', request);
  requireObject('config', config);
  if (request.accountants !== 'all') requireArray('accountants', request.accountants);
  if (request.accountants !== 'all') return [...request.accountants];
  return SWEEP_ACCOUNTANTS.filter((k) => config.neighbouring === 'add-remove' || k === 'pld' || (config.samplingRate === 1 && k !== 'prv'));
}

/**
 * Checks a request: known accountants and threats (no repeats), FPRs in [0, 1].
 *
 * @throws DpboundsTypeError / DpboundsRangeError naming `accountants`, `threats`, `fprs` or `skipDp`.
 * @example validateSweepRequest({ accountants: ['pld'], threats: ['rtm'], fprs: [0.01] })
 */
export function validateSweepRequest(request: SweepRequest): SweepRequest {
  requireOptions('request', request, ['accountants', 'threats', 'fprs', 'skipDp']);
  const list = <T extends string>(name: string, value: unknown, allowed: readonly T[]): void => {
    if (!Array.isArray(value)) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: name, expected: `a list of ${allowed.join(', ')}`, found: value });
    const seen = new Set<unknown>();
    for (const v of value as unknown[]) {
      if (!(allowed as readonly unknown[]).includes(v) || seen.has(v)) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: name, expected: `distinct names from ${allowed.join(', ')}`, found: v });
      }
      seen.add(v);
    }
  };
  // a truthy non-boolean ('true', 1) would be read as false and keep the DP side: refused instead
  if (request.skipDp !== undefined && request.skipDp !== true && request.skipDp !== false) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'skipDp', expected: 'true or false', found: request.skipDp });
  if (request.accountants !== 'all') list('accountants', request.accountants, SWEEP_ACCOUNTANTS);
  if (request.threats !== undefined) list('threats', request.threats, SWEEP_THREATS);
  if ((request.accountants === 'all' ? 1 : request.accountants.length) + (request.threats?.length ?? 0) === 0) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'accountants', expected: 'at least one accountant or threat to evaluate', found: request.accountants });
  }
  if (request.fprs !== undefined) {
    if (!Array.isArray(request.fprs) || request.fprs.length === 0) throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'fprs', expected: 'a non-empty list of FPRs in [0, 1]', found: request.fprs });
    request.fprs.forEach((f, i) => requireInRange(`fprs[${i}]`, f, { min: 0, max: 1 }));
  }
  return request;
}

/**
 * Checks one configuration against the request: every field in its range, exactly one of
 * `delta` / `epsilon` (or `targetEpsilon` with `delta` and no `noiseMultiplier`), the fields the
 * requested threats need, and that explicitly requested accountants support the relation.
 *
 * @throws DpboundsRangeError / DpboundsTypeError naming the field, its range and the value found.
 * @example validateSweepConfiguration({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000, delta: 1e-5, neighbouring: 'add-remove' }, { accountants: ['pld'] })
 */
export function validateSweepConfiguration(config: SweepConfiguration, request: SweepRequest): SweepConfiguration {
  requireOptions('config', config, [...SWEEP_NUMERIC_FIELDS, 'neighbouring']);
  validateSweepRequest(request);
  if (config.neighbouring !== 'add-remove' && config.neighbouring !== 'substitution') {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'neighbouring', expected: 'add-remove or substitution', found: config.neighbouring });
  }
  requireInRange('samplingRate', config.samplingRate, { min: 0, minExclusive: true, max: 1 });
  requireInteger('steps', config.steps, { min: 1 });
  const calibrating = config.targetEpsilon !== undefined;
  const missing = (parameter: string, expected: string): never => {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected, found: undefined });
  };
  if (calibrating) {
    requireInRange('targetEpsilon', config.targetEpsilon, { min: 0, minExclusive: true });
    if (config.noiseMultiplier !== undefined) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier', expected: 'absent in a calibration (targetEpsilon): the noise multiplier is what is calibrated', found: config.noiseMultiplier });
    if (config.epsilon !== undefined) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'epsilon', expected: 'absent in a calibration (targetEpsilon is the target)', found: config.epsilon });
    if (config.delta === undefined) missing('delta', 'a number in (0, 1) (the δ of the targetEpsilon)');
    if ((request.threats?.length ?? 0) > 0) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'threats', expected: 'none in a calibration sweep (targetEpsilon)', found: request.threats });
  } else {
    if (config.noiseMultiplier === undefined) missing('noiseMultiplier', 'a number > 0 (or targetEpsilon for a calibration)');
    requireInRange('noiseMultiplier', config.noiseMultiplier, { min: 0, minExclusive: true });
    if ((config.delta === undefined) === (config.epsilon === undefined)) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'delta', expected: 'exactly one of delta (report ε) and epsilon (report δ)', found: config.delta === undefined ? 'neither' : 'both' });
    }
  }
  if (config.delta !== undefined) requireInRange('delta', config.delta, { min: 0, minExclusive: true, max: 1, maxExclusive: true });
  if (config.epsilon !== undefined) requireInRange('epsilon', config.epsilon, { min: 0 });
  if (config.datasetSize !== undefined) requireInteger('datasetSize', config.datasetSize, { min: 1 });
  if (config.params !== undefined) requireInteger('params', config.params, { min: 1 });
  if (config.clip !== undefined) requireInRange('clip', config.clip, { min: 0, minExclusive: true });
  if (request.threats?.includes('gmip') === true) {
    if (config.datasetSize === undefined) missing('datasetSize', 'an integer ≥ 1 (μ-GMIP needs the dataset size N; batch size n = qN)');
    if (config.params === undefined) missing('params', 'an integer ≥ 1 (μ-GMIP needs the number of parameters d)');
    gmipBatchSize(config);
  }
  if (request.accountants !== 'all' && config.neighbouring === 'substitution') {
    for (const accountant of request.accountants) {
      const supported = accountant === 'pld' || (config.samplingRate === 1 && accountant !== 'prv');
      if (!supported) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'accountants', expected: `accountants that support substitution here (pld${config.samplingRate === 1 ? ', rdp, gdp' : ''}; rdp and gdp only at samplingRate 1)`, found: accountant });
      }
    }
  }
  return config;
}

/**
 * The fixed batch size n = q·N of the μ-GMIP analysis (batches of n drawn from N records);
 * q·N must be a whole number (within 1e-9 relative) between 1 and N.
 *
 * @throws DpboundsRangeError naming `samplingRate` when q·N is not a whole number ≥ 1.
 * @example gmipBatchSize({ samplingRate: 0.004, datasetSize: 50000, steps: 1, neighbouring: 'add-remove' }) // 200
 */
export function gmipBatchSize(config: SweepConfiguration): number {
  requireObject('config', config);
  const n = config.samplingRate * (config.datasetSize ?? Number.NaN);
  const rounded = Math.round(n);
  if (!(rounded >= 1) || Math.abs(n - rounded) > 1e-9 * rounded) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'samplingRate', expected: `a rate whose batch size samplingRate · datasetSize is a whole number ≥ 1 for μ-GMIP (datasetSize ${String(config.datasetSize)})`, found: config.samplingRate });
  }
  return rounded;
}
