/**
 * Composition of discrete PLDs by FFT (Koskela, Jälkö, Honkela 2020; dp_accounting's
 * `self_compose` with Chernoff-bounded windows; docs/math/accounting.md §5), using fft.js.
 *
 * All groups (a PLD and how many times it is composed) are composed at once: one forward real
 * FFT per group on a common circular grid of N = 2^k points, the spectra raised to their counts
 * in polar form and multiplied, one inverse FFT. N covers the index window [lower, upper] of the
 * sum that holds all but τ of its mass by Chernoff bounds; the mass outside the window (which the
 * circular FFT aliases into it) is at most τ and is added to the mass at +∞ (pessimistic).
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';
import type FFT from 'fft.js';
import type { DiscretePld } from './discrete-pld.js';
import { createFft } from './fft-tables.js';
import { logShiftedMgfUpperBound } from './log-mgf-bound.js';

/** A PLD composed `count` times. */
export interface PldGroup {
  readonly pld: DiscretePld;
  readonly count: number;
}

/**
 * The index of the grid λ (loss units, `lambdas`) one step below the one nearest the minimiser
 * √(2c/V)/h of the Gaussian approximation M + λV/2 + c/λ of the Chernoff index bound, with
 * V = Σ_g T_g·Var(I_g) the variance of the composed index; 0 (the smallest λ) when V is 0 or
 * not finite. Only a starting point: any start gives the same window.
 */
function gaussianStart(groups: readonly PldGroup[], logTerm: number, h: number, lambdas: readonly number[]): number {
  let variance = 0;
  for (const g of groups) {
    const p = g.pld.probs;
    let mass = 0;
    let m1 = 0;
    let m2 = 0;
    for (let i = 0; i < p.length; i++) {
      const v = p[i] as number;
      mass += v;
      m1 += v * i;
      m2 += v * i * i;
    }
    if (mass > 0) {
      const mean = m1 / mass;
      variance += g.count * Math.max(0, m2 / mass - mean * mean);
    }
  }
  const lambdaLoss = Math.sqrt((2 * logTerm) / variance) / h;
  if (!(lambdaLoss > 0 && Number.isFinite(lambdaLoss))) return 0;
  // the loss's heavy upper tail puts the true optimum about one grid step below the Gaussian one
  const k = Math.round(Math.log(lambdaLoss / 0.03) / Math.log(2.1)) - 1;
  return Math.min(lambdas.length - 1, Math.max(0, k));
}

/**
 * The smallest of `value(0 … n − 1)` for a unimodal sequence, walking downhill from `start`;
 * undefined when the walk meets a tie or NaN (the caller then scans).
 */
function walkDownhill(start: number, n: number, value: (k: number) => number): number | undefined {
  let k = start;
  let v = value(k);
  if (Number.isNaN(v)) return undefined;
  const right = k + 1 < n ? value(k + 1) : Infinity;
  if (Number.isNaN(right) || right === v) return undefined;
  const step = right < v ? 1 : -1;
  if (step === 1) {
    k += 1;
    v = right;
  }
  for (;;) {
    const next = k + step;
    if (next < 0 || next >= n) return v;
    const w = value(next);
    if (Number.isNaN(w) || w === v) return undefined;
    if (w > v) return v;
    k = next;
    v = w;
  }
}

/** The smallest finite `value(k)` from k = 0 up to the first rise (NaN skipped), or undefined. */
function scanUntilRising(n: number, value: (k: number) => number): number | undefined {
  let best: number | undefined;
  let previous = Infinity;
  for (let k = 0; k < n; k++) {
    const v = value(k);
    if (Number.isNaN(v)) continue;
    if (best === undefined || v < best) best = v;
    if (v > previous) break;
    previous = v;
  }
  return best;
}

/**
 * Index window [lower, upper] (relative to the sum of the groups' offsets) holding all but
 * τ of the composed mass: upper = min_{λ>0} (Σ T_g M_g(λ) + log(2/τ))/λ, lower likewise with
 * λ < 0, where M_g is the log-MGF of group g's index; λ on a geometric grid (ratio 2.1) in loss
 * units from 0.03 to max(100, 0.01/h) (the FFT length is rounded up to a power of two anyway,
 * so a slightly loose window costs nothing).
 */
