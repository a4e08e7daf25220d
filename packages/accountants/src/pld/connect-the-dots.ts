/**
 * Pessimistic "connect the dots" discretisation of one Poisson-subsampled Gaussian step
 * (Doroshenko, Ghazi, Kamath, Kumar, Manurangsi 2022, "Connect the Dots: Tighter Discrete
 * Approximations of Privacy Loss Distributions", Algorithm 1; derivation: docs/math/accounting.md §4).
 *
 * The connect-the-dots PLD is the discrete PLD on {k·h} whose δ(ε) equals the true one at every
 * grid point and is linear in e^ε between them; it dominates the true PLD (δ̃ ≥ δ everywhere).
 * Instead of second differences of δ(kh) (whose rounding the anchor amplifies by 1/h, giving
 * total mass 1 + 3.7e-6 for substitution at h = 1e-5), we build the same PLD from cell masses:
 * the true loss mass on each cell [lᵢ, lᵢ₊₁] is split between the two ends so that mass and
 * E[e^{−L}] are preserved, i.e. with Pᵢ, Qᵢ the P- and Q-masses of the cell,
 *   to lᵢ:   Aᵢ = (Qᵢ e^{lᵢ} − e^{−h} Pᵢ)/(1 − e^{−h}),   to lᵢ₊₁: Pᵢ − Aᵢ.
 * (δ̃(lⱼ) = Σ (mass)(1 − e^{lⱼ−l}) is then exact at grid points, which characterises the
 * connect-the-dots PLD.) The rounding error is relative to the cell mass, so Σp + m∞ = 1 to
 * ~1e-13. Tails: x is truncated at σΦ⁻¹(½e^{−50}) (shifted by the sensitivity); P-mass beyond
 * the high-loss end goes to +∞ and beyond the low-loss end to the lowest grid point (both
 * pessimistic).
 */
