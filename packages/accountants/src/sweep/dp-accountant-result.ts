/**
 * The (ε, δ) result of one accountant for one DP-SGD run, as the JSON object `dpbounds dp`
 * prints (docs/cli.md): `accountant`, `neighbouring`, `epsilon`, `delta`, `kind`, the numerical
 * bracket where the accountant has one, and `method` / `note` saying how it was computed.
 * `epsilon` (or `delta`) is a guarantee in every row (its `kind` says so): for GDP it is the PLD guarantee and the CLT
 * value is in `epsilonEstimate` (Bu et al. 2020 is an approximation, not a bound). One place
 * builds these rows; the `dp` command, the sweep engine and the demo report all use it.
 */
import { DpboundsRangeError, requireObject } from '@dpbounds/special-functions';
import { requireNeighbouring, type NeighbouringRelation, type PrivacyAccountant } from '../accountant.js';
import { requireOptions } from '../events/validate-event.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import type { MechanismEvent } from '../events/mechanism-event.js';
import { GdpAccountant } from '../gdp/gdp-accountant.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { PrvAccountant } from '../prv/prv-accountant.js';
import type { PrvAccountantOptions } from '../prv/prv-accountant.js';
import { RdpAccountant } from '../rdp/rdp-accountant.js';
import { requireSweepAccountant } from './require-sweep-accountant.js';
import type { SweepAccountant } from './sweep-configuration.js';

/** A DP-SGD run and the question: ε at `delta`, or δ at `epsilon` (exactly one). */
export interface DpQuery {
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly steps: number;
  readonly neighbouring: NeighbouringRelation;
  readonly delta?: number;
  readonly epsilon?: number;
}

/** One accountant's JSON result (the `dpbounds dp` fields; non-finite numbers are `null` with `<field>Infinite: true`). */
export type DpAccountantResult = Record<string, string | number | boolean | null>;

/** Options of {@link dpAccountantEvaluation}. */
export interface DpAccountantOptions {
  /** PRV options; default `{ epsError: 'relative' }` (within ~0.1 % of the tight ε). */
  readonly prv?: PrvAccountantOptions;
  /** For `gdp`: the PLD result of the same query, if already computed (it is the guarantee). */
  readonly pldResult?: DpAccountantResult;
}

/** A result with the composed accountant it was read from (for curves). */
export interface DpAccountantEvaluation {
  readonly result: DpAccountantResult;
  readonly accountant: PrivacyAccountant;
}

function provenanceOf(b: { readonly method: string; readonly note?: string }): DpAccountantResult {
  return b.note === undefined ? { method: b.method } : { method: b.method, note: b.note };
}

/**
 * JSON cannot hold ±∞: a non-finite number becomes `null` with a sibling `<field>Infinite: true`.
 *
 * @example jsonSafeResult({ epsilon: Infinity }) // { epsilon: null, epsilonInfinite: true }
 */
export function jsonSafeResult(result: DpAccountantResult): DpAccountantResult {
  requireObject('result', result);
  const out: DpAccountantResult = {};
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      out[key] = null;
      out[`${key}Infinite`] = true;
    } else out[key] = value;
  }
  return out;
}

function pldPart(query: DpEventQuestion, event: MechanismEvent): DpAccountantEvaluation {
  const pld = new PldAccountant({ neighbouring: query.neighbouring }).compose(event);
  if (query.delta !== undefined) {
    const b = pld.getEpsilonBounds(query.delta);
    return { accountant: pld, result: { epsilon: b.upper, delta: query.delta, kind: b.kind, epsilonLower: b.lower, epsilonUpper: b.upper, discretizationInterval: pld.discretizationInterval, ...provenanceOf(b) } };
  }
  const b = pld.getDeltaBounds(query.epsilon as number);
  return { accountant: pld, result: { epsilon: query.epsilon as number, delta: b.upper, kind: b.kind, deltaLower: b.lower, deltaUpper: b.upper, discretizationInterval: pld.discretizationInterval, ...provenanceOf(b) } };
}