function chernoffWindow(groups: readonly PldGroup[], tau: number, h: number): { lower: number; upper: number } {
  const maxIndex = groups.reduce((s, g) => s + (g.pld.probs.length - 1) * g.count, 0);
  const prepared = groups.map((g) => {
    // beyond 2^18 bins, consecutive indices are pooled into bins of c (mass summed) and each
    // bin is evaluated at its upper end for λ > 0 and its lower end for λ < 0: the log-MGF is
    // then over-estimated, so the window stays valid (slightly wider) and its cost is bounded
    const p = g.pld.probs;
    const c = Math.max(1, Math.ceil(p.length / 2 ** 18));
    const nb = Math.ceil(p.length / c);
    const masses = c === 1 ? p : new Float64Array(nb);
    let lo = -1;
    let hi = -1;
    for (let b = 0; b < nb; b++) {
      let v = 0;
      if (c === 1) v = p[b] as number;
      else {
        for (let i = b * c; i < Math.min(p.length, (b + 1) * c); i++) v += p[i] as number;
        masses[b] = v;
      }
      if (v > 0) {
        if (lo < 0) lo = b;
        hi = b;
      }
    }
    return { masses, lo: Math.max(0, lo), hi: Math.max(0, hi), count: g.count, c };
  });
  let upper = maxIndex;
  let lower = 0;
  const logTerm = Math.log(2 / tau);
  // λ from 0.03 up to max(100, 0.01/h) in loss units: concentrated sums (tiny q, large T) need
  // large λ; capped at 1e12 so that a subnormal h cannot make the loop endless (≤ 42 λ values)
  const lambdaMax = Math.min(1e12, Math.max(100, 0.01 / h));
  const lambdas: number[] = [];
  for (let lambdaLoss = 0.03; lambdaLoss <= lambdaMax * 2.1; lambdaLoss *= 2.1) lambdas.push(lambdaLoss);
  /** The index bound at grid λ number k on one side (upper: minimised; lower: maximised), or NaN. */
  const sideValue = (k: number, sign: 1 | -1): number => {
    const lambda = sign * (lambdas[k] as number) * h;
    let total = 0;
    for (const g of prepared) {
      // bin b spans indices [b·c, b·c + c − 1]: λ·index ≤ λ·(b·c + c − 1) for λ > 0, ≤ λ·b·c for λ < 0
      const slope = lambda * g.c;
      const logMgf = logShiftedMgfUpperBound(g.masses, g.lo, g.hi, slope) + slope * (sign > 0 ? g.hi : g.lo);
      total += g.count * (logMgf + (sign > 0 ? lambda * (g.c - 1) : 0));
    }
    const bound = (total + logTerm) / lambda;
    if (!Number.isFinite(bound)) return Number.NaN;
    return sign > 0 ? bound : -bound;
  };
  // (K(λ) + c)/λ with K convex is unimodal in λ > 0 (its derivative's numerator λK′ − K − c has
  // derivative λK″ ≥ 0), and likewise for λ < 0, so the smallest value on the λ grid is found
  // by walking downhill from any start. The start is the grid λ nearest the Gaussian optimum
  // √(2c/V) (V the variance of the composed index), which is the minimum or next to it: 3 or 4
  // λ per side instead of the ~10 of a scan from λ = 0.03. A tie or a non-finite value on the
  // way falls back to that scan (the window is the same in every case: the grid's minimum).
  const start = gaussianStart(groups, logTerm, h, lambdas);
  for (const sign of [1, -1] as const) {
    const best = walkDownhill(start, lambdas.length, (k) => sideValue(k, sign)) ?? scanUntilRising(lambdas.length, (k) => sideValue(k, sign));
    if (best === undefined) continue;
    if (sign > 0) upper = Math.min(upper, Math.ceil(best));
    else lower = Math.max(lower, Math.floor(-best));
  }
  if (lower > upper) lower = upper;
  // rounding can push a degenerate (near point-mass) sum's window outside [0, maxIndex]
  const lo = Math.min(maxIndex, Math.max(0, lower));
  return { lower: lo, upper: Math.max(lo, Math.min(maxIndex, upper)) };
}

/** Smallest power of two ≥ max(n, 4) (fft.js sizes). */
export function nextPow2(n: number): number {
  let p = 4;
  while (p < n) p *= 2;
  return p;
}

