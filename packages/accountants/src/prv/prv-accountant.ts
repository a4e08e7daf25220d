/**
 * The PRV accountant (Gopi, Lee, Wutschitz 2021, "Numerical Composition of Differential
 * Privacy", NeurIPS; microsoft prv_accountant; derivation: docs/math/accounting.md §8): privacy random
 * variables discretised on a mesh chosen from an a-priori error budget, composed by FFT, with
 * explicit bounds eps_lower ≤ ε ≤ eps_upper.
 */
import { DpboundsRangeError, DpboundsTypeError, isDpboundsError, requireInRange } from '@dpbounds/special-functions';
import { LedgerAccountant, parseAccountantState, type AccountantKind, type DeltaBounds, type EpsilonBounds, type NeighbouringRelation } from '../accountant.js';
import { groupLedger, type LedgerEntry } from '../events/ledger.js';
import { pldDeltaAt, pldEpsilonAt, type DiscretePld } from '../pld/discrete-pld.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import type { PsgDirection } from '../pld/psg-privacy-loss.js';
import { DEFAULT_RDP_ORDERS } from '../rdp/rdp-orders.js';
import { rdpCurveToEpsilon } from '../rdp/rdp-to-epsilon.js';
import { rdpUnchecked } from '../rdp/subsampled-gaussian-rdp.js';
import { requireOptions } from '../events/validate-event.js';
import { rdpFallbackDelta, rdpFallbackEpsilon, rdpFallbackNote } from '../rdp/rdp-fallback.js';
import { requireMaxGridPoints } from '../pld/work-budget.js';
import { discretisePrv } from './prv-discretisation.js';
import { composeRigorousPrv } from './rigorous-prv.js';

/** Options of {@link PrvAccountant}. */
export interface PrvAccountantOptions {
  /** Only `add-remove` (both directions, the max is reported). */
  readonly neighbouring?: NeighbouringRelation;
  /**
   * The ε error budget of the bounds: `relative` (default) = 0.85 × `relativeError` × ε clamped to
   * [0.01, 10] (ε found by a coarse first pass; below ε = 0.01 the budget stays at an absolute 10⁻⁵
   * by default instead of shrinking with ε, above ε = 10 at 0.0085, below Opacus' 0.01) with the
   * two-stage composition of {@link composeRigorousPrv}: a guarantee within ~0.1 % of the tight ε
   * for ε ≤ 10 and at least as tight as Opacus' at every ε, 0.2–0.9 s CPU per query at the benchmark configurations (docs/benchmarks.md); or a number = that absolute
   * budget (Opacus uses 0.01, microsoft 0.1), composed the same way (docs/math/prv.md): faster,
   * but the guarantee is up to that much above the estimate.
   */
  readonly epsError?: number | 'relative';
  /** Target relative gap of the guarantee above the tight ε in `relative` mode (default 1e-3). */
  readonly relativeError?: number;
  /** The δ error budget; `auto` (default) = δ/1000 for ε queries (Opacus) and 1e-9 for δ queries. */
  readonly deltaError?: number | 'auto';
  /**
   * Work budget: the most points of one PRV grid (FFT length); integer in [2^12, 2^26], default
   * 2^23 (≈ 0.6–0.8 GB, 3–10 s per FFT). Past it the ε error is enlarged (still valid, looser) and the
   * bounds' `note` says so; a δ the grid cannot resolve gets the PLD's tilted bounds of the same ledger (`method: 'pld-fallback'`), or the RDP bound where the PLD cannot tilt either (`method: 'rdp-fallback'`).
   */
  readonly maxGridPoints?: number;
}

/**
 * The smallest ε the `relative` budget is taken relative to: near ε = 0 a budget proportional to ε
 * asked for grids of 2²³ points (1 GB, 17 s at q = 0.001, σ = 30, T = 10, δ = 10⁻³, where ε is 0)
 * to pin an absolute error of 10⁻⁹; at 0.01 the budget is an absolute 10⁻⁵ (Opacus' default: 10⁻²).
 */
const RELATIVE_FLOOR = 0.01;

