/**
 * The PLD accountant: pessimistic connect-the-dots discretisation of every step, composition by
 * FFT, hockey-stick queries; add-remove prices both directions and reports the worse one
 * (derivation: docs/math/accounting.md §4–§7).
 */
import { DpboundsRangeError, requireArray, requireInRange } from '@dpbounds/special-functions';
import { LedgerAccountant, parseAccountantState, requireNeighbouring, type AccountantKind, type DeltaBounds, type EpsilonBounds, type NeighbouringRelation } from '../accountant.js';
import { groupLedger, type LedgerEntry } from '../events/ledger.js';
import { requireOptions, validateLedger } from '../events/validate-event.js';
import { rdpFallbackDelta, rdpFallbackEpsilon, rdpFallbackNote } from '../rdp/rdp-fallback.js';
import { isDpboundsError } from '@dpbounds/special-functions';
import { connectTheDotsGrid, connectTheDotsPld, connectTheDotsPldWithOptimistic, optimisticPld } from './connect-the-dots.js';
import { tiltedEpsilon } from './tilted-tail.js';
import { DEFAULT_LOG_MASS_TRUNCATION, FFT_NOISE_PER_BIN, TINY_DELTA_INFINITY_SHARE, TINY_DELTA_MAX_COARSENING, fitStepToBudget, tiltedEpsilonCoarsened, tinyDeltaLogMassTruncation, unresolvedDeltaOf } from './tiny-delta.js';
import { pldDeltaAt, pldEpsilonAt, type DiscretePld } from './discrete-pld.js';
import { pldDeltasAt } from './pld-deltas-at.js';
import { composeInWindow, planComposition, type CompositionWindow, type PldGroup } from './fft-composition.js';
import { psgPair, type PsgDirection } from './psg-privacy-loss.js';
import { logShiftedMgfUpperBound } from './log-mgf-bound.js';
import { DEFAULT_PLD_MAX_GRID_POINTS, requireMaxGridPoints } from './work-budget.js';

/** Options of {@link PldAccountant}. */
export interface PldAccountantOptions {
  /** `add-remove` (default; both directions, max taken) or `substitution`. */
  readonly neighbouring?: NeighbouringRelation;
  /**
   * Grid step h of the loss values, or `auto` (default): h = min(0.98e-4, c·s) (c = 0.06 for
   * add-remove, 0.02 for substitution, whose δ(0) feeds Bayes-security bounds) with s the
   * per-step add-remove loss scale min(q·√(e^{1/σ²} − 1), 1/σ) (the CLT standard deviation of
   * one step's loss) minimised over the ledger, which keeps the
   * pessimistic bias of connect-the-dots around 1e-4 relative (≤ 1e-3 asserted on every fixture;
   * dp_accounting's fixed default 1e-4 is 28 % off at q = 1e-4, σ = 2, T = 5e5, ours +1.3e-4; the
   * FFT length grows like √T/c there, and c = 0.04 costs 2.6× the time for 1e-4 less). The cap 0.98e-4 sits just below
   * dp_accounting's default step: with the same construction on a finer grid the automatic ε is
   * never looser than dp_accounting's default (the bias shrinks like h², docs/math/pld-grid.md).
   * When the work budget cannot hold 0.98e-4 (wide one-step losses over long runs), h grows up to
   * the scale rule capped at 1e-3 without being reported as coarsened. When that step would need more
   * than 3e6 grid points for one step's loss range (tiny q with small σ), h is coarsened to fit:
   * still pessimistic, less tight.
   */
  readonly valueDiscretizationInterval?: number | 'auto';
  /** Mass τ allowed outside the composition window (moved to +∞; default 1e-15). */
  readonly tailMassTruncation?: number;
  /** log of the P-mass cut from each x tail of one step (moved pessimistically; default −50). */
  readonly logMassTruncation?: number;
  /**
   * Work budget: the most grid points of one step's PLD and of the composition window (the FFT
   * length); integer in [2^12, 2^26], default 2^22 (≈ 0.3–0.4 GB, ≈ 3 s per FFT). When the grid step
   * would exceed it, h is coarsened until it fits (still pessimistic, looser); results then say
   * `method: 'pld-coarsened'`. Beyond h = 10 the accountant refuses (use RDP).
   */
  readonly maxGridPoints?: number;
}

/** The option keys of {@link PldAccountant}. */
const OPTION_KEYS: readonly string[] = ['neighbouring', 'valueDiscretizationInterval', 'tailMassTruncation', 'logMassTruncation', 'maxGridPoints'];

/** Smallest `auto` grid step: below it (q ≲ 1e-8) the pessimistic bias T·h is negligible anyway. */
const MIN_AUTO_H = 1e-10;
/** Largest grid step the budget may coarsen to (the connect-the-dots construction's domain). */
const MAX_H = 10;

/**
 * Cap of the `auto` step: 2 % below dp_accounting's default `value_discretization_interval`
 * (1e-4). On the same grid the two implementations of the same construction agree to ~1e-8
 * relative (each rounds its own way, and dp_accounting's second differences can drop ~1e-9 of
 * mass); the connect-the-dots bias shrinks like h², so a 2 % finer grid removes ~4 % of the bias
 * (3e-6 in ε at q = 0.004, σ = 1.1, T = 1e4) and the `auto` ε stays below dp_accounting's default.
 * The FFT length (a power of two) is the same as at 1e-4 on the benchmark configurations.
 */
const AUTO_H_CAP = 0.98e-4;

/** Cap of the accuracy rule alone: the `auto` step may grow to it under the work budget without being reported as coarsened. */
const AUTO_ACCURACY_CAP = 1e-3;

/** Moment-bound evaluations per direction and ledger revision before the direction is simply composed (each costs a few passes over one step's grid; a composition is reused by every later query). */
const MAX_BOUND_CALLS = 4;