/**
 * Composes the groups (all on the same grid step h) into one discrete PLD.
 *
 * With `addTruncationMass` false (optimistic PLDs) τ is not added to +∞; the caller then
 * subtracts τ from δ instead, since the aliased mass may have landed anywhere.
 *
 * Domain: counts ≥ 1, τ ∈ (0, 1). Accuracy: FFT rounding ~1e-16 per bin (negative bins from
 * rounding are set to 0); mass outside the window ≤ τ, added to +∞.
 *
 * @example composePldGroups([{ pld, count: 1000 }], 1e-15)
 */
export function composePldGroups(groups: readonly PldGroup[], tau: number, addTruncationMass = true): DiscretePld {
  return composeInWindow(groups, planComposition(groups, tau), tau, addTruncationMass);
}

/** The composition window of {@link planComposition}: grid indices [lower, upper] (relative to the summed offsets). */
export interface CompositionWindow {
  readonly lower: number;
  readonly upper: number;
  /** upper − lower + 1: the number of bins, and (rounded up to a power of two) the FFT length. */
  readonly width: number;
}

/**
 * The Chernoff window of the composition of `groups` (all but τ of the mass), computed before
 * any FFT memory is allocated, so callers can compare `width` with a work budget.
 *
 * @example planComposition([{ pld, count: 1000 }], 1e-15).width
 */
export function planComposition(groups: readonly PldGroup[], tau: number): CompositionWindow {
  const first = groups[0];
  if (first === undefined) throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'groups', expected: 'at least one PLD group', found: 0 });
  if (groups.length === 1 && first.count === 1) return { lower: 0, upper: first.pld.probs.length - 1, width: first.pld.probs.length };
  const { lower, upper } = chernoffWindow(groups, tau, first.pld.h);
  return { lower, upper, width: upper - lower + 1 };
}

/**
 * Composes the groups on a window from {@link planComposition} (see {@link composePldGroups}).
 * Throws when the window exceeds 2^26 bins (callers keep far below with their work budget).
 *
 * @example composeInWindow(groups, planComposition(groups, 1e-15), 1e-15, true)
 */
export function composeInWindow(groups: readonly PldGroup[], window: CompositionWindow, tau: number, addTruncationMass: boolean): DiscretePld {
  const first = groups[0];
  if (first === undefined) throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'groups', expected: 'at least one PLD group', found: 0 });
  const h = first.pld.h;
  let logKeep = 0;
  let offset = 0;
  for (const g of groups) {
    logKeep += g.count * Math.log1p(-g.pld.infinityMass);
    offset += g.count * g.pld.offset;
  }
  const single = groups.length === 1 && first.count === 1;
  if (single) return first.pld;
  const { lower, width } = window;
  if (!(width <= 2 ** 26)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'valueDiscretizationInterval', expected: `coarse enough for a composed PLD of at most 2^26 grid points (needs ${width})`, found: h });
  }
  const size = nextPow2(width);
  const lend = borrowScratch(size);
  const circular = circularCompose(groups.map((g) => ({ probs: g.pld.probs, count: g.count })), size, lend.allocate);
  const probs = new Float64Array(width);
  // bin j of the window is circular[(lower + j) mod size]: two runs, no modulo per bin
  let at = ((lower % size) + size) % size;
  for (let j = 0; j < width; j++) {
    const v = circular[at] as number;
    probs[j] = v > 0 ? v : 0;
    at = at + 1 === size ? 0 : at + 1;
  }
  lend.giveBack();
  const infinityMass = Math.min(1, -Math.expm1(logKeep) + (addTruncationMass ? tau : 0));
  return { h, offset: offset + lower, probs, infinityMass };
}

/** Scratch arrays of the last composition, kept until the end of the current job (see {@link borrowScratch}). */
let scratchPool: Float64Array[] = [];
let scratchReleaseQueued = false;

/**
 * An allocator for {@link circularCompose} (FFT length `size`) that reuses the scratch arrays
 * (as they are) of the previous composition of the same length in the same synchronous job, and
 * `giveBack`, which returns this composition's arrays to the pool. A query composes up to three
 * times on the same FFT size
 * (both directions and the lower bound's optimistic PLD); fresh arrays each time left up to
 * 3·size doubles of garbage per composition alive until the collector ran, and paid the page
 * faults of fresh memory again. The pool holds one composition's arrays at most and is emptied
 * by a microtask, i.e. as soon as the current synchronous job (one query, one calibration)
 * ends, so nothing stays alive between queries. Without `queueMicrotask` nothing is pooled.
 */
