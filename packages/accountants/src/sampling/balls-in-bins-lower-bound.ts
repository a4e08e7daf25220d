/**
 * A rigorous lower bound on the ε of balls-in-bins batching (docs/math/batch-samplers.md,
 * eq. (8)): the attacker of Chua et al. (2025) who, each epoch, looks only at the largest of
 * the k batch outputs along the target record's gradient, with every other record's gradient 0.
 *
 * Per epoch (σ-units, μ = 1/σ): without the record the k outputs are i.i.d. N(0, 1), so the
 * maximum M has CDF Φ(t)^k; with it, one uniformly chosen batch is N(μ, 1), so M has CDF
 * Φ(t)^{k−1}Φ(t − μ). When the record is in one of the epoch's batches only with probability
 * p (a shuffled loop that drops the records left over, docs/math/batch-samplers.md eq. (9′)),
 * M has the mixture CDF p·Φ(t)^{k−1}Φ(t − μ) + (1 − p)·Φ(t)^k. Binning M into cells is
 * post-processing, so the binned pair's privacy profile is below the true one; rounding each
 * cell's loss down to the grid lowers δ(ε) of the composition further (δ is non-decreasing in
 * every loss). Composing the epochs by FFT without adding the window's tail mass, and searching
 * ε at δ + τ, keeps the result a lower bound.
 */
import { logNormalCdf, requireInRange, requireInteger, requireObject } from '@dpbounds/special-functions';
import type { DiscretePld } from '../pld/discrete-pld.js';
import { pldEpsilonAt } from '../pld/discrete-pld.js';
import { composePldGroups, planComposition } from '../pld/fft-composition.js';
import { DEFAULT_PLD_MAX_GRID_POINTS } from '../pld/work-budget.js';
import { requireBatchesPerEpoch, requireBatchWithinDataset, requireOptions } from '../events/validate-event.js';

/** Cells of the maximum statistic per unit of t. */
const CELLS_PER_UNIT = 2000;
/** Truncation of the t axis (below and above μ): the lumped tail cells stay valid bins. */
const T_SPAN = 12;
/**
 * The largest shift μ = (1 + baseShift)/σ binned (the t axis spans μ + 2·T_SPAN units, 2000 cells
 * each). A smaller σ is priced at σ′ = (1 + baseShift)/MAX_SHIFT: the run at σ′ is the run at σ
 * with independent noise added to every output (post-processing), so its ε, and any lower bound on
 * it, is at most the ε at σ. Keeps the cells at most about 450 000 whatever σ.
 */
const MAX_SHIFT = 200;
/** Composition window tail mass τ. */
const TAU = 1e-15;

/**
 * Masses of the max statistic under Q (record absent, or present with its batch at `nullMu`) and
 * P (record in one of the k batches with probability `presence`, its batch at `mu`) on cells of
 * the t axis. With `nullMu` = 0 (the balls-in-bins pair) Q is the law without the record; with
 * `nullMu` > 0 (the zero-out pair of shuffled batches, docs/math/batch-samplers.md eq. (9z)) the
 * record is in both data sets and only its contribution differs. When the record sits the epoch
 * out (probability 1 − presence) every output is at its null value in both data sets.
 */