import { DpboundsRangeError, normalCdf, normalQuantile, normalSf, requireFiniteArray, requireFunction, requireInRange, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { DiscretePld } from './discrete-pld.js';
import { psgPair, type PsgDirection } from './psg-privacy-loss.js';

/** Options of {@link connectTheDotsPld}. */
export interface ConnectTheDotsOptions {
  /** Grid step h > 0. */
  readonly h: number;
  /** log of the P-mass cut off in each x tail (default −50, as dp_accounting). */
  readonly logMassTruncation?: number;
  /**
   * `pessimistic` (default): connect-the-dots, dominates the true PLD. `optimistic`: every
   * cell's mass at its lower loss end (the loss rounded down), the high-loss tail at the grid
   * point below the largest loss, the low-loss tail dropped: a coupling L' ≤ L of the true loss
   * (see {@link optimisticPld} for the remainder it reports).
   */
  readonly mode?: 'pessimistic' | 'optimistic';
}

/**
 * Φ((x − μₖ)/σ) into `c[k]` and Φ̄((x − μₖ)/σ) into `s[k]` for every component mean μₖ, each
 * computed on its accurate side (the other as its complement).
 */
function tailsAt(x: number, means: readonly number[], sigma: number, c: Float64Array, s: Float64Array): void {
  for (let k = 0; k < means.length; k++) {
    const z = (x - (means[k] as number)) / sigma;
    if (z <= 0) {
      const v = normalCdf(z);
      c[k] = v;
      s[k] = 1 - v;
    } else {
      const v = normalSf(z);
      c[k] = 1 - v;
      s[k] = v;
    }
  }
}

/**
 * The pessimistic connect-the-dots PLD of one step (q ∈ (0, 1], σ > 0) in `direction`.
 *
 * Domain: h > 0 with at most ~2e7 grid points. Accuracy: exact δ at grid points up to ~1e-12
 * relative per cell; total mass 1 within 1e-12.
 *
 * @example connectTheDotsPld('remove', 0.01, 1, { h: 1e-4 })
 */
export function connectTheDotsPld(direction: PsgDirection, q: number, sigma: number, options: ConnectTheDotsOptions): DiscretePld {
  requireOptions('options', options, ['h', 'logMassTruncation', 'mode']);
  return discretise(psgLossPair(direction, q, sigma), options, { direction, q, sigma }).pld;
}

/**
 * A pair (P, Q) of equal-variance normal mixtures on the line, P = Σ wᴾₖ N(mₖ, σ²) and
 * Q = Σ wQₖ N(mₖ, σ²), whose privacy loss L(x) = log p(x)/q(x) is non-increasing in x: what the
 * connect-the-dots discretisation needs (the Poisson-subsampled Gaussian of `psgPair`, the
 * mixture of Gaussians of `mixtureGaussianPrivacyLoss`).
 */
export interface PrivacyLossPair {
  /** Common standard deviation σ > 0 of every component. */
  readonly sigma: number;
  /** Component means (shared by P and Q). */
  readonly means: readonly number[];
  /** Weights of P on `means` (sum 1). */
  readonly weightsP: readonly number[];
  /** Weights of Q on `means` (sum 1). */
  readonly weightsQ: readonly number[];
  /** L(x) = log p(x)/q(x), non-increasing. */
  loss(x: number): number;
  /** The x with L(x) = l; +∞ / −∞ beyond the range of L. */
  inverseLoss(l: number): number;
  /** The x interval outside which each component keeps at most ½e^{logMassTruncation} of its mass on each side. */
  xRange(logMassTruncation: number): { readonly xLo: number; readonly xHi: number };
}

/**
 * The Poisson-subsampled Gaussian pair of `psgPair` as a {@link PrivacyLossPair}, with the x
 * truncation this module has always used (shifted by the sensitivity on the side of the shift).
 *
 * @example connectTheDotsPldOfPair(psgLossPair('remove', 0.01, 1), { h: 1e-4 })
 */
export function psgLossPair(direction: PsgDirection, q: number, sigma: number): PrivacyLossPair {
  const pair = psgPair(direction, { samplingRate: q, noiseMultiplier: sigma });
  return {
    sigma, means: pair.means, weightsP: pair.weightsP, weightsQ: pair.weightsQ,
    loss: pair.loss, inverseLoss: pair.inverseLoss,
    xRange: (logMassTruncation) => {
      const z = normalQuantile(0.5 * Math.exp(logMassTruncation));
      let xLo = sigma * z;
      let xHi = -sigma * z;
      if (direction === 'remove' || direction === 'replace') xLo -= 1;
      if (direction === 'add') xHi += 1;
      return { xLo, xHi };
    },
  };
}

/**
 * The pessimistic connect-the-dots PLD of any {@link PrivacyLossPair} (same construction and
 * accuracy as {@link connectTheDotsPld}).
 *
 * @example connectTheDotsPldOfPair(mixtureGaussianPrivacyLoss('remove', 1, [0, 1], [0.99, 0.01]), { h: 1e-4 })
 */
export function connectTheDotsPldOfPair(pair: PrivacyLossPair, options: ConnectTheDotsOptions): DiscretePld {
  // the options first (an unknown key is named whatever the pair), then the pair
  requireOptions('options', options, ['h', 'logMassTruncation', 'mode']);
  requireLossPair(pair);
  return discretise(pair, options).pld;
}

/**
 * Requires a {@link PrivacyLossPair}: an object with the methods `loss`, `xRange` and
 * `inverseLoss`, a finite σ > 0 and `means`, `weightsP`, `weightsQ` arrays of finite numbers of one
 * length (at least 1). The methods' answers are the caller's to get right.
 *
 * @throws DpboundsTypeError / DpboundsRangeError naming `pair` or the field (`pair.xRange`,
 * `pair.weightsQ[2]`, …).
 */
function requireLossPair(pair: unknown): PrivacyLossPair {
  const p = requireObject('pair', pair);
  for (const method of ['loss', 'xRange', 'inverseLoss'] as const) requireFunction(`pair.${method}`, p[method]);
  requireInRange('pair.sigma', p['sigma'], { min: 0, minExclusive: true, max: Number.MAX_VALUE });
  const means = requireFiniteArray('pair.means', p['means'] as ArrayLike<number>, { minLength: 1 });
  for (const weights of ['weightsP', 'weightsQ'] as const) requireFiniteArray(`pair.${weights}`, p[weights] as ArrayLike<number>, { length: means.length });
  return pair as PrivacyLossPair;
}

/**
 * The grid size and loss range of {@link connectTheDotsPldOfPair} without allocating it.
 *
 * @example connectTheDotsGridOfPair(psgLossPair('remove', 0.01, 1), 1e-4).n
 */
export function connectTheDotsGridOfPair(pair: PrivacyLossPair, h: number, logMassTruncation = -50): { readonly n: number; readonly lossMin: number; readonly lossMax: number } {
  requireLossPair(pair);
  requireInRange('h', h, { min: 0, minExclusive: true, max: 10 });
  requireInRange('logMassTruncation', logMassTruncation, { min: -700, max: -1 });
  const g = gridExtent(pair, h, logMassTruncation);
  return { n: g.n, lossMin: g.epsMin, lossMax: g.epsMax };
}

/**
 * The optimistic (rounded-down) PLD of one step with the mean of its rounding remainder: the
 * true loss is L = L' + ρ with L' the rounded-down loss and ρ ∈ [0, h] (ρ = 0 in the truncated
 * tails), and E[ρ] ≥ `meanRemainder` = Σ_cells P_i·(log(P_i/Q_i) − l_i) by Jensen's inequality
 * (E[L | cell] ≥ log(P_i/Q_i)). With Hoeffding's inequality over T steps this turns the
 * rounded-down composition into a lower bound with error O(h√T) instead of O(hT).
 *
 * @example optimisticPld('remove', 0.01, 1, { h: 1e-4 }).meanRemainder // ≈ h/2
 */
export function optimisticPld(direction: PsgDirection, q: number, sigma: number, options: ConnectTheDotsOptions): { readonly pld: DiscretePld; readonly meanRemainder: number } {
  requireOptions('options', options, ['h', 'logMassTruncation', 'mode']);
  return discretise(psgLossPair(direction, q, sigma), { ...options, mode: 'optimistic' }, { direction, q, sigma });
}

/**
 * Both discretisations of one step from one pass over its cells: the pessimistic
 * connect-the-dots PLD ({@link connectTheDotsPld}) and the optimistic rounded-down PLD with its
 * mean remainder ({@link optimisticPld}), identical to calling the two, at the cost of one (the
 * cell masses, i.e. the inverse loss and the normal tails at every grid point, are shared).
 *
 * @example connectTheDotsPldWithOptimistic('remove', 0.01, 1, { h: 1e-4 }).optimistic.meanRemainder // ≈ h/2
 */
export function connectTheDotsPldWithOptimistic(
  direction: PsgDirection, q: number, sigma: number, options: ConnectTheDotsOptions,
): { readonly pessimistic: DiscretePld; readonly optimistic: { readonly pld: DiscretePld; readonly meanRemainder: number } } {
  requireObject('options', options);
  const both = discretiseCells(psgLossPair(direction, q, sigma), options, true, true, { direction, q, sigma });
  return { pessimistic: both.pessimistic as DiscretePld, optimistic: both.optimistic as { pld: DiscretePld; meanRemainder: number } };
}

/**
 * The x truncation points, the loss range and the grid of one step's connect-the-dots PLD,
 * computed without allocating it (for work budgets): n = number of grid points.
 *
 * @example connectTheDotsGrid('remove', 0.01, 1, 1e-4).n // ≈ 1e4 points
 */
export function connectTheDotsGrid(direction: PsgDirection, q: number, sigma: number, h: number, logMassTruncation = -50): { readonly n: number; readonly lossMin: number; readonly lossMax: number } {
  const g = gridExtent(psgLossPair(direction, q, sigma), h, logMassTruncation);
  return { n: g.n, lossMin: g.epsMin, lossMax: g.epsMax };
}

function gridExtent(pair: PrivacyLossPair, h: number, logMassTruncation: number): { xLo: number; xHi: number; epsMin: number; epsMax: number; iLo: number; n: number } {
  const { xLo, xHi } = pair.xRange(logMassTruncation);
  const epsMax = pair.loss(xLo);
  // a loss flat to rounding (σ ≳ 1e15) can come out with epsMin a few ulps above epsMax
  const epsMin = Math.min(pair.loss(xHi), epsMax);
  const iLo = Math.floor(epsMin / h);
  const iHi = Math.ceil(epsMax / h);
  return { xLo, xHi, epsMin, epsMax, iLo, n: iHi - iLo + 1 };
}

function discretise(pair: PrivacyLossPair, options: ConnectTheDotsOptions, step?: PsgStep): { pld: DiscretePld; meanRemainder: number } {
  const optimistic = options.mode === 'optimistic';
  const out = discretiseCells(pair, options, !optimistic, optimistic, step);
  return optimistic ? (out.optimistic as { pld: DiscretePld; meanRemainder: number }) : { pld: out.pessimistic as DiscretePld, meanRemainder: 0 };
}

/** The Poisson-subsampled Gaussian step a {@link psgLossPair} is for (the key of the shared cell masses). */
interface PsgStep {
  readonly direction: PsgDirection;
  readonly q: number;
  readonly sigma: number;
}

/**
 * The P- and Q-masses of every cell [lⱼ, lⱼ₊₁] (j = 0 … n − 2) of one step's grid (0 for a cell of
 * zero width in x), and the cells where some component's mass was computed as 1 − Φ − Φ̄ (the
 * cell holds the component's mean) or an end lies exactly on a mean.
 */
interface CellMasses {
  readonly xLo: number;
  readonly xHi: number;
  readonly iLo: number;
  readonly n: number;
  readonly pMass: Float64Array;
  readonly qMass: Float64Array;
  readonly acrossMean: readonly number[];
}

/**
 * Mass of N(μₖ, σ²) on [xa, xb] for every component from the tails at both ends (c, s at xb in
 * `hiC`, `hiS`; at xa in `loC`, `loS`), each from the tail on the side of the interval, summed
 * with the P and Q weights. Returns whether some component's interval holds or touches its mean.
 */
function cellMass(
  xa: number, xb: number, pair: PrivacyLossPair, hiC: Float64Array, hiS: Float64Array, loC: Float64Array, loS: Float64Array, out: { p: number; q: number },
): boolean {
  const { means, weightsP, weightsQ, sigma } = pair;
  let pMass = 0;
  let qMass = 0;
  let across = false;
  for (let k = 0; k < means.length; k++) {
    const mu = means[k] as number;
    const zlo = (xa - mu) / sigma;
    const zhi = (xb - mu) / sigma;
    if (!(zlo > 0 || zhi < 0)) across = true;
    // mass of N(μ, σ²) on [xa, xb] from the tails on the side of the interval
    const mass = !(zhi > zlo) ? 0 : zhi <= 0 ? (hiC[k] as number) - (loC[k] as number) : zlo >= 0 ? (loS[k] as number) - (hiS[k] as number) : 1 - (loC[k] as number) - (hiS[k] as number);
    pMass += (weightsP[k] as number) * mass;
    qMass += (weightsQ[k] as number) * mass;
  }
  out.p = pMass;
  out.q = qMass;
  return across;
}

/** The grid point's x (the inverse loss at (iLo + j)·h, clamped to the truncation interval). */
function boundaryX(pair: PrivacyLossPair, iLo: number, j: number, h: number, xLo: number, xHi: number): number {
  const x = pair.inverseLoss((iLo + j) * h);
  return x > xHi ? xHi : x < xLo ? xLo : x;
}

/**
 * The cell masses of one step: the inverse loss at every grid point and the normal tails of
 * every component there (nothing allocated per grid point: the tails at the two ends of a cell
 * live in four small arrays that swap roles, which matters in a cold process).
 */
function computeCellMasses(pair: PrivacyLossPair, h: number, grid: { xLo: number; xHi: number; iLo: number; n: number }): CellMasses {
  const { xLo, xHi, iLo, n } = grid;
  const m = pair.means.length;
  const pMass = new Float64Array(Math.max(0, n - 1));
  const qMass = new Float64Array(Math.max(0, n - 1));
  const acrossMean: number[] = [];
  const out = { p: 0, q: 0 };
  // Φ, Φ̄ at the cell's upper x end (prev) and lower x end (next), per component
  let prevC = new Float64Array(m);
  let prevS = new Float64Array(m);
  let nextC = new Float64Array(m);
  let nextS = new Float64Array(m);
  // boundary x of the grid points (non-increasing in the index)
  let xb = boundaryX(pair, iLo, 0, h, xLo, xHi);
  tailsAt(xb, pair.means, pair.sigma, prevC, prevS);
  for (let j = 0; j < n - 1; j++) {
    const xa = boundaryX(pair, iLo, j + 1, h, xLo, xHi); // lower x end (higher loss)
    tailsAt(xa, pair.means, pair.sigma, nextC, nextS);
    if (xb > xa) {
      if (cellMass(xa, xb, pair, prevC, prevS, nextC, nextS, out)) acrossMean.push(j);
      pMass[j] = out.p;
      qMass[j] = out.q;
    }
    const c = prevC;
    const s = prevS;
    prevC = nextC;
    prevS = nextS;
    nextC = c;
    nextS = s;
    xb = xa;
  }
  return { xLo, xHi, iLo, n, pMass, qMass, acrossMean };
}

/**
 * The cell masses of the `add` step from those of the `remove` step with the same q, σ, h and
 * truncation, or the reverse, without a normal tail per grid point. The two pairs are mirror
 * images (x ↦ −x maps remove's (M₋₁, N(0, σ²)) onto (N(0, σ²), M₊₁) with P and Q exchanged):
 * add's loss is −(remove's loss at −x), its truncation interval and grid are remove's negated
 * (iLo ↦ −(iLo + n − 1)), its grid points' x are remove's negated in reverse order, and the
 * tails Φ, Φ̄ of each component at a mirrored point are remove's exchanged (`normalCdf(z)` and
 * `normalSf(−z)` are the same computation). So add's cell j holds remove's cell n − 2 − j with
 * its P- and Q-masses exchanged, bit for bit, except where a component's mass was computed as
 * 1 − Φ − Φ̄ (the two subtractions come in the other order) or an end lies on a mean: those few
 * cells (at most two per component) are computed afresh. Undefined when the grids do not mirror.
 */
function mirroredCellMasses(source: CellMasses, pair: PrivacyLossPair, h: number, grid: { xLo: number; xHi: number; iLo: number; n: number }): CellMasses | undefined {
  const { n } = source;
  if (grid.n !== n || grid.iLo !== -(source.iLo + n - 1) || grid.xLo !== -source.xHi || grid.xHi !== -source.xLo) return undefined;
  const cells = Math.max(0, n - 1);
  const pMass = new Float64Array(cells);
  const qMass = new Float64Array(cells);
  for (let j = 0; j < cells; j++) {
    pMass[j] = source.qMass[cells - 1 - j] as number;
    qMass[j] = source.pMass[cells - 1 - j] as number;
  }
  const m = pair.means.length;
  const hiC = new Float64Array(m);
  const hiS = new Float64Array(m);
  const loC = new Float64Array(m);
  const loS = new Float64Array(m);
  const out = { p: 0, q: 0 };
  const acrossMean: number[] = [];
  for (const jSource of source.acrossMean) {
    const j = cells - 1 - jSource;
    acrossMean.push(j);
    const xb = boundaryX(pair, grid.iLo, j, h, grid.xLo, grid.xHi);
    const xa = boundaryX(pair, grid.iLo, j + 1, h, grid.xLo, grid.xHi);
    pMass[j] = 0;
    qMass[j] = 0;
    if (xb > xa) {
      tailsAt(xb, pair.means, pair.sigma, hiC, hiS);
      tailsAt(xa, pair.means, pair.sigma, loC, loS);
      cellMass(xa, xb, pair, hiC, hiS, loC, loS, out);
      pMass[j] = out.p;
      qMass[j] = out.q;
    }
  }
  return { xLo: grid.xLo, xHi: grid.xHi, iLo: grid.iLo, n, pMass, qMass, acrossMean };
}

/**
 * The cell masses of the last `remove` or `add` step discretised in the current synchronous job
 * (a query or a calibration builds both directions in turn), for {@link mirroredCellMasses};
 * dropped by a microtask when the job ends, and never kept beyond 2²¹ cells.
 */
let lastCells: { step: PsgStep; h: number; logMassTruncation: number; cells: CellMasses } | undefined;
let lastCellsReleaseQueued = false;

function rememberCells(step: PsgStep, h: number, logMassTruncation: number, cells: CellMasses): void {
  const queue = (globalThis as { queueMicrotask?: (callback: () => void) => void }).queueMicrotask;
  if (queue === undefined || cells.n > 2 ** 21) return;
  lastCells = { step, h, logMassTruncation, cells };
  if (!lastCellsReleaseQueued) {
    lastCellsReleaseQueued = true;
    queue(() => {
      lastCells = undefined;
      lastCellsReleaseQueued = false;
    });
  }
}

/** The step's cell masses: mirrored from the other direction's when the job just built it, else computed. */
function cellMassesOf(pair: PrivacyLossPair, h: number, logMassTruncation: number, grid: { xLo: number; xHi: number; iLo: number; n: number }, step: PsgStep | undefined): CellMasses {
  if (step === undefined || step.direction === 'replace') return computeCellMasses(pair, h, grid);
  const last = lastCells;
  if (last !== undefined && last.h === h && last.logMassTruncation === logMassTruncation && last.step.q === step.q && last.step.sigma === step.sigma) {
    if (last.step.direction === step.direction) return last.cells;
    const mirrored = mirroredCellMasses(last.cells, pair, h, grid);
    if (mirrored !== undefined) return mirrored;
  }
  const cells = computeCellMasses(pair, h, grid);
  rememberCells(step, h, logMassTruncation, cells);
  return cells;
}

/**
 * One pass over the cells [lⱼ, lⱼ₊₁] of the grid: the P- and Q-masses of each cell (shared
 * between the `remove` and `add` steps of one job, see {@link mirroredCellMasses}), then the
 * pessimistic split (connect-the-dots) and/or the optimistic rounding down, as requested.
 */
function discretiseCells(
  pair: PrivacyLossPair, options: ConnectTheDotsOptions, wantPessimistic: boolean, wantOptimistic: boolean, step?: PsgStep,
): { pessimistic?: DiscretePld; optimistic?: { pld: DiscretePld; meanRemainder: number } } {
  const h = requireInRange('h', options.h, { min: 0, minExclusive: true, max: 10 });
  const logMassTruncation = requireInRange('logMassTruncation', options.logMassTruncation ?? -50, { min: -700, max: -1 });
  const sigma = pair.sigma;
  const { xLo, xHi, epsMin, epsMax, iLo, n } = gridExtent(pair, h, logMassTruncation);
  if (!(n <= 2e7)) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'valueDiscretizationInterval', expected: `large enough for at most 2e7 grid points per step (loss range ${epsMin}..${epsMax})`, found: h });
  }

  const means = pair.means;
  const weightsP = pair.weightsP;
  const m = means.length;
  const cells = cellMassesOf(pair, h, logMassTruncation, { xLo, xHi, iLo, n }, step);
  const probs = wantPessimistic ? new Float64Array(n) : undefined;
  const low = wantOptimistic ? new Float64Array(n) : undefined;
  let remainder = 0;
  const expNegH = Math.exp(-h);
  const oneMinusExpNegH = -Math.expm1(-h);
  for (let j = 0; j < n - 1; j++) {
    const pMass = cells.pMass[j] as number;
    const qMass = cells.qMass[j] as number;
    if (pMass > 0) {
      if (low !== undefined) {
        low[j] = (low[j] as number) + pMass;
        if (qMass > 0) {
          const excess = Math.log(pMass / qMass) - (iLo + j) * h;
          remainder += pMass * (excess > h ? h : excess > 0 ? excess : 0);
        }
      }
      if (probs !== undefined) {
        const lj = (iLo + j) * h;
        let a = (qMass * Math.exp(lj) - expNegH * pMass) / oneMinusExpNegH;
        if (!(a >= 0)) a = 0;
        if (a > pMass) a = pMass;
        probs[j] = (probs[j] as number) + a;
        probs[j + 1] = (probs[j + 1] as number) + (pMass - a);
      }
    }
  }
  // tails of P beyond the truncation points
  let below = 0; // P(x < xLo): loss above epsMax -> +infinity
  let above = 0; // P(x > xHi): loss below epsMin -> lowest grid point
  for (let k = 0; k < m; k++) {
    const w = weightsP[k] as number;
    if (w === 0) continue;
    const mu = means[k] as number;
    below += w * normalCdf((xLo - mu) / sigma);
    above += w * normalSf((xHi - mu) / sigma);
  }
  let optimisticPart: { pld: DiscretePld; meanRemainder: number } | undefined;
  if (low !== undefined) {
    const top = Math.max(0, n - 2);
    low[top] = (low[top] as number) + below;
    optimisticPart = { pld: trimZeros({ h, offset: iLo, probs: low, infinityMass: 0 }), meanRemainder: remainder };
  }
  let pessimisticPart: DiscretePld | undefined;
  if (probs !== undefined) {
    probs[0] = (probs[0] as number) + above;
    pessimisticPart = trimZeros({ h, offset: iLo, probs, infinityMass: below });
  }
  return { ...(pessimisticPart === undefined ? {} : { pessimistic: pessimisticPart }), ...(optimisticPart === undefined ? {} : { optimistic: optimisticPart }) };
}

/** Drops exact-zero masses at both ends (the grid part where no loss exists). */
export function trimZeros(pld: DiscretePld): DiscretePld {
  const { probs } = pld;
  let a = 0;
  let b = probs.length - 1;
  while (a < b && !((probs[a] as number) > 0)) a++;
  while (b > a && !((probs[b] as number) > 0)) b--;
  if (a === 0 && b === probs.length - 1) return pld;
  return { h: pld.h, offset: pld.offset + a, probs: probs.slice(a, b + 1), infinityMass: pld.infinityMass };
}