/** Largest number of grid points of one step that `auto` will choose. */
const MAX_POINTS = 3e6;

/**
 * The `auto` grid step for a ledger (see {@link PldAccountantOptions.valueDiscretizationInterval}).
 * The ledger is validated entry by entry (`validateLedger`: a hole of a sparse array is refused
 * naming `ledger[i]`) and the relation is `add-remove` or `substitution`.
 *
 * @example autoDiscretizationInterval([{ samplingRate: 0.004, noiseMultiplier: 1.1, count: 10000 }], 'add-remove') // 9.8e-5 (the scale rule alone gives 1.8e-4)
 */
export function autoDiscretizationInterval(ledger: readonly LedgerEntry[], neighbouring: NeighbouringRelation): number {
  return autoRule(validateLedger('ledger', ledger), requireNeighbouring(neighbouring), AUTO_H_CAP);
}

/**
 * The scale rule with a given cap. With cap 1e-3 it is the accuracy target alone (bias ~1e-4
 * relative); the `auto` step caps it at 0.98e-4 to stay below dp_accounting's default. When the
 * work budget forbids 0.98e-4 (wide one-step losses and long runs), coarsening up to the 1e-3-capped
 * rule meets the accuracy target and is not reported as `pld-coarsened`.
 */
function autoRule(ledger: readonly LedgerEntry[], neighbouring: NeighbouringRelation, cap: number): number {
  requireArray('ledger', ledger);
  let h = cap;
  let floor = MIN_AUTO_H;
  for (const e of ledger) {
    if (e.noiseMultiplier === 0) continue;
    // the add-remove loss scale; the substitution loss is about twice as wide, so this is finer there
    const sigma = e.noiseMultiplier;
    const scale = Math.min(e.samplingRate * Math.sqrt(Math.expm1(1 / (sigma * sigma))), 1 / sigma);
    h = Math.min(h, (neighbouring === 'substitution' ? 0.02 : 0.06) * scale);
    // keep one step's grid below MAX_POINTS
    const direction: PsgDirection = neighbouring === 'substitution' ? 'replace' : 'remove';
    const pair = psgPair(direction, { samplingRate: e.samplingRate, noiseMultiplier: e.noiseMultiplier });
    const range = pair.loss(-e.noiseMultiplier * 15 - 1) - Math.min(0, pair.loss(e.noiseMultiplier * 15 + 1));
    floor = Math.max(floor, range / MAX_POINTS);
  }
  return Math.max(h, floor);
}

/** The per-revision state: the grid step actually used and the compositions made on it. */
interface PldState {
  readonly revision: number;
  readonly h: number;
  /** Why h is coarser than requested (absent when it is not). */
  readonly note: string | undefined;
  readonly plans: Map<PsgDirection, { groups: PldGroup[]; window: CompositionWindow }>;
  readonly plds: Map<PsgDirection, DiscretePld>;
  readonly optimistic: Map<PsgDirection, { pld: DiscretePld; meanRemainder: number } | undefined>;
  /**
   * The optimistic one-step PLDs of each direction's groups, when the plans were built for a
   * bounds query (one discretisation pass gives both ends); dropped once composed.
   */
  readonly optimisticSteps: Map<PsgDirection, { groups: PldGroup[]; meanRemainder: number }>;
  /** How many times each direction's moment bound was evaluated (after a few, composing it is cheaper). */
  readonly boundCalls: Map<PsgDirection, number>;
  /** ε(δ) by exponential tilting at δ below the grid's noise floor (undefined: tilting cannot answer), per δ. */
  readonly tilted: Map<number, number | undefined>;
}

/**
 * PLD accountant for DP-SGD (Koskela et al. 2020; Doroshenko et al. 2022; dp_accounting's
 * `PLDAccountant`), pessimistic by construction: getEpsilon is ≥ the exact ε of the run up to
 * float rounding of the FFT (~1e-16 per bin).
 *
 * When to use: the default accountant; tight (≈ 1e-4 relative above the exact value with the
 * `auto` grid on the fixtures, and never looser than dp_accounting's default grid) and fast
 * (≈ 40–60 ms CPU for 10⁴ steps; docs/benchmarks.md). Gotchas: a fixed coarse
 * `valueDiscretizationInterval` overestimates ε at large T and tiny q (that is the pessimistic
 * side; it is never optimistic). Work is bounded by `maxGridPoints` (default 2^22): a run whose
 * grid would be larger gets a coarser grid (`method: 'pld-coarsened'` in the bounds). When δ is
 * below what the FFT grid resolves (δ ≤ 2.2e-16 × grid size, or ≤ the mass moved to +∞),
 * getEpsilon composes exponentially tilted step PLDs instead, with every rounding bounded
 * (still a guarantee; docs/math/pld-tiny-delta.md); only where no tilted grid fits the budget
 * (or δ ≲ T·1e-304) is the RDP bound of the same ledger returned (`method: 'rdp-fallback'`),
 * so ε is finite for every δ > 0 (substitution with q < 1 has no RDP bound: there the
 * accountant refuses). getDelta is not tilted.
 * Domain: any ledger; σ = 0 gives ε = ∞.
 *
 * @example
 * const pld = new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.004, noiseMultiplier: 1.1, steps: 10_000 }));
 * pld.getEpsilon(1e-5); // ≈ 1.84103 (tight value 1.84096)
 */
export class PldAccountant extends LedgerAccountant {
  readonly kind: AccountantKind = 'pld';
  readonly isGuarantee: boolean = true;
  /** The work budget (grid points of the largest grid). */
  readonly maxGridPoints: number;
  private readonly hOption: number | 'auto';
  private readonly tau: number;
  private readonly logMassTruncation: number;
  private cache: PldState | undefined;