function maxStatisticCells(k: number, mu: number, presence: number, nullMu = 0): { p: Float64Array; q: Float64Array } {
  const lo = -T_SPAN;
  const hi = mu + T_SPAN;
  const n = Math.ceil((hi - lo) * CELLS_PER_UNIT);
  // log CDFs at each boundary; masses of a cell from whichever side (CDF or survival) is small
  const logF0 = (t: number): number => k * logNormalCdf(t);
  const logFq = nullMu === 0 ? logF0 : (t: number): number => (k - 1) * logNormalCdf(t) + logNormalCdf(t - nullMu);
  const logFp = (t: number): number => (k - 1) * logNormalCdf(t) + logNormalCdf(t - mu);
  const cells = (logF: (t: number) => number): Float64Array => {
    const mass = (logFa: number, logFb: number): number => {
      if (logFb < Math.log(0.5)) return Math.exp(logFb) - Math.exp(logFa);
      return -Math.expm1(logFa) - -Math.expm1(logFb);
    };
    const m = new Float64Array(n + 2);
    // cell 0: (−∞, lo]; cells 1..n: (lo + (i−1)/c, lo + i/c]; cell n + 1: (hi, ∞)
    let prev = logF(lo);
    m[0] = Math.exp(prev);
    for (let i = 1; i <= n; i++) {
      const t = i === n ? hi : lo + i / CELLS_PER_UNIT;
      const l = logF(t);
      m[i] = Math.max(0, mass(prev, l));
      prev = l;
    }
    m[n + 1] = -Math.expm1(prev);
    return m;
  };
  const p = cells(logFp);
  const q = cells(logFq);
  if (presence < 1) {
    // the record absent with probability 1 − presence: both laws are mixtures with the null law, cell by cell (masses are linear)
    const absent = nullMu === 0 ? q : cells(logF0);
    for (let i = 0; i < p.length; i++) p[i] = presence * (p[i] as number) + (1 - presence) * (absent[i] as number);
    if (nullMu !== 0) for (let i = 0; i < q.length; i++) q[i] = presence * (q[i] as number) + (1 - presence) * (absent[i] as number);
  }
  return { p, q };
}

/** Grid points allowed for one epoch's PLD. */
const ONE_STEP_POINTS = 2 ** 20;

/** The range of log(aᵢ/bᵢ) over cells where both are positive. */
function lossSpan(a: Float64Array, b: Float64Array): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number;
    const bi = b[i] as number;
    if (ai > 0 && bi > 0) {
      const l = Math.log(ai / bi);
      if (l < lo) lo = l;
      if (l > hi) hi = l;
    }
  }
  return hi > lo ? hi - lo : 0;
}

/** The binned pair (a, b) as a PLD of a against b with losses rounded down to the grid of step h. */
function roundedDownPld(a: Float64Array, b: Float64Array, h: number): DiscretePld {
  let minIndex = Infinity;
  let maxIndex = -Infinity;
  const index = new Float64Array(a.length);
  let infinityMass = 0;
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number;
    const bi = b[i] as number;
    if (!(ai > 0)) {
      index[i] = Number.NaN;
      continue;
    }
    if (!(bi > 0)) {
      index[i] = Number.NaN;
      infinityMass += ai; // a cell only a can reach: infinite loss, exactly
      continue;
    }
    const j = Math.floor(Math.log(ai / bi) / h);
    index[i] = j;
    if (j < minIndex) minIndex = j;
    if (j > maxIndex) maxIndex = j;
  }
  // no cell both can reach (the pair separated past double precision): all of a's mass is infinite loss
  if (minIndex > maxIndex) return { h, offset: 0, probs: new Float64Array(1), infinityMass };
  const probs = new Float64Array(maxIndex - minIndex + 1);
  for (let i = 0; i < a.length; i++) {
    const j = index[i] as number;
    if (!Number.isNaN(j)) probs[j - minIndex] = (probs[j - minIndex] as number) + (a[i] as number);
  }
  return { h, offset: minIndex, probs, infinityMass };
}

/**
 * A lower bound on ε(δ) of `epochs` full epochs of balls-in-bins with k batches per epoch
 * (`batchesPerEpoch`, default ⌈N/b⌉) and noise multiplier σ, valid for add-remove and for
 * substitution (substituting the record by one with zero gradient gives the same pair). 0 when
 * `epochs` is 0.
 *
 * Domain: 1 ≤ b ≤ N integers, k integer in [1, N], σ > 0, epochs integer ≥ 0, δ ∈ (0, 1).
 * Accuracy: a bound, below the true ε by the attacker's suboptimality plus at most epochs·h
 * (h = min(1e-3, 0.02/epochs), coarsened when one epoch's loss range or the composition would not
 * fit the PLD work budget).
 *
 * @example ballsInBinsEpsilonLowerBound({ datasetSize: 10_000, batchSize: 100, epochs: 5, noiseMultiplier: 1.5 }, 1e-5)
 */
