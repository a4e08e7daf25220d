/**
 * Calibration: the smallest noise multiplier σ, or the largest sampling rate q or number of
 * steps T, that meets a target ε at δ, for any accountant (derivation: docs/math/accounting.md §10).
 */
import { brentRoot, DpboundsRangeError, DpboundsTypeError, requireFunction, requireInRange, requireInteger } from '@dpbounds/special-functions';
import { cltMu, gdpMuFromEpsilonDelta } from '@dpbounds/tradeoff-core';
import type { NeighbouringRelation, PrivacyAccountant } from '../accountant.js';
import { flattenEvent, groupLedger } from '../events/ledger.js';
import type { LedgerEntry } from '../events/ledger.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import type { MechanismEvent } from '../events/mechanism-event.js';
import { requireOptions } from '../events/validate-event.js';
import { accountantFactory } from './accountant-choice.js';
import type { AccountantChoice } from './accountant-choice.js';
import { prvCalibrationStart } from './prv-start.js';
import { accountantEvaluationWork, chargeWork, createWorkMeter, MIN_SEARCH_EVALUATIONS, requireEstimatedWork, requireMaxWork } from './calibration-work.js';
import type { WorkMeter } from './calibration-work.js';

export type { AccountantChoice } from './accountant-choice.js';

/** Common arguments of the calibration functions. */
export interface CalibrationTarget {
  /** Target ε > 0. */
  readonly targetEpsilon: number;
  /** δ ∈ (0, 1). */
  readonly delta: number;
  /** Accountant (default `pld`). */
  readonly accountant?: AccountantChoice;
  /** Neighbouring relation when `accountant` is a kind (default `add-remove`). */
  readonly neighbouring?: NeighbouringRelation;
  /**
   * Total work budget of the search, in grid points (calibration-work.ts: each evaluation is
   * charged before it runs from the length of the composition it prices); integer in
   * [2¹², 2⁵³ − 1], default 2²⁷ (about 15 s of CPU). Past it the search is refused with a
   * `DpboundsRangeError` naming the parameter that drove the work (`steps`), never cut short.
   */
  readonly maxWork?: number;
}

/** A calibrated parameter with the ε the accountant reports there (always ≤ the target). */
export interface CalibrationResult {
  readonly value: number;
  readonly epsilon: number;
  /** Accountant evaluations used. */
  readonly evaluations: number;
  /** Work counted, in grid points (at most `maxWork`). */
  readonly work: number;
}

/** The accountant factory of a target: its kind's constructor, or its factory with every product checked (accountant-choice.ts). */
function factoryOf(target: CalibrationTarget): () => PrivacyAccountant {
  return accountantFactory('accountant', target.accountant ?? 'pld', target.neighbouring);
}

const TARGET_KEYS: readonly string[] = ['targetEpsilon', 'delta', 'accountant', 'neighbouring', 'maxWork'];

