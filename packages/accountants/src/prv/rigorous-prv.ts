/**
 * PRV composition with an error budget relative to the answer (Gopi, Lee, Wutschitz 2021,
 * Thm 5.5, with a tighter bookkeeping of the same argument; docs/math/prv.md): every step's PRV is
 * discretised on a fine mesh h₁, blocks of B steps are composed by FFT, each block's PRV is
 * rounded to a coarser mesh h₂ = κ√B·h₁ by splitting every point's mass between its two
 * neighbours so that its value is kept in expectation, and the blocks are composed by FFT. B and
 * κ are chosen per query to minimise the FFT lengths (the single-grid composition is one of the
 * candidates).
 *
 * Error analysis. Couple every truncated step PRV Y′ with its discretisation Ỹ = Y′ + E, where
 * E lies in an interval of length h₁ and has mean 0 (the mean correction); a block's rounding
 * adds E₂ which, given the block's discretised value, has mean 0 and lies in an interval of
 * length h₂ (the mass split). Block j's total error Zⱼ = ΣE + E₂ therefore has
 * E[e^{λZⱼ}] ≤ e^{λ²(nⱼh₁² + h₂²)/8} (Hoeffding's lemma for each step, then for E₂ conditionally
 * on the block), the blocks are independent, so P(ΣZⱼ ≤ −e) ≤ exp(−e²/(2V)),
 * V = Σⱼ(nⱼh₁² + h₂²)/4. On the complement, the composed loss exceeds the true one by at most e,
 * hence δ_true(ε + e) ≤ δ_computed(ε) + η with η = that probability + the total variation lost to
 * truncation (exact one-step tail masses) and aliasing (Chernoff windows of the discrete sums,
 * as in the PLD composition), and symmetrically for the lower bound. The mean corrections'
 * quadrature errors, times the number of steps, are added to e.
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';
import type { LedgerEntry } from '../events/ledger.js';
import type { DiscretePld } from '../pld/discrete-pld.js';
import { circularCompose, composeInWindow, nextPow2 } from '../pld/fft-composition.js';
import { normalIntervalMass, psgPair, type PsgDirection } from '../pld/psg-privacy-loss.js';
import { logShiftedMgfUpperBound } from '../pld/log-mgf-bound.js';
import { DEFAULT_MAX_GRID_POINTS } from '../pld/work-budget.js';
import { discretisePrv } from './prv-discretisation.js';

/** A composed PRV with the ε and δ errors of its bounds. */
export interface RigorousPrv {
  /** The composed discrete PRV (as a PLD on its grid, with the mean shift). */
  readonly pld: DiscretePld;
  /** e: δ_true(ε + e) ≤ δ(ε) + η and δ(ε − e) − η ≤ δ_true(ε) for every ε. */
  readonly epsError: number;
  /** η, the δ error of the bounds. */
  readonly deltaError: number;
  /** Largest FFT size used. */
  readonly size: number;
}


/**
 * [lo, hi] holding one step's PRV up to P-mass η on each side (exact normal-mixture tails,
 * bisection in x; the loss L(x) is decreasing).
 */
function oneStepRange(direction: PsgDirection, q: number, sigma: number, eta: number): { lo: number; hi: number } {
  const pair = psgPair(direction, { samplingRate: q, noiseMultiplier: sigma });
  const massBelow = (x: number): number => pair.means.reduce((s, m, k) => s + (pair.weightsP[k] as number) * normalIntervalMass(-Infinity, x, m, sigma), 0);
  const massAbove = (x: number): number => pair.means.reduce((s, m, k) => s + (pair.weightsP[k] as number) * normalIntervalMass(x, Infinity, m, sigma), 0);
  const reach = 60 * sigma + 2;
  let a = -reach;
  let b = reach;
  for (let i = 0; i < 80; i++) {
    const mid = 0.5 * (a + b);
    if (massBelow(mid) <= eta) a = mid;
    else b = mid;
  }
  const xLo = a;
  a = -reach;
  b = reach;
  for (let i = 0; i < 80; i++) {
    const mid = 0.5 * (a + b);
    if (massAbove(mid) <= eta) b = mid;
    else a = mid;
  }
  const xHi = b;
  return { lo: pair.loss(xHi), hi: pair.loss(xLo) };
}

/** A discretised step PRV on the grid t = (kMin + i)·h: masses and the shift added to every point. */
interface StepPmf {
  readonly probs: Float64Array;
  readonly kMin: number;
  readonly h: number;
  /** Every point of the pmf stands for a value within ±slack of the discretised variable. */
  readonly slack: number;
}