export function ballsInBinsEpsilonLowerBound(run: { readonly datasetSize: number; readonly batchSize: number; readonly epochs: number; readonly noiseMultiplier: number; readonly batchesPerEpoch?: number }, delta: number): number {
  requireOptions('run', run, ['datasetSize', 'batchSize', 'epochs', 'noiseMultiplier', 'batchesPerEpoch'], false);
  requireBatchWithinDataset('', run.batchSize, run.datasetSize);
  const k = run.batchesPerEpoch === undefined ? Math.ceil(run.datasetSize / run.batchSize) : requireBatchesPerEpoch('batchesPerEpoch', run.batchesPerEpoch, run.datasetSize);
  return maxTestEpsilonLowerBound({ batchesPerEpoch: k, presence: 1, epochs: run.epochs, noiseMultiplier: run.noiseMultiplier }, delta);
}

/**
 * The max test's lower bound on ε(δ) (docs/math/batch-samplers.md, eq. (8), (9), (9′) and (9z)):
 * `epochs` independent epochs, each the largest of k = `batchesPerEpoch` outputs, i.i.d. N(0, σ²)
 * but for the target's batch, which is at `baseShift` without the record's contribution and at
 * `baseShift` + 1 with it (in the record's units), the record being in one of the epoch's batches
 * with probability `presence` (else every output is at 0 in both data sets) — binned, rounded
 * down, composed without the window's tail. Shared by balls-in-bins (`baseShift` 0, presence 1)
 * and shuffling (`shuffleEpsilonLowerBound`, which passes σ/Δ, `baseShift` 1 for its zero-out
 * pair and, when leftover records sit an epoch out, presence k·b/N).
 *
 * Domain: k integer ≥ 1, presence ∈ (0, 1], σ > 0, epochs integer ≥ 0, baseShift ≥ 0 (default 0),
 * δ ∈ (0, 1); 0 when `epochs` is 0. A σ below (1 + baseShift)/200 is binned at that σ (a lower
 * bound there is one at σ: more noise is post-processing), so the work is bounded for every σ.
 *
 * @example maxTestEpsilonLowerBound({ batchesPerEpoch: 2, presence: 0.8, epochs: 2, noiseMultiplier: 0.5 }, 1e-5)
 */
export function maxTestEpsilonLowerBound(run: { readonly batchesPerEpoch: number; readonly presence: number; readonly epochs: number; readonly noiseMultiplier: number; readonly baseShift?: number }, delta: number): number {
  requireObject('run', run);
  const k = requireInteger('batchesPerEpoch', run.batchesPerEpoch, { min: 1 });
  const presence = requireInRange('presence', run.presence, { min: 0, max: 1, minExclusive: true });
  const epochs = requireInteger('epochs', run.epochs, { min: 0 });
  const sigma = requireInRange('noiseMultiplier', run.noiseMultiplier, { min: 0, minExclusive: true });
  const baseShift = run.baseShift === undefined ? 0 : requireInRange('baseShift', run.baseShift, { min: 0 });
  requireInRange('delta', delta, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  if (epochs === 0) return 0;
  const binned = Math.max(sigma, (1 + baseShift) / MAX_SHIFT);
  const { p, q } = maxStatisticCells(k, (1 + baseShift) / binned, presence, baseShift / binned);
  let best = 0;
  for (const [a, b] of [[p, q], [q, p]] as const) {
    // a coarser grid only rounds losses further down: still a lower bound, so coarsen to fit the budget
    let h = Math.max(Math.min(1e-3, 0.02 / epochs), lossSpan(a, b) / ONE_STEP_POINTS);
    for (;;) {
      const one = roundedDownPld(a, b, h);
      const groups = [{ pld: one, count: epochs }];
      if (epochs > 1 && planComposition(groups, TAU).width > DEFAULT_PLD_MAX_GRID_POINTS) {
        h *= 2;
        continue;
      }
      const composed = epochs === 1 ? one : composePldGroups(groups, TAU, false);
      const eps = pldEpsilonAt(composed, Math.min(1, delta + TAU + 1e-14));
      if (Number.isFinite(eps) && eps > best) best = eps;
      break;
    }
  }
  return best;
}
