/**
 * ε(δ) of a composed discrete PLD at δ far below the FFT's float noise, by exponential tilting
 * (the Esscher transform; Esscher 1932; saddle-point centring as in Daniels 1954): the per-step
 * PMFs are tilted by e^{λl}, composed by FFT where the answer's mass is of order one, and
 * untilted in log space. Every rounding and truncation error is bounded and added on the safe
 * side, so the result is a guarantee. Derivation: docs/math/pld-tiny-delta.md.
 */
import type { DiscretePld } from './discrete-pld.js';
import { composeInWindow, planComposition, type PldGroup } from './fft-composition.js';
import { fftCompositionErrorBound } from './fft-rounding-bound.js';

/** Unit roundoff of binary64. */
const U = 2 ** -53;
/** Tilted PMF entries below this are dropped (their mass bounded by it each), so no subnormal is composed. */
const TINY = 2 ** -1000;
/** Tilted mass allowed outside the composition window (it is added back, scaled, to δ). */
const TILTED_TAU = 1e-15;

/**
 * A tilted composition: with k the composed grid index relative to Σ_g T_g·offset_g, the composed
 * finite masses are p(k) = e^{logScale − s·k}·p̃(k) exactly, where p̃ is the T-fold composition
 * of the tilted steps; `probs` is p̃ as computed on the window [lower, lower + width).
 */
export interface TiltedComposition {
  /** Grid step of the losses. */
  readonly h: number;
  /** Tilt per grid index, s = λ·h. */
  readonly s: number;
  /** Σ_g T_g·offset_g: the absolute index of relative index 0. */
  readonly baseIndex: number;
  /** Relative index of probs[0]. */
  readonly lower: number;
  /** The computed tilted composition on the window (negative rounding clamped to 0). */
  readonly probs: Float64Array;
  /** Σ_g T_g·log c_g with c_g the tilt constant of group g. */
  readonly logScale: number;
  /** Bound on |computed − exact| of every window bin of p̃ (0 when nothing was composed). */
  readonly binError: number;
  /** Bound on the tilted mass not represented in the window (Chernoff window τ plus dropped entries). */
  readonly outsideMass: number;
  /** ρ_T: the exact tilted composition is at most (1 + ρ_T)× the one of the computed tilted inputs. */
  readonly relativeError: number;
  /** Mass at +∞ of the composition, 1 − Π_g (1 − m∞,g)^{T_g}. */
  readonly infinityMass: number;
}

/** log pᵢ of a PMF (−∞ where pᵢ = 0), the input of {@link logTiltConstant}. */
function logMasses(p: Float64Array): Float64Array {
  const out = new Float64Array(p.length);
  for (let i = 0; i < p.length; i++) out[i] = Math.log(p[i] as number);
  return out;
}

/**
 * An upper bound on log Σ_i pᵢ e^{s·i} (i the index within the PMF), by the max trick: every
 * term e^{log pᵢ + s·i − max} is at most 1; raised by (4n + 16)u plus the rounding of the
 * exponents, so that Σ pᵢ e^{s·i}/c ≤ 1 for c = e^{result}.
 */
function logTiltConstant(logP: Float64Array, s: number): number {
  let max = -Infinity;
  for (let i = 0; i < logP.length; i++) {
    const v = (logP[i] as number) + s * i;
    if (v > max) max = v;
  }
  if (max === -Infinity) return -Infinity;
  let sum = 0;
  for (let i = 0; i < logP.length; i++) {
    const v = logP[i] as number;
    if (v > -Infinity) sum += Math.exp(v + s * i - max);
  }
  return max + Math.log(sum) + (4 * logP.length + 16) * U + 4 * U * (Math.abs(max) + s * logP.length);
}