function validateTarget(target: CalibrationTarget, keys: readonly string[]): void {
  requireOptions('options', target, [...TARGET_KEYS, ...keys], false);
  requireInRange('targetEpsilon', target.targetEpsilon, { min: 0, minExclusive: true });
  if (target.accountant !== undefined) accountantFactory('accountant', target.accountant, target.neighbouring);
  requireInRange('delta', target.delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  requireMaxWork(target.maxWork);
}

/**
 * ε of one event; accountant failures and NaN count as +∞ ("ε too large", docs/accounting.md).
 * The accountant is made outside: a factory's refusal (it returned no accountant) is thrown.
 */
function safeEpsilon(make: () => PrivacyAccountant, event: () => MechanismEvent, delta: number): number {
  const accountant = make();
  try {
    const eps = accountant.compose(event()).getEpsilon(delta);
    return Number.isNaN(eps) ? Infinity : eps;
  } catch {
    return Infinity;
  }
}

/**
 * What the σ search knows of a family of events: at noise multiplier σ the event is (close to)
 * `steps` releases, each Poisson-sampled at `samplingRate`, of a Gaussian of noise σ·`scale`.
 * It gives the search its start (the CLT μ), the PRV start and the range of σ it explores
 * (1e-2 to 1e6 in the noise σ·scale of the mechanism).
 */
interface NoiseShape {
  readonly samplingRate: number;
  readonly steps: number;
  readonly scale: number;
}

/**
 * How far above ε(start)·(start/floor)² a target must be for the σ search to try the floor of its
 * range (σ·scale = 0.01) right after the start. ε grows about like 1/σ² as σ falls (the Gaussian
 * part μ²/2 of a composition, μ ∝ 1/σ), so such a target is met there; the floor's own evaluation
 * decides, and when it misses the search walks down as usual (one evaluation more).
 */
const FAR_TARGET_FACTOR = 10;

/**
 * The search of {@link calibrateNoiseMultiplier} and {@link calibrateEventNoiseMultiplier}:
 * bracketing from a start, Brent, and the never-overshoot check of `finalise`.
 */
function smallestNoiseMultiplier(
  options: CalibrationTarget & { readonly tolerance?: number },
  eventAt: (noiseMultiplier: number) => MechanismEvent,
  shape: NoiseShape | undefined,
  unreachable: string,
  meter: WorkMeter,
  length: number,
): CalibrationResult {
  const make = factoryOf(options);
  const kind = make().kind;
  // every σ priced composes `length` releases: charged before it runs, refused before any work when even a short search cannot fit
  const perEvaluation = accountantEvaluationWork(kind, length);
  requireEstimatedWork(meter, MIN_SEARCH_EVALUATIONS * perEvaluation, `a σ search (at least ${MIN_SEARCH_EVALUATIONS} evaluations of ε(σ) at ${perEvaluation} each)`);
  const tol = requireInRange('tolerance', options.tolerance ?? (kind === 'pld' ? 1e-6 : kind === 'prv' ? 1e-5 : 1e-8), { min: 1e-12, max: 0.1 });
  const target = options.targetEpsilon;
  const scale = shape?.scale ?? 1;
  let evaluations = 0;
  // Brent re-evaluates the bracket's ends: remember every σ priced (accountants are deterministic)
  const seen = new Map<number, number>();
  const eps = (sigma: number): number => {
    const known = seen.get(sigma);
    if (known !== undefined) return known;
    chargeWork(meter, perEvaluation, `evaluation ${evaluations + 1} of ε(σ)`);
    evaluations++;
    const e = safeEpsilon(make, () => eventAt(sigma), options.delta);
    seen.set(sigma, e);
    return e;
  };
  // initial guess (in the mechanism's noise σ·scale): the σ whose CLT μ matches the μ-GDP curve
  // through (target, δ); exact for Gaussian releases (q = 1), whose composition is √T/σ-GDP
  let unit = 1;
  if (shape !== undefined) {
    try {
      const mu = gdpMuFromEpsilonDelta(target, options.delta);
      if (shape.samplingRate === 1) unit = Math.sqrt(shape.steps) / mu;
      else {
        const f = (s: number): number => cltMu({ samplingRate: shape.samplingRate, noiseMultiplier: s, steps: shape.steps }) - mu;
        const root = brentRoot(f, 0.05, 1e4);
        if (Number.isFinite(root)) unit = root;
      }
    } catch {
      unit = 1;
    }
  }
  // the PRV accountant starts next to the answer, found with cheap PRV estimates (prv-start.ts),
  // and brackets it with small steps growing 4× (others: steps of 25 % growing 1.25×)
  const start = kind === 'prv' && shape !== undefined ? prvCalibrationStart(make(), shape.samplingRate, shape.steps, options.delta, target, unit, tol) : undefined;
  // the search explores noises σ·scale ≥ 0.01 (below it one step's grid grows like 1/σ² while ε
  // moves little): a start below that floor (an exact Gaussian start for a target of 1e308 is
  // about 1e-154) is raised to it, or the upward walk would double from there, hundreds of evaluations
  const floor = 1e-2 / scale;
  const guess = Math.max(floor, (start === undefined ? unit : start.sigma) / scale);
  const grow = (f: number): number => (start === undefined ? Math.min(f * 1.25, 2) : Math.min(1 + (f - 1) * 4, 2));
  let lo = guess;
  let hi = guess;
  let epsHi = eps(hi);
  if (epsHi <= target) {
    // a target far above ε at the start (1e15, 1e308: beyond what the CLT start can aim at) is met
    // at the floor of the explored range: try the floor at once, verified by an evaluation, instead
    // of walking down to it through σ where every evaluation is costly (wide one-step grids)
    if (lo > floor && target >= FAR_TARGET_FACTOR * epsHi * (lo / floor) ** 2) {
      const epsFloor = eps(floor);
      if (epsFloor <= target) return { value: floor, epsilon: epsFloor, evaluations, work: meter.used };
    }
    let epsLo = epsHi;
    let shrink = start === undefined ? 1.25 : 1 + start.step;
    while (epsLo <= target) {
      hi = lo;
      epsHi = epsLo;
      // accelerate like the upward search: a generous target reaches the σ floor in ~8 evaluations, not 20
      lo /= shrink;
      shrink = grow(shrink);
      // below a noise of 0.01 the grids of one step grow like 1/σ² while ε moves little: stop there
      if (lo < floor) return { value: hi, epsilon: epsHi, evaluations, work: meter.used };
      epsLo = eps(lo);
    }
  } else {
    let factor = start === undefined ? 1.25 : 1 + start.step;
    while (epsHi > target) {
      lo = hi;
      hi *= factor;
      factor = grow(factor);
      if (hi > 1e6 / scale) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'targetEpsilon', expected: `reachable with a noise multiplier ≤ ${scale === 1 ? '1e6' : (1e6 / scale).toPrecision(4)} (${unreachable})`, found: target });
      }
      epsHi = eps(hi);
    }
  }
  const root = brentRoot((s) => eps(s) - target, lo, hi, { rtol: tol, xtol: tol * lo });
  return finalise(root, hi, epsHi, target, eps, () => evaluations, 'up', tol, meter);
}