/**
 * Chernoff window of a sum of independent steps: [lo, hi] (loss units) with
 * P(sum < lo) + P(sum > hi) ≤ τ, from each step's log-MGF bounded from above on at most 4096
 * pooled bins (values rounded up for λ > 0, down for λ < 0, each widened by `slack`; the sum
 * over bins by {@link logShiftedMgfUpperBound}, one exp per λ).
 */
function sumWindow(parts: readonly { readonly pmf: StepPmf; readonly count: number }[], tau: number): { lo: number; hi: number } {
  const binned = parts.map(({ pmf, count }) => {
    const c = Math.max(1, Math.ceil(pmf.probs.length / 4096));
    const nb = Math.ceil(pmf.probs.length / c);
    const mass = new Float64Array(nb);
    for (let i = 0; i < pmf.probs.length; i++) {
      const v = pmf.probs[i] as number;
      const bin = Math.floor(i / c);
      if (v > 0) mass[bin] = (mass[bin] as number) + v;
    }
    let first = 0;
    while (first < nb - 1 && !((mass[first] as number) > 0)) first++;
    let last = nb - 1;
    while (last > first && !((mass[last] as number) > 0)) last--;
    // bin b holds values in [(kMin + bc)h − slack, (kMin + bc + c − 1)h + slack] (the last bin's
    // upper end rounded up to a full bin: still an upper bound); empty end bins are skipped
    return { mass, first, last, step: c * pmf.h, down0: pmf.kMin * pmf.h - pmf.slack, up0: (pmf.kMin + c - 1) * pmf.h + pmf.slack, count };
  });
  const logTerm = Math.log(2 / tau);
  // the score (K(λ) + log(2/τ))/|λ| (K convex: the slope of a chord from (0, −log(2/τ)), so
  // unimodal in |λ|) is scanned on every 4th λ of the geometric grid, then on the grid points next
  // to the best one: the minimum of the whole grid in ~25 instead of 75 evaluations per side
  const lambdas: number[] = [];
  for (let lambda = 1e-2; lambda <= 1e9; lambda *= 1.4) lambdas.push(lambda);
  const score = (k: number, sign: number): number => {
    const l = sign * (lambdas[k] as number);
    let total = 0;
    for (const b of binned) {
      // log Σ_b m_b e^{λ x_b}, x_b = x_0 + b·step: the bound is anchored at the last bin for λ > 0
      // and at the first for λ < 0
      const s = l * b.step;
      const anchor = sign > 0 ? b.last : b.first;
      total += b.count * (l * (sign > 0 ? b.up0 : b.down0) + s * anchor + logShiftedMgfUpperBound(b.mass, b.first, b.last, s));
    }
    const t = (total + logTerm) / l;
    return Number.isFinite(t) ? sign * t : Infinity;
  };
  const best = (sign: number): number => {
    const seen = new Map<number, number>();
    const at = (k: number): number => {
      let v = seen.get(k);
      if (v === undefined) {
        v = score(k, sign);
        seen.set(k, v);
      }
      return v;
    };
    let kBest = 0;
    for (let k = 0; k < lambdas.length; k += 4) if (at(k) < at(kBest)) kBest = k;
    if (at(lambdas.length - 1) < at(kBest)) kBest = lambdas.length - 1;
    let v = at(kBest);
    for (let k = Math.max(0, kBest - 3); k <= Math.min(lambdas.length - 1, kBest + 3); k++) v = Math.min(v, at(k));
    return sign * v;
  };
  const hi = best(1);
  const lo = best(-1);
  return { lo: Number.isFinite(lo) ? lo : -Infinity, hi };
}

/** Circular composition of `steps` copies of `pmf` read back on the loss window [lo, hi]. */
function composeOnWindow(pmf: StepPmf, steps: number, lo: number, hi: number): { probs: Float64Array; kMin: number } {
  if (steps === 1) return { probs: pmf.probs, kMin: pmf.kMin };
  const kLo = Math.floor(lo / pmf.h) - 1;
  const kHi = Math.ceil(hi / pmf.h) + 1;
  const width = kHi - kLo + 1;
  const size = nextPow2(Math.max(width, 4));
  const circ = circularCompose([{ probs: pmf.probs, count: steps }], size);
  // the sum of `steps` indices i (point (kMin + i)h each) is the point (steps·kMin + Σi)h
  const probs = new Float64Array(width);
  const base = kLo - steps * pmf.kMin;
  for (let j = 0; j < width; j++) {
    const v = circ[(((base + j) % size) + size) % size] as number;
    probs[j] = v > 0 ? v : 0;
  }
  return { probs, kMin: kLo };
}