/**
 * The largest ε the `relative` budget is taken relative to: at the default relativeError = 10⁻³
 * the budget then stays at 10⁻² × 0.85 above ε = 10, below Opacus' default absolute budget
 * (eps_error = 0.01, whose guarantee is its estimate + 0.01). Unclamped, a 0.1 % budget exceeded
 * it above ε = 10 (at q = 0.001, σ = 0.5, T = 10⁵, ε ≈ 13 the guarantee was 13.03977 against
 * Opacus' 13.03940); clamped, the default guarantee is at least as tight as Opacus' at every ε.
 */
const RELATIVE_CEILING = 10;

/**
 * The ε error of the `relative` budget at an ε estimate: 0.85·relativeError·ε̂ with ε̂ clamped to
 * [0.01, 10] (the remaining 15 % of the target gap absorbs the δ error and the estimate's own
 * error). Shared with the calibration's start (calibration/prv-start.ts), which predicts the
 * accountant's margin from it.
 *
 * @example relativeEpsilonError(1e-3, 1.84) // 0.85 × 1.84e-3 ≈ 1.56e-3
 * @example relativeEpsilonError(1e-3, 13) // 0.85 × 1e-2 (clamped)
 */
export function relativeEpsilonError(relativeError: number, epsilonEstimate: number): number {
  return 0.85 * relativeError * Math.min(Math.max(epsilonEstimate, RELATIVE_FLOOR), RELATIVE_CEILING);
}

/** The option keys of {@link PrvAccountant}. */
const OPTION_KEYS: readonly string[] = ['neighbouring', 'epsError', 'relativeError', 'deltaError', 'maxGridPoints'];
/** Float noise of an FFT composition per bin: δ − δ_err must exceed it × grid size (docs/math/accounting.md §5). */
const FFT_NOISE = 2.220446049250313e-16;

interface ComposedPrv {
  readonly pld: DiscretePld;
  readonly size: number;
  /** ε error of the bounds from this PRV. */
  readonly epsError: number;
  /** δ error of the bounds from this PRV. */
  readonly deltaError: number;
}

function rdpEpsilon(entries: readonly LedgerEntry[], delta: number, scale: number, orders: readonly number[]): number {
  const rdp = new Float64Array(orders.length);
  for (const e of entries) {
    for (let i = 0; i < orders.length; i++) rdp[i] = (rdp[i] as number) + scale * e.count * rdpUnchecked(e.samplingRate, e.noiseMultiplier, orders[i] as number);
  }
  return rdpCurveToEpsilon(orders, rdp, delta, 'improved').epsilon;
}

/** The relative error range of {@link PrvAccountant} (constructor and restore alike). */
function requireRelativeError(value: unknown): number {
  return requireInRange('relativeError', value, { min: 1e-5, max: 0.5 });
}

/**
 * PRV accountant for DP-SGD (Gopi, Lee, Wutschitz 2021, Algorithm 1 with the mesh of Thm 5.5).
 * `getEpsilon` returns eps_upper = ε(δ − δ_err) + ε_err, a guarantee whose error budget is
 * stated a priori; `getEpsilonBounds` gives { lower, estimate, upper }. Both directions of
 * add-remove are priced (the anchors price only REMOVE) and the max taken; the ADD direction's
 * fine PRV is skipped when a coarser ADD PRV's guarantee proves it cannot change the max's upper
 * value (the lower value and estimate are then REMOVE's).
 *
 * When to use: when you want explicit two-sided error bounds. By default (`epsError: 'relative'`)
 * ε_err ≈ 0.85e-3·ε (ε clamped to [0.01, 10]: {@link relativeEpsilonError}) and the composition
 * runs in two stages ({@link composeRigorousPrv}): the guarantee is within 0.1 % of the tight ε on
 * all 14 fixture configurations and never looser than Opacus' default, at 0.2–0.9 s CPU per query.
 * Gotcha: with an absolute budget (`{ epsError: 0.01 }`, the anchors' setting) the guaranteed value
 * is up to ε_err above the estimate, so for small ε it is much looser than the PLD accountant's
 * (+46 % at ε = 0.02). The estimate
 * agrees with the tight value to ~1e-4 relative in both modes. Both modes compose in two stages
 * (blocks of ≈ √T steps, then the blocks; docs/math/prv.md), so the FFT lengths grow like
 * T^(1/4)/ε_err rather than the √T/ε_err of the anchors' single grid. When δ is too small for the grid's float
 * noise (δ − δ_err ≤ 2.2e-16 × grid size, where the anchors raise), the RDP bound is returned as
 * estimate and upper with lower = 0. Domain: add-remove only.
 *
 * @example new PrvAccountant({ epsError: 0.01 }).compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })).getEpsilonBounds(1e-5) // ≈ { lower: 1.8181, estimate: 1.8282, upper: 1.8384 }
 * @example new PrvAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })).getEpsilonBounds(1e-5) // ≈ { lower: 1.8267, estimate: 1.8282, upper: 1.8298 }
 */