  constructor(options: PldAccountantOptions = {}) {
    const o = requireOptions<PldAccountantOptions>('options', options, OPTION_KEYS);
    super(o.neighbouring ?? 'add-remove');
    const h = o.valueDiscretizationInterval ?? 'auto';
    if (h !== 'auto') requireInRange('valueDiscretizationInterval', h, { min: 0, minExclusive: true, max: 1 });
    this.hOption = h;
    this.tau = requireInRange('tailMassTruncation', o.tailMassTruncation ?? 1e-15, { min: 0, minExclusive: true, max: 1e-3 });
    this.logMassTruncation = requireInRange('logMassTruncation', o.logMassTruncation ?? DEFAULT_LOG_MASS_TRUNCATION, { min: -700, max: -10 });
    this.maxGridPoints = requireMaxGridPoints(o.maxGridPoints, DEFAULT_PLD_MAX_GRID_POINTS);
  }

  /**
   * Restores an accountant from its JSON state through the constructor (a state whose options
   * the constructor refuses is refused the same way).
   *
   * @example PldAccountant.fromJSON(JSON.parse(JSON.stringify(pld))).getEpsilon(1e-5)
   */
  static fromJSON(json: unknown): PldAccountant {
    const state = parseAccountantState(json, 'pld', OPTION_KEYS.filter((k) => k !== 'neighbouring'));
    const o = state.options;
    const accountant = new PldAccountant({
      neighbouring: state.neighbouring,
      valueDiscretizationInterval: o.valueDiscretizationInterval === 'auto' ? 'auto' : (o.valueDiscretizationInterval as number),
      tailMassTruncation: o.tailMassTruncation as number,
      logMassTruncation: o.logMassTruncation as number,
      ...(o.maxGridPoints === undefined ? {} : { maxGridPoints: o.maxGridPoints as number }),
    });
    accountant.loadLedger(state.ledger);
    return accountant;
  }

  protected checkEntry(): string | undefined {
    return undefined;
  }

  protected options(): Record<string, number | string> {
    return { valueDiscretizationInterval: this.hOption, tailMassTruncation: this.tau, logMassTruncation: this.logMassTruncation, maxGridPoints: this.maxGridPoints };
  }

  /** The grid step requested (the option, or the `auto` choice for the current ledger). */
  private requestedInterval(): number {
    return this.hOption === 'auto' ? autoDiscretizationInterval(this.ledger, this.neighbouring) : this.hOption;
  }

  /** The grid step used for the current ledger (the requested one, coarsened if the work budget demands it). */
  get discretizationInterval(): number {
    return this.state().h;
  }

  /** Why the grid was coarsened beyond the requested step, or undefined. */
  get budgetNote(): string | undefined {
    return this.state().note;
  }

  /** The directions priced: remove and add, or replace. */
  get directions(): readonly PsgDirection[] {
    return this.neighbouring === 'substitution' ? ['replace'] : ['remove', 'add'];
  }

  private privateGroups(): LedgerEntry[] {
    return groupLedger(this.ledger).filter((e) => e.noiseMultiplier > 0);
  }

  /**
   * Sizes every grid before allocating it: one step's grid must fit `maxGridPoints`, then the
   * composition window (Chernoff bounds, computed from the per-step PLDs) must fit too; else h
   * grows by the ratio (×1.1) and the plan is redone. Cached per ledger revision.
   */
  private state(withOptimisticSteps = false): PldState {
    if (this.cache?.revision === this.revision) return this.cache;
    const optimisticSteps = new Map<PsgDirection, { groups: PldGroup[]; meanRemainder: number }>();
    const requested = this.requestedInterval();
    const groups = this.privateGroups();
    let h = requested;
    const plans = new Map<PsgDirection, { groups: PldGroup[]; window: CompositionWindow }>();
    if (!this.hasNonPrivateStep && groups.length > 0) {
      // The widest one-step grid at step h (NaN counts as ∞) and its group: when even one step
      // does not fit, that group's noise is the cause, not the number of steps.
      const sizeOneStep = (step: number): { perStep: number; widestStep: LedgerEntry | undefined } => {
        let widest = 0;
        let group: LedgerEntry | undefined;
        for (const d of this.directions) {
          for (const g of groups) {
            const n = connectTheDotsGrid(d, g.samplingRate, g.noiseMultiplier, step, this.logMassTruncation).n;
            if (!(n <= widest)) {
              widest = Number.isNaN(n) ? Number.POSITIVE_INFINITY : n;
              group = g;
            }
          }
        }
        return { perStep: widest, widestStep: group };
      };
      let widestStep: LedgerEntry | undefined;
      let perStep = 0;
      for (let attempt = 0; ; attempt++) {
        if (!(h <= MAX_H) || attempt > 40) {
          // the requested step may already have been out of range: size one step at the coarsest allowed
          if (widestStep === undefined) ({ perStep, widestStep } = sizeOneStep(MAX_H));
          if (widestStep !== undefined && !(perStep <= this.maxGridPoints)) {
            throw new DpboundsRangeError({
              code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier',
              expected: `a noise multiplier whose one-step privacy loss fits ${this.maxGridPoints} grid points at a grid step ≤ ${MAX_H} (q = ${widestStep.samplingRate}: the loss of one step is too wide, or not representable in double precision; use the RDP accountant)`,
              found: widestStep.noiseMultiplier,
            });
          }
          throw new DpboundsRangeError({
            code: 'ERR_OUT_OF_RANGE', parameter: 'steps',
            expected: `a run whose PLD fits ${this.maxGridPoints} grid points at a grid step ≤ ${MAX_H} (T = ${this.totalSteps}; use the RDP accountant, or raise maxGridPoints)`,
            found: this.totalSteps,
          });
        }
        // one step's grid first (no allocation yet)
        ({ perStep, widestStep } = sizeOneStep(h));
        if (!(perStep <= this.maxGridPoints)) {
          h *= Math.max(1.1, (1.1 * perStep) / this.maxGridPoints);
          continue;
        }
        plans.clear();
        optimisticSteps.clear();
        let widest = 0;
        for (const d of this.directions) {
          const options = { h, logMassTruncation: this.logMassTruncation };
          let built: PldGroup[];
          if (withOptimisticSteps) {
            // a bounds query: both discretisations from one pass over the cells
            const both = groups.map((g) => ({ step: connectTheDotsPldWithOptimistic(d, g.samplingRate, g.noiseMultiplier, options), count: g.count }));
            built = both.map((b) => ({ pld: b.step.pessimistic, count: b.count }));
            optimisticSteps.set(d, {
              groups: both.map((b) => ({ pld: b.step.optimistic.pld, count: b.count })),
              meanRemainder: both.reduce((sum, b) => sum + b.count * b.step.optimistic.meanRemainder, 0),
            });
          } else built = groups.map((g) => ({ pld: connectTheDotsPld(d, g.samplingRate, g.noiseMultiplier, options), count: g.count }));
          const window = planComposition(built, this.tau);
          widest = Math.max(widest, window.width);
          if (!(window.width <= this.maxGridPoints)) break;
          plans.set(d, { groups: built, window });
        }
        if (widest <= this.maxGridPoints) break;
        h *= Math.max(1.1, (1.1 * widest) / this.maxGridPoints);
      }
    }
    // `auto`: coarsening within the accuracy rule (uncapped by dp_accounting's step) is not reported
    const reportAbove = this.hOption === 'auto' ? Math.max(requested, autoRule(this.ledger, this.neighbouring, AUTO_ACCURACY_CAP)) : requested;
    const note = h > reportAbove
      ? `grid step coarsened from ${requested.toPrecision(3)} to ${h.toPrecision(3)} to keep the PLD within maxGridPoints = ${this.maxGridPoints} (still an upper bound, less tight)`
      : undefined;
    this.cache = { revision: this.revision, h, note, plans, plds: new Map(), optimistic: new Map(), optimisticSteps, boundCalls: new Map(), tilted: new Map() };
    return this.cache;
  }