/**
 * Smallest σ with ε(σ) ≤ target for DP-SGD with sampling rate q and T steps (Opacus'
 * `get_noise_multiplier` contract, dp_accounting's bracketing + Brent method).
 *
 * Method: an initial guess from the GDP/CLT μ (tradeoff-core `gdpMuFromEpsilonDelta`), a
 * bracket [lo, hi] with ε(lo) > target ≥ ε(hi) found by factors of 1.25 (then 2), Brent's method
 * on ε(σ) − target to relative tolerance `tolerance`, and a final check: the returned σ is one at
 * which the accountant was evaluated and gave ε ≤ target (moved up towards hi if needed), so it
 * never overshoots the budget.
 *
 * Give exactly one of `steps` or `epochs` (then T = ⌊epochs/q⌋, Opacus' convention).
 * Domain: target ε > 0, δ ∈ (0, 1), q ∈ (0, 1], T ≥ 1. Throws `DpboundsRangeError` when even
 * σ = 1e6 does not meet the target, and naming `steps` (`epochs` when given) when the search's
 * work would pass `maxWork` (calibration-work.ts: each evaluation charged before it runs, a search
 * whose first three evaluations cannot fit refused before any). Default tolerance: 1e-8 (rdp, gdp), 1e-6 (pld), 1e-5 (prv). At
 * 1e-6 the PLD calibration takes as many accountant evaluations as at 1e-5 (7 on the two
 * configurations of the anchors benchmark) and returns a σ below dp_accounting's (which its own
 * accountant certifies); at 1e-5 Brent stopped up to 9·10⁻⁶ above the smallest certified σ.
 *
 * @example calibrateNoiseMultiplier({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 1000 }) // { value: ≈1.4146, … }
 */