export class PrvAccountant extends LedgerAccountant {
  readonly kind: AccountantKind = 'prv';
  readonly isGuarantee: boolean = true;
  /** ε error budget: `relative` (the default) or an absolute value (the anchors use 0.01). */
  readonly epsError: number | 'relative';
  /** Target relative gap of the guarantee above the tight ε in `relative` mode. */
  readonly relativeError: number;
  private readonly deltaErrorOption: number | 'auto';
  private cache: { revision: number; byKey: Map<string, ComposedPrv> } | undefined;

  /** The work budget (grid points). */
  readonly maxGridPoints: number;

  constructor(options: PrvAccountantOptions = {}) {
    const o = requireOptions<PrvAccountantOptions>('options', options, OPTION_KEYS);
    super(o.neighbouring ?? 'add-remove');
    options = o;
    if (this.neighbouring !== 'add-remove') {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'neighbouring', expected: '"add-remove" (the PRV accountant; use PLD for substitution)', found: this.neighbouring });
    }
    const ee = options.epsError ?? 'relative';
    this.epsError = ee === 'relative' ? 'relative' : requireInRange('epsError', ee, { min: 0, minExclusive: true, max: 10 });
    if (ee !== 'relative' && options.relativeError !== undefined) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'relativeError', expected: 'absent when epsError is a number (it sets the budget of epsError: "relative")', found: options.relativeError });
    }
    this.relativeError = requireRelativeError(options.relativeError ?? 1e-3);
    this.maxGridPoints = requireMaxGridPoints(options.maxGridPoints);
    const de = options.deltaError ?? 'auto';
    if (de !== 'auto') requireInRange('deltaError', de, { min: 0, minExclusive: true, max: 0.1 });
    this.deltaErrorOption = de;
  }

  /**
   * Restores an accountant from its JSON state through the constructor (a state whose options
   * the constructor refuses is refused the same way).
   *
   * @example PrvAccountant.fromJSON(JSON.parse(JSON.stringify(prv)))
   */
  static fromJSON(json: unknown): PrvAccountant {
    const state = parseAccountantState(json, 'prv', OPTION_KEYS.filter((k) => k !== 'neighbouring'));
    const de = state.options.deltaError;
    const ee = state.options.epsError;
    const re = state.options.relativeError;
    // an absolute epsError saves the unused default relativeError: it is checked, not passed
    if (ee !== 'relative' && re !== undefined) requireRelativeError(re);
    const accountant = new PrvAccountant({
      neighbouring: state.neighbouring,
      ...(ee === undefined ? {} : { epsError: ee as number | 'relative' }),
      ...(re !== undefined && (ee === 'relative' || ee === undefined) ? { relativeError: re as number } : {}),
      ...(de === undefined ? {} : { deltaError: de as number | 'auto' }),
      ...(state.options.maxGridPoints === undefined ? {} : { maxGridPoints: state.options.maxGridPoints as number }),
    });
    accountant.loadLedger(state.ledger);
    return accountant;
  }

  protected checkEntry(): string | undefined {
    return undefined;
  }

  protected options(): Record<string, number | string> {
    return { epsError: this.epsError, relativeError: this.relativeError, deltaError: this.deltaErrorOption, maxGridPoints: this.maxGridPoints };
  }

  private cached(key: string, make: () => ComposedPrv): ComposedPrv {
    if (this.cache?.revision !== this.revision) this.cache = { revision: this.revision, byKey: new Map() };
    const hit = this.cache.byKey.get(key);
    if (hit !== undefined) return hit;
    const made = make();
    this.cache.byKey.set(key, made);
    return made;
  }

  private privateGroups(): LedgerEntry[] {
    return groupLedger(this.ledger).filter((e) => e.noiseMultiplier > 0);
  }

  /** The two-stage PRV with ε error ≤ `epsError` and δ error ≤ ~`deltaBudget` ({@link composeRigorousPrv}). */
  private rigorousComposed(direction: PsgDirection, epsError: number, deltaBudget: number): ComposedPrv {
    return this.cached(`rigorous:${direction}:${epsError}:${deltaBudget}`, () => {
      const r = composeRigorousPrv(this.privateGroups(), direction, epsError, deltaBudget, false, this.maxGridPoints);
      return { pld: r.pld, size: r.size, epsError: r.epsError, deltaError: r.deltaError };
    });
  }

  /**
   * In `relative` mode, the ε error budget for a query at δ: {@link relativeEpsilonError} of ε̂
   * (0.85·`relativeError`·ε̂, ε̂ clamped to [0.01, 10]), where ε̂ is the estimate of a coarse pass
   * (ε budget 25 % of the RDP ε; its estimate is far closer than that); the remaining 15 % of the
   * target gap absorbs the δ error and the estimate's own error. In absolute mode, `epsError`.
   *
   * @example new PrvAccountant({ epsError: 'relative' }).compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000 })).getEpsilonError(1e-5) // ≈ 1.55e-3
   */
  getEpsilonError(delta: number): number {
    requireInRange('delta', delta, { min: 0, max: Infinity });
    if (this.epsError !== 'relative') return this.epsError;
    if (this.ledger.length === 0 || delta >= 1 || delta === 0 || this.hasNonPrivateStep) return 0;
    if (this.unresolvable(delta) !== undefined) {
      const b = this.getEpsilonBounds(delta);
      return b.upper - b.lower;
    }
    return this.relativeBudget(delta);
  }

  /**
   * Why the PRV grids cannot answer at δ (δ − δ_err below the FFT float noise of the planned
   * grid, spec of the anchors step 8), found before any grid is allocated; undefined when they can.
   */
  private unresolvable(delta: number): string | undefined {
    const budget = this.deltaErrorFor(delta);
    if (!(budget > 0) || !(delta - budget > FFT_NOISE * 4)) return `δ = ${delta} is below the float noise of any PRV grid`;
    let size: number;
    if (this.epsError === 'relative') {
      const rdp = rdpEpsilon(this.privateGroups(), delta, 1, DEFAULT_RDP_ORDERS);
      // the coarse first pass; the final grids are capped by the budget and checked after composing
      size = composeRigorousPrv(this.privateGroups(), 'remove', Math.max(0.25 * rdp, 0.25 * RELATIVE_FLOOR), delta * 1e-4, true, this.maxGridPoints).size;
    } else size = composeRigorousPrv(this.privateGroups(), 'remove', this.epsError, budget, true, this.maxGridPoints).size;
    if (FFT_NOISE * size > delta - budget) return `δ = ${delta} is below the float noise of the PRV grid (${(FFT_NOISE * size).toPrecision(3)})`;
    return undefined;
  }

  private relativeBudget(delta: number): number {
    const groups = this.privateGroups();
    const rdp = rdpEpsilon(groups, delta, 1, DEFAULT_RDP_ORDERS);
    const coarse = this.rigorousComposed('remove', Math.max(0.25 * rdp, 0.25 * RELATIVE_FLOOR), delta * 1e-4);
    if (FFT_NOISE * coarse.size > delta - coarse.deltaError) return relativeEpsilonError(this.relativeError, rdp);
    let guess = pldEpsilonAt(coarse.pld, delta);
    if (!(guess > 0) || !Number.isFinite(guess)) guess = 1e-3 * rdp;
    return relativeEpsilonError(this.relativeError, guess);
  }

  private deltaErrorFor(delta: number): number {
    if (this.deltaErrorOption !== 'auto') return this.deltaErrorOption;
    return this.epsError === 'relative' ? delta * 1e-4 : delta / 1000;
  }

  /**
   * ε with the PRV error bounds: lower = ε(δ + η) − e, estimate = ε(δ), upper = ε(δ − η) + e
   * (Gopi et al. 2021, Thm 5.5; docs/accounting.md), max over the two add-remove directions; e and
   * η are those of the composed PRV (in `relative` mode e ≈ 0.85·relativeError·ε, ε clamped to [0.01, 10]).
   *
   * @example prv.getEpsilonBounds(1e-5)
   */
  getEpsilonBounds(delta: number): EpsilonBounds {
    requireInRange('delta', delta, { min: 0, max: Infinity });
    const head = { kind: 'guarantee' as const, neighbouring: this.neighbouring };
    if (this.ledger.length === 0 || delta >= 1) return { lower: 0, estimate: 0, upper: 0, ...head, method: 'prv' };
    if (this.hasNonPrivateStep || delta === 0) return { lower: Infinity, estimate: Infinity, upper: Infinity, ...head, method: 'prv' };
    const budget = this.deltaErrorFor(delta);
    if (this.deltaErrorOption !== 'auto' && !(budget < delta)) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'deltaError', expected: `below delta = ${delta}`, found: budget });
    }
    const fallback = (why: string): EpsilonBounds => {
      // The PRV grid cannot resolve this δ (float noise of the FFT; the anchors raise here). The
      // PLD of the same ledger answers below its own floor by exponential tilting
      // (docs/math/pld-tiny-delta.md): a guarantee with a proven lower bound, reported when it
      // does; otherwise the RDP bound, valid and looser, with lower = 0.
      const tilted = this.tiltedPldBounds(delta, why);
      if (tilted !== undefined) return tilted;
      const rdp = rdpFallbackEpsilon(this.ledger, this.neighbouring, delta) as number;
      return { lower: 0, estimate: rdp, upper: rdp, ...head, method: 'rdp-fallback', note: rdpFallbackNote(this.ledger, this.neighbouring, why, true) };
    };
    try {
      const why = this.unresolvable(delta);
      return why !== undefined ? fallback(why) : this.prvEpsilonBounds(delta, budget, fallback);
    } catch (error) {
      // a grid the PRV cannot build (extreme σ or q: its mean correction or domain fails) gets the RDP bound
      if (isDpboundsError(error) && error.code !== 'ERR_INVALID_TYPE') return fallback(`the PRV grid failed (${error.message})`);
      throw error;
    }
  }

  /**
   * The PLD's bounds for the same ledger and relation at a δ the PRV grid cannot resolve, when the
   * PLD answers them by exponential tilting (its note says so); undefined otherwise (the PLD's
   * own answer there would be its RDP fallback or a noisy grid value, no better than ours).
   * Reported as `method: 'pld-fallback'`, the estimate being the upper bound.
   */
  private tiltedPldBounds(delta: number, why: string): EpsilonBounds | undefined {
    let bounds: EpsilonBounds;
    try {
      const pld = new PldAccountant({ neighbouring: this.neighbouring });
      for (const e of this.ledger) pld.compose(dpSgdEvent({ samplingRate: e.samplingRate, noiseMultiplier: e.noiseMultiplier, steps: e.count }));
      bounds = pld.getEpsilonBounds(delta);
    } catch (error) {
      if (isDpboundsError(error)) return undefined;
      throw error;
    }
    if (bounds.method !== 'pld' || bounds.kind !== 'guarantee' || !/exponentially tilted/.test(bounds.note ?? '')) return undefined;
    return {
      lower: bounds.lower, estimate: bounds.upper, upper: bounds.upper, kind: 'guarantee', neighbouring: this.neighbouring, method: 'pld-fallback',
      note: `${why}: the PLD's guarantee of the same ledger by exponential tilting reported (also as the estimate: the PRV grid gives none at this δ), with its lower bound`,
    };
  }

  /** getEpsilonBounds once δ is known to be resolvable. */
  private prvEpsilonBounds(delta: number, budget: number, fallback: (why: string) => EpsilonBounds): EpsilonBounds {
    const head = { kind: 'guarantee' as const, neighbouring: this.neighbouring };
    const relative = this.epsError === 'relative';
    const e = relative ? this.relativeBudget(delta) : (this.epsError as number);
    let lower = 0;
    let estimate = 0;
    let upper = 0;
    let enlarged = 0;
    for (const direction of ['remove', 'add'] as const) {
      if (direction === 'add') {
        // the ε error ADD's PRV would have (its grid cap may enlarge e), with a 1 % margin for
        // the quadrature bias of its mean corrections (≈ T·1e-15, far below it)
        const eAdd = relative ? 1.01 * composeRigorousPrv(this.privateGroups(), 'add', e, budget, true, this.maxGridPoints).epsError : e;
        if (this.addDirectionIsDominated(delta, budget, lower, eAdd) || this.addDirectionIsBelowUpper(delta, budget, lower, upper, eAdd)) continue;
      }
      const c = this.rigorousComposed(direction, e, budget);
      if (FFT_NOISE * c.size > delta - c.deltaError || !(c.deltaError < delta)) return fallback(`δ = ${delta} is below the float noise of the PRV grid (${(FFT_NOISE * c.size).toPrecision(3)})`);
      enlarged = Math.max(enlarged, c.epsError / e);
      const clamp = (v: number): number => (Number.isNaN(v) ? Infinity : Math.max(0, v));
      lower = Math.max(lower, clamp(pldEpsilonAt(c.pld, delta + c.deltaError) - c.epsError));
      estimate = Math.max(estimate, clamp(pldEpsilonAt(c.pld, delta)));
      upper = Math.max(upper, clamp(pldEpsilonAt(c.pld, delta - c.deltaError) + c.epsError));
    }
    const note = enlarged > 1.5 ? `ε error enlarged ${enlarged.toPrecision(3)}× to keep the PRV grid within maxGridPoints = ${this.maxGridPoints}` : undefined;
    return { lower: Math.min(lower, estimate), estimate, upper: Math.max(upper, estimate), ...head, method: 'prv', ...(note === undefined ? {} : { note }) };
  }

  /**
   * δ with the PRV error bounds: (δ(ε + e) − η, δ(ε), δ(ε − e) + η), with η = the `deltaError`
   * option (1e-9 when `auto`) and e = `epsError`, or relativeError·0.85·ε clamped to [1, 10] in
   * `relative` mode (an ε error relative to ε itself would ask for an unbounded grid as ε → 0).
   *
   * @example prv.getDeltaBounds(1)
   */
  getDeltaBounds(epsilon: number): DeltaBounds {
    requireInRange('epsilon', epsilon, { min: 0, max: Infinity });
    const head = { kind: 'guarantee' as const, neighbouring: this.neighbouring, method: 'prv' };
    if (this.ledger.length === 0) return { lower: 0, estimate: 0, upper: 0, ...head };
    if (this.hasNonPrivateStep) return { lower: 1, estimate: 1, upper: 1, ...head };
    if (epsilon === Infinity) return { lower: 0, estimate: 0, upper: 0, ...head };
    const de = this.deltaErrorOption === 'auto' ? 1e-9 : this.deltaErrorOption;
    const relative = this.epsError === 'relative';
    const e = relative ? relativeEpsilonError(this.relativeError, Math.max(epsilon, 1)) : (this.epsError as number);
    let lower = 0;
    let estimate = 0;
    let upper = 0;
    for (const direction of ['remove', 'add'] as const) {
      let c: ComposedPrv;
      try {
        c = this.rigorousComposed(direction, e, de);
      } catch (error) {
        const rdp = rdpFallbackDelta(this.ledger, this.neighbouring, epsilon);
        if (isDpboundsError(error) && error.code !== 'ERR_INVALID_TYPE') return { lower: 0, estimate: rdp, upper: rdp, ...head, method: 'rdp-fallback', note: rdpFallbackNote(this.ledger, this.neighbouring, `the PRV grid failed (${error.message})`, true) };
        throw error;
      }
      lower = Math.max(lower, pldDeltaAt(c.pld, epsilon + c.epsError) - c.deltaError);
      estimate = Math.max(estimate, pldDeltaAt(c.pld, epsilon));
      upper = Math.max(upper, pldDeltaAt(c.pld, epsilon - c.epsError) + c.deltaError);
    }
    const clip = (v: number): number => Math.min(1, Math.max(0, v));
    // δ below the PRV's own error η is not resolved; RDP may bound it tighter (valid either way)
    const rdp = rdpFallbackDelta(this.ledger, this.neighbouring, epsilon);
    if (rdp < upper) {
      const est = Math.min(estimate, rdp);
      return { lower: clip(Math.min(lower, est)), estimate: clip(est), upper: clip(rdp), ...head, note: `upper is the RDP bound of the same ledger, below the PRV's (its δ error is ${de})` };
    }
    return { lower: clip(Math.min(lower, estimate)), estimate: clip(estimate), upper: clip(Math.max(upper, estimate)), ...head };
  }

  /**
   * True when the ADD direction cannot change any of the three reported values: its PRV values
   * are within e of its true ε at δ shifted by η (Gopi et al. 2021, Thm 5.5), and the true ε is at
   * most the guarantee of a coarse ADD PRV (ε error 3 % of REMOVE's lower value), so ADD's upper
   * value is at most that guarantee at δ − 2η, plus 2e; when that is below REMOVE's lower value the
   * max over the two directions is REMOVE's, and the fine PRV of ADD (as costly as REMOVE's) is
   * skipped. The coarse PRV costs a few % of the fine one, so a failed check (ADD close to REMOVE,
   * as at small q) wastes little.
   */
  private addDirectionIsDominated(delta: number, deltaError: number, removeLower: number, epsError: number): boolean {
    const coarse = 0.03 * removeLower;
    if (!(delta - 2 * deltaError > 0) || !(removeLower > 0) || !(coarse + 2 * epsError < removeLower)) return false;
    let c: ComposedPrv;
    try {
      c = this.rigorousComposed('add', Math.max(coarse, epsError), deltaError);
    } catch {
      return false; // no shortcut: ADD's own PRV is computed (and reports its own failure)
    }
    const at = delta - 2 * deltaError - c.deltaError;
    if (!(at > FFT_NOISE * c.size)) return false;
    const addUpper = pldEpsilonAt(c.pld, at) + c.epsError;
    return addUpper + 2 * epsError <= removeLower;
  }

  /**
   * True when a guarantee on ADD's true ε at δ (a coarser ADD PRV's upper value,
   * ε(δ − η) + e, Gopi et al. 2021, Thm 5.5) is at most REMOVE's upper value: that upper value is
   * then a guarantee for both directions and REMOVE's lower value a lower bound on their max, so
   * ADD's fine PRV is not needed; the estimate reported is then REMOVE's. Tried after
   * {@link addDirectionIsDominated} fails: first its coarse ADD PRV (cached), then one with ε error
   * half the gap between that PRV's estimate and REMOVE's upper value when this is still at least
   * 2× the fine ε error (at q = 10⁻⁴, σ = 2, T = 5·10⁵, ADD's ε is 0.37 % below REMOVE's, the fine
   * error 0.086 %: the second PRV costs ~1/3 of the fine one).
   */
  private addDirectionIsBelowUpper(delta: number, deltaError: number, removeLower: number, removeUpper: number, epsError: number): boolean {
    const guarantee = (e: number): { upper: number; estimate: number } | undefined => {
      let c: ComposedPrv;
      try {
        c = this.rigorousComposed('add', e, deltaError);
      } catch {
        return undefined;
      }
      const at = delta - c.deltaError;
      if (!(at > FFT_NOISE * c.size)) return undefined;
      return { upper: pldEpsilonAt(c.pld, at) + c.epsError, estimate: pldEpsilonAt(c.pld, delta) };
    };
    if (!(removeUpper > 0) || !(removeLower > 0)) return false;
    const first = guarantee(Math.max(0.03 * removeLower, epsError));
    if (first === undefined) return false;
    if (first.upper <= removeUpper) return true;
    const e2 = 0.5 * (removeUpper - first.estimate);
    if (!(e2 >= 2 * epsError)) return false;
    const second = guarantee(e2);
    return second !== undefined && second.upper <= removeUpper;
  }

  protected epsilonFor(delta: number): number {
    return this.getEpsilonBounds(delta).upper;
  }

  protected deltaFor(epsilon: number): number {
    return this.getDeltaBounds(epsilon).upper;
  }
}