/** The PMF of one group tilted by e^{s·i}, its log tilt constant and input error bounds. */
function tiltGroup(pld: DiscretePld, s: number): { probs: Float64Array; logC: number; rho: number; dropped: number } {
  const logP = logMasses(pld.probs);
  const n = logP.length;
  const logC = logTiltConstant(logP, s);
  const probs = new Float64Array(n);
  let dropped = 0;
  let largest = 0;
  for (let i = 0; i < n; i++) {
    const v = logP[i] as number;
    if (!(v > -Infinity)) continue;
    const x = v + s * i - logC;
    largest = Math.max(largest, Math.abs(v) + s * i + Math.abs(logC));
    const t = Math.exp(x);
    if (t >= TINY) probs[i] = t;
    else dropped += TINY;
  }
  // log pᵢ within 1 ulp, the exponent within 3u of the magnitudes summed, exp within 1 ulp
  const rho = 4 * U * largest + 4 * U;
  return { probs, logC, rho, dropped };
}

/**
 * Called with the width of each tilted FFT composition before it is done, so that a caller with a
 * work budget can count it (and stop the computation by throwing); see {@link tiltedEpsilon}.
 */
export type TiltedCompositionHook = (width: number) => void;

/**
 * Tilts every group by e^{λl} (λ = s/h) and composes them by FFT on the Chernoff window of the
 * tilted composition. Undefined when that window exceeds `maxWidth` bins. `beforeComposition`
 * is called with the window's width before the FFT runs.
 *
 * Domain: groups on one grid step h, s ≥ 0 finite, counts ≥ 1.
 *
 * @example composeTilted([{ pld, count: 94 }], 20 * pld.h, 2 ** 22)
 */
export function composeTilted(groups: readonly PldGroup[], s: number, maxWidth: number, beforeComposition?: TiltedCompositionHook): TiltedComposition | undefined {
  const h = (groups[0] as PldGroup).pld.h;
  const tilted: PldGroup[] = [];
  let logScale = 0;
  let baseIndex = 0;
  let steps = 0;
  let logKeep = 0;
  let logRho = 0;
  let dropped = 0;
  for (const g of groups) {
    const t = tiltGroup(g.pld, s);
    tilted.push({ pld: { h, offset: 0, probs: t.probs, infinityMass: 0 }, count: g.count });
    logScale += g.count * t.logC;
    baseIndex += g.count * g.pld.offset;
    steps += g.count;
    logKeep += g.count * Math.log1p(-g.pld.infinityMass);
    logRho += g.count * Math.log1p(t.rho);
    dropped += g.count * t.dropped;
  }
  const window = planComposition(tilted, TILTED_TAU);
  if (!(window.width <= maxWidth)) return undefined;
  beforeComposition?.(window.width);
  const single = tilted.length === 1 && steps === 1;
  const composed = composeInWindow(tilted, window, TILTED_TAU, false);
  return {
    h, s, baseIndex, lower: single ? 0 : window.lower, probs: composed.probs, logScale,
    binError: single ? 0 : fftCompositionErrorBound(tilted.map((g) => ({ probs: g.pld.probs, count: g.count })), window.width),
    outsideMass: (single ? 0 : TILTED_TAU) + dropped,
    relativeError: Math.expm1(logRho + 4 * U * steps),
    infinityMass: -Math.expm1(logKeep),
  };
}

/**
 * The tilt λ (per loss unit) minimising the Chernoff bound c(λ)·e^{K(λ) − λε} ≥ δ(ε) − m∞ at the
 * ε where it meets δ, with K the log-MGF of the composed finite loss and
 * c(λ) = (λ/(λ+1))^λ/(λ+1); that ε (an upper bound of ε(δ)) is returned too. At the minimiser
 * K′(λ) ≈ ε, so the tilted composition is centred near the answer (the saddle point).
 * Undefined when δ ≤ m∞ or no λ in [0.01, 1e6] gives a finite bound.
 *
 * @example chernoffTilt([{ pld, count: 94 }], 1e-12, 0)
 */