export function calibrateNoiseMultiplier(
  options: CalibrationTarget & { readonly samplingRate: number; readonly steps?: number; readonly epochs?: number; readonly tolerance?: number },
): CalibrationResult {
  return calibrateNoiseMultiplierWithin(options, undefined);
}

/**
 * {@link calibrateNoiseMultiplier} counting its work on `meter` (shared by the searches of one
 * sampler calibration, whose refusal names the run's steps); undefined: a meter of its own, of
 * `options.maxWork`, naming `steps` (or `epochs` when given).
 */
export function calibrateNoiseMultiplierWithin(
  options: CalibrationTarget & { readonly samplingRate: number; readonly steps?: number; readonly epochs?: number; readonly tolerance?: number },
  meter: WorkMeter | undefined,
): CalibrationResult {
  validateTarget(options, ['samplingRate', 'steps', 'epochs', 'tolerance']);
  const q = requireInRange('samplingRate', options.samplingRate, { min: 0, minExclusive: true, max: 1 });
  if ((options.steps === undefined) === (options.epochs === undefined)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'steps', expected: 'exactly one of steps or epochs', found: options.steps === undefined ? 'neither' : 'both' });
  }
  // Opacus convention: steps = floor(epochs / q)
  const steps = options.steps !== undefined ? requireInteger('steps', options.steps, { min: 1 }) : Math.max(1, Math.floor(requireInRange('epochs', options.epochs, { min: 0, minExclusive: true }) / q));
  requireSometimesSampled(options.delta, -Math.expm1(steps * Math.log1p(-q)), '1 − (1 − samplingRate)^steps', 'raise samplingRate or steps, or lower delta');
  const event = (sigma: number): MechanismEvent => dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps });
  const own = meter ?? (options.steps !== undefined ? createWorkMeter(requireMaxWork(options.maxWork), 'steps', steps) : createWorkMeter(requireMaxWork(options.maxWork), 'epochs', options.epochs as number));
  return smallestNoiseMultiplier(options, event, { samplingRate: q, steps, scale: 1 }, `privacy budget too low for q = ${q}, T = ${steps}, δ = ${options.delta}`, own, steps);
}

/**
 * δ ≥ P(the record is ever sampled): (0, δ)-DP holds without noise, so there is no smallest
 * σ > 0 to find (every σ meets the target); say so instead of searching σ → 0.
 */
function requireSometimesSampled(delta: number, sampled: number, formula: string, advice: string): void {
  if (sampled < 1 && delta >= sampled) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'delta', expected: `below the chance that the record is ever sampled, ${formula} = ${sampled.toPrecision(4)} (at or above it the target holds without noise, for every σ: ${advice})`, found: delta });
  }
}

/**
 * The shape of a family from its ledger at σ = 1 (see {@link NoiseShape}): one (q, σᵢ, count)
 * entry is that run; Gaussian releases only (q = 1) are the one Gaussian of noise 1/μ with
 * μ² = Σ countᵢ/σᵢ² (Dong, Roth, Su 2022: composed Gaussians are exactly μ-GDP); anything else
 * has no shape (the search starts at σ = 1). Also the chance that a record is ever used.
 */
function shapeOfLedger(entries: readonly LedgerEntry[]): { shape: NoiseShape | undefined; sampled: number } {
  let logUnused = 0;
  for (const e of entries) logUnused += e.samplingRate === 1 ? -Infinity : e.count * Math.log1p(-e.samplingRate);
  const sampled = -Math.expm1(logUnused);
  if (entries.some((e) => !(e.noiseMultiplier > 0 && Number.isFinite(e.noiseMultiplier)))) return { shape: undefined, sampled };
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only !== undefined) return { shape: { samplingRate: only.samplingRate, steps: only.count, scale: only.noiseMultiplier }, sampled };
  if (entries.length === 0 || entries.some((e) => e.samplingRate !== 1)) return { shape: undefined, sampled };
  let mu2 = 0;
  for (const e of entries) mu2 += e.count / (e.noiseMultiplier * e.noiseMultiplier);
  return { shape: { samplingRate: 1, steps: 1, scale: 1 / Math.sqrt(mu2) }, sampled };
}