/**
 * The block length for a group of `count` steps: the divisor of `count` nearest to `target` (within
 * a factor 1.5), so that the group has no remainder block (its stage-1 FFT costs as much as a full
 * block's); `target` when there is none. Any block length keeps the error analysis (V sums the
 * blocks actually used).
 */
function blockOf(count: number, target: number): number {
  let best = target;
  let bestGap = Math.log(1.5);
  for (let d = Math.max(1, Math.ceil(target / 1.5)); d <= Math.min(count, Math.floor(target * 1.5)); d++) {
    const gap = Math.abs(Math.log(d / target));
    if (count % d === 0 && gap <= bestGap) {
      best = d;
      bestGap = gap;
    }
  }
  return best;
}

interface Unit {
  readonly group: number;
  readonly steps: number;
  readonly count: number;
}

/** The part of a composition's plan independent of ε and of the block length: δ split, one-step ranges, pre-grids. */
interface Sizing {
  readonly n: number;
  readonly etaD: number;
  readonly logInvD: number;
  readonly ranges: readonly { lo: number; hi: number }[];
  readonly pre: readonly StepPmf[];
  /** The block plans already sized, by block length. */
  readonly blocks: Map<number, BlockPlan>;
}

/** The blocks of one block length B and the Chernoff windows of their sums and of the total. */
interface BlockPlan {
  readonly blockSize: number;
  readonly units: readonly Unit[];
  readonly twoStage: boolean;
  readonly tauUnit: number;
  readonly tauTotal: number;
  readonly unitWindows: readonly { lo: number; hi: number }[];
  readonly totalWindow: { lo: number; hi: number };
  /** Widest block window (or one-step range) and width of the total window. */
  readonly widthB: number;
  readonly widthTotal: number;
}

/** Recent {@link Sizing}s: one query asks for the same groups, direction and δ budget 3–5 times. */
const sizingCache = new Map<string, Sizing>();

function sizingOf(groups: readonly LedgerEntry[], direction: PsgDirection, deltaBudget: number): Sizing {
  const key = `${direction}|${deltaBudget}|${groups.map((g) => `${g.samplingRate},${g.noiseMultiplier},${g.count}`).join(';')}`;
  const hit = sizingCache.get(key);
  if (hit !== undefined) return hit;
  const n = groups.reduce((s, g) => s + g.count, 0);
  // the δ budget: truncation ≤ 1/16 (2·n one-step tails of budget/(32n)), aliasing ≤ 1/8 + 1/8
  // (stage windows), the rest (11/16) to the coupling error's tail
  const etaD = (deltaBudget * 11) / 16;
  const logInvD = Math.log(1 / etaD);
  const ranges = groups.map((g) => oneStepRange(direction, g.samplingRate, g.noiseMultiplier, deltaBudget / (32 * n)));
  // a coarse pre-discretisation sizes the windows of the sums (pessimistic Chernoff bounds)
  const pre = groups.map((g, gi) => {
    const r = ranges[gi] as { lo: number; hi: number };
    const h = Math.max((r.hi - r.lo) / 4096, 1e-300);
    const kMin = Math.floor(r.lo / h);
    const size = Math.ceil(r.hi / h) - kMin + 1;
    return { probs: discretisePrv(direction, g.samplingRate, g.noiseMultiplier, kMin * h, h, size).probs, kMin, h, slack: h };
  });
  const made: Sizing = { n, etaD, logInvD, ranges, pre, blocks: new Map() };
  if (sizingCache.size >= 16) sizingCache.delete(sizingCache.keys().next().value as string);
  sizingCache.set(key, made);
  return made;
}