export function chernoffTilt(groups: readonly PldGroup[], delta: number, infinityMass: number): { lambda: number; epsilon: number } | undefined {
  if (!(delta > infinityMass)) return undefined;
  const logDelta = Math.log(delta - infinityMass);
  let best: { lambda: number; epsilon: number } | undefined;
  let rising = 0;
  const logPs = groups.map((g) => logMasses(g.pld.probs));
  for (let lambda = 0.01; lambda <= 1e6 && rising < 3; lambda *= 1.3) {
    let k = 0;
    groups.forEach((g, i) => {
      k += g.count * (logTiltConstant(logPs[i] as Float64Array, lambda * g.pld.h) + lambda * g.pld.h * g.pld.offset);
    });
    const logC = lambda * Math.log(lambda / (lambda + 1)) - Math.log1p(lambda);
    const epsilon = (k + logC - logDelta) / lambda;
    if (!Number.isFinite(epsilon)) continue;
    if (best === undefined || epsilon < best.epsilon) {
      best = { lambda, epsilon };
      rising = 0;
    } else rising++;
  }
  return best;
}

/**
 * {@link chernoffTilt}'s ε raised by the rounding of its last step, (K + log c − log(δ − m∞))/λ:
 * 64u of the magnitudes involved, with |K| ≤ λ|ε| + |log c| + |log(δ − m∞)| and
 * |log c| ≤ 1 + log(1 + λ). c(λ)·e^{K(λ) − λε} = δ − m∞ bounds δ(ε) − m∞ from above (Canonne,
 * Kamath, Steinke 2020, Prop. 12; docs/math/pld-tiny-delta.md §5), so this is a guarantee for
 * the discretisation the tilt was computed on.
 */
function chernoffGuarantee(bound: { readonly lambda: number; readonly epsilon: number }, delta: number, infinityMass: number): number {
  const { lambda, epsilon } = bound;
  const logC = 1 + Math.log1p(lambda);
  const logDelta = Math.abs(Math.log(delta - infinityMass));
  return epsilon + 64 * U * (2 * Math.abs(epsilon) + (2 * logC + 2 * logDelta) / lambda);
}

/**
 * The Chernoff (moment-generating-function) bound of ε(δ) for the composition of `groups`, a
 * guarantee for their discretisation ({@link chernoffTilt} raised by its rounding). Undefined when
 * δ is at or below the mass at +∞ or no tilt gives a finite bound.
 *
 * @example chernoffEpsilon([{ pld, count: 94 }], 1e-30)
 */
export function chernoffEpsilon(groups: readonly PldGroup[], delta: number): number | undefined {
  let logKeep = 0;
  for (const g of groups) logKeep += g.count * Math.log1p(-g.pld.infinityMass);
  const infinityMass = -Math.expm1(logKeep);
  const bound = chernoffTilt(groups, delta, infinityMass);
  return bound === undefined ? undefined : chernoffGuarantee(bound, delta, infinityMass);
}

/**
 * The scaled excess F(ε) = Σ_{l_j > ε} e^{−s(k_j − kr)}·(p̃_j ± E)₊·(1 − e^{ε − l_j})
 * + e^{−s(x(ε) − kr)}·outside on the upper side (− on the lower side, where that much aliased
 * mass may sit in the bins above ε), summed term by term and raised (upper) or lowered (lower)
 * by its rounding bound.
 */
function scaledExcess(tc: TiltedComposition, kr: number, epsilon: number, upper: boolean): number {
  const { probs, h, s, lower, baseIndex, binError } = tc;
  let sum = 0;
  let weights = 0;
  let terms = 0;
  let tailMass = 0;
  let j = probs.length - 1;
  // bins whose factor e^{−s(k − kr)} underflows: bounded by their mass times the cut factor
  const cut = kr + 740 / Math.max(s, 1e-300);
  for (; j >= 0; j--) {
    const k = lower + j;
    if (k <= cut) break;
    const loss = (baseIndex + k) * h;
    if (loss <= epsilon) return upper ? tailMass * Math.exp(-740) * (1 + 4 * U) + tcOutside(tc, kr, epsilon) : 0;
    tailMass += (probs[j] as number) + binError;
  }
  for (; j >= 0; j--) {
    const k = lower + j;
    const loss = (baseIndex + k) * h;
    if (loss <= epsilon) break;
    const v = (probs[j] as number) + (upper ? binError : -binError);
    if (!(v > 0)) continue;
    const w = Math.exp(-s * (k - kr)) * v;
    weights += w;
    sum += w * -Math.expm1(epsilon - loss);
    terms++;
  }
  // rounding: each term within ~6u of itself (exp of an argument ≤ 740 in magnitude: ≤ 740u more),
  // the sum within n·u; the factor 1 − e^{ε − l} within u·(|ε| + |l|) absolutely
  const rel = (4 * terms + 16 + 2 * 740) * U;
  const abs = 4 * U * (Math.abs(epsilon) + Math.abs((baseIndex + lower + probs.length) * h) + 1) * weights;
  // lower side: mass aliased into the window (≤ the outside mass) may sit in any bin above ε
  if (!upper) return Math.max(0, sum * (1 - rel) - abs - tcOutside(tc, kr, epsilon));
  return sum * (1 + rel) + abs + tailMass * Math.exp(-740) * (1 + 4 * U) + tcOutside(tc, kr, epsilon);
}