function requireRelation(kind: SweepAccountant, query: DpQuery): void {
  const supported = kind === 'pld' || query.neighbouring === 'add-remove' || (query.samplingRate === 1 && kind !== 'prv');
  if (!supported) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'neighbouring', expected: `add-remove for the ${kind} accountant${kind === 'prv' ? '' : ' at samplingRate < 1'} (use pld for substitution)`, found: query.neighbouring });
  }
}

/**
 * Runs one accountant on T steps of the Poisson-subsampled Gaussian and returns the `dpbounds dp`
 * JSON object (before {@link jsonSafeResult}) with the composed accountant.
 * PLD: pessimistic discretisation (epsilonLower/epsilonUpper bracket the exact ε); RDP: the best
 * order (Mironov 2017, Prop. 3; Balle et al. 2020 conversion); PRV: Gopi et al. 2021 with its
 * error bounds; GDP: the PLD guarantee with the CLT μ (Bu et al. 2020, Thm 2) as an estimate.
 *
 * @throws DpboundsRangeError naming `neighbouring` when the accountant does not support
 *   substitution here, or naming the run's parameter when the accountants refuse it.
 * @example dpAccountantEvaluation('pld', { samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10000, neighbouring: 'add-remove', delta: 1e-5 }).result.epsilon
 */
export function dpAccountantEvaluation(kind: SweepAccountant, query: DpQuery, options: DpAccountantOptions = {}): DpAccountantEvaluation {
  requireSweepAccountant('accountant', kind);
  requireNeighbouring(requireObject('query', query)['neighbouring']);
  requireOptions('options', options, ['prv', 'pldResult']);
  requireRelation(kind, query);
  const event = dpSgdEvent({ samplingRate: query.samplingRate, noiseMultiplier: query.noiseMultiplier, steps: query.steps });
  return dpEventAccountantEvaluation(kind, event, query, options);
}

/** The question of {@link dpEventAccountantEvaluation}: ε at `delta`, or δ at `epsilon` (exactly one), under `neighbouring`. */
export interface DpEventQuestion {
  readonly neighbouring: NeighbouringRelation;
  readonly delta?: number;
  readonly epsilon?: number;
}

/**
 * The row of {@link dpAccountantEvaluation} for any event the accountants compose, e.g. a
 * heterogeneous DP-SGD schedule (`dpSgdScheduleEvent`, an Opacus `accountant.history`): the same
 * fields, computed the same way (dpAccountantEvaluation calls it with `dpSgdEvent`). Domain: what
 * the accountant of `kind` prices under `neighbouring` (RDP and GDP price Poisson-sampled steps
 * under add-remove only, PRV add-remove only); an event it cannot price throws the accountant's
 * `UnsupportedEventError` or `DpboundsRangeError` naming what it refused.
 *
 * @example dpEventAccountantEvaluation('rdp', dpSgdScheduleEvent([{ samplingRate: 0.01, noiseMultiplier: 1, steps: 300 }, { samplingRate: 0.02, noiseMultiplier: 1.2, steps: 100 }]), { neighbouring: 'add-remove', delta: 1e-5 }).result.epsilon
 */