/** The {@link BlockPlan} of block length `target` (each group's blocks: the divisor of its count nearest `target`, {@link blockOf}). */
function blockPlanOf(sizing: Sizing, groups: readonly LedgerEntry[], deltaBudget: number, target: number): BlockPlan {
  const hit = sizing.blocks.get(target);
  if (hit !== undefined) return hit;
  const { pre, ranges } = sizing;
  const units: Unit[] = [];
  groups.forEach((g, gi) => {
    const b = Math.min(blockOf(g.count, target), g.count);
    const full = Math.floor(g.count / b);
    units.push({ group: gi, steps: b, count: full });
    const rem = g.count - full * b;
    if (rem > 0) units.push({ group: gi, steps: rem, count: 1 });
  });
  const m = units.reduce((s, u) => s + u.count, 0);
  const twoStage = m > 1;
  const tauUnit = deltaBudget / (8 * m);
  const tauTotal = deltaBudget / 8;
  // a step's value lies within ±h_pre/2 of its pre-grid point: slack h_pre (the composition
  // widens it when its fine mesh h₁ exceeds h_pre/2)
  const unitWindows = units.map((u) => sumWindow([{ pmf: pre[u.group] as StepPmf, count: u.steps }], tauUnit));
  // the total's window only sizes the grids (stage 2 takes its own exact Chernoff window)
  const totalWindow = twoStage ? sumWindow(units.map((u) => ({ pmf: { ...(pre[u.group] as StepPmf), slack: 0 }, count: u.count * u.steps })), tauTotal) : { lo: 0, hi: 0 };
  const widthB = Math.max(
    unitWindows.reduce((w, x) => Math.max(w, x.hi - x.lo), 0),
    ranges.reduce((w, r) => Math.max(w, r.hi - r.lo), 0),
  );
  const plan: BlockPlan = { blockSize: target, units, twoStage, tauUnit, tauTotal, unitWindows, totalWindow, widthB, widthTotal: totalWindow.hi - totalWindow.lo };
  sizing.blocks.set(target, plan);
  return plan;
}

/**
 * The mesh ratio κ = h₂/(√B·h₁) of a two-stage plan: with V ∝ Σ(nⱼ + κ²B), stage 1's grid has
 * ∝ W₁√(1 + κ²) points and stage 2's ∝ W√(1 + κ²)/(κ√B) (W₁, W: widths of a block's and of the
 * total's window); their sum is least at κ³ = W/(√B·W₁), kept in [0.1, 4].
 */
function kappaOf(plan: BlockPlan): number {
  if (!plan.twoStage) return 0;
  return Math.min(4, Math.max(0.1, Math.cbrt(plan.widthTotal / (Math.sqrt(plan.blockSize) * plan.widthB))));
}

/** Multiples of {@link kappaOf}'s κ tried for each block length. */
const KAPPA_FACTORS: readonly number[] = [0.6, 0.7, 0.8, 0.9, 1, 1.15, 1.3, 1.5];

/** Σ_units count·(steps + κ²B): V = h₁²·this/4 ({@link composeRigorousPrv}'s error analysis). */
function sumSqOf(plan: BlockPlan, kappa: number): number {
  return plan.units.reduce((s, u) => s + u.count * (u.steps + (plan.twoStage ? kappa * kappa * plan.blockSize : 0)), 0);
}

/**
 * The work of discretising one cell of a step's PRV (two normal tails and an inverse loss) in
 * units of one FFT point of a length-2^20 composition (forward and inverse FFT, the power):
 * measured ≈ 3 (CPU profile at q = 0.004, σ = 1.1, T = 10⁴).
 */
const CELL_WORK = 3;

/** Grid sizes of `plan` at ε error e: h₁, the widest grid, and a work estimate (FFT points of every FFT plus one-step cells). */
function gridsOf(sizing: Sizing, plan: BlockPlan, e: number, kappa: number): { h1: number; widest: number; work: number } {
  const h1 = e / Math.sqrt((2 * sizing.logInvD * sumSqOf(plan, kappa)) / 4);
  const stage1 = plan.widthB / h1 + 2 * plan.blockSize + 3;
  const stage2 = plan.twoStage ? plan.widthTotal / (kappa * Math.sqrt(plan.blockSize) * h1) + 3 : 0;
  const fft = (w: number): number => (w > 0 ? nextPow2(Math.ceil(w)) * Math.log2(nextPow2(Math.ceil(w))) / 20 : 0);
  const cells = sizing.ranges.reduce((s, r) => s + (r.hi - r.lo) / h1, 0);
  return { h1, widest: Math.max(stage1, stage2), work: plan.units.length * fft(stage1) + fft(stage2) + CELL_WORK * cells };
}

/** Block lengths tried: ⌈√T⌉ times 1, 2, 4, …, 32 (below T), and T itself (one stage). */
function blockCandidates(n: number): number[] {
  const base = Math.max(1, Math.ceil(Math.sqrt(n)));
  const out: number[] = [];
  for (let f = 1; f <= 32 && base * f < n; f *= 2) out.push(base * f);
  out.push(n);
  return out;
}