/** e^{−s(x(ε) − kr)}·outside, x(ε) = ε/h − baseIndex (a bound on mass outside the window lying above ε). */
function tcOutside(tc: TiltedComposition, kr: number, epsilon: number): number {
  if (tc.outsideMass === 0) return 0;
  return Math.exp(-tc.s * (epsilon / tc.h - tc.baseIndex - kr)) * tc.outsideMass * (1 + 8 * U);
}

/**
 * The smallest ε (to ~1e-13 relative) whose certified δ(ε) bound is ≤ δ: on the upper side the
 * bound δ_up(ε) = m∞ + (1 + ρ_T)·e^{logScale − s·x(ε)}·[…] of docs/math/pld-tiny-delta.md §5, so
 * the returned ε is a guarantee for the discrete PLD; on the lower side (`upper` false) the same
 * with every error subtracted, so ε_lo ≤ the discrete PLD's ε(δ). `center` is a loss near the
 * answer: the search covers [center − 600/(λ + 1), ∞) (so that no scaled weight overflows);
 * `atFloor` says the answer lies at or below that floor (the upper side then returns the floor,
 * still a guarantee; the lower side −∞). Undefined when the scaling cannot represent δ.
 *
 * @example tiltedEpsilonAt(composeTilted(groups, s, 2 ** 22), 1e-12, 0.7, true)
 */
export function tiltedEpsilonAt(tc: TiltedComposition, delta: number, center: number, upper = true): { epsilon: number; atFloor: boolean } | undefined {
  const { h, s, baseIndex, lower, probs } = tc;
  const lambda = s / h;
  const m = tc.infinityMass;
  if (!(delta > m)) return upper ? undefined : { epsilon: Infinity, atFloor: false };
  const kr = Math.floor(center / h) - baseIndex;
  const logFactor = tc.logScale - s * kr + (upper ? Math.log1p(tc.relativeError) : Math.log1p(-Math.min(0.5, tc.relativeError)));
  const target = Math.exp(Math.log(delta - m) - logFactor);
  if (!(target > 0 && Number.isFinite(target))) return undefined;
  const bottom = (baseIndex + lower) * h;
  const top = (baseIndex + lower + probs.length - 1) * h;
  let lo = Math.max(center - 600 / (lambda + 1), bottom - h);
  if (!(lo < top)) lo = top - h;
  // at or below the floor; when the floor is below the window's bottom no lower ε exists to find
  if (scaledExcess(tc, kr, lo, upper) <= target) return { epsilon: upper ? lo : -Infinity, atFloor: lo > bottom - h };
  // the answer from suffix sums (fast, rounded), then moved outwards until the term-by-term
  // bound confirms it: F(answer) ≤ target on the upper side, F(answer) > target on the lower side
  const estimate = approximateAnswer(tc, kr, lo, target, upper);
  let step = 1e-12 * Math.max(1, Math.abs(estimate)) + 1e-6 * h;
  let answer = upper ? estimate + step : estimate - step;
  for (let i = 0; upper ? scaledExcess(tc, kr, answer, true) > target : !(answer <= lo) && !(scaledExcess(tc, kr, answer, false) > target); i++) {
    if (i > 60) return undefined;
    step *= 4;
    answer = upper ? estimate + step : Math.max(lo, estimate - step);
  }
  return { epsilon: answer, atFloor: false };
}