/**
 * Smallest σ with ε(event(σ)) ≤ target at δ, for any family of mechanism events whose privacy
 * loss falls as σ grows (every release's noise proportional to σ): a banded matrix mechanism
 * (`bandedMatrixEvent`, DP-FTRL / BandMF), a DP-SGD schedule, a Gaussian of sensitivity Δ. The
 * search is the one of {@link calibrateNoiseMultiplier} (bracketing + Brent, the returned σ is
 * one at which the accountant gave ε ≤ target), started from the family's ledger at σ = 1: for
 * Gaussian releases without sampling the start is the exact Gaussian calibration σ = μ₁/μ, with
 * μ₁ the GDP μ of event(1) and μ the one of the (target, δ) curve (Dong, Roth, Su 2022, Cor. 2.13),
 * so the accountant is evaluated next to the answer; one Poisson-sampled run starts from its CLT μ.
 * For `event = σ ↦ dpSgdEvent({ samplingRate, noiseMultiplier: σ, steps })` the result is
 * calibrateNoiseMultiplier's, bit for bit.
 *
 * Domain: target ε > 0, δ ∈ (0, 1) below the chance that a record is ever used; `event` builds a
 * valid event for every σ > 0 (event(1) is built and flattened first: its typed error is thrown
 * as is). The search explores σ·s from 1e-2 to 1e6, s the noise multiplier of event(1)'s one
 * ledger entry (1/sensitivity), or 1/Δ for several Gaussian releases (s = 1 otherwise). Throws
 * `DpboundsRangeError` naming `targetEpsilon` when even σ·s = 1e6 does not meet the target,
 * naming `delta` when δ ≥ P(a record is ever used) (no smallest σ exists), and naming `steps`
 * (found: the releases of event(1)'s ledger) when the search's work would pass `maxWork`.
 * Default tolerance as calibrateNoiseMultiplier.
 *
 * @example calibrateEventNoiseMultiplier({ targetEpsilon: 2, delta: 1e-5, event: (s) => bandedMatrixEvent({ strategy: { bands: [[1], [0.5]] }, bands: 2, steps: 1000, noiseMultiplier: s, participation: 'cyclic', minSeparation: 100 }) }).value // ≈ 7.049 (Δ = √12.5, σ/Δ ≈ 1.99)
 */
export function calibrateEventNoiseMultiplier(options: CalibrationTarget & { readonly event: (noiseMultiplier: number) => MechanismEvent; readonly tolerance?: number }): CalibrationResult {
  validateTarget(options, ['event', 'tolerance']);
  const eventAt = requireFunction<(noiseMultiplier: number) => MechanismEvent>('event', options.event);
  const probe = factoryOf(options)();
  const ledger = groupLedger(flattenEvent(eventAt(1), { accountant: probe.kind, check: () => undefined, neighbouring: probe.neighbouring }));
  const { shape, sampled } = shapeOfLedger(ledger);
  requireSometimesSampled(options.delta, sampled, 'of the ledger of event(σ)', 'raise the sampling rates or the steps, or lower delta');
  // the work of one evaluation grows with the releases composed: the ledger's steps at σ = 1 (its shape does not depend on σ)
  const releases = ledger.reduce((sum, e) => sum + e.count, 0);
  const meter = createWorkMeter(requireMaxWork(options.maxWork), 'steps', releases);
  return smallestNoiseMultiplier(options, eventAt, shape, `privacy budget too low for this event at δ = ${options.delta}`, meter, releases);
}