/**
 * Composes the PRVs of `groups` in `direction` so that the returned PRV's ε error is at most
 * `epsError` (enlarged only if a grid would exceed `maxGrid` points) and its δ error is about
 * `deltaBudget` or less (the exact value used is returned). The block length is the candidate
 * ({@link blockCandidates}) with the least work at that ε error.
 *
 * With `planOnly`, returns after sizing the grids (nothing large is allocated): `epsError` is then
 * the ε error the full call will have, up to the quadrature bias of the mean corrections
 * (≈ T·1e-15), `size` the FFT length it will need, and `pld` is empty. `maxGrid` is the work
 * budget (grid points; default 2^23): past it the ε error is enlarged (valid, looser).
 *
 * Domain: groups with σ > 0 and 0 < q ≤ 1, epsError > 0, 0 < deltaBudget < 1.
 *
 * @example composeRigorousPrv([{ samplingRate: 0.01, noiseMultiplier: 1, count: 1000 }], 'remove', 2e-3, 1e-9).epsError // ≤ 2e-3
 */
export function composeRigorousPrv(groups: readonly LedgerEntry[], direction: PsgDirection, epsError: number, deltaBudget: number, planOnly = false, maxGrid: number = DEFAULT_MAX_GRID_POINTS): RigorousPrv {
  if (!(deltaBudget > 0 && deltaBudget < 1) || !(epsError > 0 && Number.isFinite(epsError))) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'deltaError', expected: 'in (0, 1) with a finite ε error > 0', found: deltaBudget });
  }
  const sizing = sizingOf(groups, direction, deltaBudget);
  const { n, etaD, ranges, pre } = sizing;
  // the block length and κ with the least planned work: κ near the continuous optimum
  // (kappaOf), where the power-of-two FFT lengths can make a neighbour cheaper
  let plan = blockPlanOf(sizing, groups, deltaBudget, blockCandidates(n)[0] as number);
  let kappa = kappaOf(plan);
  let planWork = Infinity;
  for (const b of blockCandidates(n)) {
    const other = blockPlanOf(sizing, groups, deltaBudget, b);
    const k0 = kappaOf(other);
    for (const f of other.twoStage ? KAPPA_FACTORS : [1]) {
      const w = gridsOf(sizing, other, epsError, k0 * f).work;
      if (w < planWork) {
        plan = other;
        kappa = k0 * f;
        planWork = w;
      }
    }
  }
  const { blockSize, units, twoStage, tauUnit, tauTotal } = plan;
  let unitWindows = plan.unitWindows;
  // a step's value lies within ±h_pre/2 of its pre-grid point, its fine discretisation within
  // ±h₁ of it: slack h_pre is valid while h₁ ≤ h_pre/2 (checked below)
  const preWindow = (u: Unit, extra: number): { lo: number; hi: number } => {
    const p = pre[u.group] as StepPmf;
    return sumWindow([{ pmf: { ...p, slack: p.slack + extra }, count: u.steps }], tauUnit);
  };
  // V = Σⱼ(nⱼh₁² + h₂²)/4 with h₂ = κ√B·h₁; e = √(2V log(1/η_d))
  const sumSq = sumSqOf(plan, kappa);
  const logInvD = sizing.logInvD;
  let e = epsError;
  let h1 = 0;
  let widest = Infinity;
  for (let attempt = 0; ; attempt++) {
    ({ h1, widest } = gridsOf(sizing, plan, e, kappa));
    if (widest <= maxGrid) break;
    if (!Number.isFinite(widest) || attempt > 60) {
      throw new DpboundsRangeError({ code: 'ERR_NOT_CONVERGED', parameter: 'epsError', expected: `a PRV grid of at most ${maxGrid} points`, found: e });
    }
    e *= (widest / maxGrid) * 1.01;
  }
  const h2 = kappa * Math.sqrt(blockSize) * h1;
  if (planOnly) {
    // sizing only: the ε error the composition will have before the (tiny) quadrature bias
    return { pld: { h: h1, offset: 0, probs: new Float64Array(0), infinityMass: 0 }, epsError: e, deltaError: deltaBudget, size: nextPow2(Math.ceil(widest)) };
  }
  if (pre.some((p) => h1 > p.h / 2)) unitWindows = units.map((u) => preWindow(u, h1));
  let eta = etaD;
  let bias = 0;
  let fftMax = 0;
  const singles = groups.map((g, gi) => {
    const r = ranges[gi] as { lo: number; hi: number };
    const kMin = Math.floor(r.lo / h1);
    const size = Math.ceil(r.hi / h1) - kMin + 1;
    return { kMin, d: discretisePrv(direction, g.samplingRate, g.noiseMultiplier, kMin * h1, h1, size) };
  });
  // stage 1: each unit's sum of `steps` discretised steps on its window (aliasing ≤ τ in TV)
  const composed = units.map((u, ui) => {
    const s = singles[u.group] as (typeof singles)[number];
    bias += u.count * u.steps * s.d.shiftError;
    const tv = u.steps * s.d.outside + tauUnit;
    eta += u.count * tv;
    bias += u.count * tv * h2;
    const w = unitWindows[ui] as { lo: number; hi: number };
    // the grid points differ from the discretised values by the shift (< h₁/2 per step)
    const c = composeOnWindow({ probs: s.d.probs, kMin: s.kMin, h: h1, slack: 0 }, u.steps, w.lo - u.steps * h1, w.hi + u.steps * h1);
    fftMax = Math.max(fftMax, nextPow2(c.probs.length));
    return { unit: u, pld: { h: h1, offset: c.kMin, probs: c.probs, infinityMass: 0 }, shift: u.steps * s.d.shift };
  });
  const eUsed = Math.sqrt((2 * logInvD * sumSq * h1 * h1) / 4) + bias;
  if (!twoStage) {
    const only = composed[0] as (typeof composed)[number];
    return { pld: { ...only.pld, lossShift: only.shift }, epsError: eUsed, deltaError: eta, size: fftMax };
  }
  // stage 2: round each unit's law to mesh h₂, every point's mass split between its two
  // neighbours in proportion to keep its value in expectation (the error E₂ has conditional mean
  // 0), compose all units
  let roundingBias = 0;
  const inputs = composed.map((c) => {
    const p1 = c.pld.probs;
    const x0 = c.pld.offset * h1 + c.shift;
    const lo = Math.floor(x0 / h2);
    const hi = Math.floor((x0 + (p1.length - 1) * h1) / h2) + 1;
    const probs = new Float64Array(hi - lo + 1);
    let mass = 0;
    let meanIn = 0;
    let meanOut = 0;
    for (let j = 0; j < p1.length; j++) {
      const p = p1[j] as number;
      if (!(p > 0)) continue;
      const x = x0 + j * h1;
      const u = x / h2;
      const k = Math.min(hi - 1, Math.max(lo, Math.floor(u)));
      const f = Math.min(1, Math.max(0, u - k));
      probs[k - lo] = (probs[k - lo] as number) + p * (1 - f);
      probs[k + 1 - lo] = (probs[k + 1 - lo] as number) + p * f;
      mass += p;
      meanIn += p * x;
      meanOut += p * (k + f) * h2;
    }
    for (let i = 0; i < probs.length; i++) probs[i] = (probs[i] as number) / mass;
    // (mass differs from 1 only by FFT rounding, not counted in η, as in the anchors); the
    // split keeps the mean up to float rounding, whose size is added to e
    roundingBias += c.unit.count * (Math.abs(meanIn - meanOut) / mass);
    return { pld: { h: h2, offset: lo, probs, infinityMass: 0 }, count: c.unit.count };
  });
  // the window of the sum from the pooled Chernoff bound above (4096 bins per input, not 2^18)
  const offsetSum = inputs.reduce((acc, x) => acc + x.count * x.pld.offset, 0);
  const maxIndex = inputs.reduce((acc, x) => acc + x.count * (x.pld.probs.length - 1), 0);
  const w2 = sumWindow(inputs.map((x) => ({ pmf: { probs: x.pld.probs, kMin: x.pld.offset, h: h2, slack: 0 }, count: x.count })), tauTotal);
  const lower = Math.min(maxIndex, Math.max(0, Number.isFinite(w2.lo) ? Math.floor(w2.lo / h2) - offsetSum : 0));
  const upper = Math.max(lower, Math.min(maxIndex, Number.isFinite(w2.hi) ? Math.ceil(w2.hi / h2) - offsetSum : maxIndex));
  const total = composeInWindow(inputs, { lower, upper, width: upper - lower + 1 }, tauTotal, false);
  fftMax = Math.max(fftMax, nextPow2(total.probs.length));
  eta += tauTotal;
  if (!(eta < 1)) throw new DpboundsRangeError({ code: 'ERR_NOT_CONVERGED', parameter: 'deltaError', expected: 'a δ error below 1', found: eta });
  return { pld: total, epsError: eUsed + roundingBias, deltaError: eta, size: fftMax };
}