function borrowScratch(size: number): { allocate: (length: number) => Float64Array; giveBack: () => void } {
  const queue = (globalThis as { queueMicrotask?: (callback: () => void) => void }).queueMicrotask;
  // arrays of another FFT length are dropped at once (a long call may go from large FFTs to small ones)
  const free = scratchPool.filter((a) => a.length === size || a.length === 2 * size || a.length === size + 2);
  scratchPool = [];
  const lent: Float64Array[] = [];
  return {
    allocate: (length) => {
      const i = free.findIndex((a) => a.length === length);
      let a: Float64Array;
      if (i >= 0) a = free.splice(i, 1)[0] as Float64Array;
      else a = new Float64Array(length);
      lent.push(a);
      return a;
    },
    giveBack: () => {
      if (queue === undefined) return;
      scratchPool = lent;
      if (!scratchReleaseQueued) {
        scratchReleaseQueued = true;
        queue(() => {
          scratchPool = [];
          scratchReleaseQueued = false;
        });
      }
    },
  };
}

const fftCache = new Map<number, FFT>();
/** Most FFT points whose tables stay cached (two doubles per point: ≈ 0.13 GB for 2^23 points). */
const FFT_CACHE_POINTS = 2 ** 23;

/**
 * fft.js instances (twiddle tables) reused per size, least recently used evicted first once the
 * cached sizes exceed {@link FFT_CACHE_POINTS} in all: a PRV query uses 3–5 sizes in turn (coarse
 * pass, both stages, the PLD check), so clearing the cache at 4 sizes rebuilt the tables each time.
 * Built by {@link createFft} (the same tables as fft.js's constructor, built faster).
 *
 * Domain: size a power of two ≥ 2 (module-internal: the composition and its rounding bound).
 *
 * @example fftOfSize(1024).size // 1024
 */
export function fftOfSize(size: number): FFT {
  let f = fftCache.get(size);
  if (f !== undefined) {
    fftCache.delete(size);
    fftCache.set(size, f);
    return f;
  }
  // the half-size instance of the inverse transform takes its twiddle table from this one
  f = createFft(size, fftCache.get(2 * size));
  let points = size;
  for (const s of fftCache.keys()) points += s;
  for (const s of fftCache.keys()) {
    if (points <= FFT_CACHE_POINTS) break;
    fftCache.delete(s);
    points -= s;
  }
  fftCache.set(size, f);
  return f;
}

/**
 * Circular composition on Z_size: the law of Σ_g Σ_{t ≤ count_g} I_{g,t} mod size, where I_g has
 * masses `probs` at indices 0, 1, … (wrapped mod size). One real FFT per input (fft.js), spectra
 * raised to their counts in polar form (|z|^T e^{iTθ}) and multiplied on the non-negative
 * frequencies only (the spectrum of a real sequence is Hermitian), one inverse real FFT computed
 * as a complex FFT of half the size (even samples in the real part, odd in the imaginary part).
 *
 * Memory: 3·size doubles for one input (the input, the transform's 2·size output, in which the
 * spectrum is powered in place and which then receives the inverse transform; the input array
 * holds the half-size inverse's input), size + 2 more for the product of several inputs. The
 * result is a view of the first `size` doubles of the 2·size buffer. `allocate` (default
 * `new Float64Array`) returns an array of the given length whose contents may be anything
 * (every element is written before it is read); it lets callers reuse scratch memory and tests
 * count every allocation.
 *
 * Domain: size a power of two ≥ 4; counts ≥ 1. Accuracy: ~1e-16 absolute per bin (rounding can
 * make tiny bins negative; callers clamp).
 *
 * @example circularCompose([{ probs: new Float64Array([0.5, 0.5]), count: 2 }], 4) // ≈ [0.25, 0.5, 0.25, 0]
 */