export function dpEventAccountantEvaluation(kind: SweepAccountant, event: MechanismEvent, question: DpEventQuestion, options: DpAccountantOptions = {}): DpAccountantEvaluation {
  requireSweepAccountant('accountant', kind);
  requireNeighbouring(requireObject('question', question)['neighbouring']);
  requireOptions('options', options, ['prv', 'pldResult']);
  const query = question;
  const head = { accountant: kind, neighbouring: query.neighbouring };
  switch (kind) {
    case 'rdp': {
      const rdp = new RdpAccountant({ neighbouring: query.neighbouring }).compose(event);
      if (query.delta !== undefined) {
        const r = rdp.getEpsilonAndOrder(query.delta);
        return { accountant: rdp, result: { ...head, epsilon: r.epsilon, delta: query.delta, kind: 'guarantee', order: r.order, method: 'rdp' } };
      }
      return { accountant: rdp, result: { ...head, epsilon: query.epsilon as number, delta: rdp.getDelta(query.epsilon as number), kind: 'guarantee', method: 'rdp' } };
    }
    case 'pld': {
      const p = pldPart(query, event);
      return { accountant: p.accountant, result: { ...head, ...p.result } };
    }
    case 'prv': {
      const prv = new PrvAccountant(options.prv ?? { epsError: 'relative' }).compose(event);
      if (query.delta !== undefined) {
        const b = prv.getEpsilonBounds(query.delta);
        // epsilonError: the PRV's own ε error, or (after the RDP fallback) the whole gap upper − lower
        const error = b.method === 'prv' ? prv.getEpsilonError(query.delta) : b.upper - b.lower;
        return { accountant: prv, result: { ...head, epsilon: b.upper, delta: query.delta, kind: b.kind, epsilonLower: b.lower, epsilonUpper: b.upper, epsilonEstimate: b.estimate, epsilonError: error, ...provenanceOf(b) } };
      }
      const b = prv.getDeltaBounds(query.epsilon as number);
      return { accountant: prv, result: { ...head, epsilon: query.epsilon as number, delta: b.upper, kind: b.kind, deltaLower: b.lower, deltaUpper: b.upper, deltaEstimate: b.estimate, ...provenanceOf(b) } };
    }
    case 'gdp': {
      const gdp = new GdpAccountant({ neighbouring: query.neighbouring }).compose(event);
      const guarantee = options.pldResult ?? pldPart(query, event).result;
      const rest = { kind: 'guarantee', estimateKind: 'estimate', method: `gdp (epsilon: ${String(guarantee.method)})`, ...(guarantee.note === undefined ? {} : { note: guarantee.note }) };
      if (query.delta !== undefined) {
        const estimate = gdp.getEpsilon(query.delta);
        const outside = cltOutsideBounds(estimate, guarantee.epsilonLower, guarantee.epsilon);
        return { accountant: gdp, result: { ...head, epsilon: guarantee.epsilon as number, delta: query.delta, ...rest, epsilonEstimate: estimate, ...outside, mu: gdp.mu(), approximation: true } };
      }
      const estimate = gdp.getDelta(query.epsilon as number);
      const outside = cltOutsideBounds(estimate, guarantee.deltaLower, guarantee.delta);
      return { accountant: gdp, result: { ...head, epsilon: query.epsilon as number, delta: guarantee.delta as number, ...rest, deltaEstimate: estimate, ...outside, mu: gdp.mu(), approximation: true } };
    }
  }
}

/**
 * `{ estimateNote }` when the GDP/CLT estimate lies more than a factor 2 outside the PLD's proven
 * bracket [lower, upper] of the same quantity (then it estimates nothing about this run: the CLT
 * of Bu et al. 2020 / Dong, Roth, Su 2022 holds for many steps at a small sampling rate), else
 * `{}`. (Inside that factor the CLT is an approximation of the usual quality, often a little below
 * the PLD's lower bound, as the accounting docs show.)
 */
function cltOutsideBounds(estimate: number, lower: unknown, upper: unknown): { estimateNote?: string } {
  const hi = typeof upper === 'number' ? upper : Infinity;
  const lo = typeof lower === 'number' ? lower : 0;
  if (!(estimate > 2 * hi) && !(estimate < lo / 2)) return {};
  const fmt = (v: number): string => Number(v.toPrecision(6)).toString();
  return { estimateNote: `outside the PLD bounds [${fmt(lo)}, ${fmt(hi)}]: the CLT estimates ε only for many steps at a small sampling rate, not this run` };
}

/**
 * The `dpbounds dp --json` object of one accountant (JSON-safe).
 *
 * @throws as {@link dpAccountantEvaluation}.
 * @example dpAccountantResult('rdp', { samplingRate: 0.01, noiseMultiplier: 1, steps: 1000, neighbouring: 'add-remove', delta: 1e-5 }).order
 */
export function dpAccountantResult(kind: SweepAccountant, query: DpQuery, options: DpAccountantOptions = {}): DpAccountantResult {
  requireOptions('options', options, ['prv', 'pldResult']);
  return jsonSafeResult(dpAccountantEvaluation(kind, query, options).result);
}