/**
 * The ε where F(ε) = target, from suffix sums U_j = Σ_{i ≥ j} w_i and V_j = Σ_{i ≥ j} w_i e^{−(l_i − floor)}
 * (w_i the scaled bin weights): on [l_{j−1}, l_j], F(ε) = U_j − e^{ε − floor}·V_j + outside(ε).
 * An estimate (the difference cancels near the bins); the caller confirms it term by term.
 */
function approximateAnswer(tc: TiltedComposition, kr: number, floor: number, target: number, upper: boolean): number {
  const { probs, h, s, lower, baseIndex, binError } = tc;
  const n = probs.length;
  const lossOf = (j: number): number => (baseIndex + lower + j) * h;
  let jFloor = 0;
  while (jFloor < n && lossOf(jFloor) <= floor) jFloor++;
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  for (let j = n - 1; j >= jFloor; j--) {
    const k = lower + j;
    const p = (probs[j] as number) + (upper ? binError : -binError);
    const w = p > 0 ? Math.exp(-s * (k - kr)) * p : 0;
    u[j] = (u[j + 1] as number) + w;
    v[j] = (v[j + 1] as number) + w * Math.exp(floor - lossOf(j));
  }
  const f = (epsilon: number, j: number): number => (u[j] as number) - Math.exp(epsilon - floor) * (v[j] as number) + (upper ? tcOutside(tc, kr, epsilon) : 0);
  // the first bin j (from the floor up) with F(l_j) ≤ target; F(l_j) uses the bins above l_j
  let a = jFloor;
  let b = n;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (f(lossOf(mid), mid + 1) <= target) b = mid;
    else a = mid + 1;
  }
  if (a >= n) {
    // above the window: only the outside term is left, e^{−s(x − kr)}·outside = target
    if (!upper || tc.outsideMass === 0) return lossOf(n - 1);
    return Math.max(lossOf(n - 1), (kr + baseIndex) * h + (h / s) * Math.log((tc.outsideMass * (1 + 8 * U)) / target));
  }
  // on [l_{a−1}, l_a] the bins above are those ≥ a
  let x = a > jFloor ? lossOf(a - 1) : floor;
  let y = lossOf(a);
  for (let i = 0; i < 100 && y - x > 1e-14 * Math.max(1, Math.abs(y)); i++) {
    const mid = 0.5 * (x + y);
    if (f(mid, a) > target) x = mid;
    else y = mid;
  }
  return upper ? y : x;
}

/**
 * The saddle point: the tilt λ (per loss unit) at which the tilted composition has mean ε,
 * Σ_g T_g·E_λ[l_g] = ε (K′(λ) = ε for the log-MGF K of the composed finite loss), found by
 * bisection on log λ in [1e-3, 1e7] (K′ is increasing); the end of that range when ε lies
 * outside what it reaches.
 *
 * @example saddlePointTilt([{ pld, count: 94 }], 0.0024)
 */
export function saddlePointTilt(groups: readonly PldGroup[], epsilon: number): number {
  const logPs = groups.map((g) => logMasses(g.pld.probs));
  const meanAt = (lambda: number): number => {
    let mean = 0;
    groups.forEach((g, j) => {
      const logP = logPs[j] as Float64Array;
      const s = lambda * g.pld.h;
      let max = -Infinity;
      for (let i = 0; i < logP.length; i++) max = Math.max(max, (logP[i] as number) + s * i);
      let w = 0;
      let wi = 0;
      for (let i = 0; i < logP.length; i++) {
        const v = logP[i] as number;
        if (!(v > -Infinity)) continue;
        const e = Math.exp(v + s * i - max);
        w += e;
        wi += e * i;
      }
      mean += g.count * (g.pld.offset + wi / w) * g.pld.h;
    });
    return mean;
  };
  let lo = Math.log(1e-3);
  let hi = Math.log(1e7);
  if (meanAt(Math.exp(lo)) >= epsilon) return Math.exp(lo);
  if (meanAt(Math.exp(hi)) <= epsilon) return Math.exp(hi);
  // 24 halvings of a log-range of 23: λ to ~1e-6 relative (any λ is valid; this only centres the tilt)
  for (let i = 0; i < 24; i++) {
    const mid = 0.5 * (lo + hi);
    if (meanAt(Math.exp(mid)) < epsilon) lo = mid;
    else hi = mid;
  }
  return Math.exp(0.5 * (lo + hi));
}