/**
 * Returns a candidate verified to meet the target: the root itself if its ε is within budget,
 * else points moved towards the known-feasible end by steps |x|·tol·2^k, else the feasible end.
 */
function finalise(candidate: number, feasible: number, epsFeasible: number, target: number, eps: (x: number) => number, count: () => number, direction: 'up' | 'down', tol: number, meter: WorkMeter): CalibrationResult {
  if (Number.isFinite(candidate)) {
    const sign = direction === 'up' ? 1 : -1;
    for (let k = 0; k < 60; k++) {
      const x = k === 0 ? candidate : candidate + sign * Math.abs(candidate) * tol * 2 ** (k - 1);
      if (direction === 'up' ? x >= feasible : x <= feasible) break;
      const e = eps(x);
      if (e <= target) return { value: x, epsilon: e, evaluations: count(), work: meter.used };
    }
  }
  return { value: feasible, epsilon: epsFeasible, evaluations: count(), work: meter.used };
}

/**
 * Largest sampling rate q ∈ (0, 1] with ε(q) ≤ target at noise multiplier σ and T steps (ε is
 * non-decreasing in q). A bracket from the CLT start by factors of 4 (so a wide q = 1 step is
 * priced only when the answer is near it) then Brent, with the same never-overshoot check as
 * {@link calibrateNoiseMultiplier}; q = 1 is returned when it meets the target. Throws when even q = 1e-12 exceeds the target, and naming
 * `steps` when the search's work would pass `maxWork`.
 *
 * @example calibrateSamplingRate({ targetEpsilon: 1, delta: 1e-5, noiseMultiplier: 1, steps: 1000, accountant: 'rdp' })
 */
export function calibrateSamplingRate(options: CalibrationTarget & { readonly noiseMultiplier: number; readonly steps: number; readonly tolerance?: number }): CalibrationResult {
  validateTarget(options, ['noiseMultiplier', 'steps', 'tolerance']);
  const sigma = requireInRange('noiseMultiplier', options.noiseMultiplier, { min: 0, minExclusive: true });
  const steps = requireInteger('steps', options.steps, { min: 1 });
  const make = factoryOf(options);
  const tol = requireInRange('tolerance', options.tolerance ?? 1e-6, { min: 1e-12, max: 0.1 });
  const target = options.targetEpsilon;
  const meter = createWorkMeter(requireMaxWork(options.maxWork), 'steps', steps);
  const perEvaluation = accountantEvaluationWork(make().kind, steps);
  requireEstimatedWork(meter, MIN_SEARCH_EVALUATIONS * perEvaluation, `a sampling-rate search (at least ${MIN_SEARCH_EVALUATIONS} evaluations of ε(q) at ${perEvaluation} each)`);
  let evaluations = 0;
  // Brent re-evaluates the bracket's ends: remember every q priced (accountants are deterministic)
  const seen = new Map<number, number>();
  const eps = (q: number): number => {
    const known = seen.get(q);
    if (known !== undefined) return known;
    chargeWork(meter, perEvaluation, `evaluation ${evaluations + 1} of ε(q)`);
    evaluations++;
    const e = safeEpsilon(make, () => dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps }), options.delta);
    seen.set(q, e);
    return e;
  };
  // bracket [lo, hi] with ε(lo) ≤ target < ε(hi), from the CLT start by factors of 4 (up to q = 1,
  // down to 1e-12): a large q is priced only when the answer is near it (its one-step loss is wide)
  const start = samplingRateStart(target, options.delta, sigma, steps);
  let lo = start;
  let hi = start;
  let epsLo = eps(start);
  if (epsLo <= target) {
    for (;;) {
      if (lo === 1) return { value: 1, epsilon: epsLo, evaluations, work: meter.used };
      hi = Math.min(1, lo * 4);
      const e = eps(hi);
      if (e > target) break;
      lo = hi;
      epsLo = e;
    }
  } else {
    while (epsLo > target) {
      hi = lo;
      lo = lo === 1 ? 0.5 : lo / 4;
      if (lo < 1e-12) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'targetEpsilon', expected: `reachable with a sampling rate ≥ 1e-12 (σ = ${sigma}, T = ${steps})`, found: target });
      }
      epsLo = eps(lo);
    }
  }
  const root = brentRoot((q) => eps(q) - target, lo, hi, { rtol: tol, xtol: tol * lo });
  return finalise(root, lo, epsLo, target, eps, () => evaluations, 'down', tol, meter);
}