export function circularCompose(
  inputs: readonly { readonly probs: Float64Array; readonly count: number }[], size: number,
  allocate: (length: number) => Float64Array = (length) => new Float64Array(length),
): Float64Array {
  const fft = fftOfSize(size);
  const half = size / 2;
  const work = allocate(2 * size);
  const input = allocate(size);
  // spectrum[2k], spectrum[2k + 1]: the product of the powered spectra at frequency k ≤ size/2;
  // for one input it is the transform's own output, powered in place
  const spectrum = inputs.length === 1 ? work : allocate(size + 2);
  let initialised = false;
  for (const g of inputs) {
    input.fill(0);
    const p = g.probs;
    for (let i = 0, idx = 0; i < p.length; i++) {
      input[idx] = (input[idx] as number) + (p[i] as number);
      idx = idx + 1 === size ? 0 : idx + 1;
    }
    fft.realTransform(work, input);
    const t = g.count;
    // |z|^T = e^{logMag} with logMag = ½T·log|z|²: only logMag > −745 gives a non-zero power.
    // Below |z|² = e^{−1600/T} (logMag < −800, a margin far above the rounding of log|z|² for
    // T ≤ 1e12; no skipping beyond) the logarithm is skipped: the power is 0 either way, so the
    // result is bit for bit the same, and most frequencies of a long run cost one comparison
    const skipBelow = t > 1e12 ? 0 : Math.exp(-1600 / t);
    for (let k = 0; k <= half; k++) {
      const re = work[2 * k] as number;
      const im = work[2 * k + 1] as number;
      const r2 = re * re + im * im;
      let pr = 0;
      let pi = 0;
      if (r2 >= skipBelow) {
        // |z|^T underflows for most frequencies when T is large: test before any trigonometry
        const logMag = 0.5 * t * Math.log(r2);
        if (r2 > 0 && logMag > -745) {
          const mag = t === 1 ? Math.sqrt(r2) : Math.exp(logMag);
          const theta = t * Math.atan2(im, re);
          pr = mag * Math.cos(theta);
          pi = mag * Math.sin(theta);
        }
      }
      if (!initialised) {
        spectrum[2 * k] = pr;
        spectrum[2 * k + 1] = pi;
      } else {
        const sr = spectrum[2 * k] as number;
        const si = spectrum[2 * k + 1] as number;
        spectrum[2 * k] = sr * pr - si * pi;
        spectrum[2 * k + 1] = sr * pi + si * pr;
      }
    }
    initialised = true;
  }
  // the half-size inverse reads its input from `input` and writes into the start of `work`
  // (the spectrum is read before the transform overwrites it)
  const out = work.subarray(0, size);
  inverseRealTransform(spectrum, size, fft, input, out);
  return out;
}

/**
 * The real sequence x of length `size` whose DFT has the non-negative frequencies `spectrum`
 * (k = 0 … size/2, interleaved re/im), through one complex inverse FFT of length size/2: with
 * E, O the DFTs of the even and odd samples, E[k] = (X[k] + conj X[size/2 − k])/2 and
 * O[k] = (X[k] − conj X[size/2 − k])·e^{2πik/size}/2, and the inverse DFT of E + iO holds the
 * even samples in its real part and the odd ones in its imaginary part (x[2m] + i·x[2m + 1] at
 * complex index m, i.e. exactly x in interleaved order). `fft` is the size-`size` instance,
 * whose table holds cos(2πk/size) and −sin(2πk/size). `z` (size doubles, scratch) receives
 * E + iO; `out` (size doubles, distinct from `z`, may share memory with `spectrum` since
 * `spectrum` is fully read first) receives x.
 */
function inverseRealTransform(spectrum: Float64Array, size: number, fft: FFT, z: Float64Array, out: Float64Array): void {
  const half = size / 2;
  const table = (fft as unknown as { table: ArrayLike<number> }).table;
  for (let k = 0; k < half; k++) {
    const ar = spectrum[2 * k] as number;
    const ai = spectrum[2 * k + 1] as number;
    const br = spectrum[2 * (half - k)] as number;
    const bi = -(spectrum[2 * (half - k) + 1] as number);
    const er = 0.5 * (ar + br);
    const ei = 0.5 * (ai + bi);
    const dr = 0.5 * (ar - br);
    const di = 0.5 * (ai - bi);
    // O = d·e^{+2πik/size} = d·(c + i s) with c = table[2k], s = −table[2k + 1]
    const c = table[2 * k] as number;
    const sn = -(table[2 * k + 1] as number);
    const or = dr * c - di * sn;
    const oi = dr * sn + di * c;
    // E + iO
    z[2 * k] = er - oi;
    z[2 * k + 1] = ei + or;
  }
  fftOfSize(half).inverseTransform(out, z);
}