/**
 * ε(δ) of the T-fold composition of `groups` by tilting: λ from {@link chernoffTilt}, then
 * {@link composeTilted} and {@link tiltedEpsilonAt}; when the answer lies below the search
 * floor (λ too steep: the Chernoff optimum sits at the top of the grid) λ is divided by 8 and the
 * search redone, up to 6 times. Then λ is moved to the saddle point of the answer
 * ({@link saddlePointTilt}) and the search redone, twice at most, keeping the best answer (every
 * answer is a bound of the same side, so the best of them is too). `upper` true gives a
 * guarantee for the discrete PLD (≥ its ε(δ)), the smaller of that and the Chernoff bound
 * ({@link chernoffEpsilon}, which binds when the tilt is so steep that the answer is the
 * tilted window's bottom), false a lower bound of it. Undefined when δ ≤ the
 * mass at +∞, the tilted window exceeds `maxWidth`, or the scaling fails. `beforeComposition` sees
 * the width of every tilted composition before it runs (a work budget's count).
 *
 * @example tiltedEpsilon([{ pld, count: 94 }], 1.29e-12, 2 ** 22, true)
 */
export function tiltedEpsilon(groups: readonly PldGroup[], delta: number, maxWidth: number, upper = true, beforeComposition?: TiltedCompositionHook): number | undefined {
  let logKeep = 0;
  for (const g of groups) logKeep += g.count * Math.log1p(-g.pld.infinityMass);
  const infinityMass = -Math.expm1(logKeep);
  if (!(delta > infinityMass)) return upper ? undefined : Infinity;
  const start = chernoffTilt(groups, delta, infinityMass);
  if (start === undefined) return undefined;
  const best = tiltedSearch(groups, delta, maxWidth, upper, start, beforeComposition);
  // the Chernoff bound of the same groups is a guarantee too: it binds where the tilted window
  // sits above the answer and the search returns the window's bottom (a steep tilt)
  return upper && best !== undefined ? Math.min(best, chernoffGuarantee(start, delta, infinityMass)) : best;
}

/** The tilted search of {@link tiltedEpsilon} from the Chernoff tilt `start`: its best answer, or undefined. */
function tiltedSearch(groups: readonly PldGroup[], delta: number, maxWidth: number, upper: boolean, start: { lambda: number; epsilon: number }, beforeComposition?: TiltedCompositionHook): number | undefined {
  const h = (groups[0] as PldGroup).pld.h;
  let { lambda, epsilon: center } = start;
  let best: number | undefined;
  const better = (e: number): boolean => best === undefined || (upper ? e < best : e > best);
  for (let attempt = 0, refinements = 0; attempt < 9; attempt++) {
    const tc = composeTilted(groups, lambda * h, maxWidth, beforeComposition);
    if (tc === undefined) return best;
    const r = tiltedEpsilonAt(tc, delta, center, upper);
    if (r === undefined) return best;
    if (r.atFloor && attempt < 6 && best === undefined) {
      center -= 600 / (lambda + 1);
      lambda /= 8;
      continue;
    }
    if (better(r.epsilon)) best = r.epsilon;
    if (r.atFloor || !Number.isFinite(r.epsilon) || refinements >= 2) return best;
    const saddle = saddlePointTilt(groups, r.epsilon);
    if (Math.abs(Math.log(saddle / lambda)) < 0.1) return best;
    refinements++;
    lambda = saddle;
    center = r.epsilon;
  }
  return best;
}