/**
 * The start of the sampling-rate search: the q whose CLT μ = q·√(T(e^{1/σ²} − 1)) (Bu, Dong,
 * Long, Su 2020, Thm. 5) matches the μ-GDP curve through (target, δ) (tradeoff-core
 * `gdpMuFromEpsilonDelta`), in [1e-12, 1]; 1 (the former start) when that is not finite. Only a
 * start: the bracket is checked on the accountant's ε.
 */
function samplingRateStart(target: number, delta: number, sigma: number, steps: number): number {
  try {
    const q = gdpMuFromEpsilonDelta(target, delta) / Math.sqrt(steps * Math.expm1(1 / (sigma * sigma)));
    return q > 0 && Number.isFinite(q) ? Math.min(1, Math.max(1e-12, q)) : 1;
  } catch {
    return 1;
  }
}

/**
 * Largest number of steps T ≥ 0 with ε(T) ≤ target at sampling rate q and noise multiplier σ
 * (ε is non-decreasing in T): exponential search then integer bisection; every step's ε is an
 * accountant evaluation, so the result never overshoots. Returns 0 when even one step exceeds
 * the target; stops at `maxSteps` (default 1e8). Each ε(T) is charged to `maxWork` by its T; past
 * the budget the search is refused naming `maxSteps`.
 *
 * @example calibrateSteps({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, noiseMultiplier: 1.5, accountant: 'rdp' })
 */
export function calibrateSteps(options: CalibrationTarget & { readonly samplingRate: number; readonly noiseMultiplier: number; readonly maxSteps?: number }): CalibrationResult {
  validateTarget(options, ['samplingRate', 'noiseMultiplier', 'maxSteps']);
  const q = requireInRange('samplingRate', options.samplingRate, { min: 0, minExclusive: true, max: 1 });
  const sigma = requireInRange('noiseMultiplier', options.noiseMultiplier, { min: 0, minExclusive: true });
  const maxSteps = requireInteger('maxSteps', options.maxSteps ?? 1e8, { min: 1 });
  const make = factoryOf(options);
  const kind = make().kind;
  const target = options.targetEpsilon;
  // the work of ε(T) grows with T: a search up to maxSteps is refused naming it
  const meter = createWorkMeter(requireMaxWork(options.maxWork), 'maxSteps', maxSteps);
  let evaluations = 0;
  const eps = (t: number): number => {
    chargeWork(meter, accountantEvaluationWork(kind, t), `evaluation ${evaluations + 1} of ε(T) at T = ${t}`);
    evaluations++;
    return safeEpsilon(make, () => dpSgdEvent({ samplingRate: q, noiseMultiplier: sigma, steps: t }), options.delta);
  };
  let good = 0;
  let goodEps = 0;
  let bad = 1;
  let e = eps(bad);
  while (e <= target) {
    good = bad;
    goodEps = e;
    if (bad >= maxSteps) return { value: good, epsilon: goodEps, evaluations, work: meter.used };
    bad = Math.min(maxSteps, bad * 2);
    e = eps(bad);
  }
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    const em = eps(mid);
    if (em <= target) {
      good = mid;
      goodEps = em;
    } else bad = mid;
  }
  if (!Number.isFinite(goodEps)) throw new DpboundsTypeError({ code: 'ERR_NOT_CONVERGED', parameter: 'steps', expected: 'a finite ε', found: goodEps });
  return { value: good, epsilon: goodEps, evaluations, work: meter.used };
}