  /**
   * The PLD of an empty ledger (all mass at loss 0) or of one with a non-private step (all mass
   * at +∞, the pessimistic value), else undefined.
   */
  private trivialPld(h: number): DiscretePld | undefined {
    if (this.hasNonPrivateStep) return { h, offset: 0, probs: new Float64Array(1), infinityMass: 1 };
    if (!this.ledger.some((e) => e.noiseMultiplier > 0)) return { h, offset: 0, probs: new Float64Array([1]), infinityMass: 0 };
    return undefined;
  }

  /**
   * The composed discrete PLD of one direction (for plots and trade-off curves).
   *
   * @example pld.privacyLossDistribution('remove').probs.length
   */
  privacyLossDistribution(direction: PsgDirection): DiscretePld {
    if (!this.directions.includes(direction)) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'direction', expected: this.directions.join(' or '), found: direction });
    }
    const state = this.state();
    const cached = state.plds.get(direction);
    if (cached !== undefined) return cached;
    const trivial = this.trivialPld(state.h);
    if (trivial !== undefined) return trivial;
    const plan = state.plans.get(direction) as { groups: PldGroup[]; window: CompositionWindow };
    const pld = composeInWindow(plan.groups, plan.window, this.tau, true);
    state.plds.set(direction, pld);
    return pld;
  }

  /**
   * What the composition of one direction will be, read off its plan without any FFT: its mass
   * at +∞ (exactly what {@link composeInWindow} puts there) and its number of bins. Undefined
   * for trivial ledgers.
   */
  private compositionSummary(direction: PsgDirection): { infinityMass: number; bins: number } | undefined {
    if (this.trivialPld(1) !== undefined) return undefined;
    const state = this.state();
    const plan = state.plans.get(direction);
    if (plan === undefined) return undefined;
    let logKeep = 0;
    for (const g of plan.groups) logKeep += g.count * Math.log1p(-g.pld.infinityMass);
    const first = plan.groups[0];
    if (plan.groups.length === 1 && first !== undefined && first.count === 1) {
      return { infinityMass: first.pld.infinityMass, bins: first.pld.probs.length };
    }
    return { infinityMass: Math.min(1, -Math.expm1(logKeep) + this.tau), bins: plan.window.width };
  }

  /**
   * An upper bound on δ(ε) of one direction's composition, without composing it: with S the sum
   * of the per-step (pessimistic) losses and c(λ) = max_{x ≥ 0} (1 − e^{−x})e^{−λx}
   * = (λ/(λ+1))^λ/(λ+1), (1 − e^{ε−S})₊ ≤ c(λ)e^{λ(S−ε)}, so
   * δ(ε) ≤ m∞ + c(λ)·e^{−λε}·Π_g (Σ_i p_{g,i} e^{λ l_{g,i}})^{T_g} for every λ > 0 (the
   * moment-generating-function form of the RDP-to-DP conversion of Canonne, Kamath, Steinke 2020,
   * Prop. 12, with α = λ + 1; docs/math/pld-grid.md); m∞ is the composition's mass at +∞ including
   * the window's τ. λ runs over 0.5·1.5^k (the
   * bound is convex in λ: the scan stops once it rises, or once it is ≤ `enough`). +∞ when no plan exists.
   */
  private deltaUpperBound(direction: PsgDirection, epsilon: number, enough = 0): number {
    const summary = this.compositionSummary(direction);
    const plan = this.state().plans.get(direction);
    if (summary === undefined || plan === undefined) return Infinity;
    const floor = summary.infinityMass + this.tau + FFT_NOISE_PER_BIN * summary.bins;
    let best = Infinity;
    let rising = 0;
    for (let lambda = 0.5; lambda <= 1e3 && rising < 2; lambda *= 1.5) {
      let logBound = Math.log(lambda / (lambda + 1)) * lambda - Math.log1p(lambda) - lambda * epsilon;
      for (const g of plan.groups) {
        const { probs, offset, h } = g.pld;
        // log Σ p_i e^{λ l_i} (bounded from above), shifted by the largest loss so nothing overflows
        const top = (offset + probs.length - 1) * h;
        const logSum = logShiftedMgfUpperBound(probs, 0, probs.length - 1, lambda * h);
        // no mass at all: then no bound, never a skip
        if (!(logSum > -Infinity)) return Infinity;
        logBound += g.count * (logSum + lambda * top);
      }
      const bound = Math.exp(logBound);
      if (bound < best) {
        best = bound;
        rising = 0;
      } else rising++;
      if (floor + best <= enough) break; // already small enough for the caller
    }
    // the FFT composition can exceed the exact one by the aliased mass (≤ τ) and its rounding
    // (~2.2e-16 per bin): added, so that a skipped direction is one the full computation would
    // not have raised either
    return floor + best;
  }

  /**
   * True when `direction` cannot raise the answer: its (not yet composed) δ at `epsilon` is
   * provably at most `level` (see deltaUpperBound). Add-remove prices remove and add; when the
   * remove direction dominates by a margin (σ = 0.5, T = 1e5: ε 13.03 against 8.4) the add
   * direction's FFT is skipped and the answer is the one the full computation gives.
   */
  private cannotExceed(direction: PsgDirection, epsilon: number, level: number): boolean {
    const state = this.state();
    if (state.plds.has(direction) || !(epsilon > -Infinity)) return false;
    // many queries on one ledger (curves, δ(ε) sweeps): after a few bounds, compose it once instead
    const calls = state.boundCalls.get(direction) ?? 0;
    if (calls >= MAX_BOUND_CALLS) return false;
    state.boundCalls.set(direction, calls + 1);
    return this.deltaUpperBound(direction, epsilon, level) <= level;
  }

  /**
   * The per-step PLDs (and grid step and x truncation) of one direction for a δ below the grid's
   * noise floor: the plan's own when their composed mass at +∞ is at most 1e-3·δ, else the same
   * steps discretised with the x tails cut at log mass max(−700, log(1e-3·δ/T)) (h coarsened by
   * ×1.1 steps while one step's grid exceeds the work budget), on a grid `coarsening` times the
   * state's (1 unless a tilted window did not fit). Undefined when no grid fits.
   */
  private tinyDeltaSteps(direction: PsgDirection, delta: number, optimistic: boolean, coarsening = 1): { groups: PldGroup[]; h: number; meanRemainder: number } | undefined {
    const state = this.state();
    const plan = state.plans.get(direction);
    if (plan === undefined) return undefined;
    let logKeep = 0;
    for (const g of plan.groups) logKeep += g.count * Math.log1p(-g.pld.infinityMass);
    const fits = -Math.expm1(logKeep) <= TINY_DELTA_INFINITY_SHARE * delta && coarsening === 1;
    const logMassTruncation = fits ? this.logMassTruncation : tinyDeltaLogMassTruncation(delta, this.totalSteps, this.logMassTruncation);
    if (fits && !optimistic) return { groups: plan.groups, h: state.h, meanRemainder: 0 };
    const entries = this.privateGroups();
    const h = fitStepToBudget(state.h * coarsening, (step) => {
      let widest = 0;
      for (const e of entries) widest = Math.max(widest, connectTheDotsGrid(direction, e.samplingRate, e.noiseMultiplier, step, logMassTruncation).n);
      return widest;
    }, this.maxGridPoints, MAX_H);
    if (h === undefined) return undefined;
    const options = { h, logMassTruncation };
    if (!optimistic) return { groups: entries.map((e) => ({ pld: connectTheDotsPld(direction, e.samplingRate, e.noiseMultiplier, options), count: e.count })), h, meanRemainder: 0 };
    let meanRemainder = 0;
    const groups = entries.map((e) => {
      const o = optimisticPld(direction, e.samplingRate, e.noiseMultiplier, options);
      meanRemainder += e.count * o.meanRemainder;
      return { pld: o.pld, count: e.count };
    });
    return { groups, h, meanRemainder };
  }

  /**
   * ε(δ) for a δ at or below the grid's noise floor, by exponential tilting of the per-step PLDs
   * (`tiltedEpsilon`; docs/math/pld-tiny-delta.md): a guarantee for the same pessimistic
   * discretisation, with the FFT's rounding, the window and the mass at +∞ bounded and added.
   * Undefined when tilting cannot answer (the grid is refused, δ is not below the floor, or no
   * tilted grid fits the work budget): the caller then uses the RDP fallback as before.
   */
  private tiltedEpsilonFor(delta: number): number | undefined {
    if (!(delta > 0 && delta < 1) || this.trivialPld(1) !== undefined || this.gridRefusal() !== undefined) return undefined;
    if (delta > this.unresolvedDelta()) return undefined;
    const state = this.state();
    if (state.tilted.has(delta)) return state.tilted.get(delta);
    let eps: number | undefined = -Infinity;
    for (const d of this.directions) {
      // a tilted window wider than the budget: coarser grids (×4 each time; pessimistic, looser)
      const e = tiltedEpsilonCoarsened((coarsening) => this.tinyDeltaSteps(d, delta, false, coarsening)?.groups, delta, this.maxGridPoints);
      if (e === undefined) {
        eps = undefined;
        break;
      }
      eps = Math.max(eps, e);
    }
    state.tilted.set(delta, eps);
    return eps;
  }

  /**
   * A lower bound of ε(δ) for a δ answered by tilting: the optimistic (rounded-down) steps tilted
   * with every error subtracted give ε_{L′}(δ + η) ≤ the true ε(δ + η) − s(η) (the Hoeffding
   * shift of getEpsilonBounds, η = δ/1000); 0 when that cannot be computed.
   */
  private tiltedLowerBound(delta: number): number {
    const eta = delta / 1000;
    let lower = 0;
    for (const d of this.directions) {
      for (let coarsening = 1; coarsening <= TINY_DELTA_MAX_COARSENING; coarsening *= 4) {
        const steps = this.tinyDeltaSteps(d, delta, true, coarsening);
        if (steps === undefined) break;
        const e = tiltedEpsilon(steps.groups, delta + eta, this.maxGridPoints, false);
        if (e === undefined) continue;
        if (e > -Infinity) lower = Math.max(lower, e + steps.meanRemainder - steps.h * Math.sqrt((this.totalSteps * Math.log(1 / eta)) / 2));
        break;
      }
    }
    return lower;
  }

  /**
   * δ below which the composed PLDs cannot answer: the mass at +∞ (truncation) or the float
   * noise of the FFT over the grid (2.2e-16 per bin). 0 for trivial ledgers.
   */
  private unresolvedDelta(): number {
    if (this.trivialPld(1) !== undefined) return 0;
    if (this.gridRefusal() !== undefined) return Infinity;
    let floor = 0;
    for (const d of this.directions) {
      const s = this.compositionSummary(d);
      if (s !== undefined) floor = Math.max(floor, unresolvedDeltaOf(s.infinityMass, s.bins));
      else {
        const pld = this.privacyLossDistribution(d);
        floor = Math.max(floor, unresolvedDeltaOf(pld.infinityMass, pld.probs.length));
      }
    }
    return floor;
  }

  /**
   * Why no PLD grid fits the work budget (h would exceed 10), when RDP can price the ledger
   * instead; undefined when the grid fits. For substitution with q < 1 the refusal is thrown.
   */
  private gridRefusal(): string | undefined {
    try {
      this.state();
      return undefined;
    } catch (error) {
      if (isDpboundsError(error) && error.parameter === 'steps' && rdpFallbackEpsilon(this.ledger, this.neighbouring, 0.5) !== undefined) return error.message;
      throw error;
    }
  }

  /** The RDP fallback for a δ the grid cannot resolve (throws for substitution with q < 1, which RDP cannot price). */
  private fallbackEpsilon(delta: number, floor: number): number {
    const eps = rdpFallbackEpsilon(this.ledger, this.neighbouring, delta);
    if (eps === undefined) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'delta', expected: `above ${floor.toPrecision(3)} for the substitution PLD of this run (its grid cannot resolve smaller δ, and RDP has no substitution bound for q < 1)`, found: delta });
    }
    return eps;
  }

  /**
   * True when δ must go to the RDP fallback: δ at or below the grid's noise floor and RDP can
   * price the ledger; for substitution with q < 1 (no RDP bound) only δ at or below the mass at
   * +∞ is refused, and δ above it is answered by the PLD with a note in the bounds.
   */
  private needsFallback(delta: number): boolean {
    const floor = this.unresolvedDelta();
    if (delta > floor) return false;
    if (rdpFallbackEpsilon(this.ledger, this.neighbouring, delta) !== undefined) return true;
    let infinityMass = 0;
    for (const d of this.directions) infinityMass = Math.max(infinityMass, this.compositionSummary(d)?.infinityMass ?? this.privacyLossDistribution(d).infinityMass);
    if (delta > infinityMass) return false;
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'delta', expected: `above ${infinityMass.toPrecision(3)} (the mass the substitution PLD of this run moves to +∞; below about 1e-250 not even the group-privacy bound resolves δ)`, found: delta });
  }

  protected epsilonFor(delta: number): number {
    const tilted = this.tiltedEpsilonFor(delta);
    if (tilted !== undefined) return tilted;
    return this.untiltedEpsilonFor(delta);
  }

  /**
   * ε(δ) from the composed grid, or the RDP fallback below its noise floor: what
   * {@link epsilonFor} answers where tilting does not (a guarantee, looser below the floor, and
   * cheap). Read by {@link pldProfileRangeEpsilon}.
   */
  private untiltedEpsilonFor(delta: number): number {
    if (this.needsFallback(delta)) return this.fallbackEpsilon(delta, this.unresolvedDelta());
    let eps = -Infinity;
    for (const d of this.directions) {
      // a direction with δ(ε) ≤ δ at the ε found so far has its own ε(δ) ≤ ε: it cannot raise
      // the maximum, so its composition is skipped (the answer is the full computation's)
      if (this.cannotExceed(d, eps, delta)) continue;
      eps = Math.max(eps, pldEpsilonAt(this.privacyLossDistribution(d), delta));
    }
    return eps;
  }

  protected deltaFor(epsilon: number): number {
    if (this.gridRefusal() !== undefined) return rdpFallbackDelta(this.ledger, this.neighbouring, epsilon);
    let delta = 0;
    for (const d of this.directions) {
      if (delta > 0 && this.cannotExceed(d, epsilon, delta)) continue;
      delta = Math.max(delta, pldDeltaAt(this.privacyLossDistribution(d), epsilon));
    }
    return delta;
  }

  /** δ at many ε: each direction's composed PLD is swept once (`pldDeltasAt`), the larger δ kept. */
  protected override deltasFor(epsilons: readonly number[]): number[] {
    // a grid the budget refuses: the RDP fallback of deltaFor, one ε at a time
    if (this.gridRefusal() !== undefined) return super.deltasFor(epsilons);
    const deltas = epsilons.map(() => 0);
    for (const d of this.directions) {
      const swept = pldDeltasAt(this.privacyLossDistribution(d), epsilons);
      swept.forEach((delta, k) => {
        deltas[k] = Math.max(deltas[k] as number, delta);
      });
    }
    return deltas;
  }

  /**
   * Builds the per-revision state for a bounds query, when it is not built yet: its one-step
   * discretisations then also give the optimistic PLDs the lower bound composes (one pass over
   * the cells instead of two). A grid the budget refuses is left to the query, which reports it.
   */
  private prepareBounds(): void {
    if (this.cache?.revision === this.revision) return;
    try {
      this.state(true);
    } catch {
      // the query below meets the same refusal and reports it (RDP fallback or a typed error)
    }
  }

  /** Drops the one-step optimistic PLDs of directions a bounds query did not compose (a later query rebuilds them). */
  private releaseOptimisticSteps(): void {
    if (this.cache?.revision === this.revision) this.cache.optimisticSteps.clear();
  }

  /** Runs one bounds query between {@link prepareBounds} and {@link releaseOptimisticSteps}. */
  private boundsQuery<T>(query: () => T): T {
    this.prepareBounds();
    try {
      return query();
    } finally {
      this.releaseOptimisticSteps();
    }
  }

  /**
   * The optimistic (rounded-down) composition of one direction and the total mean remainder
   * m = Σ_g T_g·E[ρ_g] (see `optimisticPld`), or undefined when its window exceeds the budget.
   */
  private optimisticComposition(direction: PsgDirection): { pld: DiscretePld; meanRemainder: number } | undefined {
    const state = this.state();
    if (state.optimistic.has(direction)) return state.optimistic.get(direction);
    const trivial = this.trivialPld(state.h);
    if (trivial !== undefined) return { pld: trivial, meanRemainder: 0 };
    const steps = state.optimisticSteps.get(direction);
    state.optimisticSteps.delete(direction);
    let meanRemainder = steps?.meanRemainder ?? 0;
    const groups = steps?.groups ?? this.privateGroups().map((e) => {
      const o = optimisticPld(direction, e.samplingRate, e.noiseMultiplier, { h: state.h, logMassTruncation: this.logMassTruncation });
      meanRemainder += e.count * o.meanRemainder;
      return { pld: o.pld, count: e.count };
    });
    const window = planComposition(groups, this.tau);
    const result = window.width <= this.maxGridPoints ? { pld: composeInWindow(groups, window, this.tau, false), meanRemainder } : undefined;
    state.optimistic.set(direction, result);
    return result;
  }

  /**
   * Shift s(η) = m − h·√(T·log(1/η)/2) such that the true composed loss is at least the
   * rounded-down one plus s except with probability η (Hoeffding: the T remainders lie in [0, h]).
   */
  private remainderShift(meanRemainder: number, eta: number): number {
    return meanRemainder - this.discretizationInterval * Math.sqrt((this.totalSteps * Math.log(1 / eta)) / 2);
  }

  /** kind, relation and method of a result. */
  private provenance(method: 'pld' | 'rdp-fallback', note?: string): { kind: 'guarantee'; neighbouring: NeighbouringRelation; method: string; note?: string } {
    const budget = this.trivialPld(1) === undefined && method === 'pld' ? this.budgetNote : undefined;
    const m = method === 'pld' && budget !== undefined ? 'pld-coarsened' : method;
    const n = [note, budget].filter((x): x is string => x !== undefined).join('; ');
    return { kind: 'guarantee', neighbouring: this.neighbouring, method: m, ...(n === '' ? {} : { note: n }) };
  }

  /**
   * ε with its discretisation error bounds: `upper` = getEpsilon (pessimistic connect-the-dots,
   * the guarantee), `estimate` = the same value (connect-the-dots is exact at grid points; its
   * bias is second order in h), `lower` a rigorous lower bound: the true loss is the rounded-down
   * loss L' plus T remainders in [0, h] of mean ≥ m, so except with probability η = δ/1000
   * (Hoeffding) it exceeds L' + s with s = m − h√(T·log(1/η)/2); hence
   * ε ≥ ε_{L'}(δ + η + τ) + s, τ covering the composition window. The gap to `upper` is about
   * h√(T·log(1/η)/2) (≈ 0.06 at q = 0.004, σ = 1.1, T = 1e4). Costs a second composition.
   * When δ is below what the grid resolves, both come from tilted compositions (a `note` says
   * so; docs/math/pld-tiny-delta.md §7), or, where tilting cannot answer, `upper` is the RDP
   * bound and `lower` is 0 (`method: 'rdp-fallback'`); `lower` is also 0 when the optimistic
   * grid would exceed the budget.
   *
   * @example pld.getEpsilonBounds(1e-5) // { lower, estimate, upper, kind: 'guarantee', neighbouring, method: 'pld' }
   */
  getEpsilonBounds(delta: number): EpsilonBounds {
    return this.boundsQuery(() => this.epsilonBounds(delta));
  }

  /** The computation of {@link getEpsilonBounds}. */
  private epsilonBounds(delta: number): EpsilonBounds {
    const upper = this.getEpsilon(delta);
    const refusal = this.hasNonPrivateStep || this.ledger.length === 0 || delta >= 1 || delta === 0 ? undefined : this.gridRefusal();
    if (refusal !== undefined) return { lower: 0, estimate: upper, upper, ...this.provenance('rdp-fallback', rdpFallbackNote(this.ledger, this.neighbouring, refusal, false)) };
    // +∞ as a lower bound only where ε is infinite (not where a bound overflowed a double)
    if (upper === Infinity) return { lower: this.hasNonPrivateStep || delta === 0 ? Infinity : 0, estimate: upper, upper, ...this.provenance('pld') };
    const floor = this.unresolvedDelta();
    if (this.tiltedEpsilonFor(delta) !== undefined) {
      const lower = Math.min(upper, this.tiltedLowerBound(delta));
      const why = `δ = ${delta} is below the FFT float-noise floor of this grid (${floor.toPrecision(3)}): ε from the exponentially tilted PLD, its rounding bounded and added`;
      return { lower, estimate: upper, upper, ...this.provenance('pld', why) };
    }
    if (delta < 1 && delta > 0 && this.needsFallback(delta)) {
      const why = this.gridRefusal() ?? `δ = ${delta} is below what the PLD grid resolves (${floor.toPrecision(3)})`;
      return { lower: 0, estimate: upper, upper, ...this.provenance('rdp-fallback', rdpFallbackNote(this.ledger, this.neighbouring, why, false)) };
    }
    const noisy = delta > 0 && delta < 1 && this.ledger.length > 0 && !(delta > floor) ? `δ = ${delta} is within the FFT float-noise scale of this grid (${floor.toPrecision(3)}) and too small for the group-privacy bound: the value carries rounding error of that order in δ` : undefined;
    const eta = delta / 1000;
    // a value inside the grid's rounding noise is an estimate, never a guarantee (docs/math/accounting.md §7)
    const noiseKind = noisy === undefined ? {} : { kind: 'estimate' as const };
    if (upper === 0 || delta + this.tau + eta >= 1) return { lower: 0, estimate: upper, upper, ...this.provenance('pld', noisy), ...noiseKind };
    let lowerRaw = -Infinity;
    // directions by their upper ε, largest first: a direction's lower bound is at most its upper
    // ε, so one whose upper ε is not above the lower bound found so far cannot raise it, and one
    // that getEpsilon did not compose could not raise the maximum; both are skipped (a lower bound
    // of one direction is a lower bound of the maximum), which saves their optimistic compositions
    const composed = this.state().plds;
    const ordered = this.directions
      .map((d) => ({ d, up: composed.has(d) ? pldEpsilonAt(this.privacyLossDistribution(d), delta) : -Infinity }))
      .sort((a, b) => b.up - a.up);
    for (const { d, up } of ordered) {
      if (lowerRaw > -Infinity && !(up > lowerRaw)) continue;
      const o = this.optimisticComposition(d);
      if (o === undefined) {
        lowerRaw = 0;
        break;
      }
      lowerRaw = Math.max(lowerRaw, pldEpsilonAt(o.pld, delta + this.tau + eta) + this.remainderShift(o.meanRemainder, eta));
    }
    const lower = Math.max(0, Math.min(upper, Number.isFinite(lowerRaw) ? lowerRaw : 0));
    return { lower, estimate: upper, upper, ...this.provenance('pld', noisy), ...noiseKind };
  }

  /**
   * δ(ε) with discretisation bounds: `upper` = getDelta (pessimistic), `estimate` = the same,
   * `lower` = max over η ∈ {1e-4, …, 1e-14} of δ_{L'}(ε − s(η)) − τ − η (see getEpsilonBounds).
   *
   * @example pld.getDeltaBounds(1) // { lower, estimate, upper, kind: 'guarantee', neighbouring, method: 'pld' }
   */
  getDeltaBounds(epsilon: number): DeltaBounds {
    return this.boundsQuery(() => this.deltaBounds(epsilon));
  }

  /** The computation of {@link getDeltaBounds}. */
  private deltaBounds(epsilon: number): DeltaBounds {
    const upper = this.getDelta(epsilon);
    const refusal = this.hasNonPrivateStep || this.ledger.length === 0 ? undefined : this.gridRefusal();
    if (refusal !== undefined) return { lower: 0, estimate: upper, upper, ...this.provenance('rdp-fallback', rdpFallbackNote(this.ledger, this.neighbouring, refusal, false)) };
    if (upper === 0 || this.hasNonPrivateStep) return { lower: upper, estimate: upper, upper, ...this.provenance('pld') };
    let lower = 0;
    for (const d of this.directions) {
      const o = this.optimisticComposition(d);
      if (o === undefined) {
        lower = 0;
        break;
      }
      for (let k = 4; k <= 14; k += 2) {
        const eta = 10 ** -k;
        lower = Math.max(lower, pldDeltaAt(o.pld, epsilon - this.remainderShift(o.meanRemainder, eta)) - this.tau - eta);
      }
    }
    return { lower: Math.min(upper, Math.max(0, lower)), estimate: upper, upper, ...this.provenance('pld') };
  }
}

/**
 * ε(δ) of a PLD accountant without exponential tilting (below the grid's noise floor, the RDP
 * bound): a cheap guarantee for choosing a range, such as the ε grid of the privacy profile in
 * `pldTradeOffCurve`, where a tilted query (0.3–3 s) would cost far more than the curve itself.
 * Same edge cases as `getEpsilon` (empty ledger or δ ≥ 1: 0; a non-private step or δ = 0: ∞).
 * Module-internal (not exported by the package).
 *
 * Domain: δ ∈ [0, ∞).
 *
 * @example pldProfileRangeEpsilon(new PldAccountant().compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 100 })), 1e-15)
 */
export function pldProfileRangeEpsilon(accountant: PldAccountant, delta: number): number {
  requireInRange('delta', delta, { min: 0, max: Infinity });
  if (accountant.ledger.length === 0 || delta >= 1) return 0;
  const inside = accountant as unknown as { readonly hasNonPrivateStep: boolean; untiltedEpsilonFor(d: number): number };
  if (delta === 0 || inside.hasNonPrivateStep) return Infinity;
  const eps = inside.untiltedEpsilonFor(delta);
  return Number.isNaN(eps) ? Infinity : Math.max(0, eps);
}
